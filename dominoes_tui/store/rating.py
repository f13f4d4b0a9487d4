"""Ratings: the person's, per family of games, and the CPU levels' (fixed, measured).

Pure (no UI). The arithmetic is openskill's (Weng-Lin, the Plackett-Luce model): it rates
two sides, teams and free-for-all tables of 3 to 8, which the partners' and the rounds
games need. Shown on a chess-like scale: openskill's ``mu`` 25 and ``sigma`` 25/3 are
1200 ± 350 (:func:`shown`, :func:`spread`).

- A match is **rated** when it is played out at the house's rules against a rated level
  (:func:`casual_reason` says why not: one function, for the table and the history).
- The **families** (:func:`family_of`): two-player line games, partners' games (two
  sides of two: rated as teams, the CPU partner at its level's rating), the rounds games
  (Mexican Train, Chicken Foot: a free-for-all table ranked by the totals, ties as ties).
  A draw is a tie: it counts halfway.
- The **levels' ratings** are fixed, read from ``data/level_ratings.json`` (written by
  ``benchmarks/calibrate_levels.py``): only the person's rating moves.
- The person's rating is **recomputed** from the recorded matches (:func:`replay`): the
  history is the source of truth, nothing else is kept.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import Rules
from ..engine.levels import LEVELS
from ..engine.rules import deal_size_for, follow

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

OPENSKILL_MU = 25.0
OPENSKILL_SIGMA = 25.0 / 3
START = 1200.0
"""A new player's rating, shown."""
START_SPREAD = 350.0
"""A new player's uncertainty, shown (openskill's starting sigma)."""
SCALE = START_SPREAD / OPENSKILL_SIGMA
"""Shown points per openskill point (42)."""
PROVISIONAL = 10
"""Rated matches in a family before its rating is no longer provisional."""
CALIBRATION_FORMAT = "dominoes-tui level ratings"
CALIBRATION = Path(__file__).resolve().parent.parent / "data" / "level_ratings.json"
"""The levels' ratings the package ships (``benchmarks/calibrate_levels.py``)."""

LINE, PARTNERS, ROUNDS = "line", "partners", "rounds"
FAMILIES = (LINE, PARTNERS, ROUNDS)
FAMILY_NAMES = {
    LINE: "Two-player line games",
    PARTNERS: "Partners' games",
    ROUNDS: "Mexican Train and Chicken Foot",
}
IGNORED = ("players", "clock_minutes", "turn_seconds")
"""Settings a rated match may change from the house's: the seats and the clock. The tiles
a hand may differ only where the house's own deal follows the seats (:func:`changed_rules`)."""


def shown(mu: float) -> float:
    """An openskill ``mu`` on the shown scale: 25 is 1200."""
    return START + SCALE * (mu - OPENSKILL_MU)


def spread(sigma: float) -> float:
    """An openskill ``sigma`` on the shown scale: 25/3 is 350."""
    return SCALE * sigma


@lru_cache(maxsize=1)
def model() -> PlackettLuce:
    """openskill's model at its own defaults (``mu`` 25, ``sigma`` 25/3); loaded on the
    first rating (a start-up does not wait for it)."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


# ------------------------------------------------------------------ which games
def family_of(rules: Rules) -> str | None:
    """The family whose rating a match at ``rules`` moves; None for a line game of three
    or four each for themselves (not rated)."""
    if rules.is_rounds:
        return ROUNDS
    if rules.partners:
        return PARTNERS
    if rules.players == 2:
        return LINE
    return None


def changed_rules(rules: Rules, house: Rules) -> list[str]:
    """The settings of ``rules`` that are not the house's at these seats: the house's
    deal follows the seats where it deals by their number (R-D-4), the clock may be any.

    >>> from dominoes_tui.engine import load_variant
    >>> changed_rules(load_variant("draw", hand_size=2), load_variant("draw"))
    ['hand_size']
    >>> changed_rules(load_variant("standard-draw", players=3), load_variant("standard-draw"))
    []
    >>> changed_rules(load_variant("mexican-train", players=6, clock_minutes=20),
    ...               load_variant("mexican-train"))
    []
    """
    at_seats = house.to_dict() | follow(house, {"players": rules.players})
    mine = rules.to_dict()
    skip = {"description", "house", "options", "hand_size", *IGNORED}
    changed = [k for k in mine if k not in skip and at_seats.get(k) != mine[k]]
    if rules.deal_size != house_deal(house, rules.players):  # 12 is 0 (by the seats) at 6
        changed.append("hand_size")
    return changed


def house_deal(house: Rules, players: int) -> int:
    """The tiles a hand the house deals to ``players`` seats.

    >>> from dominoes_tui.engine import load_variant
    >>> house_deal(load_variant("mexican-train"), 6), house_deal(load_variant("draw"), 2)
    (12, 7)
    """
    size = (house.to_dict() | follow(house, {"players": players}))["hand_size"]
    return size or deal_size_for(house.layout, house.set, players)


COACH_ON = "the coach is on"
COACH_WAS_ON = "the coach was on"


def casual_reason(
    rules: Rules,
    level: str,
    house: Rules | None,
    *,
    practice: bool = False,
    daily: bool = False,
    undos: int = 0,
    hints: int = 0,
    coach_backs: int = 0,
    coached: bool = False,
    coach_on: bool = False,
    finished: bool = True,
) -> str | None:
    """Why a match is casual, in a few words (None: it is rated). ``house``: the
    variant's own rules (None: the house is not known any more). ``coached``: the coach
    (its guide or its tips) was on at the table at some time in the match; ``coach_on``:
    it is on now (the table's words: "the coach is on")."""
    if practice:
        return "a practice hand"
    if daily:
        return "the daily deal"
    if level not in LEVELS:
        return f"{level} is not a rated level"
    if family_of(rules) is None:
        return "line games of three or four each for themselves are not rated"
    if house is None:
        return f"the house {rules.name} is not known"
    changed = changed_rules(rules, house)
    if changed == ["hand_size"]:
        theirs = house_deal(house, rules.players)
        return f"hands of {rules.deal_size} tiles, not the house's {theirs}"
    if changed:
        return "the rules differ from the house's"
    if undos:
        return "a move was taken back"
    if hints:
        return "a hint was used"
    if coach_backs:
        return "the coach's take-back was used"
    if coach_on:
        return COACH_ON
    if coached:
        return COACH_WAS_ON
    if not finished:
        return "it was not played out"
    return None


def rated_words(reason: str | None) -> str:
    """``Rated match`` or ``Casual: a hint was used``."""
    return "Rated match" if reason is None else f"Casual: {reason}"


# ------------------------------------------------------------------ the levels
@dataclass(frozen=True)
class LevelRatings:
    """The CPU levels' fixed ratings per family (shown scale): ``levels[family][level]``
    is (rating, spread). ``problem``: one sentence if the file could not be used (then
    there are none, and no match is rated)."""

    levels: dict[str, dict[str, tuple[float, float]]] = field(default_factory=dict)
    problem: str | None = None

    def of(self, family: str, level: str) -> tuple[float, float] | None:
        return self.levels.get(family, {}).get(level)

    def nearest(self, family: str, value: float) -> str | None:
        """The person's level whose rating is nearest ``value`` ("you play about like Hard")."""
        known = [(abs(r[0] - value), lv) for lv, r in self.levels.get(family, {}).items()]
        known = [k for k in known if k[1] in LEVELS]
        return min(known)[1] if known else None

    def words(self, level: str, family: str) -> str:
        """``about 1450`` for a level (empty if not known)."""
        r = self.of(family, level)
        return f"about {round(r[0] / 10) * 10}" if r else ""


def read_levels(path: Path | None = None) -> LevelRatings:
    """The levels' ratings in ``path`` (default: the shipped file); never raises: a
    missing or damaged file gives none, with its one sentence."""
    path = path or CALIBRATION
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        return LevelRatings(problem="The CPU levels' ratings are missing, so no match is rated.")
    except (ValueError, RecursionError):
        return LevelRatings(problem="The CPU levels' ratings are damaged, so no match is rated.")
    try:
        return LevelRatings(_levels(data))
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        return LevelRatings(
            problem=f"The CPU levels' ratings are damaged ({e}), so no match is rated."
        )


def _levels(data: Any) -> dict[str, dict[str, tuple[float, float]]]:
    if not isinstance(data, dict) or data.get("format") != CALIBRATION_FORMAT:
        raise ValueError("not a ratings file")
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for family, levels in data["levels"].items():
        if family not in FAMILIES:
            continue
        fam = out[family] = {}
        for level, v in levels.items():
            r, s = v["rating"], v["spread"]
            ok = all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
                for x in (r, s)
            )
            if not ok or not 0 < s < 2000 or not 0 < r < 5000:
                raise ValueError(f"{family} {level} is not a rating")
            fam[str(level)] = (float(r), float(s))
    for family in FAMILIES:
        missing = [lv for lv in LEVELS if lv not in out.get(family, {})]
        if missing:
            raise ValueError(f"no {family} rating for {', '.join(missing)}")
    return out


@lru_cache(maxsize=1)
def shipped_levels() -> LevelRatings:
    """The shipped levels' ratings, read once."""
    return read_levels()


# ------------------------------------------------------------------ the person
@dataclass(frozen=True)
class Rating:
    """A rating in openskill's terms, with how many rated matches made it."""

    mu: float = OPENSKILL_MU
    sigma: float = OPENSKILL_SIGMA
    matches: int = 0

    @property
    def value(self) -> float:
        """The rating, shown: 1200 for a new player."""
        return shown(self.mu)

    @property
    def uncertainty(self) -> float:
        return spread(self.sigma)

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL

    def words(self) -> str:
        """``1200 ± 350, provisional for 10 matches``, then ``… for 6 more matches`` (``1338 ±
        96`` once settled)."""
        text = f"{round(self.value)} ± {round(self.uncertainty)}"
        if self.provisional:
            left = PROVISIONAL - self.matches
            more = " more" if self.matches else ""
            text += f", provisional for {left}{more} match{'es' * (left != 1)}"
        return text


@dataclass(frozen=True)
class MatchFacts:
    """What a recorded match says for its rating (from the history's row)."""

    match_id: int
    rules: Rules
    level: str
    outcome: str
    """``win``, ``loss``, ``draw`` or ``abandoned``, from the person's side."""
    scores: Sequence[int]
    human_side: int
    end_reason: str
    ended_at: str = ""
    house: Rules | None = None
    daily: bool = False
    undos: int = 0
    hints: int = 0
    coach_backs: int = 0
    coached: bool = False

    def casual(self) -> str | None:
        return casual_reason(
            self.rules,
            self.level,
            self.house,
            daily=self.daily,
            undos=self.undos,
            hints=self.hints,
            coach_backs=self.coach_backs,
            coached=self.coached,
            finished=self.outcome in ("win", "loss", "draw"),
        )

    def problem(self) -> str | None:
        """Why these facts cannot be a match at their table (a damaged record), in a few
        words completing "its …"; None when they can."""
        sides = self.rules.sides
        if isinstance(self.human_side, bool) or not 0 <= self.human_side < sides:
            return f"human side {self.human_side} is not one of the table's {sides}"
        if len(self.scores) != sides:
            return f"{len(self.scores)} scores do not fit the table's {sides} sides"
        return None


def _to_model(r: tuple[float, float]) -> tuple[float, float]:
    return OPENSKILL_MU + (r[0] - START) / SCALE, r[1] / SCALE


def rate(player: Rating, facts: MatchFacts, levels: LevelRatings) -> Rating:
    """``player``'s rating after the rated match ``facts`` (the CPU levels do not move);
    ValueError if the facts cannot be a match at their table (:meth:`MatchFacts.problem`)."""
    why = facts.problem()
    if why is not None:
        raise ValueError(f"match {facts.match_id}: its {why}")
    family = family_of(facts.rules)
    level = levels.of(family, facts.level) if family else None
    if family is None or level is None:
        return player
    m = model()
    mu, sigma = _to_model(level)
    you = m.rating(mu=player.mu, sigma=player.sigma, name="you")

    def cpu() -> Any:
        return m.rating(mu=mu, sigma=sigma)

    if family == ROUNDS:
        # a free-for-all table, ranked by the totals (the lowest wins); ties share a rank
        seats = facts.rules.players
        teams = [[you] if s == facts.human_side else [cpu()] for s in range(seats)]
        ranks = [float(x) for x in facts.scores]
        if facts.outcome == "loss" and facts.end_reason in ("resign", "time"):
            ranks[facts.human_side] = max(ranks) + 1  # given up, or the flag fell: last
        elif facts.outcome == "win":
            ranks[facts.human_side] = min(ranks)
        new = m.rate(teams, ranks=ranks)
        out = new[facts.human_side][0]
    else:
        mine = [you, cpu()] if family == PARTNERS else [you]
        theirs = [cpu(), cpu()] if family == PARTNERS else [cpu()]
        ranks = {"win": [0, 1], "loss": [1, 0], "draw": [0, 0]}[facts.outcome]
        new = m.rate([mine, theirs], ranks=ranks)
        out = new[0][0]
    return Rating(out.mu, out.sigma, player.matches + 1)


@dataclass(frozen=True)
class RatingPoint:
    """One rated match in a family's history: the rating before and after it."""

    match_id: int
    ended_at: str
    level: str
    outcome: str
    before: float
    after: float


@dataclass(frozen=True)
class FamilyRating:
    family: str
    rating: Rating = field(default_factory=Rating)
    history: list[RatingPoint] = field(default_factory=list)

    def words(self, levels: LevelRatings) -> str:
        """``1338 ± 96 · you play about like Hard`` (a new player: no match yet)."""
        r = self.rating
        if not r.matches:
            return f"{r.words()} · no rated match yet"
        like = levels.nearest(self.family, r.value)
        return r.words() + (f" · you play about like {like.capitalize()}" if like else "")

    def to_dict(self, levels: LevelRatings) -> dict[str, Any]:
        r = self.rating
        like = levels.nearest(self.family, r.value)
        return {
            "family": self.family,
            "rating": round(r.value, 1),
            "uncertainty": round(r.uncertainty, 1),
            "matches": r.matches,
            "provisional": r.provisional,
            "plays_like": like,
            "history": [
                {
                    "match_id": p.match_id,
                    "ended_at": p.ended_at,
                    "level": p.level,
                    "outcome": p.outcome,
                    "before": round(p.before, 1),
                    "after": round(p.after, 1),
                }
                for p in self.history
            ],
        }


@dataclass(frozen=True)
class Ratings:
    """The person's rating in every family, recomputed from the history, and the
    casual reason of each match (``casual[match_id]``; a rated match has none)."""

    families: dict[str, FamilyRating]
    levels: LevelRatings
    casual: dict[int, str] = field(default_factory=dict)
    moved: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Each rated match's rating before and after it, by match number."""

    @property
    def problem(self) -> str | None:
        return self.levels.problem

    def to_dict(self) -> dict[str, Any]:
        """Per family its rating, uncertainty and history (``dominoes stats --json``); with
        no levels' ratings to rate against, every family is null and ``problem`` says why."""
        if self.problem:
            return {"families": dict.fromkeys(self.families), "levels": {}, "problem": self.problem}
        return {
            "families": {f: fr.to_dict(self.levels) for f, fr in self.families.items()},
            "levels": {
                f: {lv: round(r[0]) for lv, r in lvs.items()}
                for f, lvs in self.levels.levels.items()
            },
            "problem": self.problem,
        }


def replay(matches: Iterable[MatchFacts], levels: LevelRatings) -> Ratings:
    """Every family's rating after ``matches`` (oldest first), from a new player's."""
    now = {f: Rating() for f in FAMILIES}
    history: dict[str, list[RatingPoint]] = {f: [] for f in FAMILIES}
    casual: dict[int, str] = {}
    moved: dict[int, tuple[float, float]] = {}
    for facts in matches:
        why = facts.casual()
        family = family_of(facts.rules)
        if why is None and (family is None or levels.of(family, facts.level) is None):
            why = "the CPU levels' ratings are not known"
        if why is not None or family is None:
            casual[facts.match_id] = why or ""
            continue
        before = now[family]
        after = rate(before, facts, levels)
        now[family] = after
        history[family].append(
            RatingPoint(
                facts.match_id,
                facts.ended_at,
                facts.level,
                facts.outcome,
                before.value,
                after.value,
            )
        )
        moved[facts.match_id] = (before.value, after.value)
    return Ratings(
        {f: FamilyRating(f, now[f], history[f]) for f in FAMILIES}, levels, casual, moved
    )
