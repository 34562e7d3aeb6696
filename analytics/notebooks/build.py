"""Write the analytics notebooks (``python analytics/notebooks/build.py``).

The notebooks are generated from this file so their code stays reviewable as Python and
they are stored without outputs; the test suite executes them against small simulated
stores (and a missing one), so they cannot rot.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent

LOAD = """\
from IPython.display import Image, display

{imports}
from service.tables import load


def show(fig):
    # figures are drawn with matplotlib's Agg renderer and shown as PNG
    display(Image(plots.png(fig)))


# PAIJU_STORE, or the project's own var/paiju.db (never the kernel's working directory);
# reading only: `paiju project` brings the tables up to date
t = load()
print(t.describe())"""

WIN_RATES = [
    new_markdown_cell("""\
# Balance: who wins, and is the difference real?

This notebook reads the analytics tables (the projection of every stored event into
`games` and `seats`) of the store named by `PAIJU_STORE` — or, when that is unset, the
project's own `var/paiju.db` — and answers, for every game kind in it:

* the win rate of each **role** (landlord/peasant, lord/loyalist/rebel/renegade, kingdom
  or careerist) per table size, or for the Killer game the share of games each **side**
  wins, with **Wilson 95 % intervals**;
* whether acting first pays: win rate by **position from the first to act** (the lord,
  the first bidder), not by seat number;
* in Kingdom Wars, each kingdom **controlled for how many seats it had** at the table;
* per **general** (and, in identity, per general × role), against what its roles (in
  Kingdom Wars: its side's seats) would give anyone, with a Benjamini–Hochberg verdict;
  **game length** and **who dies first** where the games
  record them.

Every figure is per **policy mix** (the bots at the table): bot strength changes a win
rate more than any rule does, so figures of different mixes are never added up. It only
reads: run `paiju project` first to bring the tables up to date."""),
    new_code_cell(LOAD.replace("{imports}", "from analytics import balance, plots\n"
                              "from analytics.winrates import left_out, seat_advantage, "
                              "seat_reference, win_rates\n"
                              "from domain import registry")),
    new_code_cell("""\
# which kinds this store can speak about
for kind in registry.kinds():
    n = int((t.finished["kind"] == kind).sum())
    print(f"{kind}: {n} finished games" if n else
          f"{kind}: no finished games in this store, so nothing below is about {kind}")
t.finished.groupby(["kind", "players", "policy_mix"]).size().rename("games").to_frame()"""),
    new_markdown_cell("""\
## The balance table

One row per kind × table size × policy mix × role: `games` is how many finished games had
that role, `wins` how many of them it won, `rate` = wins / games and `ci_low`–`ci_high`
the Wilson 95 % interval. A role's sample is the *games* it sat in, not its seats: two
peasants win or lose together, so counting them twice would only make the intervals
look narrower than the evidence allows. Games that ended before roles were given (a Dou
Dizhu hand escaped during the bidding) answer nothing about roles and are counted on a
line of their own."""),
    new_code_cell("""\
rates = win_rates(t.games, t.seats)
rates = rates.merge(seat_reference(t.games, t.seats), on=["kind", "players", "policy_mix"],
                    how="left")
print(left_out(t.games, t.seats).to_string(index=False) or "no game is left out")
rates"""),
    new_markdown_cell("""\
## Role × table size, per kind

Each bar is one role at one table size and mix; whiskers are the 95 % interval, `n` the
games behind it. The dashed line is the win rate of a seat picked at random **at that
table size and mix** (Killer sides share the games out, so they get no line): a role
whose interval sits wholly to its right is favoured there. Averaging the line over table
sizes would make every seat of a small table look disfavoured."""),
    new_code_cell("""\
for kind in t.kinds:
    show(plots.win_rate_figure(rates[rates["kind"] == kind], kind))"""),
    new_code_cell("""\
# the same in words: the strongest and weakest role of every table size and mix
for (kind, players, mix), g in rates.groupby(["kind", "players", "policy_mix"]):
    hi, lo = g.loc[g["rate"].idxmax()], g.loc[g["rate"].idxmin()]
    real = "a real gap" if hi["ci_low"] > lo["ci_high"] else "within noise"
    print(f"{kind} {players}p, {mix}: {hi['role']} {hi['rate']:.0%} vs "
          f"{lo['role']} {lo['rate']:.0%} ({real}, n={int(g['games'].max())})")"""),
    new_markdown_cell("""\
## Does acting first pay?

Seat numbers are not an order of play: roles are dealt at random and the lord (or the
first bidder) moves first wherever it sits. So the question is asked by **position**,
counted from the first to act (0) around the table, for every kind whose games record it.
Kinds that record no order of play get the seat number only, which should be flat: a
seat number whose interval misses the dashed line points at a bug in the deal or the
turn order rather than at a strategy."""),
    new_code_cell("""\
positions = balance.position_rates(t.games, t.seats)
for kind in sorted(set(positions["kind"])):
    show(plots.position_figure(positions[positions["kind"] == kind], kind))
no_order = [k for k in t.kinds if k not in set(positions["kind"])]
seats = seat_advantage(t.games, t.seats)
for kind in no_order:
    print(f"{kind}: its games record no order of play; by seat number instead")
    show(plots.seat_figure(seats[seats["kind"] == kind], kind))
positions"""),
    new_markdown_cell("""\
## Seats at the table: kingdoms

In Kingdom Wars the generals dealt decide how many seats a kingdom has, and a kingdom with
three seats of six wins far more often than one with a single seat, whatever the kingdom.
So each kingdom (each role, where the seat count varies) is measured against what its
seat counts would give any kingdom: `expected_rate`, the `excess` over it, a
Benjamini–Hochberg `q` over the kingdoms of one table size and mix, and a `verdict` at a
5 % false discovery rate (or "too few games" to see 5 points)."""),
    new_code_cell("""\
found = False
for kind in t.kinds:
    column = "kingdom" if t.seats.loc[t.seats["kind"] == kind, "kingdom"].notna().any() \\
        else "role"
    by_count = balance.rates_by_seat_count(t.games, t.seats, column=column, kind=kind)
    if not balance.seat_count_varies(by_count, column):
        continue
    found = True
    display(by_count)
    display(balance.controlled_rates(t.games, t.seats, column=column, kind=kind))
if not found:
    print("no kind in this store varies the number of seats a role or kingdom has")"""),
    new_markdown_cell("""\
## Generals

Per table size and mix, each general: the seats it sat in, their wins and Wilson
interval, against what its circumstances would give any general (`expected_rate`). In
identity that is the roles it was dealt (a general mostly played as the lord is measured
against lords); in Kingdom Wars, where the generals decide the kingdom, it is how many
seats its side had at the table (head and deputy both count). With dozens of generals, a
few look strong by chance alone: the Benjamini–Hochberg `q` keeps the share of false
findings among the reported ones at 5 %, and `games_needed` says how many games would
show a 5-point difference. Where few wins (or losses) are expected, `p` is exact."""),
    new_code_cell("""\
generals = balance.general_rates(t.games, t.seats)
if generals.empty:
    print("no kind in this store records its generals yet")
else:
    for (kind, players, mix), g in generals.groupby(["kind", "players", "policy_mix"]):
        print(f"{kind} {players}p, {mix}: {len(g)} generals; "
              f"{int(g['verdict'].isin(['stronger', 'weaker']).sum())} differ at a 5 % "
              f"false discovery rate; {int((g['verdict'] == 'too few games').sum())} "
              "have too few games for 5 points")
generals"""),
    new_markdown_cell("""\
### General × role (identity)

A general's seats split by the role it was dealt, each against that role's win rate at
the table size and mix; `q` over every general × role of one table size and mix. Cells
are small: most read "too few games" until thousands of games are stored."""),
    new_code_cell("""\
by_role = balance.general_role_rates(t.games, t.seats)
if by_role.empty:
    print("no kind in this store deals one general a seat (identity with generals=true)")
for kind in sorted(set(by_role["kind"])):
    show(plots.general_role_figure(by_role[by_role["kind"] == kind], kind))
by_role"""),
    new_markdown_cell("""\
## Game length and who dies first

Events recorded per game (every kind), and rounds where the kind counts them: the median
and the middle 80 %. Who dies first: the share of games whose first death had each role,
for kinds that record the order of deaths."""),
    new_code_cell("""\
display(balance.game_length(t.games))
deaths = balance.first_death(t.games, t.seats)
print("no kind in this store records its deaths" if deaths.empty else "")
deaths"""),
]

MULTIPLIERS = [
    new_markdown_cell("""\
# Dou Dizhu: bids, bombs, springs and what a hand pays

A hand's stake is *bid × multiplier*: every bomb or rocket doubles it, and so does a
spring (the peasants never play) or an anti-spring (the landlord plays only once). The
landlord receives or pays twice the stake, each peasant once. This notebook reads the
`doudizhu_hands` table (one row per hand, filled from the `BidPlaced`, `LandlordChosen`
and `ScoreSettled` events) and asks the designer's questions: does the landlord win too
often when bidding 1, what is a bid worth, how often do multipliers escalate, and how
spread out are scores. Every table is per policy mix: who bids what, and how a hand is
then played, depends on the bots."""),
    new_code_cell(LOAD.replace("{imports}", "from analytics import doudizhu, plots") + """
hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]
games = t.finished
if hands.empty:
    print("no finished Dou Dizhu hands in this store: every table below is empty")
else:
    print(f"{len(hands)} finished Dou Dizhu hands")"""),
    new_markdown_cell("""\
## Landlord win rate by bid

Bidding is the only information a seat gives about its cards before play, so a
well-calibrated table sees the landlord win *more* often after a higher bid. A bid of 1
that wins about as often as a bid of 3 means players (here: bots) are not bidding on
hand strength; a bid-1 rate well above ½ would mean the three kitty cards alone tip the
hand. The dashed line marks ½; escapes are left out (nobody won them)."""),
    new_code_cell("""\
by_bid = doudizhu.landlord_win_by_bid(hands, games)
if len(by_bid):
    show(plots.landlord_by_bid_figure(by_bid))
by_bid"""),
    new_markdown_cell("""\
## What a bid is worth

The mean landlord score per hand after each winning bid, with a 95 % interval: a win
rate says how often, this says how much. A higher bid raises the stake both ways, so a
bid is worth making when its mean is above zero."""),
    new_code_cell("""\
worth = doudizhu.expected_score_by_bid(hands, games)
if len(worth):
    show(plots.expected_score_figure(worth))
worth"""),
    new_markdown_cell("""\
## Multipliers and bombs

Most hands are played at ×1, and each further doubling is rarer than the one before —
how much rarer depends on the bots (the log scale shows the fall; in the reference
report the greedy bots end 95 % of their hands at ×1, the random and expert ones about
two in three). Bombs and rockets per
hand give the same picture from the card side; they differ only where springs add a
doubling without a bomb. Shares are within each mix."""),
    new_code_cell("""\
mult = doudizhu.multiplier_distribution(hands, games)
bombs = doudizhu.bombs_per_hand(hands, games)
if len(mult):
    show(plots.distribution_figure(mult, "multiplier", "final multiplier", log=True))
    show(plots.distribution_figure(bombs, "bombs", "bombs + rockets per hand", log=True))
    display(doudizhu.summary(hands, games)["mixes"])
mult"""),
    new_markdown_cell("""\
## Springs

Shares of decided hands, and of the hands the relevant side won, with Wilson intervals.
Springs need one side to be shut out completely, so they are rare with bots that always
answer a play they can beat; an upper interval bound is still informative when the count
is zero."""),
    new_code_cell("doudizhu.spring_rates(hands, games)"),
    new_markdown_cell("""\
## What the landlord gains or pays

Positive: the landlord won and collected from both peasants; negative: it paid both. The
mass sits at 2 × bid (×1 hands), with thinner bands at every doubling; an asymmetry
between the two sides of zero is the landlord's overall edge, weighted by stake."""),
    new_code_cell("""\
scores = doudizhu.score_distribution(hands, games)
if len(scores):
    show(plots.distribution_figure(scores, "landlord_score", "landlord score per hand"))
scores"""),
    new_markdown_cell("""\
## Bidding order

Position 0 bids first. `landlord_share` shows how often each position ends up as
landlord (the first bidder gets the first chance to take the kitty), and `rate` whether
that turns into more wins for the seat overall."""),
    new_code_cell("doudizhu.bid_order_advantage(hands, t.seats, games)"),
]


def build() -> list[Path]:
    written = []
    for name, cells in (("win_rates", WIN_RATES), ("scoring_multipliers", MULTIPLIERS)):
        for i, cell in enumerate(cells):
            cell["id"] = f"cell-{i:02d}"  # stable ids: a rebuild changes only what changed
        nb = new_notebook(cells=cells, metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3",
                           "language": "python"},
            "language_info": {"name": "python"},
        })
        path = HERE / f"{name}.ipynb"
        nbformat.write(nb, path)
        written.append(path)
    return written


if __name__ == "__main__":
    for p in build():
        print(p)
