"""Practice deals and the daily deal, without a UI.

A *practice deal* is one hand of a match dealt again (:func:`practice`): the same
tiles in the same hands and the same boneyard order, the score as it stood, from
the person's own seat or from another (``rotation``: the person sits where seat
``rotation`` sat and holds its tiles). It is played on a table of its own that
saves nothing and records nothing, and its result is set beside the first one
(:func:`compare_words`: "this time −12 points").

The *daily deal* is the same seeded hand for everyone on a date
(:func:`daily_seed`): the shipped classic rules (never a player's own
variants.toml), one hand, no clock, against Hard. It is a real match: it is saved
and recorded like any other, and the person's best result comes from the history
(``History.with_seed``).

>>> from datetime import date
>>> daily_seed(date(2026, 12, 1)) == daily_seed(date(2026, 12, 1))
True
>>> compare_words(-5, 7), compare_words(10, -2), compare_words(3, 3)
('this time +12 points', 'this time −12 points', 'the same result as the first time')
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ..engine import (
    DEFAULT_VARIANT,
    Action,
    Game,
    HandResult,
    Rules,
    deal_again,
    hand_start,
    new_game,
)
from ..engine.rules import load_variants_noted

DAILY_VARIANT = DEFAULT_VARIANT
"""The daily deal's house (its shipped rules, played as a single hand)."""
DAILY_LEVEL = "hard"
"""The daily deal's CPU: the same for everyone, and it thinks the same on any machine."""
DAILY_NAME = "Daily"


# ---------------------------------------------------------------- results
def hand_net(rules: Rules, result: HandResult, side: int) -> int:
    """What a hand was worth to ``side``, in points, higher is better: in penalty
    scoring the others' penalty minus its own, else its points minus the others'
    (the points before the rule of 13 holds any: what the hand itself wrote)."""
    return points_net(rules.scoring, result.points, side)


def points_net(scoring: str, points: Sequence[int], side: int) -> int:
    """:func:`hand_net` from a hand's points per side and the scoring's name."""
    own = points[side] if side < len(points) else 0
    others = sum(p for i, p in enumerate(points) if i != side)
    return others - own if scoring == "penalty" else own - others


def net_words(net: int) -> str:
    """``+12 points``, ``−3 points``, ``level``."""
    if net == 0:
        return "level"
    return f"{'+' if net > 0 else '−'}{abs(net)} point{'s' * (abs(net) != 1)}"


def compare_words(first: int, this: int) -> str:
    """This result beside the first one: ``this time −12 points``."""
    d = this - first
    if d == 0:
        return "the same result as the first time"
    return f"this time {net_words(d)}"


# ---------------------------------------------------------------- practice
@dataclass(frozen=True)
class Practice:
    """One hand dealt again, and what it was worth the first time."""

    deal: Game
    """The hand at its deal (turned when ``rotation``): the practice table's game."""
    hand_no: int
    rotation: int
    """0: the person's own seat; ``k``: the seat ``k`` places round (the CPU's, with two)."""
    first: int | None
    """What the hand was worth the first time to the side whose tiles the person now
    holds (:func:`hand_net`), or None if it was never finished."""
    level: str
    seed: int
    """The CPU players' seed (the match's)."""
    name: str | None = None
    source: tuple[Game, tuple[Action, ...], int] | None = None
    """The match it came from (start, actions, the person's seat): to deal it again."""
    held_seat: int = 0
    """The seat of the first match whose tiles the person holds."""
    names: tuple[str, ...] = ()
    """The first match's seat names ("You", "CPU (Hard)"…), to say whose seat."""

    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def from_other_seat(self) -> bool:
        return self.rotation % self.deal.rules.players != 0

    def again(self, rotation: int | None = None) -> Practice:
        """The same hand dealt once more (``rotation`` None: from the same seat)."""
        assert self.source is not None
        start, actions, seat = self.source
        return practice(
            start,
            actions,
            self.hand_no,
            self.rotation if rotation is None else rotation,
            level=self.level,
            seed=self.seed,
            name=self.name,
            seat=seat,
            names=self.names,
        )

    @property
    def holder(self) -> str:
        """Who held these tiles the first time: ``you``, ``the CPU (Hard)``, ``East``."""
        if not self.from_other_seat:
            return "you"
        who = self.names[self.held_seat] if self.held_seat < len(self.names) else ""
        if not who or who == "You":
            return "the other seat"
        return f"the {who}" if who.startswith("CPU") else who

    def title(self) -> str:
        """``Practice: hand 3 again, from your own seat`` (or ``from the CPU's seat``)."""
        where = "your own seat" if not self.from_other_seat else f"{self.holder}'s seat"
        return f"Practice: hand {self.hand_no} again, from {where}"

    def outcome_words(self, result: HandResult | None) -> str:
        """This try beside the first: ``This time +8 points for you; the first time the
        CPU (Hard) made −4 points with these tiles: this time +12 points.``
        (``result``: this try's hand; None: not finished)."""
        if result is None:
            return "The hand was not finished."
        this = hand_net(self.deal.rules, result, self.deal.rules.side_of(0))
        words = f"This time: {net_words(this)} for you."
        if self.first is None:
            return words + " The first time the hand was not finished."
        tiles_ = "" if not self.from_other_seat else " with these tiles"
        return (
            f"{words} The first time {self.holder} made {net_words(self.first)}{tiles_}: "
            f"{compare_words(self.first, this)}."
        )


def practice(
    start: Game,
    actions: Sequence[Action],
    hand_no: int,
    rotation: int = 0,
    *,
    level: str,
    seed: int,
    name: str | None = None,
    seat: int = 0,
    names: Sequence[str] = (),
) -> Practice:
    """Hand ``hand_no`` of the match played by ``actions`` from ``start``, dealt again
    with the person (at ``seat``) moved ``rotation`` seats round.

    The result it is compared with is what the hand was worth the first time to the
    side that held those tiles. ValueError when the match never dealt that hand or
    is not a line game.
    """
    deal = hand_start(start, actions, hand_no)
    rules = deal.rules
    n = rules.players
    held = (seat + rotation) % n
    turned = deal_again(deal, held)
    first = _first_result(start, actions, hand_no)
    held_by = rules.side_of(held)
    return Practice(
        deal=turned,
        hand_no=hand_no,
        rotation=rotation % n,
        first=hand_net(rules, first, held_by) if first is not None else None,
        level=level,
        seed=seed,
        name=name,
        source=(start, tuple(actions), seat),
        held_seat=held,
        names=tuple(names),
    )


def _first_result(start: Game, actions: Sequence[Action], hand_no: int) -> HandResult | None:
    g = start.copy()
    for a in actions:
        g.apply(a)
        if g.hand_no == hand_no and g.result is not None and g.phase != "play":
            return g.result
        if g.hand_no > hand_no:
            break
    return None


def practice_of_game(
    game: Game,
    hand_no: int,
    rotation: int = 0,
    *,
    level: str,
    name: str | None = None,
    names: Sequence[str] = (),
) -> Practice:
    """A practice deal of a hand of ``game`` (a match dealt by ``Game.new`` and played
    along ``game.log``), the person at seat 0."""
    start = new_game(game.rules, game.seed, game.first_seat, getattr(game, "rotation", 0))
    return practice(
        start,
        game.log,
        hand_no,
        rotation,
        level=level,
        seed=game.seed,
        name=name,
        seat=0,
        names=names,
    )


# ---------------------------------------------------------------- the daily deal
def daily_seed(day: date) -> int:
    """The daily deal's seed for ``day``: the same everywhere, a different deal each day."""
    digest = hashlib.blake2b(f"dominoes-tui daily {day.isoformat()}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> 1


def daily_rules() -> Rules:
    """The shipped classic rules as one hand without a clock (a player's own
    variants.toml does not change them: the deal is the same for everyone)."""
    base = load_variants_noted(include_user=False)[0][DAILY_VARIANT]
    return base.replace(target=0, clock_minutes=0, turn_seconds=0)


def daily_day(seed: int, today: date) -> date | None:
    """The day whose daily deal ``seed`` is (today or yesterday: a deal begun before
    midnight still counts), else None."""
    for day in (today, today - timedelta(days=1)):
        if daily_seed(day) == seed:
            return day
    return None


@dataclass(frozen=True)
class DailyBest:
    """The person's tries at one daily deal (from the history)."""

    day: date
    tries: int
    best: int | None
    """The best :func:`hand_net` over the finished tries (None: none finished)."""

    def words(self) -> str:
        if not self.tries:
            return f"Daily deal of {self.day.isoformat()}: not played yet."
        if self.best is None:
            return f"Daily deal of {self.day.isoformat()}: {self.tries} unfinished."
        tries = f"{self.tries} tr{'ies' if self.tries != 1 else 'y'}"
        return f"Daily deal of {self.day.isoformat()}: your best {net_words(self.best)} ({tries})."


def daily_best(day: date, nets: Sequence[int | None]) -> DailyBest:
    """The tries' results (None for an unfinished one), summed up."""
    done = [n for n in nets if n is not None]
    return DailyBest(day, len(nets), max(done) if done else None)


def daily_from_history(history: Any, day: date, leave_out: str | None = None) -> DailyBest:
    """The person's tries at ``day``'s daily deal, from ``history`` (a ``store.History``;
    ``leave_out``: a match's uid not to count, e.g. the one just played, which the
    caller adds itself). May raise ``HistoryError``."""
    seed, rules = daily_seed(day), daily_rules()
    settings = rules.to_dict()
    nets: list[int | None] = []
    for rec, hands in history.with_seed(seed, rules.name):
        if rec.uid == leave_out or rec.settings != settings:  # the same seed, another game
            continue
        if rec.end_reason == "abandoned" or not hands:
            nets.append(None)
            continue
        scoring = str(rec.settings.get("scoring", rules.scoring))
        nets.append(points_net(scoring, hands[0].points, rec.human_side))
    return daily_best(day, nets)


def daily_words(game: Game, uid: str, today: date, history: Any = None) -> str | None:
    """For a daily deal's match just over (``game``, its ``MatchInfo.match_id``): this
    try beside the best of the others that day, ``Daily deal of 2026-12-01: this time
    +5 points; your best +12 points (3 tries).`` None when ``game`` is not a daily deal.
    Reads the history (``history``, default the usual one): call it off the UI thread."""
    day = daily_day(game.seed, today)
    if day is None or game.rules != daily_rules() or game.result is None:
        return None
    if history is None:
        from ..store import History

        history = History()
    others = daily_from_history(history, day, leave_out=uid)
    this = hand_net(game.rules, game.result, game.rules.side_of(0))
    done = [n for n in (others.best, this) if n is not None]
    tries = others.tries + 1
    return (
        f"Daily deal of {day.isoformat()}: this time {net_words(this)}; your best "
        f"{net_words(max(done))} ({tries} tr{'ies' if tries != 1 else 'y'})."
    )
