"""What one seat may see (R-D-2): its own hand, the line, counts, and public history.

A :class:`SeatView` is built from a game and holds no hidden tile of any other
seat or of the boneyard; CPU players receive only this.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import tiles
from .actions import Action
from .chicken_foot import ChickenFootGame, FootBoard
from .rounds import RoundsGame
from .rules import Rules
from .scoring import HandResult, Scores
from .state import HAND_OVER, Event, Game, Placed
from .trains import TrainsBoard, TrainsGame


@dataclass(frozen=True)
class SeatView:
    rules: Rules
    seat: int
    hand: int
    """This seat's tiles as a mask."""
    line: tuple[Placed, ...]
    ends: tuple[int, ...]
    hand_counts: tuple[int, ...]
    boneyard_count: int
    drawable: int
    turn: int | None
    phase: str
    hand_no: int
    opener: int
    scores: Scores
    events: tuple[Event, ...]
    """This hand's public history: plays, draws (how many, on which ends), passes."""
    legal: tuple[Action, ...]
    """The legal actions if this seat is to move, else empty."""
    last_result: HandResult | None
    """The result of the hand just over (None while a hand is played)."""
    revealed: tuple[int, ...] | None
    """Every seat's hand, once the hand is over (None while it is played)."""
    arms: tuple[tuple[Placed, ...], ...] = ((), ())
    """The spinner's up and down arms, from the spinner outward (All Fives)."""
    spinner: int | None = None
    """The spinner tile, once played (R-F-1)."""
    board: TrainsBoard | FootBoard | None = None
    """Mexican Train's trains (:class:`~.trains.TrainsBoard`) or Chicken Foot's centre,
    arms and feet (:class:`~.chicken_foot.FootBoard`); None in the line games."""
    rounds: int = 0
    """Mexican Train and Chicken Foot: rounds in the match (``hand_no`` is this round)."""
    drawn: int | None = None
    """The tile this seat has just drawn and must play if it fits (Mexican Train and
    Chicken Foot), when it is this seat's turn; None otherwise."""

    @property
    def my_tiles(self) -> list[int]:
        return list(tiles.bits(self.hand))

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: the other hands and the boneyard, as a mask."""
        seen = self.hand
        if self.rules.is_rounds:
            assert self.board is not None  # a match of rounds always shows its layout
            return tiles.set_mask(self.rules.set) & ~(seen | self.board.laid_mask())
        for p in self.line:
            seen |= tiles.BIT[p.tile]
        for arm in self.arms:
            for p in arm:
                seen |= tiles.BIT[p.tile]
        return tiles.set_mask(self.rules.set) & ~seen

    @property
    def to_move(self) -> bool:
        return self.turn == self.seat


def seat_view(game: Game, seat: int) -> SeatView:
    """The view of ``game`` from ``seat``."""
    result = game.result if game.phase != "play" else None
    rounds_game = game if isinstance(game, RoundsGame) else None  # exactly when rules.is_rounds
    return SeatView(
        rules=game.rules,
        seat=seat,
        hand=game.hands[seat],
        line=tuple(game.line),
        ends=tuple(game.ends),
        hand_counts=tuple(h.bit_count() for h in game.hands),
        boneyard_count=len(game.boneyard),
        drawable=game.drawable,
        turn=game.turn,
        phase=game.phase,
        hand_no=game.hand_no,
        opener=game.opener,
        scores=game.scores,
        events=tuple(game.events),
        legal=tuple(game.legal_actions()) if game.turn == seat or game.phase == HAND_OVER else (),
        last_result=result,
        revealed=tuple(game.hands) if result is not None else None,
        arms=tuple(tuple(a) for a in game.arms),
        spinner=game.spinner,
        board=rounds_game.board() if rounds_game is not None else None,
        rounds=game.rules.round_count,
        drawn=rounds_game.drawn if rounds_game is not None and game.turn == seat else None,
    )


def determinize(
    view: SeatView,
    hands: Sequence[int],
    boneyard: Sequence[int],
    drawn: int | None = None,
    seed: int = 0,
) -> Game:
    """A whole game consistent with ``view``, with guessed hidden tiles, for search.

    Mexican Train and Chicken Foot (``view.board`` set): ``hands`` is a mask
    per seat (the viewer's own, the others' guessed with the counts the view
    shows), ``boneyard`` the rest in draw order (drawn from its end);
    ``drawn`` names the tile the seat to move has just drawn when that is not
    the viewer (``view.board.drew``). The result plays on with
    ``legal_actions``/``apply`` and converts to the fast playout
    (``fast.trains_position`` / ``fast.foot_position``). Raises ValueError if
    the guess does not fit the view. See ``RoundsGame.from_view``.
    """
    if not view.rules.is_rounds:
        raise ValueError("determinize plays Mexican Train and Chicken Foot views")
    cls = TrainsGame if view.rules.layout == "trains" else ChickenFootGame
    return cls.from_view(view, hands, boneyard, drawn, seed)
