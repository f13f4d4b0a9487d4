"""The fast path's shared pieces: the :class:`Position` every layout plays, dealing
and leading, and the skilled playout policy's :class:`Style`."""

from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Self

from .. import tiles
from ..actions import Action, Draw, Pass, Play, PlayDoubles
from ..opener import double_order, find_opener, redeal_needed
from ..rules import Rules
from ..scoring import HandResult, Scores, hand_outcome, score_hand

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


# The tile tables under short names, for the layouts' hot loops.
_SUIT: Final = tiles.SUIT_MASK
_LOW: Final = tiles.LOW
_HIGH: Final = tiles.HIGH
_DOUBLES: Final = tiles.DOUBLES_MASK
_VALUE: Final = tiles.VALUE
_DOUBLE: Final = tiles.DOUBLE
_BIT: Final = tiles.BIT

Rand = Callable[[], float]


def heaviest(fit: int) -> int:
    """The heaviest tile in the mask ``fit`` (a double first on a tie)."""
    best = -1
    best_key = -1
    while fit:
        low = fit & -fit
        t = low.bit_length() - 1
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best_key:
            best, best_key = t, key
        fit ^= low
    return best


# ------------------------------------------------------------------ a skilled playout policy


@dataclass(frozen=True)
class Style:
    """The weights of the skilled playout policy (:func:`styled_line_playout`,
    :func:`styled_table_playout`), a search player's option beside the default playout.

    With probability ``greedy`` a seat plays the fitting play with the best
    score, otherwise a random one. A play's score: the pips it sheds, ``double``
    for a double (out early), ``follow`` for each tile (up to three) the seat
    keeps that fits the ends it leaves (variety: it can follow next time),
    ``block`` when the next seat has nothing for those ends (it must draw or
    pass), ``fives`` per point it scores (All Fives), minus ``matador`` for
    spending a matador while another tile fits (Matador), plus ``noise`` times
    a random number in [0, 1) (ties and near-ties broken at random). ``block``
    peeks at the next hand; ``void`` only uses what every seat saw: the numbers
    the next seat drew or passed on (the playout's ``voids``, kept up to date as
    it plays); ``partner`` uses the same knowledge of the seat's partner, with partners.
    """

    greedy: float = 0.9
    double: float = 3.0
    follow: float = 1.5
    block: float = 0.0
    fives: float = 6.0
    matador: float = 6.0
    noise: float = 1.0
    void: float = 0.0
    """Bonus when every end the play leaves is one the next seat has shown it lacks (it
    drew or passed on that number: public knowledge, no peeking)."""
    partner: float = 0.0
    """With partners: what a play costs when every end it leaves is one the seat's partner
    has shown it lacks (it drew or passed on it: public knowledge): it would block its own
    side."""


def styled_lead(h: int, fitm: list[int], rand: Rand, style: Style) -> int:
    """The tile a seat leads with ``style``: its best score, the suits it keeps counting."""
    if rand() >= style.greedy:
        ts = list(tiles.bits(h))
        return ts[int(rand() * len(ts))]
    best = -1e9
    t = -1
    for u in tiles.bits(h):
        h2 = h & ~_BIT[u]
        k = (h2 & (fitm[_LOW[u]] | fitm[_HIGH[u]])).bit_count()
        key = _VALUE[u] + style.double * _DOUBLE[u] + style.follow * min(k, 3)
        key += style.noise * rand()
        if key > best:
            best, t = key, u
    return t


# ------------------------------------------------------------------ dealing and leading


def deal(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """R-D-1 with R-C-2's redeal: hands as masks and the boneyard as a list."""
    n, hs, players = rules.tile_count, rules.hand_size, rules.players
    while True:
        pool = list(range(n))
        rng.shuffle(pool)
        hands = []
        for i in range(players):
            m = 0
            for t in pool[i * hs : (i + 1) * hs]:
                m |= 1 << t
            hands.append(m)
        if not rules.redeal or not any(redeal_needed(rules, h) for h in hands):
            return hands, pool[players * hs :]


def opener_and_lead(rules: Rules, hands: list[int], rng: random.Random) -> tuple[int, int]:
    """The first hand's opener (R-O-1…3, R-O-5) and a tile they may lead, chosen at random."""
    if rules.first_opener == "random":
        seat = rng.randrange(rules.players)
        h = hands[seat]
        if rules.first_lead == "double_if_held" and h & _DOUBLES:
            h &= _DOUBLES
        choices = list(tiles.bits(h))
        return seat, choices[int(rng.random() * len(choices))]
    if rules.first_opener != "highest_tile":
        for d in double_order(rules, rules.first_opener):
            b = 1 << d
            for s, h in enumerate(hands):
                if h & b:
                    if rules.first_lead == "that_tile":
                        return s, d
                    return s, _random_lead(rules, h, rng)
    seat, t = find_opener(rules, hands, rules.first_opener)
    if rules.first_lead == "that_tile":
        return seat, t
    return seat, _random_lead(rules, hands[seat], rng)


def _random_lead(rules: Rules, h: int, rng: random.Random) -> int:
    if rules.first_lead == "double_if_held" and h & _DOUBLES:
        h &= _DOUBLES
    choices = list(tiles.bits(h))
    return choices[int(rng.random() * len(choices))]


# ------------------------------------------------------------------ positions for search


def trailing_passes(view: SeatView) -> int:
    """How many seats passed in a row just before now (R-M-5 blocks at ``players``)."""
    passes = 0
    for e in reversed(view.events):
        if e.kind != "pass":
            break
        passes += 1
    return passes


def _lead_of(view: SeatView) -> int | None:
    """The tile that led this hand (for R-B's first-tile bonus)."""
    for e in view.events:
        if e.kind == "play" and not e.ends:
            return e.tile
    return view.line[0].tile if view.line else None


def _last_of(view: SeatView) -> int:
    """The last tile played this hand, or -1."""
    for e in reversed(view.events):
        if e.kind == "play" and e.tile is not None:
            return e.tile
        if e.kind == "doubles" and e.second is not None:
            return e.second
    return -1


class Position(metaclass=ABCMeta):
    """One deal of a hand in progress with every tile known: what search plays out.

    ``hands`` (masks) and ``boneyard`` (drawn from its end) are one deal of the
    hidden tiles; the layout's open ends are the subclass's. ``turn`` is the
    seat to move, ``passes`` the passes in a row, ``first`` / ``last`` the tiles
    led and last played (R-B), ``domino`` the seat that went out once ``over``.
    """

    __slots__ = ("rules", "hands", "boneyard", "turn", "passes", "first", "last", "over", "domino")

    rules: Rules
    hands: list[int]
    boneyard: list[int]
    turn: int
    passes: int
    first: int | None
    last: int
    over: bool
    domino: int | None

    def __init__(self) -> None:  # noqa: B027 - empty on purpose
        """Empty: :meth:`from_view`, :meth:`empty` and :meth:`copy` fill a position in (a
        plain constructor, so that the class compiles with mypyc as it runs in Python)."""

    @classmethod
    def from_view(
        cls, view: SeatView, hands: list[int] | None = None, boneyard: list[int] | None = None
    ) -> Self:
        """The position ``view`` shows (its seat to move); ``hands`` / ``boneyard``: one deal
        of the hidden tiles (default: only this seat's hand known, an empty boneyard)."""
        p = cls()
        p.rules = view.rules
        if hands is None:
            hands = [0] * view.rules.players
            hands[view.seat] = view.hand
        p.hands = hands
        p.boneyard = boneyard if boneyard is not None else []
        p.turn = view.seat if view.turn is None else view.turn
        p.passes = trailing_passes(view)
        p.first = _lead_of(view)
        p.last = _last_of(view)
        p.over = False
        p.domino = None
        p._read_layout(view)
        return p

    @abstractmethod
    def _read_layout(self, view: SeatView) -> None:
        """Every layout has its own."""

    def copy(self, hands: list[int] | None = None, boneyard: list[int] | None = None) -> Self:
        """A copy to play on; with ``hands`` / ``boneyard`` the copy takes copies of those."""
        p = type(self)()
        p.rules = self.rules
        p.hands = list(self.hands if hands is None else hands)
        p.boneyard = list(self.boneyard if boneyard is None else boneyard)
        p.turn = self.turn
        p.passes = self.passes
        p.first = self.first
        p.last = self.last
        p.over = self.over
        p.domino = self.domino
        self._copy_layout(p)
        return p

    @abstractmethod
    def _copy_layout(self, p: Self) -> None:
        """Every layout has its own."""

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (one of the legal actions; not checked here)."""
        seat = self.turn
        players = self.rules.players
        if isinstance(action, Play):
            t = action.tile
            self.hands[seat] &= ~_BIT[t]
            if action.end is None:
                self.first = t
            self._lay(action, seat)
            self.last = t
            self.passes = 0
            if not self.hands[seat]:
                self.over, self.domino = True, seat
            self.turn = (seat + 1) % players
        elif isinstance(action, PlayDoubles):
            self.hands[seat] &= ~(_BIT[action.first] | _BIT[action.second])
            self._lay_doubles(action, seat)
            self.last = action.second
            self.passes = 0
            if not self.hands[seat]:
                self.over, self.domino = True, seat
            self.turn = (seat + 1) % players
        elif isinstance(action, Draw):
            self.hands[seat] |= _BIT[self.boneyard.pop()]
            self.passes = 0
        elif isinstance(action, Pass):
            self.passes += 1
            if self.passes >= players:  # R-M-5
                self.over, self.domino = True, None
            self.turn = (seat + 1) % players
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a hand
            raise ValueError(f"{action!r} is not a move within a hand")

    def _lay(
        self, action: Play, seat: int
    ) -> None:  # pragma: no cover - the rounds layouts never call it
        raise ValueError("this layout lays its tiles in its own apply")

    def moves(self) -> list[Action]:
        """The seat to move's moves as the playout allows them, for exact search.

        Every play, one per outcome (a tile on either of two ends alike is one
        play); with none, a draw where the rules draw (R-M-4), else a pass. The
        player's own choices (a draw by choice, the two-doubles move) are not here.
        """
        plays = self._plays(self.hands[self.turn])
        if plays:
            return plays
        rules = self.rules
        if rules.drawing != "none" and len(self.boneyard) > rules.reserve:
            return [Draw()]
        return [Pass()]

    def _plays(
        self, hand: int
    ) -> list[Action]:  # pragma: no cover - the rounds layouts never call it
        raise ValueError("this layout lists its moves in its own moves")

    @abstractmethod
    def layout_key(self) -> tuple:
        """The open layout as a hashable value: equal keys, equal futures for the same hands."""

    def _lay_doubles(self, action: PlayDoubles, seat: int) -> None:
        raise ValueError("this layout has no two-doubles move")

    @abstractmethod
    def playout(self, rand: Rand, greedy: float = 0.0, trace: list | None = None) -> None:
        """Play the hand out to its end with the playout policy (see the module docstring).

        With ``trace`` a list, each action is appended as a tuple: ``("play", tile,
        end, ...)`` (end None for a lead), ``("draw",)``, ``("pass",)``.
        """

    def styled_playout(
        self,
        rand: Rand,
        style: Style | Sequence[Style],
        trace: list | None = None,
        voids: list[int] | None = None,
    ) -> None:
        """Play the hand out with the skilled policy ``style`` (:class:`Style`, or one a
        seat) where the layout has one (the line, the spinner, Matador), else with
        :meth:`playout` (the first style's ``greedy``). ``voids[s]``: the numbers seat
        ``s`` is publicly known to lack, as a bit mask (a copy is kept up to date)."""
        first = style if isinstance(style, Style) else style[0]
        self.playout(rand, first.greedy, trace)

    def fives(self) -> list[int]:
        """Points each side scored during play this hand (All Fives); zeros elsewhere."""
        return [0] * self.rules.sides

    def finish(self, before: Scores) -> tuple[HandResult, list[int]]:
        """Score the finished hand; ``before``: the scores when this position was read.

        Returns the result and the points each side gained from the position on
        (the result's points plus fives scored in the rest of the hand).
        """
        res = score_hand(self.rules, *self._hand_end(), before)
        return res, list(res.points)

    def outcome(self, before: Scores) -> tuple[Scores, int | None, list[int]]:
        """What :meth:`finish` scores, without the hand's record (a search scores many): the
        scores after the hand, the winning side (None if level) and the points each side
        gained from the position on."""
        return hand_outcome(self.rules, *self._hand_end(), before)

    def _hand_end(self) -> tuple[int | None, list[int], int | None, int | None]:
        """What the hand's scoring reads of the finished position: who went out (None:
        blocked), the hands left, the first and the last tile played (None: none)."""
        return self.domino, self.hands, self.first, self.last if self.last >= 0 else None

    @classmethod
    def random_hand(cls, rules: Rules, rng: random.Random, scores: Scores) -> HandResult:
        """Deal, lead (the first hand's opener rules) and play one hand at random; score it."""
        hands, boneyard = deal(rules, rng)
        seat, t = opener_and_lead(rules, hands, rng)
        p = cls.empty(rules, hands, boneyard, seat)
        p.apply(Play(t))
        if not p.over:
            p.playout(rng.random)
        return p.finish(scores)[0]

    @classmethod
    def empty(cls, rules: Rules, hands: list[int], boneyard: list[int], turn: int) -> Self:
        """A hand dealt and not led yet, ``turn`` to lead."""
        p = cls()
        p.rules = rules
        p.hands = hands
        p.boneyard = boneyard
        p.turn = turn
        p.passes = 0
        p.first = None
        p.last = -1
        p.over = False
        p.domino = None
        p._empty_layout()
        return p

    @abstractmethod
    def _empty_layout(self) -> None:
        """Every layout has its own."""


def outcome_key(position: Position, action: Action) -> tuple:
    """Actions with equal keys reach the same position from ``position`` (a tile on either
    of two ends showing the same number, Chicken Foot's lines alike): the one rule by which
    the search values such moves once and the review counts a decision."""
    if not isinstance(action, Play):
        return (type(action).__name__,)
    p = position.copy()
    p.apply(action)
    return reached_key(p, action)


def reached_key(after: Position, action: Action) -> tuple:
    """:func:`outcome_key` of ``action`` from the position ``after`` it was taken (a search
    that has made the move already need not make it twice)."""
    if not isinstance(action, Play):
        return (type(action).__name__,)
    return ("play", action.tile, after.layout_key(), after.turn)
