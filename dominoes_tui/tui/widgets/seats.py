"""The seats around the table for 3 and 4 players: names, tile counts, whose turn, partners.

Pure text helpers (Rich ``Text``), used by the table's top row. Seats go round in
play order from you: with four, the seat after you sits on your right, your
partner across, the last on your left (R-P-1).

>>> seat_names(4, partners=True)
('You', 'East', 'North', 'West')
>>> side_names(4, partners=True)
('You & North', 'East & West')
>>> seat_names(3, partners=False), side_names(2, partners=False)
(('You', 'East', 'West'), ('You', 'CPU'))
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ...engine import Rules, SeatView, tiles

BACK = "▮"
TURN = "▶"
TURN_STYLE = "bold #ffe066"
PARTNER_STYLE = "#8fd0ff"


def seat_names(players: int, partners: bool) -> tuple[str, ...]:
    """A name per seat: "You", then the CPU seats by where they sit."""
    if players == 2:
        return ("You", "CPU")
    if players == 3:
        return ("You", "East", "West")
    return ("You", "East", "North", "West")


def side_names(players: int, partners: bool) -> tuple[str, ...]:
    """A name per scoring side: a seat's name, or a pair of partners (R-P-1)."""
    names = seat_names(players, partners)
    if partners and players == 4:
        return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
    return names


def partner_of(rules: Rules, seat: int) -> int | None:
    """The seat across from ``seat`` when the game is played in partners."""
    if not rules.partners or rules.players != 4:
        return None
    return (seat + 2) % 4


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
