"""Mexican Train (``layout = "trains"``, RULES.md §8, R-TR-1…8).

The round's double, the engine, stands in the hub. Each seat owns a train
from the hub and there is one shared Mexican train; a train's first tile shows
the engine's number. The places a tile may go (``Play.end``) are numbered:

- ``k`` (0 ≤ k < players): seat k's train;
- ``players``: the Mexican train.

A turn is one tile, on your own train, on the Mexican train, or on another
seat's train that carries a marker (open). With no play you draw one tile and
play it if it fits, else pass, which sets the marker on your own train; the
marker comes off when you play on your own train again. A double is followed
by one more tile from the same player, and an unsatisfied double must be
satisfied (the next tile goes on it) by whoever is to move before anything
else. With ``first_turn_run`` each seat's first turn of a round may lay a run
on its own train, ended by :class:`~.actions.Stop`.

>>> from dominoes_tui.engine import load_variant, new_game
>>> g = new_game(load_variant("mexican-train"), seed=3)
>>> type(g).__name__, tiles.name(g.engine), g.rounds, len(g.hand(0))
('TrainsGame', '12-12', 13, 15)
>>> all(a.end in g.places() for a in g.legal_actions() if hasattr(a, "end"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import tiles
from .actions import Draw, IllegalAction, Pass, Play, Stop
from .rounds import RoundsGame
from .rules import Rules
from .scoring import Scores
from .state import PLAY, Event, Placed


# ------------------------------------------------------------------ the public layout
@dataclass(frozen=True)
class Train:
    """One train as every seat sees it (R-TR-7)."""

    owner: int | None
    """The seat that owns it; None for the Mexican train."""
    tiles: tuple[Placed, ...]
    """From the hub outward: ``left`` touches the tile before, ``right`` is open."""
    end: int
    """The number a tile must show to go on it (the engine's while it is empty)."""
    marker: bool
    """Its owner's marker is on it: every seat may play on it (R-TR-3)."""

    @property
    def public(self) -> bool:
        """Open to every seat: the Mexican train, or a train with a marker."""
        return self.owner is None or self.marker

    @property
    def started(self) -> bool:
        return bool(self.tiles)


@dataclass(frozen=True)
class TrainsBoard:
    """Mexican Train's layout as every seat sees it (R-TR-7); ``SeatView.board``."""

    engine: int
    """The round's double in the hub (a tile id)."""
    trains: tuple[Train, ...]
    """Seat k's train at index k, the Mexican train last (index ``players``)."""
    pending: int | None
    """The train whose last tile is a double not yet satisfied, or None (R-TR-4)."""
    must_satisfy: int | None
    """The seat that must satisfy it now (the seat to move), or None."""
    first_turns: tuple[bool, ...]
    """Per seat: its first turn of the round is still to come or under way."""
    first_turn_run: bool
    """Whether a first turn may lay a run on the player's own train (R-TR-8)."""
    run: int
    """Tiles the seat to move has laid in its first-turn run so far this turn; -1 once it
    drew this turn (then the turn is the tile drawn, and a double's follow-up)."""
    drew: bool
    """The seat to move has just drawn: it plays that tile if it fits, else passes."""
    passes: int
    """Consecutive passes on an unchanged layout (the round is blocked at one per seat)."""

    @property
    def players(self) -> int:
        return len(self.trains) - 1

    @property
    def mexican(self) -> int:
        """The place number of the Mexican train."""
        return len(self.trains) - 1

    @property
    def pending_double(self) -> int | None:
        """The unsatisfied double (a tile id), or None."""
        return None if self.pending is None else self.trains[self.pending].tiles[-1].tile

    def places_for(self, seat: int) -> tuple[int, ...]:
        """Where ``seat`` may lay a tile if it is to move now (as the engine decides)."""
        markers = sum(1 << k for k, t in enumerate(self.trains[:-1]) if t.marker)
        restricted = self.first_turn_run and self.first_turns[seat]
        return open_places(self.players, seat, markers, self.pending, restricted)

    def place_name(self, place: int, viewer: int | None = None, names: Sequence[str] = ()) -> str:
        """A train in words for ``viewer``: "your train", "the Mexican train", "Ada's train"."""
        return place_name(place, self.players, viewer, names)

    def laid_mask(self) -> int:
        """Every tile on the table, the engine included, as a mask."""
        m = tiles.BIT[self.engine]
        for t in self.trains:
            for p in t.tiles:
                m |= tiles.BIT[p.tile]
        return m


def open_places(
    players: int, seat: int, markers: int, pending: int | None, first_turn_only: bool
) -> tuple[int, ...]:
    """The trains ``seat`` may play on (R-TR-3, R-TR-4, R-TR-8).

    An unsatisfied double is the only place; a first-turn run goes on the
    player's own train only; otherwise their own train, the trains with a
    marker and the Mexican train (``players``).

    >>> open_places(4, 1, 0b1001, None, False)
    (0, 1, 3, 4)
    >>> open_places(4, 1, 0b1001, 3, False), open_places(4, 1, 0, None, True)
    ((3,), (1,))
    """
    if pending is not None:
        return (pending,)
    if first_turn_only:
        return (seat,)
    if not markers:
        return (seat, players)
    out = [k for k in range(players) if k == seat or markers >> k & 1]
    out.append(players)
    return tuple(out)


def place_name(
    place: int, players: int, viewer: int | None = None, names: Sequence[str] = ()
) -> str:
    """A train in words: "your train", "the Mexican train", "Ada's train" / "player 3's train".

    >>> place_name(4, 4), place_name(1, 4, viewer=1), place_name(2, 4, names=("A", "B", "C", "D"))
    ('the Mexican train', 'your train', "C's train")
    """
    if place == players:
        return "the Mexican train"
    if place == viewer:
        return "your train"
    if names:
        return f"{names[place]}'s train"
    return f"player {place + 1}'s train"


# ------------------------------------------------------------------ the game
class TrainsGame(RoundsGame):
    """A match of Mexican Train: see the module docstring for the places and the turn.

    Layout fields: ``engine`` (the hub double), ``trains`` (lists of
    :class:`Placed`, seat k's at k, the Mexican train last), ``train_ends``
    (the number each takes), ``markers`` (bit k: seat k's train is open),
    ``pending`` (the train with an unsatisfied double, or None), ``first_turns``
    (bit k: seat k's first turn of the round is to come or under way) and
    ``run`` (tiles laid this turn in a first-turn run; -1 once the seat drew).
    """

    __slots__ = ("engine", "trains", "train_ends", "markers", "pending", "first_turns", "run")

    engine: int
    trains: list[list[Placed]]
    train_ends: list[int]
    markers: int
    pending: int | None
    first_turns: int
    run: int

    LAYOUT = "trains"
    GAME_NAME = "Mexican Train"

    # ------------------------------------------------------------------ set-up
    def _round_pool(self) -> list[int]:
        d = self.round_double  # R-TR-1: the engine is taken from the set before the deal
        return [t for t in range(self.rules.tile_count) if t != d]

    def _reset_round(self) -> None:
        n = tiles.HIGH[self.round_double]
        players = self.rules.players
        self.engine = self.round_double
        self.trains = [[] for _ in range(players + 1)]
        self.train_ends = [n] * (players + 1)  # R-TR-2: a train starts with the engine's number
        self.markers = 0
        self.pending = None
        self.first_turns = (1 << players) - 1
        self.run = 0

    def _copy_layout(self, g: RoundsGame) -> None:
        assert isinstance(g, TrainsGame)
        g.engine = self.engine
        g.trains = [list(t) for t in self.trains]
        g.train_ends = list(self.train_ends)
        g.markers = self.markers
        g.pending = self.pending
        g.first_turns = self.first_turns
        g.run = self.run

    @classmethod
    def from_position(  # type: ignore[override]  # a train layout is set up in its own terms
        cls,
        rules: Rules,
        hands: Sequence[Sequence[str | int]],
        boneyard: Sequence[str | int] | None = None,
        trains: Sequence[Sequence[str | int]] = (),
        markers: Sequence[int] = (),
        turn: int = 0,
        round_no: int = 1,
        first_turns: Sequence[int] = (),
        scores: Scores | None = None,
        seed: int = 0,
    ) -> TrainsGame:
        """A round set up by hand, for tests and puzzles (tiles as ``"6-5"`` or ids).

        ``trains``: the tiles of each train from the hub outward (seat k's at k,
        the Mexican train at ``players``; fewer lists leave the rest empty);
        each must chain from the engine. A train whose last tile is a double is
        the unsatisfied double. ``boneyard`` is in draw order (first drawn
        first); with None every tile in no other place is in it, in id order;
        tiles in no place are set aside. ``first_turns``: seats whose first turn
        is still to come (default none: the round is under way).
        """
        ids = lambda xs: [x if isinstance(x, int) else tiles.parse(x) for x in xs]  # noqa: E731
        if rules.layout != "trains":
            raise ValueError("from_position needs layout = 'trains'")
        if len(hands) != rules.players:
            raise ValueError(f"give a hand for each of the {rules.players} seats")
        g = cls.new(rules, seed)
        g.hand_no = round_no
        g._reset_round()
        g.opener = ((g.first_seat or 0) + g.hand_no - 1) % rules.players
        g.hands = [tiles.mask_of(ids(h)) for h in hands]
        n = tiles.HIGH[g.engine]
        g.pending = None
        for k, laid in enumerate(trains):
            end = n
            for t in ids(laid):
                if not tiles.fits(t, end):
                    raise ValueError(f"{tiles.name(t)} does not chain onto {end} (train {k})")
                new = tiles.other_end(t, end)
                g.trains[k].append(Placed(t, end, new))
                end = new
            g.train_ends[k] = end
            if laid and tiles.DOUBLE[g.trains[k][-1].tile]:
                g.pending = k
        used = tiles.mask_of(g.laid_tiles())
        for h in g.hands:
            used |= h
        rest = [t for t in range(rules.tile_count) if not used & tiles.BIT[t]]
        order = ids(boneyard) if boneyard is not None else rest
        g.boneyard = list(reversed(order))
        g.dead = tiles.mask_of(rest) & ~tiles.mask_of(order)
        g.markers = sum(1 << k for k in markers)
        g.first_turns = sum(1 << k for k in first_turns)
        g.turn = turn
        g.events = []
        g.passes = 0
        g.drawn = None
        g.run = 0
        if scores is not None:
            g.scores = scores
        g.phase = PLAY
        errs = g.invariant_errors()
        if errs:
            raise ValueError(f"not a position: {'; '.join(errs)}")
        return g

    # ------------------------------------------------------------------ queries
    @property
    def mexican(self) -> int:
        """The place number of the Mexican train (= players)."""
        return self.rules.players

    def _restricted(self, seat: int) -> bool:
        """R-TR-8: ``seat`` is on its first turn with the first-turn run on: own train only."""
        return self.rules.first_turn_run and bool(self.first_turns >> seat & 1)

    def _in_run(self) -> bool:
        """The seat to move has laid part of a first-turn run and may go on or stop."""
        return self.run >= 1 and self.pending is None and self._restricted(self.turn)

    def places(self, seat: int | None = None) -> tuple[int, ...]:
        s = self.turn if seat is None else seat
        if s is None:
            return ()
        return open_places(self.rules.players, s, self.markers, self.pending, self._restricted(s))

    def place_end(self, place: int) -> int:
        return self.train_ends[place]

    def _legal(self) -> list:
        seat = self.turn
        places = self.places(seat)
        if self.drawn is not None:  # R-TR-3: play the tile drawn if it fits, else pass
            return self._plays(tiles.BIT[self.drawn], places) or [Pass()]
        plays = self._plays(self.hands[seat], places)
        if self._in_run():  # R-TR-8: lay more of the run, or stop
            return [*plays, Stop()]
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    # ------------------------------------------------------------------ actions
    def _play(self, action: Play) -> None:
        seat, t, p = self.turn, action.tile, action.end
        players = self.rules.players
        name = tiles.name(t)
        places = self.places(seat)
        if p is None or not isinstance(p, int) or not 0 <= p <= players:
            fits = [q for q in places if tiles.fits(t, self.train_ends[q])]
            if len(fits) > 1:
                raise IllegalAction(f"{name} fits more than one train: say which")
            raise IllegalAction(f"say which train to play {name} on")
        if p not in places:
            raise IllegalAction(self._closed_words(seat, p))
        n = self.train_ends[p]
        if not tiles.fits(t, n):
            raise IllegalAction(f"{name} does not fit {self._words(p, seat)}, which takes a {n}")
        before = tuple(self.train_ends[q] for q in places)
        new = tiles.other_end(t, n)
        self.trains[p].append(Placed(t, n, new))
        self.train_ends[p] = new
        self.hands[seat] &= ~tiles.BIT[t]
        self.passes = 0
        self.drawn = None
        if self.first_tile is None:
            self.first_tile = t
        self.last_tile = t
        if p == seat:
            self.markers &= ~(1 << seat)  # R-TR-3: the marker comes off
        if self.pending == p:
            self.pending = None  # R-TR-4: the double is satisfied
        self.events.append(Event(seat, "play", before, t, p))
        if not self.hands[seat]:
            self._end_round(seat)  # R-TR-5: out, even on an unsatisfied double
            return
        in_run = self.run >= 0 and p == seat and self._restricted(seat)
        if in_run:
            self.run += 1  # R-TR-8: the run goes on
        if tiles.DOUBLE[t]:
            self.pending = p  # R-TR-4: the same player plays again, on the double
            return
        if in_run:
            return
        self._end_turn()

    def _closed_words(self, seat: int, p: int) -> str:
        if self.pending is not None:
            d = tiles.name(self.trains[self.pending][-1].tile)
            return (
                f"the double {d} on {self._words(self.pending, seat)} must be satisfied first: "
                "the next tile goes on it"
            )
        if self._restricted(seat):
            return "on your first turn you may lay tiles on your own train only"
        return f"{self._words(p, seat)} is closed: it takes tiles from others only with a marker"

    def _words(self, p: int, seat: int | None) -> str:
        return place_name(p, self.rules.players, seat)

    def _end_turn(self) -> None:
        seat = self.turn
        self.first_turns &= ~(1 << seat)
        self.turn = (seat + 1) % self.rules.players
        self.drawn = None
        self.run = 0

    def _draw(self) -> None:
        if self._in_run():
            raise IllegalAction("you are laying your first-turn run: play on your train or stop")
        self._check_draw()
        self.run = -1  # after a draw the turn is one tile (and a double's follow-up)
        self._take_tile(self._open_numbers(self.turn))

    def _pass(self) -> None:
        seat = self.turn
        if self._in_run() and self.drawn is None:
            raise IllegalAction("you have laid tiles this turn: stop instead of passing")
        self._check_pass()
        restricted = self._restricted(seat)
        bit = 1 << seat
        fresh_marker = not self.markers & bit
        self.markers |= bit  # R-TR-3, R-TR-4: the marker goes on your own train
        self.events.append(Event(seat, "pass", self._open_numbers(seat)))
        if restricted:
            self.passes = 0  # a first-turn pass says nothing about later turns
        elif fresh_marker:
            self.passes = 1  # a new marker opens a train to the others
        else:
            self.passes += 1
        if self._blocked():
            self._end_round(None)  # R-TR-5
        else:
            self._end_turn()

    def _stop(self) -> None:
        if not self._in_run():
            if self.run >= 1 and self.pending is not None and self._restricted(self.turn):
                raise IllegalAction("your double must be satisfied before you stop")
            raise IllegalAction("you may stop only after laying tiles of your first-turn run")
        seat = self.turn
        self.events.append(Event(seat, "stop", self._open_numbers(seat)))
        self._end_turn()

    # ------------------------------------------------------------------ checks
    def laid_tiles(self) -> list[int]:
        return [self.engine] + [p.tile for t in self.trains for p in t]

    def _layout_errors(self) -> list[str]:
        errs = []
        low, high = tiles.LOW, tiles.HIGH
        n = tiles.HIGH[self.engine]
        for k, train in enumerate(self.trains):
            end = n
            for p in train:
                lo, hi = low[p.tile], high[p.tile]
                if p.left != end or not (
                    lo == end and hi == p.right or hi == end and lo == p.right
                ):
                    errs.append(f"train {k} breaks at {tiles.name(p.tile)}")
                end = p.right
            if end != self.train_ends[k]:
                errs.append(f"train {k}'s open end does not match its last tile")
        if self.pending is not None:
            train = self.trains[self.pending]
            if not train or not tiles.DOUBLE[train[-1].tile]:
                errs.append("the unsatisfied double is not at the end of its train")
        for k, train in enumerate(self.trains):
            if k != self.pending and train and tiles.DOUBLE[train[-1].tile] and self.phase == PLAY:
                errs.append(f"train {k} ends in a double nobody has to satisfy")
        if self.markers >> self.rules.players:
            errs.append("a marker on a seat that does not exist")
        return errs

    def _layout_key(self) -> tuple[Any, ...]:
        return (
            self.engine,
            tuple(tuple(t) for t in self.trains),
            tuple(self.train_ends),
            self.markers,
            self.pending,
            self.first_turns,
            self.run,
        )

    # ------------------------------------------------------------------ views
    def board(self) -> TrainsBoard:
        players = self.rules.players
        trains = tuple(
            Train(
                owner=k if k < players else None,
                tiles=tuple(t),
                end=self.train_ends[k],
                marker=bool(k < players and self.markers >> k & 1),
            )
            for k, t in enumerate(self.trains)
        )
        return TrainsBoard(
            engine=self.engine,
            trains=trains,
            pending=self.pending,
            must_satisfy=self.turn if self.pending is not None else None,
            first_turns=tuple(bool(self.first_turns >> k & 1) for k in range(players)),
            first_turn_run=self.rules.first_turn_run,
            run=self.run,
            drew=self.drawn is not None,
            passes=self.passes,
        )

    def _board_to_state(self, board: TrainsBoard) -> None:
        self.engine = board.engine
        self.trains = [list(t.tiles) for t in board.trains]
        self.train_ends = [t.end for t in board.trains]
        self.markers = sum(1 << k for k, t in enumerate(board.trains[:-1]) if t.marker)
        self.pending = board.pending
        self.first_turns = sum(1 << k for k, f in enumerate(board.first_turns) if f)
        self.run = board.run
