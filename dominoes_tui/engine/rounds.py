"""What Mexican Train and Chicken Foot share: a match of rounds, one per round double.

Both games (RULES.md §8) are played as rounds counting the set's doubles down
from the highest (12-12, 11-11, … 0-0; ``rules.rounds`` plays only the first N),
each round dealt afresh from the game's own ``random.Random(seed)``. A turn is
one tile; a player with no play draws one tile, plays it if it fits, else
passes (:class:`~.actions.Draw`, then :class:`~.actions.Play` or
:class:`~.actions.Pass`, explicit actions as in the line games). A round ends
when a player plays their last tile, or is blocked when nobody can play and
the boneyard is empty; every player then writes the pips left in their hand
(:func:`~.scoring.score_round`), and after the last round the lowest total
wins, ties sharing the win (:func:`~.scoring.match_result_after_round`).

:class:`RoundsGame` holds that shared machinery and the :class:`~.state.Game`
API (``legal_actions``, ``apply``, ``copy``, ``why_illegal``, ``replay``,
``invariant_errors``…); :class:`~.trains.TrainsGame` and
:class:`~.chicken_foot.ChickenFootGame` add their layouts;
:func:`~.games.new_game` and :func:`~.games.replay_game` give the right class by
``rules.layout``.
"""

from __future__ import annotations

import random
from abc import ABCMeta, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from . import tiles
from .actions import (
    Action,
    Draw,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Resign,
    Stop,
    TimeOut,
)
from .checks import check_action_types, check_first_seat, copy_rng
from .rules import Rules
from .scoring import Scores, match_result_after_round, score_round
from .state import (
    HAND_OVER,
    MATCH_OVER,
    PLAY,
    Event,
    Game,
)

if TYPE_CHECKING:  # pragma: no cover
    from .view import SeatView


class RoundsGame(Game, metaclass=ABCMeta):
    """The match of rounds shared by Mexican Train and Chicken Foot (not used alone).

    Fields besides :class:`~.state.Game`'s: ``drawn``, the tile the seat to move
    has just drawn (it must play that tile if it fits, else pass), and those of
    each layout. ``hand_no`` is the round number (1-based), ``opener`` the seat
    whose turn begins the round: seat 0 (or ``first_seat``) in round 1, then
    each round the next seat (R-TR-1). The line-game fields (``line``,
    ``ends``, ``arms``…) stay empty.
    """

    __slots__ = ("drawn",)

    drawn: int | None

    LAYOUT = ""
    GAME_NAME = ""

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(
        cls, rules: Rules, seed: int = 0, first_seat: int | None = None, rotation: int = 0
    ) -> Self:
        """A match dealt from ``random.Random(seed)``; ``first_seat`` begins round 1
        (ValueError if it is not a seat at the table).

        ``rotation`` is :meth:`Game.new`'s: a turned deal is for the line games only.
        ValueError for rules of another layout (:func:`~.games.new_game` picks the class).
        """
        check_first_seat(rules, first_seat)
        if rules.layout != cls.LAYOUT:
            raise ValueError(f"{rules.name}: {cls.__name__} does not play this layout")
        if rotation % rules.players:
            raise ValueError(f"{rules.name}: rotated deals are for the line games only")
        g = cls()
        g.rules = rules
        g.seed = seed
        g.rng = random.Random(seed)
        g.log = []
        g.hand_no = 0
        g.scores = Scores.zero(rules.sides)
        g.results = []
        g.result = None
        g.match_result = None
        g.first_seat = first_seat
        g._neutral_line_fields()
        g._start_round()
        return g

    def _neutral_line_fields(self) -> None:
        """The line games' fields, empty here, so code reading any Game keeps working."""
        self.dead = 0
        self.line = []
        self.ends = []
        self.arms = [[], []]
        self.spinner = None
        self.end_tiles = []
        self.hand_fives = [0] * self.rules.sides
        self.lead_tile = None
        self.lead_rule = "any"
        self.first_tile = self.last_tile = self.last_single = None
        self.redeals = 0
        self.rotation = 0  # the seats as dealt: a turned deal is for the line games only

    @property
    def round_double(self) -> int:
        """This round's double: the set's highest in round 1, one lower each round."""
        n = self.rules.set - (self.hand_no - 1)
        return tiles.tile(n, n)

    @property
    def rounds(self) -> int:
        """How many rounds the match has (``rules.round_count``)."""
        return self.rules.round_count

    def _round_pool(self) -> list[int]:
        """The tiles dealt this round, in id order before the shuffle."""
        return list(range(self.rules.tile_count))

    def _start_round(self) -> None:
        """R-D-1 for a round: shuffle, deal ``deal_size`` to each seat, the rest is the boneyard."""
        r = self.rules
        self.hand_no += 1
        self.opener = ((self.first_seat or 0) + self.hand_no - 1) % r.players
        pool = self._round_pool()
        self.rng.shuffle(pool)
        hs = r.deal_size
        self.hands = [tiles.mask_of(pool[i * hs : (i + 1) * hs]) for i in range(r.players)]
        self.boneyard = pool[r.players * hs :]
        self.dead = 0  # every tile is dealt again: none set aside (from_position's) stays so
        self.events = []
        self.result = None
        self.phase = PLAY
        self.passes = 0
        self.drawn = None
        self.turn = self.opener
        self.first_tile = self.last_tile = None
        self._reset_round()

    @abstractmethod
    def _reset_round(self) -> None:
        """Every layout has its own."""

    def copy(self) -> RoundsGame:
        """An independent copy (shares nothing mutable), cheap enough for search."""
        g = self.__class__.__new__(self.__class__)
        g.rules = self.rules
        g.seed = self.seed
        g.rng = copy_rng(self.rng)
        g.log = list(self.log)
        g.hands = list(self.hands)
        g.boneyard = list(self.boneyard)
        g.events = list(self.events)
        g.results = list(self.results)
        g._neutral_line_fields()  # first: the loop below sets first_tile and last_tile
        for name in (
            "hand_no",
            "turn",
            "opener",
            "passes",
            "scores",
            "phase",
            "result",
            "match_result",
            "first_seat",
            "drawn",
            "first_tile",
            "last_tile",
        ):
            setattr(g, name, getattr(self, name))
        g.dead = self.dead
        self._copy_layout(g)
        return g

    @abstractmethod
    def _copy_layout(self, g: RoundsGame) -> None:
        """Every layout has its own."""

    # ------------------------------------------------------------------ queries
    @abstractmethod
    def places(self, seat: int | None = None) -> tuple[int, ...]:
        """Where ``seat`` (default: the seat to move) may lay a tile now, as ``Play.end``."""

    @abstractmethod
    def place_end(self, place: int) -> int:
        """The number a tile must show to go on ``place``."""

    def fitting_mask(self, seat: int) -> int:
        """``seat``'s tiles that fit a place open to it now."""
        m = 0
        for p in self.places(seat):
            m |= tiles.SUIT_MASK[self.place_end(p)]
        return self.hands[seat] & m

    def _plays(self, mask: int, places: Sequence[int]) -> list[Action]:
        """Every Play of a tile in ``mask`` on a place of ``places`` it fits, tile by tile."""
        if not places:
            return []
        ends = [(p, self.place_end(p)) for p in places]
        union = 0
        for _, n in ends:
            union |= tiles.SUIT_MASK[n]
        out: list[Action] = []
        low, high = tiles.LOW, tiles.HIGH
        for t in tiles.bits(mask & union):
            lo, hi = low[t], high[t]
            out.extend(Play(t, p) for p, n in ends if lo == n or hi == n)
        return out

    def _open_numbers(self, seat: int) -> tuple[int, ...]:
        """The numbers of the places open to ``seat``, for the public history (Event.ends)."""
        return tuple(self.place_end(p) for p in self.places(seat))

    def legal_actions(self) -> list[Action]:
        """Every action the side to move may take (or NextHand between rounds)."""
        if self.phase == HAND_OVER:
            return [NextHand()]
        if self.phase != PLAY:
            return []
        return self._legal()

    @abstractmethod
    def _legal(self) -> list[Action]:
        """Every layout has its own."""

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the side to move; IllegalAction (with the reason) if refused."""
        check_action_types(action)
        if isinstance(action, (Resign, TimeOut)):
            self._lose_at_once(action)
        elif isinstance(action, NextHand):
            if self.phase != HAND_OVER:
                raise IllegalAction(
                    "the match is over" if self.phase == MATCH_OVER else "the round is not over yet"
                )
            assert self.result is not None  # a round over has its result
            self.results.append(self.result)
            self._start_round()
        elif self.phase != PLAY:
            raise IllegalAction(
                "the match is over" if self.phase == MATCH_OVER else "the round is over"
            )
        elif isinstance(action, Play):
            self._check_tile(action)
            self._play(action)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, Pass):
            self._pass()
        elif isinstance(action, Stop):
            self._stop()
        elif isinstance(action, PlayDoubles):  # named by kind: its tiles may not exist
            raise IllegalAction(f"{self.GAME_NAME} has no move of two doubles at once")
        else:
            raise IllegalAction(f"{self.GAME_NAME} has no such move ({action})")
        self.log.append(action)

    def _lose_at_once(self, action: Resign | TimeOut) -> None:
        super()._lose_at_once(action)
        self.drawn = None

    def _check_tile(self, action: Play) -> None:
        t = action.tile
        if not isinstance(t, int) or not 0 <= t < self.rules.tile_count:
            raise IllegalAction(f"there is no tile {t} in a double-{self.rules.set} set")
        if not self.hands[self.turn] & tiles.BIT[t]:
            raise IllegalAction(f"{tiles.name(t)} is not in your hand")
        if action.touch is not None:
            raise IllegalAction(
                f"in {self.GAME_NAME} a tile goes only one way round: give no half to touch"
            )
        if self.drawn is not None and t != self.drawn:
            raise IllegalAction(
                f"you drew {tiles.name(self.drawn)}: play that tile if it fits, or pass"
            )

    @abstractmethod
    def _play(self, action: Play) -> None:
        """Every layout has its own."""

    def _stop(self) -> None:
        raise IllegalAction(f"there is no run to stop in {self.GAME_NAME}")

    def _take_tile(self, ends: tuple[int, ...]) -> None:
        """Draw one tile for the seat to move (R-TR-3, R-CF-4): it must play it or pass."""
        seat = self.turn
        t = self.boneyard.pop()
        self.hands[seat] |= tiles.BIT[t]
        self.drawn = t
        self.passes = 0
        self.events.append(Event(seat, "draw", ends))

    def _check_draw(self) -> None:
        if self.drawn is not None:
            raise IllegalAction(
                f"you have drawn already this turn: play {tiles.name(self.drawn)} "
                "if it fits, or pass"
            )
        if self.fitting_mask(self.turn):
            raise IllegalAction("you hold a tile that fits, so you may not draw")
        if not self.boneyard:
            raise IllegalAction("the boneyard is empty: pass")

    def _check_pass(self) -> None:
        seat = self.turn
        if self.drawn is not None:
            if self.fitting_mask(seat) & tiles.BIT[self.drawn]:
                raise IllegalAction(f"the {tiles.name(self.drawn)} you drew fits: play it")
            return
        if self.fitting_mask(seat):
            raise IllegalAction("you hold a tile that fits, so you may not pass")
        if self.boneyard:
            raise IllegalAction("you cannot play, so draw a tile first")

    def _blocked(self) -> bool:
        """R-TR-5, R-CF-5: every seat passed in turn on an unchanged layout, boneyard empty."""
        return self.passes >= self.rules.players and not self.boneyard

    def _end_round(self, domino_seat: int | None) -> None:
        """Score the round (R-TR-5, R-CF-5); after the last round, the match (R-TR-6)."""
        res = score_round(self.rules, domino_seat, self.hands, self.scores)
        self.result = res
        self.scores = res.after
        self.turn = None  # type: ignore[assignment]  # no seat moves after the round: Game.turn
        self.drawn = None
        over = match_result_after_round(self.rules, res, self.hand_no)
        if over is not None:
            self.results.append(res)
            self.match_result = over
            self.phase = MATCH_OVER
        else:
            self.phase = HAND_OVER

    # ------------------------------------------------------------------ checks
    @abstractmethod
    def laid_tiles(self) -> list[int]:
        """Every tile on the table (the layout), in no particular order."""

    def invariant_errors(self) -> list[str]:
        """Every tile is in exactly one place and the layout hangs together (tests, fuzz)."""
        errs: list[str] = []
        seen = 0
        total = 0
        laid = self.laid_tiles()
        places = [*self.hands, tiles.mask_of(self.boneyard), tiles.mask_of(laid), self.dead]
        for m in places:
            if seen & m:
                errs.append(f"tiles in two places: {tiles.names(seen & m)}")
            seen |= m
            total += m.bit_count()
        if len(set(self.boneyard)) != len(self.boneyard) or len(set(laid)) != len(laid):
            errs.append("a tile twice in the boneyard or on the table")
        if seen != tiles.set_mask(self.rules.set) or total != self.rules.tile_count:
            errs.append("tiles missing or extra")
        if self.drawn is not None and (
            self.phase != PLAY or not self.hands[self.turn] & tiles.BIT[self.drawn]
        ):
            errs.append("the tile drawn is not in the hand of the seat to move")
        errs += self._layout_errors()
        return errs

    def _layout_errors(self) -> list[str]:  # pragma: no cover - every layout has its own
        return []

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the state (the generator by its state), for comparing games."""
        return (
            type(self).__name__,
            tuple(self.hands),
            tuple(self.boneyard),
            self.turn,
            self.opener,
            self.phase,
            self.hand_no,
            self.scores,
            self.result,
            tuple(self.results),
            self.match_result,
            tuple(self.events),
            self.passes,
            self.drawn,
            self.dead,
            self.first_seat,
            self._layout_key(),
        )

    def _layout_key(self) -> tuple[Any, ...]:  # pragma: no cover - every layout has its own
        return ()

    # ------------------------------------------------------------------ search
    @classmethod
    def from_view(
        cls,
        view: SeatView,
        hands: Sequence[int],
        boneyard: Sequence[int],
        drawn: int | None = None,
        seed: int = 0,
    ) -> RoundsGame:
        """A determinized game: what ``view`` shows, with guessed hidden tiles.

        ``hands`` is a mask per seat (``view.seat``'s must be its own hand, every
        other the count the view shows), ``boneyard`` the tiles left in draw
        order (drawn from its end), so that every tile is in exactly one place.
        ``drawn`` is the tile the seat to move has just drawn when that seat is
        not the viewer (the view shows only that it drew; guess one of its
        tiles); the viewer's own drawn tile comes from the view. The game plays
        on from there like any other (its log starts empty; the next rounds are
        dealt from ``seed``). See also :func:`~.view.determinize`.
        """
        r = view.rules
        if r.layout != cls.LAYOUT:
            raise ValueError(f"{r.name}: {cls.__name__} does not play this layout")
        if len(hands) != r.players:
            raise ValueError(f"need a hand for each of the {r.players} seats")
        if hands[view.seat] != view.hand:
            raise ValueError("the viewer's hand must be its own")
        counts = tuple(h.bit_count() for h in hands)
        if counts != tuple(view.hand_counts) or len(boneyard) != view.boneyard_count:
            raise ValueError("the guessed hands and boneyard must have the counts the view shows")
        board = view.board
        if board is None:
            raise ValueError(f"{r.name}: the view shows no layout")
        g = cls()
        g.rules = r
        g.seed = seed
        g.rng = random.Random(seed)
        g.log = []
        g.hand_no = view.hand_no
        g.scores = view.scores
        g.results = []
        g.result = view.last_result
        g.match_result = None
        g.first_seat = (view.opener - (view.hand_no - 1)) % r.players
        g._neutral_line_fields()
        g.hands = list(hands)
        g.boneyard = list(boneyard)
        g.events = list(view.events)
        g.phase = view.phase
        g.turn = view.turn  # type: ignore[assignment]  # None once the round is over: Game.turn
        g.opener = view.opener
        g.passes = board.passes
        if view.drawn is not None:
            g.drawn = view.drawn
        elif board.drew:
            if drawn is None or not hands[g.turn] >> drawn & 1:
                raise ValueError("the seat to move has drawn: name a tile of its hand as drawn")
            g.drawn = drawn
        else:
            g.drawn = None
        g._board_to_state(board)
        errs = g.invariant_errors()
        if errs:
            raise ValueError(f"not a position: {'; '.join(errs)}")
        return g

    @abstractmethod
    def _board_to_state(self, board: Any) -> None:
        """Every layout has its own."""

    @abstractmethod
    def board(self) -> Any:
        """The public layout, as the seat views show it."""
