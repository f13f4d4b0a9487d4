"""Scoring a finished hand and the match (RULES.md §5–7).

Everything here works on *counted pips per seat* (ints), so the readable
engine and the fast playout path share one set of scoring rules.

- penalty scoring (R-C): losers write their own pips; the rule of 13 (R-13);
- winner-takes scoring (R-W): the winner scores the others' pips;
- blocked hands, level blocks that score nothing or hang (R-C-7);
- bonuses for named tiles led first or played last (R-B);
- partners (R-P): seats 0 and 2 against 1 and 3, hands counted together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from . import tiles
from .rules import Rules

RULE_OF_13 = 13
_CHUNK: Final = (1 << 60) - 1


def tile_penalty(rules: Rules, t: int) -> int:
    """What tile ``t`` adds to a hand's count at the end: its pips, or any 0-0's set count
    (R-TR-5, R-CF-5: 50 in Mexican Train and Chicken Foot). A lone double's own value (R-C-5)
    is the whole hand's, in :func:`counted_pips`."""
    if t == 0 and rules.blank_double_counts:  # tile 0 is the 0-0
        return rules.blank_double_counts
    return tiles.VALUE[t]


def counted_pips(rules: Rules, hand: int) -> int:
    """What a hand left at the end counts: its pips, or a lone double's set value (R-C-5)."""
    if hand and hand & (hand - 1) == 0:
        t = hand.bit_length() - 1
        if t == 0 and rules.lone_blank_double:  # 0-0
            return rules.lone_blank_double
        if t == tiles.tile(6, 6) and rules.lone_double_six:
            return rules.lone_double_six
    total = tile_penalty(rules, 0) if hand & 1 else 0  # the 0-0 (its pips are 0 below)
    value = tiles.VALUE
    first = 0  # 60 tiles at a time: small ints, however large the set (double-12: 91 bits)
    while hand:
        part = hand & _CHUNK
        hand >>= 60
        while part:
            low = part & -part
            total += value[first + low.bit_length() - 1]
            part ^= low
        first += 60
    return total


def round_to_5(points: int) -> int:
    """R-F-3: to the nearest 5, halves up: 0-2 -> 0, 3-7 -> 5, 8-12 -> 10."""
    return (points + 2) // 5 * 5


@dataclass(frozen=True)
class Scores:
    """The match score: written points and rule-of-13 held points per side, and hanging points."""

    written: tuple[int, ...]
    held: tuple[int, ...]
    hanging: int = 0

    @classmethod
    def zero(cls, sides: int) -> Scores:
        return cls((0,) * sides, (0,) * sides, 0)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended and what it scored."""

    kind: str
    """``"domino"`` or ``"blocked"``."""
    winner: int | None
    """The seat that won the hand (went out, or the lightest in a block); None if level."""
    winner_side: int | None
    counted: tuple[int, ...]
    """Counted pips per seat."""
    side_pips: tuple[int, ...]
    points: tuple[int, ...]
    """Per side, before the rule of 13: penalty written against it, or points it scores."""
    pips_part: tuple[int, ...]
    """The part of ``points`` that comes from the hands' pips (no bonus, no hanging)."""
    bonus: int
    """Bonus points (R-B) in this hand, whoever they went to."""
    bonus_tiles: tuple[int, ...]
    hanging_in: int
    """Points that were hanging before this hand and joined its score."""
    hanging_added: int
    """Points this hand left hanging (a level block under ``hang``)."""
    full_fish: int
    """The winner's pips added to the loser's penalty (full fish)."""
    lone: tuple[int, ...]
    """Seats whose counted pips came from a lone 0-0 or 6-6 (R-C-5)."""
    before: Scores
    after: Scores
    hands: tuple[int, ...] = ()
    """The tiles each seat held at the end, as masks (revealed once the hand is over)."""
    fives: tuple[int, ...] = ()
    """Per side, points scored during play for multiples of 5 (All Fives, R-F-2)."""


def _winner_of_block(
    rules: Rules, counted: Sequence[int], side_pips: Sequence[int]
) -> tuple[int | None, int | None]:
    low = min(side_pips)
    if list(side_pips).count(low) > 1:
        return None, None
    side = list(side_pips).index(low)
    seats = [s for s in range(rules.players) if rules.side_of(s) == side]
    seat = min(seats, key=lambda s: (counted[s], s))
    return seat, side


def _move_tiles(move: int | Sequence[int] | None) -> tuple[int, ...]:
    if move is None:
        return ()
    if isinstance(move, int):
        return (move,)
    return tuple(move)


def _tally(
    rules: Rules,
    domino_seat: int | None,
    hands: Sequence[int],
    first_tile: int | Sequence[int] | None,
    last_tile: int | Sequence[int] | None,
    before: Scores,
    fives: Sequence[int],
    record: bool,
) -> HandResult | tuple[Scores, int | None, list[int]]:
    """Score a hand (:func:`score_hand`): its record, or with ``record`` False only the
    scores after it, the winning side and each side's points (:func:`hand_outcome`)."""
    counted = tuple([counted_pips(rules, h) for h in hands])
    sides = rules.sides
    side_pips = [0] * sides
    for seat, c in enumerate(counted):
        side_pips[rules.side_of(seat)] += c
    winner: int | None
    wside: int | None
    if domino_seat is not None:
        kind, winner, wside = "domino", domino_seat, rules.side_of(domino_seat)
    else:
        kind = "blocked"
        winner, wside = _winner_of_block(rules, counted, side_pips)

    # R-B, R-B-2: every tile of the first and of the last move counts, each tile once
    # (a one-tile hand's lead is also its last tile), wherever on the line it lies.
    bonus_list: list[int] = []
    if rules.bonus_tiles:  # (most houses have none)
        for t in (*_move_tiles(first_tile), *_move_tiles(last_tile)):
            if t in rules.bonus_tiles and t not in bonus_list:
                bonus_list.append(t)
    bonus = sum(rules.bonus_tiles[t] for t in bonus_list)

    written, held = list(before.written), list(before.held)
    hanging = before.hanging
    pips_part = [0] * sides
    points = [0] * sides
    hanging_in = hanging_added = fish = 0

    if wside is None:  # a level block
        if rules.blocked_tie == "hang":
            hanging_added = sum(side_pips) + bonus
            hanging += hanging_added
    elif rules.scoring == "penalty":
        for s in range(sides):
            if s == wside:
                continue
            if kind == "blocked" and rules.blocked == "difference":
                pips_part[s] = side_pips[s] - side_pips[wside]
            else:
                pips_part[s] = side_pips[s]
                if kind == "blocked" and rules.full_fish:
                    fish = side_pips[wside]
                    pips_part[s] += fish
            points[s] = pips_part[s] + bonus + hanging
        hanging_in, hanging = hanging, 0
        _write_penalties(rules, points, written, held)
    else:  # winner_takes
        others = [side_pips[s] for s in range(sides) if s != wside]
        if kind == "blocked" and rules.blocked == "difference":
            pips_part[wside] = sum(p - side_pips[wside] for p in others)
        else:
            pips_part[wside] = sum(others)
        if rules.end_scoring == "fives":  # R-F-3: to the nearest 5, halves up
            pips_part[wside] = round_to_5(pips_part[wside])
        points[wside] = pips_part[wside] + bonus + hanging
        written[wside] += points[wside]
        hanging_in, hanging = hanging, 0
    after = Scores(tuple(written), tuple(held), hanging)
    if not record:
        return after, wside, points
    lone = tuple(
        s
        for s, h in enumerate(hands)
        if h and h & (h - 1) == 0 and counted[s] != tiles.VALUE[h.bit_length() - 1]
    )
    return HandResult(
        kind=kind,
        winner=winner,
        winner_side=wside,
        counted=counted,
        side_pips=tuple(side_pips),
        points=tuple(points),
        pips_part=tuple(pips_part),
        bonus=bonus,
        bonus_tiles=tuple(bonus_list),
        hanging_in=hanging_in,
        hanging_added=hanging_added,
        full_fish=fish,
        lone=lone,
        hands=tuple(hands),
        fives=tuple(fives) if fives else (0,) * sides,
        before=before,
        after=after,
    )


def score_hand(
    rules: Rules,
    domino_seat: int | None,
    hands: Sequence[int],
    first_tile: int | Sequence[int] | None,
    last_tile: int | Sequence[int] | None,
    before: Scores,
    fives: Sequence[int] = (),
) -> HandResult:
    """Score a hand that ended by ``domino_seat`` going out, or blocked if None.

    ``first_tile`` and ``last_tile`` are the tiles of the hand's first and last
    moves: one tile, or both doubles of a two-doubles move (R-B-2).
    ``fives``: points each side already scored during the hand (All Fives),
    included in ``before``; recorded in the result for the breakdown.
    """
    res = _tally(rules, domino_seat, hands, first_tile, last_tile, before, fives, True)
    assert isinstance(res, HandResult)
    return res


def hand_outcome(
    rules: Rules,
    domino_seat: int | None,
    hands: Sequence[int],
    first_tile: int | Sequence[int] | None,
    last_tile: int | Sequence[int] | None,
    before: Scores,
) -> tuple[Scores, int | None, list[int]]:
    """What :func:`score_hand` scores, without its record (a search scores many hands): the
    scores after the hand, the winning side (None if level) and each side's points."""
    res = _tally(rules, domino_seat, hands, first_tile, last_tile, before, (), False)
    assert not isinstance(res, HandResult)
    return res


def _write_penalties(rules: Rules, points: list[int], written: list[int], held: list[int]) -> None:
    """Write each side's penalty, holding small ones under the rule of 13 (R-13-1…3).

    With 3-4 sides several may be penalized in one hand: a side starting to hold
    clears what the others held *before* this hand, never a penalty of this hand.
    """
    before = list(held)
    started = []
    for s, pen in enumerate(points):
        if pen <= 0:
            continue
        if rules.rule_of_13 and written[s] == 0:
            if pen < RULE_OF_13:
                if held[s] == 0:
                    started.append(s)
                held[s] += pen  # R-13-1: held, not written
            else:  # R-13-2: written together with what was held
                written[s] += pen + held[s]
                held[s] = 0
        else:
            written[s] += pen
    if started:  # R-13-3: the others' held points are cleared
        for o in range(len(held)):
            if o not in started and held[o]:
                held[o] -= before[o]


@dataclass(frozen=True)
class MatchResult:
    winner_side: int | None
    """The one winning side; None for a drawn single hand, or when several share the win."""
    loser_side: int | None
    reason: str
    """``"target"``, ``"single_hand"``, ``"time"``, ``"resign"`` or ``"rounds"`` (the last
    round of Mexican Train or Chicken Foot was played)."""
    winners: tuple[int, ...] = ()
    """Every winning side, lowest first: ``(winner_side,)``, empty for a draw, or several
    tied for the lowest total in Mexican Train and Chicken Foot, who share the win (R-TR-6)."""

    def __post_init__(self) -> None:
        if not self.winners and self.winner_side is not None:
            object.__setattr__(self, "winners", (self.winner_side,))


def match_result_after_hand(rules: Rules, result: HandResult) -> MatchResult | None:
    """Is the match over after this hand (R-C-6)? Who won?"""
    written = result.after.written
    if rules.target == 0:
        ws = result.winner_side
        losers = [s for s in range(rules.sides) if s != ws]
        loser = losers[0] if ws is not None and len(losers) == 1 else None
        return MatchResult(ws, loser, "single_hand")
    reached = [s for s in range(rules.sides) if written[s] >= rules.target]
    if not reached:
        return None
    if rules.target_means == "lose":
        loser = max(reached, key=lambda s: written[s])
        rest = [s for s in range(rules.sides) if s not in reached]
        winner = min(rest, key=lambda s: written[s]) if rest else None
        return MatchResult(winner, loser, "target")
    winner = max(reached, key=lambda s: written[s])
    rest = [s for s in range(rules.sides) if s != winner]
    loser = rest[0] if len(rest) == 1 else None
    return MatchResult(winner, loser, "target")


def match_result_on_loss(rules: Rules, loser_side: int, reason: str, scores: Scores) -> MatchResult:
    """A side loses at once (flag fall, resignation): the best of the rest wins."""
    rest = [s for s in range(rules.sides) if s != loser_side]
    if rules.is_rounds:  # the lowest total of the rest; ties share (R-TR-6)
        return _lowest_totals(scores, rest, loser_side, reason)
    if rules.target_means == "lose":
        winner = min(rest, key=lambda s: scores.written[s])
    else:
        winner = max(rest, key=lambda s: scores.written[s])
    return MatchResult(winner, loser_side, reason)


def describe_hand(rules: Rules, result: HandResult, names: Sequence[str]) -> list[str]:
    """The score of a hand in words, one line a fact; ``names`` per side."""
    if rules.is_rounds:
        return describe_round(rules, result, names)
    lines: list[str] = []
    n = names

    def pips(count: int) -> str:
        return f"{count} pip{'s' * (count != 1)}"

    for s, f in enumerate(result.fives):
        if f:
            lines.append(f"{n[s]} scored {f} on the ends during the hand.")
    if result.kind == "domino":
        assert result.winner_side is not None  # who went out
        lines.append(f"{n[result.winner_side]} went out (domino).")
    else:
        totals = ", ".join(f"{n[s]} {p}" for s, p in enumerate(result.side_pips))
        if result.winner_side is None:
            lines.append(f"Blocked, level: {totals}.")
        else:
            lines.append(f"Blocked: {totals}; {n[result.winner_side]} is lighter.")
    for seat in result.lone:
        lone = tiles.name(result.hands[seat].bit_length() - 1)
        lines.append(f"A lone {lone} counts {result.counted[seat]}.")
    if result.winner_side is None:
        if result.hanging_added:
            hang = result.hanging_added
            lines.append(
                f"Nobody writes; {hang} point{'s hang' if hang != 1 else ' hangs'} "
                f"(now {result.after.hanging})."
            )
        else:
            lines.append("Nobody scores.")
        return lines
    for t in result.bonus_tiles:
        lines.append(f"Bonus {tiles.name(t)}: {rules.bonus_tiles[t]} points.")
    for s in range(rules.sides):
        pts = result.points[s]
        if pts <= 0:
            continue
        parts = [pips(result.pips_part[s])]
        if rules.end_scoring == "fives" and rules.scoring == "winner_takes":
            w = result.side_pips[s]
            others = [p for o, p in enumerate(result.side_pips) if o != s]
            diff = result.kind == "blocked" and rules.blocked == "difference"
            raw = sum(p - w for p in others) if diff else sum(others)
            parts = [f"{pips(raw)}, to the nearest 5"]
        if result.full_fish:
            parts[0] += f" (full fish: with {n[result.winner_side]}'s {result.full_fish})"
        if result.bonus:
            parts.append(f"{result.bonus} bonus")
        if result.hanging_in:
            parts.append(f"{result.hanging_in} hanging")
        how = " + ".join(parts)
        if rules.scoring == "penalty":
            wrote = result.after.written[s] - result.before.written[s]
            if wrote == 0 and result.after.held[s] > result.before.held[s]:
                lines.append(
                    f"{n[s]} takes {pts} ({how}): under 13 with nothing written, "
                    f"held by the rule of 13 ({result.after.held[s]} held in all)."
                )
            elif wrote > pts:
                lines.append(f"{n[s]} writes {wrote}: {pts} ({how}) and {wrote - pts} held before.")
            else:
                lines.append(f"{n[s]} writes {pts} ({how}).")
        else:
            lines.append(f"{n[s]} scores {pts} ({how}).")
    for s in range(rules.sides):
        if (
            result.before.held[s]
            and not result.after.held[s]
            and (result.after.written[s] == result.before.written[s])
        ):
            lines.append(f"{n[s]}'s held {result.before.held[s]} is cleared (rule of 13).")
    return lines


# ------------------------------------------------ Mexican Train and Chicken Foot (§8)
def round_penalties(
    rules: Rules, hands: Sequence[int], written: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A round's penalties (R-TR-5, R-CF-5): what each seat writes, the pips left in its hand
    (0 for the one who went out; a 0-0 counts ``blank_double_counts``), and each seat's total
    after it, from the totals ``written`` before: ``(counted, written after)``. The whole of
    :func:`score_round`'s arithmetic, without its record (a search scores many rounds)."""
    counted = tuple(counted_pips(rules, h) for h in hands)
    return counted, tuple(w + c for w, c in zip(written, counted))


def score_round(
    rules: Rules, domino_seat: int | None, hands: Sequence[int], before: Scores
) -> HandResult:
    """Score a round of Mexican Train or Chicken Foot: ``domino_seat`` went out, or
    nobody could play with the boneyard empty (None).

    R-TR-5, R-CF-5: every player writes the pips left in their hand as a penalty
    (the one who went out writes 0); any 0-0 left counts ``blank_double_counts``.
    ``winner`` is who went out, or in a blocked round the lightest hand (None if
    two or more are level).
    """
    counted, written = round_penalties(rules, hands, before.written)
    winner: int | None
    if domino_seat is not None:
        kind, winner = "domino", domino_seat
    else:
        kind = "blocked"
        low = min(counted)
        winner = counted.index(low) if counted.count(low) == 1 else None
    return HandResult(
        kind=kind,
        winner=winner,
        winner_side=winner,
        counted=counted,
        side_pips=counted,
        points=counted,
        pips_part=counted,
        bonus=0,
        bonus_tiles=(),
        hanging_in=0,
        hanging_added=0,
        full_fish=0,
        lone=(),
        before=before,
        after=Scores(written, before.held, 0),
        hands=tuple(hands),
        fives=(0,) * len(counted),
    )


def match_result_after_round(rules: Rules, result: HandResult, round_no: int) -> MatchResult | None:
    """After round ``round_no`` (1-based): the match's result if it was the last round.

    R-TR-6, R-CF-5: after the last round the lowest total wins; ties share the win
    (``winners`` names them all; ``winner_side`` is None then).
    """
    if round_no < rules.round_count:
        return None
    return _lowest_totals(result.after, range(rules.sides), None, "rounds")


def _lowest_totals(scores: Scores, sides, loser: int | None, reason: str) -> MatchResult:
    sides = list(sides)
    low = min(scores.written[s] for s in sides)
    winners = tuple(s for s in sides if scores.written[s] == low)
    return MatchResult(winners[0] if len(winners) == 1 else None, loser, reason, winners)


def describe_round(rules: Rules, result: HandResult, names: Sequence[str]) -> list[str]:
    """A round of Mexican Train or Chicken Foot in words: how it ended, then each seat's pips."""
    n = names
    if result.kind == "domino":
        assert result.winner is not None  # who went out
        lines = [f"{n[result.winner]} went out (domino)."]
    else:
        lines = ["Blocked: nobody can play and the boneyard is empty."]
    for seat, pts in enumerate(result.counted):
        hand = result.hands[seat] if result.hands else 0
        if pts == 0 and seat == result.winner and result.kind == "domino":
            continue
        extra = ""
        if hand & 1 and rules.blank_double_counts:
            extra = f" (the 0-0 counts {rules.blank_double_counts})"
        lines.append(f"{n[seat]} writes {pts}{extra}; total {result.after.written[seat]}.")
    return lines
