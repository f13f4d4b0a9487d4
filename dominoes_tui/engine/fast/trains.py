"""Mexican Train's trains (R-TR-1…8): :class:`TrainsPosition` and :func:`trains_playout`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

from .. import tiles
from ..actions import Action, Draw, Pass, Play, Stop
from ..rules import Rules
from ..trains import TrainsBoard, open_places
from .base import _BIT, _DOUBLE, _HIGH, _LOW, _SUIT, Rand
from .rounds import RoundsPosition, deal_round, heaviest_option

if TYPE_CHECKING:  # pragma: no cover
    from ..view import SeatView


class TrainsPosition(RoundsPosition):
    """A Mexican Train round in progress (see ``TrainsGame`` for what each field means).

    ``ends``: the number each train takes (seat k's at k, the Mexican train last);
    ``markers``: bit k, seat k's train is open; ``pending``: the train with an
    unsatisfied double or -1; ``firsts``: bit k, seat k's first turn is to come
    or under way; ``run``: tiles laid this turn in a first-turn run (-1 after a
    draw); ``drawn``: the tile the seat to move just drew, or -1; ``passes``: as
    ``TrainsGame.passes`` (a fresh marker restarts the count, R-TR-5).

    The :class:`Position` of ``layout = "trains"``: :meth:`apply` takes the
    engine's actions (``Play(tile, train)``, ``Draw``, ``Pass``, ``Stop``) with
    ``TrainsGame``'s turn (a double's player plays again, R-TR-4; a first-turn
    run goes on, R-TR-8) and :meth:`moves` lists them as ``legal_actions`` does.
    """

    __slots__ = ("markers", "pending", "firsts", "run", "run_rule")

    markers: int
    pending: int
    firsts: int
    run: int
    run_rule: bool

    @classmethod
    def of(
        cls,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        ends: list[int],
        markers: int,
        pending: int,
        firsts: int,
        run: int,
        drawn: int,
        turn: int,
        passes: int,
    ) -> Self:
        """A position from its fields (what the layout's deal and ``*_position`` make)."""
        p = cls()
        p._start(rules, hands, boneyard, turn, passes)
        p.ends = ends
        p.markers = markers
        p.pending = pending
        p.firsts = firsts
        p.run = run
        p.drawn = drawn
        p.run_rule = rules.first_turn_run
        return p

    def _read_layout(self, view: SeatView) -> None:
        board = view.board
        if not isinstance(board, TrainsBoard):
            raise ValueError("a Mexican Train position needs a view of its trains")
        trains = board.trains
        self.ends = [t.end for t in trains]
        self.markers = sum(1 << k for k, t in enumerate(trains[:-1]) if t.marker)
        self.pending = -1 if board.pending is None else board.pending
        self.firsts = sum(1 << k for k, f in enumerate(board.first_turns) if f)
        self.run = board.run
        self.drawn = -1 if view.drawn is None else view.drawn
        self.passes = board.passes
        self.players = len(trains) - 1
        self.run_rule = board.first_turn_run
        self.first, self.last = None, -1  # no first- or last-tile bonus in rounds games

    def _empty_layout(self) -> None:
        """Round 1 dealt: every train takes the set's highest number, every first turn to come."""
        players = self.rules.players
        self.ends = [self.rules.set] * (players + 1)
        self.markers = 0
        self.pending = -1
        self.firsts = (1 << players) - 1
        self.run = 0
        self.drawn = -1
        self.players = players
        self.run_rule = self.rules.first_turn_run

    def _copy_layout(self, p: Self) -> None:
        p.ends = list(self.ends)
        p.markers = self.markers
        p.pending = self.pending
        p.firsts = self.firsts
        p.run = self.run
        p.drawn = self.drawn
        p.players = self.players
        p.run_rule = self.run_rule

    # -------------------------------------------------------------- the turn
    @property
    def mexican(self) -> int:
        """The place number of the Mexican train (= players)."""
        return self.players

    def restricted(self, seat: int) -> bool:
        """R-TR-8: ``seat`` is on its first turn with the first-turn run on (own train only)."""
        return self.run_rule and bool(self.firsts >> seat & 1)

    def places(self, seat: int | None = None) -> tuple[int, ...]:
        """The trains ``seat`` (default: the seat to move) may play on now (R-TR-3, 4, 8)."""
        s = self.turn if seat is None else seat
        pending = self.pending if self.pending >= 0 else None
        return open_places(self.players, s, self.markers, pending, self.restricted(s))

    def moves(self) -> list[Action]:
        """The seat to move's legal actions, in ``TrainsGame.legal_actions``' order."""
        s = self.turn
        places = self.places(s)
        if self.drawn >= 0:  # R-TR-3: play the tile drawn if it fits, else pass
            return self.plays(_BIT[self.drawn], places) or [Pass()]
        plays = self.plays(self.hands[s], places)
        if self.run >= 1 and self.pending < 0 and self.restricted(s):
            return [*plays, Stop()]  # R-TR-8: more of the run, or stop
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def _end_turn(self, seat: int) -> None:
        self.firsts &= ~(1 << seat)
        self.turn = seat + 1 if seat + 1 < self.players else 0
        self.drawn = -1
        self.run = 0

    def apply(self, action: Action) -> None:
        """The seat to move takes ``action`` (legal; not checked), as ``TrainsGame.apply``."""
        s = self.turn
        if isinstance(action, Play):
            t, p = action.tile, action.end
            assert p is not None
            n = self.ends[p]
            self.ends[p] = _HIGH[t] if _LOW[t] == n else _LOW[t]
            h = self.hands[s] & ~_BIT[t]
            self.hands[s] = h
            self.passes = 0
            self.drawn = -1
            if p == s:
                self.markers &= ~(1 << s)  # R-TR-3: the marker comes off
            if self.pending == p:
                self.pending = -1  # R-TR-4: satisfied
            if not h:
                self.over, self.domino = True, s  # R-TR-5
                return
            in_run = self.run >= 0 and p == s and self.restricted(s)
            if in_run:
                self.run += 1
            if _DOUBLE[t]:
                self.pending = p  # R-TR-4: the same player plays again
                return
            if not in_run:
                self._end_turn(s)
        elif isinstance(action, Draw):
            self.run = -1
            t = self.boneyard.pop()
            self.hands[s] |= _BIT[t]
            self.drawn = t
            self.passes = 0
        elif isinstance(action, Pass):
            restricted = self.restricted(s)
            fresh = not self.markers >> s & 1
            self.markers |= 1 << s
            if restricted:
                self.passes = 0
            elif fresh:
                self.passes = 1
            else:
                self.passes += 1
            if self.passes >= self.players and not self.boneyard:
                self.over, self.domino = True, None  # R-TR-5: blocked
            else:
                self._end_turn(s)
        elif isinstance(action, Stop):
            self._end_turn(s)
        else:  # pragma: no cover - NextHand, Resign, TimeOut are not moves of a round
            raise ValueError(f"{action!r} is not a move within a round")

    def layout_key(self) -> tuple:
        return (tuple(self.ends), self.markers, self.pending, self.firsts, self.run, self.drawn)

    def _play_out(self, rand: Rand, trace: list | None, greedy: list[float]) -> int | None:
        return trains_playout(self, rand, trace, greedy)

    @classmethod
    def deal(
        cls, rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
    ) -> TrainsPosition:
        """Round ``round_no``'s deal (:func:`trains_deal`)."""
        return trains_deal(rules, rng, round_no, first_seat)


def trains_position(game) -> TrainsPosition:
    """The fast position of a Mexican Train ``game`` (a ``TrainsGame`` in play)."""
    if game.rules.layout != "trains" or game.phase != "play":
        raise ValueError("trains_position needs a Mexican Train round in play")
    return TrainsPosition.of(
        game.rules,
        list(game.hands),
        list(game.boneyard),
        list(game.train_ends),
        game.markers,
        -1 if game.pending is None else game.pending,
        game.first_turns,
        game.run,
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


def trains_playout(
    pos: TrainsPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float | list[float] = 0.0,
) -> int | None:
    """Play a Mexican Train round out from ``pos`` (changed in place): R-TR-2…5, R-TR-8.

    Returns the seat that played its last tile, or None if the round was blocked.
    ``greedy``: the chance a seat plays its heaviest tile (else a random one), or one a seat.
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    players = pos.players
    markers, pending, firsts = pos.markers, pos.pending, pos.firsts
    run, drawn, turn, passes = pos.run, pos.drawn, pos.turn, pos.passes
    run_rule = pos.run_rule
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    greedies = greedy if isinstance(greedy, list) else [greedy] * players
    while True:
        s = turn
        restricted = run_rule and firsts >> s & 1 == 1
        if pending >= 0:  # open_places' commonest answers, without the call
            places: tuple[int, ...] = (pending,)
        elif restricted:
            places = (s,)
        elif not markers:
            places = (s, players)
        else:
            places = open_places(players, s, markers, None, restricted)
        h = hands[s]
        cand = (1 << drawn) if drawn >= 0 else h
        opts: list[tuple[int, int]] = []
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opts.append((b.bit_length() - 1, p))
                f ^= b
        if not opts:
            if run >= 1 and pending < 0 and restricted and drawn < 0:  # the run stops
                if trace is not None:
                    trace.append(("stop",))
            elif drawn < 0 and bone:  # draw one tile (R-TR-3)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                run = -1
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:  # pass: the marker goes on the player's own train
                if trace is not None:
                    trace.append(("pass",))
                fresh = not markers >> s & 1
                markers |= 1 << s
                if restricted:
                    passes = 0
                elif fresh:
                    passes = 1
                else:
                    passes += 1
                if passes >= players and not bone:  # blocked (R-TR-5)
                    break
            firsts &= ~(1 << s)
            turn = s + 1 if s + 1 < players else 0
            drawn = -1
            run = 0
            continue
        k = len(opts)
        if k == 1:
            t, p = opts[0]
        elif greedies[s] and rand() < greedies[s]:
            t, p = heaviest_option(opts, rand)
        else:
            t, p = opts[int(rand() * k)]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if p == s:
            markers &= ~(1 << s)
        if pending == p:
            pending = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        in_run = run >= 0 and p == s and restricted
        if in_run:
            run += 1
        if double_[t]:
            pending = p  # the same player plays again, on the double (R-TR-4)
            continue
        if in_run:
            continue
        firsts &= ~(1 << s)
        turn = s + 1 if s + 1 < players else 0
        run = 0
    pos.markers, pos.pending, pos.firsts = markers, pending, firsts
    pos.run, pos.drawn, pos.turn, pos.passes = run, drawn, turn, passes
    return result


def trains_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> TrainsPosition:
    """Round ``round_no``'s deal (R-TR-1), exactly as ``TrainsGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    engine = tiles.tile(n, n)
    pool = [t for t in range(rules.tile_count) if t != engine]
    hands, bone = deal_round(rules, rng, pool)
    players = rules.players
    return TrainsPosition.of(
        rules,
        hands,
        bone,
        [n] * (players + 1),
        0,
        -1,
        (1 << players) - 1,
        0,
        -1,
        ((first_seat or 0) + round_no - 1) % players,
        0,
    )
