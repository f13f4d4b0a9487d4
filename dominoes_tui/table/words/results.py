"""How a hand and a match ended."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import HandResult, MatchResult, Rules
from .scores import target_text


# ---------------------------------------------------------------- results
def hand_how(result: HandResult | None, names: Sequence[str]) -> str:
    """How a hand ended: ``"CPU went out"``, ``"blocked; You lighter"``."""
    if result is None:
        return "over"
    if result.kind == "domino":
        return f"{names[result.winner]} went out"
    if result.winner is None:
        return "blocked, level"
    return f"blocked; {names[result.winner]} lighter"


def match_headline(
    rules: Rules, m: MatchResult | None, side_names: Sequence[str], opponent: str
) -> tuple[str, str]:
    """The match-over title and why: ``("You win on time!", "CPU's clock reached 0:00…")``.

    ``opponent``: the CPU's own name, said for a two-player match it won.
    """
    names = side_names
    if m is None:
        return "The match is over", ""
    if m.reason == "time":  # flag fall (R-T-1)
        title = "You lost on time" if m.loser_side == 0 else "You win on time!"
    elif m.winner_side is None and len(m.winners) > 1:  # R-TR-6: a shared lowest total
        shared = [("You" if w == 0 else names[w]) for w in m.winners]
        title = f"{' and '.join(shared)} share the win"
    elif m.winner_side is None:
        title = "The match is drawn"
    elif m.winner_side == 0:
        title = "You win the match!"
    else:
        winner = opponent if rules.players == 2 else names[m.winner_side]
        title = f"{winner} wins the match"
    if m.reason == "target":
        who = names[m.loser_side if rules.target_means == "lose" else m.winner_side]
        why = f"{who} reached {rules.target} ({target_text(rules)})."
    elif m.reason == "time":
        who = "Your" if m.loser_side == 0 else f"{names[m.loser_side]}'s"
        why = f"{who} clock reached 0:00: the match ends at once."
    elif m.reason == "resign":
        why = f"{names[m.loser_side]} resigned."
    elif m.reason == "rounds":
        why = "The last round is played: the lowest total wins."
    else:
        why = "A single hand decides the match."
    return title, why


def clock_offer_words(later: Rules) -> str:
    """The match-over screen of a match played without the clock its rematch may have
    (a newcomer's untimed match): the clock offered, not imposed.

    >>> from dominoes_tui.engine import load_variant
    >>> print(clock_offer_words(load_variant("classic")))
    This match had no clock. Rematch (r) plays without one again; c rematches with a clock: 15 min each.
    """
    parts = []
    if later.clock_minutes:
        parts.append(f"{later.clock_minutes} min each")
    if later.turn_seconds:
        parts.append(f"{later.turn_seconds} s a turn")
    return (
        "This match had no clock. Rematch (r) plays without one again; "
        f"c rematches with a clock: {', '.join(parts)}."
    )
