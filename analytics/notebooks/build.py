"""Write the analytics notebooks (``python analytics/notebooks/build.py``).

The notebooks are generated from this file so their code stays reviewable as Python and
they are stored without outputs; the test suite executes them against a small simulated
store, so they cannot rot.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent

LOAD = """\
import os

from IPython.display import Image, display

{imports}


def show(fig):
    # figures are drawn with matplotlib's Agg renderer and shown as PNG
    display(Image(plots.png(fig)))


store = os.environ.get("PAIJU_STORE", "sqlite:///var/paiju.db")
t = load(store)  # catches the projection up first (exactly once), then reads the tables
print(f"{len(t.finished)} finished games of {', '.join(t.kinds) or 'no kind'}, "
      f"as of notification {t.position}")
t.finished.groupby(["kind", "players", "policy_mix"]).size().rename("games").to_frame()"""

WIN_RATES = [
    new_markdown_cell("""\
# Win rates by game, table size and role

Who wins, and is the difference real? This notebook reads the analytics tables (the
projection of every stored event into `games` and `seats`) from the store named by
`PAIJU_STORE` and answers, for every game kind in it:

* the win rate of each **role** (landlord/peasant, lord/loyalist/rebel/renegade, kingdom
  or careerist) per player count, with a **Wilson 95 % interval**;
* for the Killer game, the share of games each **side** wins (killers, police, tie);
* whether the **seat number** itself gives an advantage.

A role's sample is the *games* it sat in, not its seats: two peasants win or lose
together, so counting them twice would only make the intervals look narrower than the
evidence allows."""),
    new_code_cell(LOAD.replace("{imports}", "from analytics import plots\n"
                              "from service.tables import load\n"
                              "from analytics.winrates import seat_advantage, win_rates")),
    new_markdown_cell("""\
## The balance table

One row per kind × players × role: `games` is how many finished games had that role,
`wins` how many of them it won, `rate` = wins / games and `ci_low`–`ci_high` the Wilson
95 % interval. Two roles whose intervals do not overlap differ for real; an interval that
straddles the fair share (½ for a two-sided game) says the data cannot tell them apart."""),
    new_code_cell("pooled = win_rates(t.games, t.seats)\npooled"),
    new_markdown_cell("""\
## Per policy mix

Bot strength changes the answer more than anything else: in the reference report (see
`reports/report.md`) the Dou Dizhu landlord wins most hands when every seat plays the
greedy policy, but well under half when every seat plays at random, because a random
landlord wastes the three extra cards while two random peasants stumble onto enough
tricks. So compare roles within one policy mix. Each bar below is one role at one table
size and mix; the whiskers are the 95 % interval and `n` the games behind it."""),
    new_code_cell("""\
by_mix = win_rates(t.games, t.seats, by_policy=True)
for kind in t.kinds:
    show(plots.win_rate_figure(by_mix[by_mix["kind"] == kind], kind))
by_mix"""),
    new_code_cell("""\
# the same table in words: the strongest and weakest role of every kind and mix
for (kind, players, mix), g in by_mix.groupby(["kind", "players", "policy_mix"]):
    hi, lo = g.loc[g["rate"].idxmax()], g.loc[g["rate"].idxmin()]
    real = "a real gap" if hi["ci_low"] > lo["ci_high"] else "within noise"
    print(f"{kind} {players}p, {mix}: {hi['role']} {hi['rate']:.0%} vs "
          f"{lo['role']} {lo['rate']:.0%} ({real}, n={int(g['games'].max())})")"""),
    new_markdown_cell("""\
## Seat order

Win rate by seat number, whatever role the seat was dealt. In Dou Dizhu the first bidder
is random and roles come from the bidding, so every seat should be level: a bar whose
interval misses the dashed pooled rate would point at a bug in the deal or the turn
order rather than at a strategy. Games with fixed seating (the lord in seat 0 of the
identity game) are expected to differ, and the role table above is the one to read."""),
    new_code_cell("""\
seats = seat_advantage(t.seats)
for kind in t.kinds:
    show(plots.seat_figure(seats[seats["kind"] == kind], kind))
seats"""),
]

MULTIPLIERS = [
    new_markdown_cell("""\
# Dou Dizhu: bids, bombs, springs and what a hand pays

A hand's stake is *bid × multiplier*: every bomb or rocket doubles it, and so does a
spring (the peasants never play) or an anti-spring (the landlord plays only once). The
landlord receives or pays twice the stake, each peasant once. This notebook reads the
`doudizhu_hands` table (one row per hand, filled from the `BidPlaced`, `LandlordChosen`
and `ScoreSettled` events) and asks the designer's questions: does the landlord win too
often when bidding 1, how often do multipliers escalate, and how spread out are scores."""),
    new_code_cell(LOAD.replace("{imports}", "from analytics import doudizhu, plots\n"
                              "from service.tables import load") + """
hands = t.hands[t.hands["game_id"].isin(t.finished["game_id"])]"""),
    new_markdown_cell("""\
## Landlord win rate by bid

Bidding is the only information a seat gives about its cards before play, so a
well-calibrated table sees the landlord win *more* often after a higher bid. A bid of 1
that wins about as often as a bid of 3 means players (here: bots) are not bidding on
hand strength; a bid-1 rate well above ½ would mean the three kitty cards alone tip the
hand. The dashed line marks ½; escapes are left out (nobody won them).

The table is per policy mix, because who bids what depends on the bot. In the reference
report the greedy landlord already wins about two hands in three after a bid of 1 and
about 85 % after a bid of 3, so greedy bids do track hand strength; random bots bid
without looking and win about a third of their hands whatever they bid."""),
    new_code_cell("""\
by_bid = doudizhu.landlord_win_by_bid(hands, t.finished)
show(plots.landlord_by_bid_figure(by_bid))
by_bid"""),
    new_markdown_cell("""\
## Multipliers and bombs

The multiplier distribution is steeply geometric: most hands are played at ×1, and each
further doubling is several times rarer than the one before (the log scale shows it as a
near-straight fall). Bombs and rockets per hand give the same picture from the card side;
they differ only where springs add a doubling without a bomb."""),
    new_code_cell("""\
mult = doudizhu.multiplier_distribution(hands)
show(plots.distribution_figure(mult, "multiplier", "final multiplier", log=True))
bombs = doudizhu.bombs_per_hand(hands)
show(plots.distribution_figure(bombs, "bombs", "bombs + rockets per hand", log=True))
print(f"mean multiplier {doudizhu.summary(hands)['mean_multiplier']:.2f}")
mult"""),
    new_markdown_cell("""\
## Springs

Shares of decided hands, and of the hands the relevant side won, with Wilson intervals.
Springs need one side to be shut out completely, so they are rare with bots that always
answer a play they can beat; an upper interval bound is still informative when the count
is zero."""),
    new_code_cell("doudizhu.spring_rates(hands)"),
    new_markdown_cell("""\
## What the landlord gains or pays

Positive: the landlord won and collected from both peasants; negative: it paid both. The
mass sits at 2 × bid (×1 hands), with thinner bands at every doubling; an asymmetry
between the two sides of zero is the landlord's overall edge, weighted by stake."""),
    new_code_cell("""\
scores = doudizhu.score_distribution(hands)
show(plots.distribution_figure(scores, "landlord_score", "landlord score per hand"))
print(f"mean landlord score {doudizhu.landlord_scores(hands).mean():+.2f} per hand")
scores"""),
    new_markdown_cell("""\
## Bidding order

Position 0 bids first. `landlord_share` shows how often each position ends up as
landlord (the first bidder gets the first chance to take the kitty), and `rate` whether
that turns into more wins for the seat overall."""),
    new_code_cell("doudizhu.bid_order_advantage(hands, t.seats)"),
]


def build() -> list[Path]:
    written = []
    for name, cells in (("win_rates", WIN_RATES), ("scoring_multipliers", MULTIPLIERS)):
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
