"""Chicken Foot (``layout = "chicken_foot"``, RULES.md §8, R-CF-1…6).

Each round opens with the round's double in the centre, played by whoever
holds it (``Play(double)``, with no place); if nobody holds it, players draw
one tile in turn, passing, until someone draws it and plays it. The centre
takes four tiles showing its number (the arms) before anything else; a later
double, laid crosswise at the end of an arm or toe, takes three tiles showing
its number (a foot's toes) before play goes anywhere else; otherwise a tile
goes on the end of any arm or toe it matches.

The places (``Play.end``) are the layout's lines, numbered as they appear and
never renumbered: the arms are 0-3; each later double adds its three toes as
the next three numbers. A line ending in a double that grew a foot is closed
(its toes go on). While a foot (or the centre) is being filled, its empty
arms or toes are interchangeable, so the engine offers the first empty one
only: one Play per tile, as a player would expect.

>>> from dominoes_tui.engine import load_variant, new_game
>>> g = new_game(load_variant("chicken-foot"), seed=1)
>>> type(g).__name__, tiles.name(g.round_double), g.rounds
('ChickenFootGame', '9-9', 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import tiles
from .actions import Draw, IllegalAction, Pass, Play
from .rounds import RoundsGame
from .rules import Rules
from .scoring import Scores
from .state import PLAY, Event, Placed

ARMS = 4
TOES = 3


# ------------------------------------------------------------------ the public layout
@dataclass(frozen=True)
class FootLine:
    """An arm of the centre or a toe of a foot, as every seat sees it (R-CF-6)."""

    parent: int | None
    """None for an arm of the centre; else the line whose end double this toe grows from."""
    tiles: tuple[Placed, ...]
    """From the double outward: ``left`` touches the tile before, ``right`` is open."""
    end: int
    """The number a tile must show to go on it."""
    closed: bool
    """It ends in a double that grew a foot: play goes on that foot's toes instead."""

    @property
    def is_arm(self) -> bool:
        return self.parent is None


@dataclass(frozen=True)
class FootBoard:
    """Chicken Foot's layout as every seat sees it (R-CF-6); ``SeatView.board``."""

    round_double: int
    """This round's double (a tile id), in the centre once played."""
    centre: int | None
    """The centre double once played, else None (someone is still to play or draw it)."""
    centre_seat: int | None
    """Who played the centre double."""
    lines: tuple[FootLine, ...]
    """Arms 0-3, then each foot's three toes in the order they grew (``Play.end``)."""
    filling: tuple[int, ...]
    """The empty lines of the foot being filled (the centre's arms at first), else ()."""
    drew: bool
    """The seat to move has just drawn: it plays that tile if it fits, else passes."""
    passes: int
    """Consecutive passes on an unchanged layout (the round is blocked at one per seat)."""

    @property
    def foot(self) -> int | None:
        """The double being filled (the centre while its arms take tiles), or None."""
        if not self.filling:
            return None
        parent = self.lines[self.filling[0]].parent
        return self.centre if parent is None else self.lines[parent].tiles[-1].tile

    def places(self) -> tuple[int, ...]:
        """Where the seat to move may lay a tile (the engine's rule, R-CF-2…4)."""
        if self.centre is None:
            return ()
        return cf_places([ln.closed for ln in self.lines], self.filling)

    def place_name(self, place: int | None) -> str:
        """A place in words: "the centre" (None), "arm 2", "a toe of the 5-5"."""
        return "the centre" if place is None else line_name(self.lines, place)

    def laid_mask(self) -> int:
        m = tiles.BIT[self.centre] if self.centre is not None else 0
        for ln in self.lines:
            for p in ln.tiles:
                m |= tiles.BIT[p.tile]
        return m


def cf_places(closed: Sequence[bool], filling: Sequence[int]) -> tuple[int, ...]:
    """The lines a tile may go on: the first empty line of the foot being filled (R-CF-2,
    R-CF-3), else every line not closed by a foot (R-CF-4).

    >>> cf_places([False] * 4, [1, 2, 3]), cf_places([False, True, False, False, False], [])
    ((1,), (0, 2, 3, 4))
    """
    if filling:
        return (filling[0],)
    return tuple(i for i, c in enumerate(closed) if not c)


def line_name(lines: Sequence[FootLine], i: int) -> str:
    """A line in words: "arm 2", "a toe of the 5-5"."""
    parent = lines[i].parent
    if parent is None:
        return f"arm {i + 1}"
    return f"a toe of the {tiles.name(lines[parent].tiles[-1].tile)}"


# ------------------------------------------------------------------ the game
class ChickenFootGame(RoundsGame):
    """A match of Chicken Foot: see the module docstring for the places and the turn.

    Layout fields: ``centre`` (the centre double once played), ``centre_seat``,
    ``lines`` (lists of :class:`Placed`), ``line_ends`` (the number each takes),
    ``line_from`` (-1 for an arm, else the line whose end double the toe grows
    from), ``closed`` (bit i: line i ends in a double with a foot) and
    ``filling`` (the empty lines of the foot being filled, in order).
    """

    __slots__ = ("centre", "centre_seat", "lines", "line_ends", "line_from", "closed", "filling")

    centre: int | None
    centre_seat: int | None
    lines: list[list[Placed]]
    line_ends: list[int]
    line_from: list[int]
    closed: int
    filling: list[int]

    LAYOUT = "chicken_foot"
    GAME_NAME = "Chicken Foot"

    # ------------------------------------------------------------------ set-up
    def _reset_round(self) -> None:
        self.centre = None
        self.centre_seat = None
        self.lines = []
        self.line_ends = []
        self.line_from = []
        self.closed = 0
        self.filling = []
        d = tiles.BIT[self.round_double]
        for s, h in enumerate(self.hands):
            if h & d:
                self.turn = s  # R-CF-1: the holder of the round double plays it

    def _copy_layout(self, g: RoundsGame) -> None:
        assert isinstance(g, ChickenFootGame)
        g.centre = self.centre
        g.centre_seat = self.centre_seat
        g.lines = [list(ln) for ln in self.lines]
        g.line_ends = list(self.line_ends)
        g.line_from = list(self.line_from)
        g.closed = self.closed
        g.filling = list(self.filling)

    @classmethod
    def from_position(  # type: ignore[override]  # the arms are set up in their own terms
        cls,
        rules: Rules,
        hands: Sequence[Sequence[str | int]],
        boneyard: Sequence[str | int] | None = None,
        arms: Sequence[Sequence[str | int]] = (),
        turn: int = 0,
        round_no: int = 1,
        scores: Scores | None = None,
        seed: int = 0,
    ) -> ChickenFootGame:
        """A round set up by hand, for tests and puzzles (tiles as ``"6-5"`` or ids).

        The round double stands in the centre, played by the seat before
        ``turn``; ``arms`` are the tiles of arms 0-3 from the centre outward,
        laid round by round (every arm's first tile, then every second tile…)
        as play would lay them; a double at the end of an arm grows its foot,
        whose toes are then the foot being filled. ``boneyard`` is in draw
        order (first drawn first); with None every tile in no other place is
        in it; tiles in no place are set aside.
        """
        ids = lambda xs: [x if isinstance(x, int) else tiles.parse(x) for x in xs]  # noqa: E731
        if rules.layout != "chicken_foot":
            raise ValueError("from_position needs layout = 'chicken_foot'")
        if len(hands) != rules.players:
            raise ValueError(f"give a hand for each of the {rules.players} seats")
        g = cls.new(rules, seed)
        g.hand_no = round_no
        g.opener = ((g.first_seat or 0) + g.hand_no - 1) % rules.players
        g._reset_round()
        g.hands = [tiles.mask_of(ids(h)) for h in hands]
        g.turn = turn
        g._lay_centre((turn - 1) % rules.players)
        arm_tiles = [ids(a) for a in arms]
        for depth in range(max(map(len, arm_tiles), default=0)):
            for i, laid in enumerate(arm_tiles):
                if depth >= len(laid):
                    continue
                t = laid[depth]
                if i not in g.places():
                    raise ValueError(f"{tiles.name(t)} cannot go on arm {i} here")
                if not tiles.fits(t, g.line_ends[i]):
                    raise ValueError(f"{tiles.name(t)} does not chain onto arm {i}")
                g._lay(t, i)
        used = tiles.mask_of(g.laid_tiles())
        for h in g.hands:
            used |= h
        rest = [t for t in range(rules.tile_count) if not used & tiles.BIT[t]]
        order = ids(boneyard) if boneyard is not None else rest
        g.boneyard = list(reversed(order))
        g.dead = tiles.mask_of(rest) & ~tiles.mask_of(order)
        g.events = []
        g.passes = 0
        g.drawn = None
        if scores is not None:
            g.scores = scores
        g.phase = PLAY
        errs = g.invariant_errors()
        if errs:
            raise ValueError(f"not a position: {'; '.join(errs)}")
        return g

    # ------------------------------------------------------------------ queries
    def places(self, seat: int | None = None) -> tuple[int, ...]:
        """Where a tile may go now (the same for every seat; () before the centre)."""
        if self.centre is None:
            return ()
        if self.filling:
            return (self.filling[0],)
        closed = self.closed
        return tuple(i for i in range(len(self.lines)) if not closed >> i & 1)

    def place_end(self, place: int) -> int:
        return self.line_ends[place]

    def fitting_mask(self, seat: int) -> int:
        if self.centre is None:
            return self.hands[seat] & tiles.BIT[self.round_double]
        return super().fitting_mask(seat)

    def _legal(self) -> list:
        seat = self.turn
        if self.centre is None:  # R-CF-1: the round double opens the round
            d = self.round_double
            if self.drawn is not None:
                return [Play(d)] if self.drawn == d else [Pass()]
            return [Play(d)] if self.hands[seat] & tiles.BIT[d] else [Draw()]
        places = self.places()
        if self.drawn is not None:  # R-CF-3, R-CF-4: play the tile drawn if it fits
            return self._plays(tiles.BIT[self.drawn], places) or [Pass()]
        plays = self._plays(self.hands[seat], places)
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    # ------------------------------------------------------------------ actions
    def _play(self, action: Play) -> None:
        seat, t, p = self.turn, action.tile, action.end
        name = tiles.name(t)
        if self.centre is None:
            d = self.round_double
            if t != d:
                raise IllegalAction(f"this round opens with {tiles.name(d)} in the centre")
            if p is not None:
                raise IllegalAction(f"{name} goes in the centre: give no place")
            self.hands[seat] &= ~tiles.BIT[t]
            self.drawn = None
            self._lay_centre(seat)
            self.events.append(Event(seat, "play", (), t, None))
            self._played(seat, t)
            return
        places = self.places()
        if p is None or not isinstance(p, int) or not 0 <= p < len(self.lines):
            fits = [q for q in places if tiles.fits(t, self.line_ends[q])]
            if len(fits) > 1:
                raise IllegalAction(f"{name} fits more than one arm or toe: say which")
            raise IllegalAction(f"say where to play {name}")
        if p not in places:
            raise IllegalAction(self._closed_words(p))
        n = self.line_ends[p]
        if not tiles.fits(t, n):
            raise IllegalAction(
                f"{name} does not fit {line_name(self._lines(), p)}, which takes a {n}"
            )
        before = tuple(self.line_ends[q] for q in places)
        self.hands[seat] &= ~tiles.BIT[t]
        self.drawn = None
        self._lay(t, p)
        self.events.append(Event(seat, "play", before, t, p))
        self._played(seat, t)

    def _closed_words(self, p: int) -> str:
        lines = self._lines()
        if self.filling:
            foot = lines[self.filling[0]].parent
            if foot is None:
                assert self.centre is not None  # the arms being filled grow from it
                return (
                    f"the centre {tiles.name(self.centre)} takes a tile on each of its four "
                    "arms before anything else"
                )
            d = tiles.name(lines[foot].tiles[-1].tile)
            return f"the {d} takes its three toes before anything else"
        return f"{line_name(lines, p)} ends in a double: play on its toes"

    def _lay_centre(self, seat: int) -> None:
        """R-CF-1, R-CF-2: the round double in the centre, its four arms to fill."""
        d = self.round_double
        n = tiles.HIGH[d]
        self.centre = d
        self.centre_seat = seat
        self.first_tile = d
        self.lines = [[] for _ in range(ARMS)]
        self.line_ends = [n] * ARMS
        self.line_from = [-1] * ARMS
        self.closed = 0
        self.filling = list(range(ARMS))

    def _lay(self, t: int, p: int) -> None:
        n = self.line_ends[p]
        new = tiles.other_end(t, n)
        self.lines[p].append(Placed(t, n, new))
        self.line_ends[p] = new
        if p in self.filling:
            self.filling.remove(p)
        if tiles.DOUBLE[t]:  # R-CF-3: a foot of three toes grows from the double
            self.closed |= 1 << p
            first = len(self.lines)
            for _ in range(TOES):
                self.lines.append([])
                self.line_ends.append(n)
                self.line_from.append(p)
            self.filling = list(range(first, first + TOES))

    def _played(self, seat: int, t: int) -> None:
        self.passes = 0
        self.last_tile = t
        if not self.hands[seat]:
            self._end_round(seat)  # R-CF-5: domino
        else:
            self.turn = (seat + 1) % self.rules.players

    def _draw(self) -> None:
        if self.centre is None:
            if self.drawn is not None:
                raise IllegalAction(
                    f"you drew {tiles.name(self.drawn)}: it is not the round's double, so pass"
                )
            if self.hands[self.turn] & tiles.BIT[self.round_double]:
                raise IllegalAction(
                    f"you hold {tiles.name(self.round_double)}: play it in the centre"
                )
            self._take_tile(())  # R-CF-1: draw in turn until someone draws the round double
            return
        self._check_draw()
        self._take_tile(self._open_numbers(self.turn))

    def _pass(self) -> None:
        seat = self.turn
        if self.centre is None:
            if self.drawn is None:
                if self.hands[seat] & tiles.BIT[self.round_double]:
                    raise IllegalAction(
                        f"you hold {tiles.name(self.round_double)}: play it in the centre"
                    )
                raise IllegalAction("nobody has played the round's double yet: draw a tile")
            if self.drawn == self.round_double:
                raise IllegalAction(f"you drew {tiles.name(self.drawn)}: play it in the centre")
            self.events.append(Event(seat, "pass", ()))
            self.drawn = None
            self.turn = (seat + 1) % self.rules.players
            return
        self._check_pass()
        self.events.append(Event(seat, "pass", self._open_numbers(seat)))
        self.drawn = None
        self.passes += 1
        if self._blocked():
            self._end_round(None)  # R-CF-5
        else:
            self.turn = (seat + 1) % self.rules.players

    # ------------------------------------------------------------------ checks
    def laid_tiles(self) -> list[int]:
        out = [] if self.centre is None else [self.centre]
        for ln in self.lines:
            out.extend(p.tile for p in ln)
        return out

    def _layout_errors(self) -> list[str]:
        errs = []
        low, high = tiles.LOW, tiles.HIGH
        if self.centre is None:
            if self.lines:
                errs.append("lines before the centre double")
            return errs
        n = len(self.lines)
        if n != ARMS + TOES * self.closed.bit_count() or not n == len(self.line_ends) == len(
            self.line_from
        ):
            errs.append("a foot without its three toes")
            return errs
        for i, ln in enumerate(self.lines):
            src = self.line_from[i]
            end = tiles.HIGH[self.centre] if src < 0 else self.lines[src][-1].right
            for p in ln:
                lo, hi = low[p.tile], high[p.tile]
                if p.left != end or not (
                    lo == end and hi == p.right or hi == end and lo == p.right
                ):
                    errs.append(f"line {i} breaks at {tiles.name(p.tile)}")
                end = p.right
            if end != self.line_ends[i]:
                errs.append(f"line {i}'s open end does not match its last tile")
            ends_double = bool(ln) and tiles.DOUBLE[ln[-1].tile]
            if ends_double != bool(self.closed >> i & 1):
                errs.append(f"line {i} is closed without a double, or a double has no foot")
        for i in self.filling:
            if i >= len(self.lines) or self.lines[i]:
                errs.append("a line being filled is missing or already holds a tile")
        return errs

    def _layout_key(self) -> tuple[Any, ...]:
        return (
            self.centre,
            self.centre_seat,
            tuple(tuple(ln) for ln in self.lines),
            tuple(self.line_ends),
            tuple(self.line_from),
            self.closed,
            tuple(self.filling),
        )

    # ------------------------------------------------------------------ views
    def _lines(self) -> tuple[FootLine, ...]:
        return tuple(
            FootLine(
                parent=None if self.line_from[i] < 0 else self.line_from[i],
                tiles=tuple(ln),
                end=self.line_ends[i],
                closed=bool(self.closed >> i & 1),
            )
            for i, ln in enumerate(self.lines)
        )

    def board(self) -> FootBoard:
        return FootBoard(
            round_double=self.round_double,
            centre=self.centre,
            centre_seat=self.centre_seat,
            lines=self._lines(),
            filling=tuple(self.filling),
            drew=self.drawn is not None,
            passes=self.passes,
        )

    def _board_to_state(self, board: FootBoard) -> None:
        self.centre = board.centre
        self.centre_seat = board.centre_seat
        self.lines = [list(ln.tiles) for ln in board.lines]
        self.line_ends = [ln.end for ln in board.lines]
        self.line_from = [-1 if ln.parent is None else ln.parent for ln in board.lines]
        self.closed = sum(1 << i for i, ln in enumerate(board.lines) if ln.closed)
        self.filling = list(board.filling)
