"""The Kingdom Wars referee against the engine on random mixed tables: each table is
played by bots (``mixed_game`` of the Buqu forgery tests: any generals, both decks, 4 to
10 seats; rules 4 to 7 by seed, 4 + seed % 4, or one version for all with ``--rules``)
and judged whole; a table the referee names a violation in is printed, with its first
violation. A lawful engine and a right referee print nothing.

    python benchmarks/kw_referee_differential.py 2600-3800     # a range of seeds
    python benchmarks/kw_referee_differential.py 2798 3724     # chosen seeds
    python benchmarks/kw_referee_differential.py --rules 8 2600-3000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.referee.hegemony import referee  # noqa: E402
from tests.referee.test_hegemony_buqu_forgery import mixed_game  # noqa: E402


def seeds(args: list[str]) -> list[int]:
    """Seeds from ``LO-HI`` (HI excluded) or single seeds."""
    if len(args) == 1 and "-" in args[0]:
        lo, hi = map(int, args[0].split("-"))
        return list(range(lo, hi))
    return [int(a) for a in args]


def parsed(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Judge bot-played mixed Kingdom Wars tables with the referee; print "
                    "each table it flags.")
    parser.add_argument("seeds", nargs="*", default=["2600-2700"],
                        help="a range LO-HI (HI excluded) or chosen seeds (default 2600-2700)")
    parser.add_argument("--rules", type=int, default=None,
                        help="one rules version for every table (default: 4 + seed %% 4)")
    args = parser.parse_args(argv)
    try:
        args.seeds = seeds(args.seeds)
    except ValueError:
        parser.error(f"seeds: a range LO-HI or integers, not {' '.join(args.seeds)!r}")
    return args


def main() -> None:
    args = parsed()
    fixed, chosen = args.rules, args.seeds
    flagged = 0
    for seed in chosen:
        rules = fixed or 4 + seed % 4
        try:
            violations = referee(mixed_game(seed, rules)).violations
        except Exception as e:  # a crash is a finding too
            print(seed, rules, "crashed:", repr(e)[:200], flush=True)
            flagged += 1
            continue
        if violations:
            flagged += 1
            print(seed, rules, len(violations), violations[0], flush=True)
    print(f"{flagged} of {len(chosen)} tables flagged")


if __name__ == "__main__":
    main()
