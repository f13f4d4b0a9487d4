"""A variant's rules in plain words, generated from its settings.

Because the words come from the settings, an override in a player's file
shows up in ``dominoes rules NAME`` and on the in-game help screen.
"""

from __future__ import annotations

from .rules import Rules

_OPENERS = {
    "lowest_double": "the player with the lowest double (1-1 up to {n}-{n}; 0-0 only if nobody "
    "holds another double), or with no double the lowest tile",
    "lowest_double_blank_high": "the player with the lowest double, counting 0-0 as the highest "
    "(1-1, 2-2, …, {n}-{n}, then 0-0), or with no double the lowest tile",
    "highest_double": "the player with the highest double ({n}-{n} down to 0-0), or with no "
    "double the heaviest tile",
    "highest_tile": "the player with the heaviest tile",
    "random": "a player drawn by lot",
}
_LEADS = {
    "that_tile": "leads that very tile",
    "any": "may lead any tile",
    "double_if_held": "must lead a double if they hold one (any double they choose)",
}
_NEXT = {
    "winner": "the winner of the previous hand leads (after a level block, the previous opener)",
    "winner_or_last_single": "the winner of the previous hand leads; after a blocked hand, the "
    "last player who played a tile that was not a double",
    "alternate": "players take turns to lead",
    "as_first": "the opener is found the same way as in the first hand",
}


def _deal_rule(sizes: dict[str, int]) -> str:
    """``{"2": 7, "3": 5, "4": 5}`` -> "7 each for 2 players, 5 each for 3 or 4"."""
    by_tiles: dict[int, list[str]] = {}
    for players, n in sorted(sizes.items(), key=lambda kv: int(kv[0])):
        by_tiles.setdefault(n, []).append(players)
    parts = []
    for i, (n, ps) in enumerate(by_tiles.items()):
        who = ps[0] if len(ps) == 1 else ", ".join(ps[:-1]) + f" or {ps[-1]}"
        parts.append(f"{n} each for {who}" + (" players" if i == 0 else ""))
    return ", ".join(parts)


def explain(r: Rules) -> list[str]:
    """The rules of ``r`` as short paragraphs, naming every option in force."""
    if r.layout == "trains":
        return _explain_trains(r)
    if r.layout == "chicken_foot":
        return _explain_chicken_foot(r)
    n = r.set
    out: list[str] = []
    who = f"{r.players} players"
    if r.partners:
        who += " in two pairs (partners sit opposite; a pair's hands count together)"
    deal = f"{r.hand_size} tiles each"
    if r.hand_sizes.get(str(r.players)) == r.hand_size:  # R-D-4
        deal += f" (the deal follows the players: {_deal_rule(dict(r.hand_sizes))})"
    out.append(
        f"Set and deal: a double-{n} set of {r.tile_count} tiles; {who}; "
        f"{deal}, {r.boneyard_size} left in the boneyard."
    )
    if r.redeal:
        out.append(
            "Redeal: a hand with 5 or more doubles, or 6 or more tiles of one suit, is dealt again."
        )
    out.append(
        "First hand: "
        + _OPENERS[r.first_opener].format(n=n)
        + f" opens and {_LEADS[r.first_lead]}."
    )
    lead = _LEADS[r.next_lead]
    out.append(f"Later hands: {_NEXT[r.next_opener]}; the opener {lead}.")
    if r.match_rule == "sum7":
        out.append(
            "Play: touching ends add up to 7, so an open 5 takes a 2 and an open 6 takes a 1; "
            "doubles lie endwise and count as one number. The matadors (0-0, 6-1, 5-2, 4-3) "
            "go on any end at any time, either way round, and only a matador goes on a blank."
        )
    else:
        out.append(
            "Play: a tile goes on an open end showing one of its numbers; a tile that fits "
            "more than one end goes where you choose."
        )
    if r.layout == "spinner":
        out.append(
            "Spinner: the first double played takes tiles on its two sides first; once both "
            "hold a tile, its other two sides open as well, for four arms."
        )
    if r.end_scoring == "fives":
        out.append(
            "Fives: after every play, when the open ends add up to a multiple of 5 the player "
            "scores that total at once (a double at the end of an arm counts both halves, the "
            "spinner too until both of its sides hold a tile)."
        )
    if r.drawing == "none":
        draw = "No drawing: a player who cannot play passes."
    else:
        draw = "Drawing: a player who cannot play draws one tile at a time until one fits"
        if r.drawing == "any_time":
            draw += (
                "; you may also draw on your turn when you could play, as many tiles as "
                "you like, before you play"
            )
        else:
            draw += "; a player who can play may not draw"
        if r.reserve:
            s = "s" if r.reserve > 1 else ""
            draw += (
                f"; the boneyard's last {r.reserve} tile{s} are never drawn"
                if s
                else ("; the boneyard's last tile is never drawn")
            )
        draw += "; with nothing left to draw, they pass."
        if r.drawing == "any_time":
            # decision: the boneyard is for a player who cannot play; a leader always can
            draw += " Nobody draws before a hand's first tile: the opener leads from their hand."
    out.append(draw)
    if r.two_doubles:
        out.append(
            "Two doubles: when the ends show different numbers and you hold both doubles, "
            "you may lay both in one turn (not on the lead)."
        )
    out.append(
        "A hand ends when a player plays their last tile, or when nobody can play (blocked)."
    )
    if r.scoring == "penalty":
        goal = (
            f"the first to {r.target} or more loses the match"
            if r.target
            else "a single hand decides the match"
        )
        losers = (
            "the losing pair writes the pips left in both its hands against it"
            if r.partners
            else "each loser writes the pips left in their own hand against them"
        )
        s = f"Scoring (penalty): the winner of a hand writes nothing; {losers}; {goal}."
        if r.blocked == "own_total":
            s += " Blocked: the lighter hand wins; the other writes their own total"
            s += ", plus the winner's pips (full fish)." if r.full_fish else "."
        else:
            s += " Blocked: the heavier hand writes the difference."
    else:
        goal = f"to {r.target} wins the match" if r.target else "a single hand decides the match"
        s = "Scoring: the winner of a hand scores the pips left in the opponents' hands"
        if r.end_scoring == "fives":
            s += ", rounded to the nearest 5 (halves up)"
        s += f"; {goal}."
        if r.blocked == "difference":
            s += " Blocked: the lighter hand scores the difference (from each opponent)."
        else:
            s += " Blocked: the lighter hand scores the opponents' total."
    out.append(s)
    if r.blocked_tie == "hang":
        out.append(
            "A level block: nobody writes; the points hang, add up over further level blocks, "
            "and join the next hand's score."
        )
    else:
        out.append("A level block scores nothing.")
    lone = []
    if r.lone_blank_double:
        lone.append(f"a lone 0-0 counts {r.lone_blank_double}")
    if r.lone_double_six:
        lone.append(f"a lone 6-6 counts {r.lone_double_six}")
    if lone:
        out.append("Left alone in a hand at the end, " + " and ".join(lone) + ".")
    if r.rule_of_13:
        out.append(
            'Rule of 13: while your written score is 0, a penalty under 13 is held (shown as "5 held"), not '
            "written; 13 or more in one hand writes it together with what you held; when your "
            "opponent starts holding, your held points are cleared."
        )
    if r.bonus_first_last:
        b = ", ".join(f"{t} = {p}" for t, p in r.bonus_first_last.items())
        bonus = f"Bonuses: the hand's first or last tile {b} adds its points to that hand's score"
        if r.two_doubles:  # R-B-2
            bonus += (
                "; going out with two doubles, both are last tiles, wherever they lie on the line"
            )
        out.append(bonus + ".")
    if r.clock_minutes:
        out.append(
            f"Clock: {r.clock_minutes} minute{'s' * (r.clock_minutes != 1)} for each player "
            "for the whole match; "
            "running out of time loses the match."
        )
    else:
        out.append("No clock: the match is not timed.")
    if r.turn_seconds:
        out.append(
            f"Turn limit: {r.turn_seconds} seconds; when it runs out a move is played for you."
        )
    elif "turn_seconds" in r.options:
        out.append("No turn limit.")
    if r.resign:
        out.append("You may resign; that loses the match at once.")
    if r.rematch_swaps_opener:  # R-DF-3
        out.append("Rematch: the other player opens the rematch's first hand.")
    elif "rematch_swaps_opener" in r.options:
        again = "drawn by lot again" if r.first_opener == "random" else "found as in any match"
        out.append(f"Rematch: no swap; the opener of the first hand is {again}.")
    return out


# ------------------------------------------------ Mexican Train and Chicken Foot
def _deal_words(r: Rules, extra: str = "") -> str:
    return (
        f"Set and deal: a double-{r.set} set; {r.players} players, each for themselves; "
        f"{r.deal_size} tiles each{extra}, {r.boneyard_size} left in the boneyard."
    )


def _rounds_words(r: Rules, what: str) -> str:
    n = r.set
    if r.round_count == n + 1:
        return (
            f"Rounds: one round for each double, from {n}-{n} down to 0-0 "
            f"({r.round_count} rounds); {what}"
        )
    last = n - r.round_count + 1
    many = "round" if r.round_count == 1 else f"{r.round_count} rounds"
    return f"Rounds: a shorter match of {many}, from {n}-{n} down to {last}-{last}; {what}"


def _end_words(r: Rules) -> list[str]:
    blank = f" (a 0-0 counts {r.blank_double_counts})" if r.blank_double_counts else ""
    out = [
        "A round ends when a player plays their last tile, or when nobody can play and the "
        "boneyard is empty.",
        f"Scoring: every player writes the pips left in their hand{blank}; the player who "
        "went out writes nothing. After the last round the lowest total wins; players "
        "level on the lowest total share the win.",
    ]
    if r.clock_minutes:
        minutes = f"{r.clock_minutes} minute{'s' * (r.clock_minutes != 1)}"
        out.append(f"Clock: {minutes} each for the whole match; running out loses.")
    if r.turn_seconds:
        out.append(
            f"Turn limit: {r.turn_seconds} seconds; when it runs out a move is played for you."
        )
    if r.resign:
        out.append("You may resign; that loses the match at once.")
    return out


def _explain_trains(r: Rules) -> list[str]:
    out = [
        _deal_words(r, " (after the round's double is set aside)"),
        _rounds_words(
            r,
            "that round's double, the engine, stands in the hub. The first seat at the table "
            "begins the first round, the next seat the second round, and so on round the "
            "table.",
        ),
        "Trains: each player has a train that starts at the hub with a tile showing the "
        "engine's number. There is also one Mexican train for everybody; anyone may start it, "
        "with a tile showing the engine's number.",
        "Play: one tile a turn, on your own train, on the Mexican train, or on another "
        "player's train that carries a marker. A tile goes on the end of a train showing one "
        "of its numbers; a tile that fits several trains goes where you choose.",
        "No play: draw one tile and play it if it fits; if it does not, pass, and a marker "
        "goes on your own train, which opens it to everyone until you play on it again.",
        "Doubles: after laying a double you play one more tile. A double must be satisfied "
        "(the next tile goes on it) before any other play, by whoever is to move; a player who "
        "cannot draws one tile, plays it on the double if it fits, else passes and sets their "
        "marker. A double played as your last tile ends the round at once.",
    ]
    if r.first_turn_run:
        out.append(
            "First turn: on your first turn of each round you may lay a run of tiles on your "
            "own train, one after another, each matching the last, and then stop; on that turn "
            "you play nowhere else."
        )
    return out + _end_words(r)


def _explain_chicken_foot(r: Rules) -> list[str]:
    return [
        _deal_words(r),
        _rounds_words(
            r,
            "whoever holds that round's double plays it in the centre; if nobody holds it, "
            "players draw one tile in turn until someone draws it and plays it (the first "
            "seat at the table draws first in the first round, the next seat in the second "
            "round, and so on).",
        ),
        "The centre: the next four tiles go on the centre double, one on each side, each "
        "showing its number, before any other play.",
        "The chicken's foot: a double laid later on an arm or a toe grows a foot. The next "
        "three tiles must go on it, each showing its number (the three toes), before play goes "
        "anywhere else.",
        "Play: one tile a turn on the end of any arm or toe showing one of its numbers; a tile "
        "that fits several ends goes where you choose.",
        "No play: draw one tile and play it if it fits; if it does not, pass.",
        *_end_words(r),
    ]
