"""domain/ is pure: the standard library and eventsourcing.domain only (STYLE habit 1)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

DOMAIN = Path(__file__).resolve().parents[1] / "domain"
ALLOWED = {"eventsourcing.domain", "domain", "__future__"}


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_domain_imports_only_the_standard_library_and_eventsourcing_domain() -> None:
    bad = {}
    for path in DOMAIN.rglob("*.py"):
        for name in imports(path):
            top = name.split(".")[0]
            ok = (top in sys.stdlib_module_names or name in ALLOWED
                  or name.startswith("domain.") or top == "domain")
            if not ok:
                bad.setdefault(str(path.relative_to(DOMAIN.parent)), []).append(name)
    assert not bad, bad


def test_the_check_itself_sees_imports() -> None:
    assert "eventsourcing.domain" in imports(DOMAIN / "game.py")
