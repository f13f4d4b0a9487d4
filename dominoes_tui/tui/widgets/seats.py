"""The seats around the table for 3 and 4 players: names, tile counts, whose turn, partners.

Pure text helpers (Rich ``Text``), used by the table's top row. Seats go round in
play order from you: with four, the seat after you sits on your right, your
partner across, the last on your left (R-P-1).

The names themselves (``seat_names``, ``side_names``, ``partner_of``) live with
the session's words (:mod:`dominoes_tui.table.words`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ...engine import SeatView, tiles
from ...table.words import partner_of, seat_names, side_names

BACK = "▮"
TURN = "▶"
TURN_STYLE = "bold #ffe066"
PARTNER_STYLE = "#8fd0ff"

__all__ = ["partner_of", "seat_names", "seats_text", "side_names"]


def seats_text(
    view: SeatView,
    names: Sequence[str],
    thinking: bool,
    wide: bool,
    revealed: bool = False,
) -> Text:
    """The CPU seats in play order: ``▶East ▮▮▮▮▮ 5``, the partner marked.

    ``revealed``: the hand is over and every hand is shown face up.
    """
    t = Text()
    cap = 7 if wide else 3
    mate = partner_of(view.rules, view.seat)
    for seat in range(1, view.rules.players):
        n = view.hand_counts[seat]
        turn = view.turn == seat
        t.append(TURN if turn else " ", style=TURN_STYLE)
        t.append(names[seat], style=TURN_STYLE if turn else "bold")
        if seat == mate:
            t.append(" (partner)" if wide else "♦", style=PARTNER_STYLE)
        t.append(" ")
        if revealed and view.revealed is not None:
            shown = tiles.names(view.revealed[seat])
            t.append(" ".join(shown) if shown else "out", style="#f3ecd8")
        else:
            t.append(BACK * min(n, cap), style="#b03a2e")
            t.append(f"{n}" if not wide else f" {n}")
        if turn and thinking:
            t.append("…", style="italic #e0c870")
        t.append("  ")
    return t
