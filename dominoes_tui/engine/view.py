"""What one seat may see (R-D-2): its own hand, the line, counts, and public history.

A :class:`SeatView` is built from a game and holds no hidden tile of any other
seat or of the boneyard; CPU players receive only this.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import tiles
from .actions import Action
from .rules import Rules
from .scoring import HandResult, Scores
from .state import HAND_OVER, Event, Game, Placed


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
    arms: tuple[tuple[Placed, ...], ...] = ((), ())
    """The spinner's up and down arms, from the spinner outward (All Fives)."""
    spinner: int | None = None
    """The spinner tile, once played (R-F-1)."""
    """Every seat's hand, once the hand is over (None while it is played)."""

    @property
    def my_tiles(self) -> list[int]:
        return list(tiles.bits(self.hand))

    @property
    def unseen(self) -> int:
        """Tiles this seat has not seen: the other hands and the boneyard, as a mask."""
        seen = self.hand
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
    )
