"""How sure a balance figure is: observed against expected wins, many comparisons at
once (Benjamini–Hochberg), and the games it takes to see a difference of a given size.

A designer looking at 40 generals at once will see two or three "significant" ones by
chance alone at the 5 % level; Benjamini–Hochberg keeps the expected share of false
findings among the reported ones at 5 % instead. The standard library's normal
distribution is all this needs (no SciPy).
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
import pandas as pd

_NORMAL = NormalDist()
#: the false discovery rate the verdicts keep to, and the power for "games needed"
FDR = 0.05
POWER = 0.8
#: the smallest difference in win rate a designer wants to be able to see
DIFFERENCE = 0.05


def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal score (NaN stays NaN)."""
    if math.isnan(z):
        return math.nan
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def benjamini_hochberg(pvalues: pd.Series | np.ndarray | list[float]) -> np.ndarray:
    """Benjamini–Hochberg adjusted p-values (q-values), in the given order.

    A finding whose q-value is below ``FDR`` is reported; over many such tables, at most
    that share of the reported findings are false. NaN p-values (nothing to test) stay
    NaN and do not count as tests.
    """
    p = np.asarray(pvalues, dtype="float64")
    q = np.full(p.shape, np.nan)
    tested = np.flatnonzero(~np.isnan(p))
    m = len(tested)
    if m == 0:
        return q
    order = tested[np.argsort(p[tested], kind="stable")]
    ranked = p[order] * m / np.arange(1, m + 1)
    # the step-up: each q is the smallest adjusted value at its rank or above
    ranked = np.minimum.accumulate(ranked[::-1])[::-1]
    q[order] = np.minimum(ranked, 1.0)
    return q


def games_needed(p0: float, difference: float = DIFFERENCE, *, alpha: float = FDR,
                 power: float = POWER) -> int:
    """Games for a two-sided test at ``alpha`` to see, with probability ``power``, a true
    win rate ``difference`` away from ``p0`` (the harder of the two directions).

    The one-sample binomial test in its normal form:
    n = ((z₁₋α/₂·√(p₀q₀) + z_power·√(p₁q₁)) / difference)².
    """
    if math.isnan(p0):
        return 0
    za = _NORMAL.inv_cdf(1 - alpha / 2)
    zb = _NORMAL.inv_cdf(power)
    worst = 0.0
    for p1 in (p0 - difference, p0 + difference):
        p1 = min(max(p1, 1e-9), 1 - 1e-9)
        n = ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / difference) ** 2
        worst = max(worst, n)
    return math.ceil(worst)


def _binomial_pmf(n: int, p: float) -> np.ndarray:
    """P(X = k) for k = 0..n of a binomial (n, p), through logs (no SciPy)."""
    if p <= 0 or p >= 1:
        out = np.zeros(n + 1)
        out[0 if p <= 0 else n] = 1.0
        return out
    k = np.arange(1, n + 1, dtype="float64")
    log_comb = np.concatenate([[0.0], np.cumsum(np.log(n - k + 1) - np.log(k))])
    i = np.arange(n + 1, dtype="float64")
    return np.asarray(np.exp(log_comb + i * math.log(p) + (n - i) * math.log1p(-p)))


def exact_p(rates: pd.Series | np.ndarray | list[float], wins: int) -> float:
    """The exact two-sided p-value of ``wins`` successes among independent chances whose
    win rates are ``rates`` (a Poisson binomial): the probability of every count no more
    likely than the one seen. Where few wins (or few losses) are expected the normal
    score overstates the evidence; this does not."""
    values, counts = np.unique(np.asarray(rates, dtype="float64"), return_counts=True)
    pmf = np.ones(1)
    for p, m in zip(values, counts, strict=True):
        pmf = np.convolve(pmf, _binomial_pmf(int(m), float(p)))
    seen = pmf[int(wins)]
    return float(min(1.0, pmf[pmf <= seen * (1 + 1e-7)].sum()))


def observed_vs_expected(units: pd.DataFrame, by: list[str], strata: list[str],
                         *, won: str = "won", family: list[str] | None = None,
                         exact_below: float = 0.0, exact_limit: int = 5000
                         ) -> pd.DataFrame:
    """Wins of each group against the wins its mix of strata would give an average group.

    ``units`` has one row per chance to win (a seat, or a kingdom at a table) with a
    boolean ``won``; a stratum (a role, a number of seats at the table) has its own win
    rate p over all groups. A group's ``expected`` wins are Σp over its units, so a
    general mostly played as the lord, or a kingdom that usually had three seats, is
    measured against what those circumstances give anyone. Columns: ``by``, games,
    wins, rate, expected_rate, excess (rate − expected_rate), z, p, q (Benjamini–Hochberg
    over the groups of each ``family``, by default ``by[:-1]``), games_needed (at the
    expected rate, for a 5-point difference) and verdict. A group expecting fewer than
    ``exact_below`` wins or losses (and of at most ``exact_limit`` units) gets the exact
    ``p`` of :func:`exact_p` instead of the normal one.
    """
    if units.empty:
        return pd.DataFrame(columns=[*by, "games", "wins", "rate", "expected_rate", "excess",
                                     "z", "p", "q", "games_needed", "verdict"])
    df = units.copy()
    df["_won"] = df[won].astype(bool).astype("float64")
    df["_p"] = df.groupby(strata, observed=True)["_won"].transform("mean")
    df["_var"] = df["_p"] * (1 - df["_p"])
    out = (df.groupby(by, observed=True)
           .agg(games=("_won", "size"), wins=("_won", "sum"), expected=("_p", "sum"),
                var=("_var", "sum")).reset_index())
    out["games"] = out["games"].astype("int64")
    out["wins"] = out["wins"].astype("int64")
    out["rate"] = out["wins"] / out["games"]
    out["expected_rate"] = out["expected"] / out["games"]
    out["excess"] = out["rate"] - out["expected_rate"]
    sd = np.sqrt(out["var"].to_numpy(dtype="float64"))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(sd > 0, (out["wins"] - out["expected"]).to_numpy(dtype="float64") / sd,
                     np.nan)
    out["z"] = z
    out["p"] = [two_sided_p(v) for v in z]
    if exact_below > 0:
        rare = ((np.minimum(out["expected"], out["games"] - out["expected"]) < exact_below)
                & (out["games"] <= exact_limit)).to_numpy()
        if rare.any():
            rates = df.groupby(by, observed=True, sort=True)["_p"].apply(np.asarray)
            keys = list(out[by].itertuples(index=False, name=None))
            out.loc[rare, "p"] = [
                exact_p(rates.loc[key if len(by) > 1 else key[0]], int(w))
                for key, w, r in zip(keys, out["wins"], rare, strict=True) if r]
    family = by[:-1] if family is None else family
    if family:
        out["q"] = out.groupby(family, observed=True)["p"].transform(
            lambda p: pd.Series(benjamini_hochberg(p.to_numpy()), index=p.index))
    else:
        out["q"] = benjamini_hochberg(out["p"].to_numpy())
    out["games_needed"] = [games_needed(p) for p in out["expected_rate"]]
    out["verdict"] = [verdict(q, e, n, need) for q, e, n, need in
                      zip(out["q"], out["excess"], out["games"], out["games_needed"],
                          strict=True)]
    return out.drop(columns=["expected", "var"]).sort_values(by, kind="stable") \
        .reset_index(drop=True)


def verdict(q: float, excess: float, games: int, needed: int) -> str:
    """One word for a designer: stronger / weaker (at a 5 % false discovery rate), no
    clear difference (enough games to see 5 points, none seen), or too few games."""
    if not math.isnan(q) and q < FDR:
        return "stronger" if excess > 0 else "weaker"
    return "no clear difference" if games >= needed else "too few games"
