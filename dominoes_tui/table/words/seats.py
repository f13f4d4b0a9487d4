"""Seat and side names."""

from __future__ import annotations

from ...engine import Rules


# ---------------------------------------------------------------- seats
def seat_names(players: int, partners: bool) -> tuple[str, ...]:
    """A name per seat: "You", then the CPU seats by where they sit (R-P-1)."""
    if players == 2:
        return ("You", "CPU")
    if players == 3:
        return ("You", "East", "West")
    if players == 4:
        return ("You", "East", "North", "West")
    return ("You",) + tuple(f"CPU {i}" for i in range(1, players))


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
