#!/usr/bin/env bash
# Regenerate reports/ from fixed seeds: every game kind this build offers, simulated by its
# bots into a fresh SQLite store, projected, and reported.
#
#   bash reports/make_report.sh            # store: var/report.db (git-ignored)
#   bash reports/make_report.sh /tmp/r.db  # another store file
#
# Same seeds, same games, same report. Kinds missing from the build are skipped.
# About 8-10 minutes on two cores (the Sanguosha modes are the slow ones to simulate).
# It replaces the committed reports/ (hence --force); `paiju report` alone writes to
# var/reports/ and leaves files git tracks alone.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-var/report.db}
mkdir -p "$(dirname "$db")"
rm -f "$db" "$db-wal" "$db-shm"
store="sqlite:///$db"
kinds=$(python -c "from domain import registry; print(' '.join(registry.kinds()))")
has() { [[ " $kinds " == *" $1 "* ]]; }
sim() { paiju simulate "$@" --store "$store"; }

if has doudizhu; then
  sim doudizhu -n 10000 -p random --seed 101
  sim doudizhu -n 10000 -p greedy --seed 102
  sim doudizhu -n 4000 -p greedy,random,random --seed 103
  sim doudizhu -n 10000 -p expert --seed 104
fi
if has killer; then
  for n in 8 12 16; do
    sim killer -n 4000 --players "$n" -p uniform-random --seed $((200 + n))
    sim killer -n 4000 --players "$n" -p informed --seed $((300 + n))
  done
fi
if has identity; then
  # the first game (no generals: 4 HP each, no skills), as every earlier report played it
  for n in 5 8; do
    for p in random identity expert; do
      sim identity -n 750 --players "$n" -p "$p" --option generals=false --seed $((400 + n))
    done
  done
fi
if has hegemony; then
  # the Kingdom Wars bots: every policy the build offers, at 6 and 8 seats
  # (into a variable first, so a failure stops the script instead of skipping the loop)
  policies=$(python -c "from domain import registry; print(' '.join(registry.spec('hegemony').policies))")
  for p in $policies; do
    for n in 6 8; do
      sim hegemony -n 750 --players "$n" -p "$p" --seed $((500 + n))
    done
  done
fi
if has identity; then
  # identity with generals and their skills (the default table): the role rates at 5 and
  # 8 seats and the per-general tables (expert bots)
  for n in 5 8; do
    sim identity -n 600 --players "$n" -p expert --option generals=true --seed $((472 + n))
  done
fi

paiju project --store "$store"
rm -f reports/*.png reports/report.md  # figures of an older report's layout go too
paiju report --store "$store" --out reports --force \
  --regenerate "bash reports/make_report.sh   # fixed seeds; see the script for the games"
