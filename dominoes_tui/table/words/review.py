"""The review's words: each judged decision as a player's notebook says it.

The judging is :mod:`dominoes_tui.ai.review` (the chances, the marks, what a move
leaves); here those figures become what the person reads in ``dominoes review``,
its ``--json`` lines, the Review screen and the coach: the moves named by their
place (:func:`~.places.move_words`: "6-4 on the 4", never left or right), the
decisions numbered among the person's own ("your 3rd move"), why the better move
is better, and counts said in the singular or the plural as they fall.

>>> marks_words({"blunder": 1, "mistake": 0, "inaccuracy": 2})
'1 blunder, 0 mistakes, 2 inaccuracies'
>>> marks_words({"blunder": 1, "mistake": 0, "inaccuracy": 2}, only_some=True)
'1 blunder · 2 inaccuracies'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...ai.review import MARKS, HandReview, Judgement, MatchReview, reasons, shape
from ...engine import Action, Draw, Play, PlayDoubles, SeatView, tiles
from .places import (
    distinct_moves,
    move_words,
    move_words_within,
    ordinal,
    percent,
    place_data,
    plural,
)

PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


def what_words(single_hand: bool) -> str:
    """What the chance is a chance to win: ``the hand`` or ``the match``."""
    return "the hand" if single_hand else "the match"


def marks_words(counts: dict[str, int], only_some: bool = False) -> str:
    """``1 blunder, 0 mistakes, 2 inaccuracies``; ``only_some``: only the marks there
    are, joined by `` · `` (``""`` when none)."""
    shown = [m for m in MARKS if counts.get(m, 0) or not only_some]
    said = [plural(counts.get(m, 0), m, PLURALS[m]) for m in shown]
    return (" · " if only_some else ", ").join(said)


# ---------------------------------------------------------------- one decision
def decision_words(j: Judgement) -> str:
    """``your 3rd move``: the decision counted among the person's own in its hand."""
    if j.mine:
        return f"your {ordinal(j.mine)} move"
    return f"move {j.turn}"


def action_words(j: Judgement, a: Action, names: Sequence[str] = (), *, brief: bool = False) -> str:
    """A move of ``j``'s decision, its place named as the table names it."""
    view = j.view
    if view is None:
        return str(a)
    return move_words(view, a, names, view.seat, brief=brief)


def played_words(j: Judgement, names: Sequence[str] = (), *, brief: bool = False) -> str:
    return action_words(j, j.played, names, brief=brief)


def played_within(j: Judgement, room: int, names: Sequence[str] = ()) -> str:
    """The move played in the most words that fit ``room`` cells (a list's row,
    :func:`~.places.move_words_within`)."""
    view = j.view
    if view is None:
        return str(j.played)[:room]
    return move_words_within(view, j.played, room, names, view.seat)


def best_words(j: Judgement, names: Sequence[str] = (), *, brief: bool = False) -> str:
    return action_words(j, j.best, names, brief=brief)


def every_move(
    j: Judgement, names: Sequence[str] = (), *, brief: bool = False
) -> list[tuple[str, float]]:
    """Every move of the decision and its chance, best first, placements with the same
    outcome one entry (:func:`~.places.distinct_moves`: 6-3 on either 3 is one move)."""
    values = dict(j.values)
    if not values:
        return []
    moves = list(values)
    if j.view is not None:
        # the played and the best move first, so they stand for their outcome
        first = [a for a in (j.played, j.best) if a in values]
        moves = distinct_moves(j.view, list(dict.fromkeys([*first, *moves])))
    ranked = sorted(moves, key=lambda a: -values[a])
    return [(action_words(j, a, names, brief=brief), values[a]) for a in ranked]


def why_words(j: Judgement, names: Sequence[str] = ()) -> str:
    """Why ``j``'s best move beats the one played (``""`` when the best was played)."""
    if j.best == j.played or j.view is None:
        return ""
    return why_better(j.view, j.best, j.played, names)


_NUMBERED = re.compile(r"^(sheds|keeps|scores) (\d+)")
_AGAINST = ("they could score", "spends a matador", "draws:")
"""Reasons that count against a move (Hard's words)."""


def _ends_words(ends: tuple[int, ...]) -> str:
    shown = [str(n) for n in ends]
    return ", ".join(shown[:-1]) + f" and {shown[-1]}" if len(shown) > 1 else "".join(shown)


def why_better(view: SeatView, best: Action, played: Action, names: Sequence[str] = ()) -> str:
    """One line of why ``best`` beats ``played``, in the words of the hint.

    First the hint's reasons for ``best`` that ``played`` does not share (a count
    only when it is larger: "sheds 12 pips" against 5), then what the two leave
    behind (tiles to follow, unseen tiles that fit, numbers kept), then what
    counts against ``played``; at most two, joined by "; ".
    """
    if isinstance(best, Draw):
        return "drawing wins more often in the simulations than any tile you could play"
    mine = reasons(view, best)
    theirs = reasons(view, played)
    counts = {}
    for r in theirs:
        m = _NUMBERED.match(r)
        if m:
            counts[m.group(1)] = int(m.group(2))
    out: list[str] = []
    for r in mine:
        if r in theirs or r.startswith(_AGAINST):
            continue
        m = _NUMBERED.match(r)
        if m and int(m.group(2)) <= counts.get(m.group(1), -1):
            continue
        out.append(r)
    words = move_words(view, played, names, view.seat)
    short = words
    if isinstance(played, Play) and not (isinstance(best, Play) and best.tile == played.tile):
        short = tiles.name(played.tile)
    if isinstance(played, Draw):
        out.insert(0, "plays a tile now instead of adding one to your hand")
    elif isinstance(played, (Play, PlayDoubles)) and len(out) < 2:
        b, p = shape(view, best), shape(view, played)
        if b.follow > p.follow and not any(r.startswith("keeps") for r in out):
            out.append(f"keeps {plural(b.follow, 'tile')} to follow ({p.follow} after {short})")
        if b.unseen_fit < p.unseen_fit:
            if b.unseen_fit:
                fit = "fits" if b.unseen_fit == 1 else "fit"
                left = f"only {plural(b.unseen_fit, 'unseen tile')} {fit}"
            else:
                left = "no unseen tile fits"
            out.append(f"leaves ends that {left} ({p.unseen_fit} after {short})")
        if b.numbers > p.numbers:
            out.append(f"keeps {b.numbers} different numbers in hand ({p.numbers} after {short})")
    for r in theirs:
        if r.startswith("spends"):
            out.append(f"{short} {r}")
        elif r.startswith("they could score"):
            out.append(f"after {short} {r}")
    if (
        not out
        and isinstance(played, (Play, PlayDoubles))
        and isinstance(best, (Play, PlayDoubles))
    ):
        b, p = shape(view, best), shape(view, played)
        if sorted(b.ends) != sorted(p.ends):
            out.append(f"leaves {_ends_words(b.ends)} open ({_ends_words(p.ends)} after {words})")
    if not out:
        return "it wins more often when the unseen tiles are dealt out and the hand played out"
    out = [r.replace(" or mine:", " or in your hand:") for r in out]
    return "; ".join(out[:2])


# ---------------------------------------------------------------- dominoes review
def judgement_json(j: Judgement, names: Sequence[str] = ()) -> dict[str, Any]:
    """One decision as a ``dominoes review --json`` line: the words a person reads
    beside the machine's fields (``played_place``: ``{"end": 0, "number": 4, …}``)."""
    view = j.view
    return {
        "hand": j.hand,
        "your_move": j.mine,
        "turn": j.turn,
        "move": j.move,
        "played": played_words(j, names),
        "best": best_words(j, names),
        "played_place": place_data(view, j.played) if view is not None else {},
        "best_place": place_data(view, j.best) if view is not None else {},
        "win_played": j.win_played,
        "win_best": j.win_best,
        "loss": j.loss,
        "mark": j.mark,
        "why": why_words(j, names),
    }


def json_records(rv: MatchReview, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """One object per decision, then the summary: ``dominoes review --json`` prints
    each on a line of its own (JSON Lines)."""
    return [judgement_json(j, names) for j in rv.judgements] + [rv.summary()]


def report_lines(rv: MatchReview, names: Sequence[str] = ()) -> list[str]:
    """The review in words, hand by hand: marked moves with the better one and why."""
    what = what_words(rv.single_hand)
    n = len(rv.judgements)
    lines = [
        f"{plural(n, 'decision')} judged, accuracy {percent(rv.accuracy)} "
        f"({marks_words(rv.counts())}).",
        "Accuracy: the share of your decisions within 3 points of the best move's "
        f"chance to win {what}.",
    ]
    for h in rv.hands:
        lines.append("")
        head = f"Hand {h.hand}"
        if h.judgements:
            head += f" · accuracy {percent(h.accuracy)} ({plural(len(h.judgements), 'decision')})"
        else:
            head += " · no decisions to judge (every move was forced)"
        lines.append(f"{head} · {result_words(rv, h)}")
        for j in h.marked:
            said = decision_words(j)
            lines.append(
                f"  {said[0].upper()}{said[1:]}, {j.mark} (−{j.loss * 100:.1f} points): you "
                f"played {played_words(j, names)}, {percent(j.win_played)} to win {what}."
            )
            lines.append(
                f"    Better: {best_words(j, names)}, {percent(j.win_best)}: {why_words(j, names)}."
            )
        if h.judgements and not h.marked:
            lines.append("  No marked moves.")
    return lines


def result_words(rv: MatchReview, h: HandReview) -> str:
    """How the hand went for the person: ``you won it, 12 points to you``."""
    if not h.finished:
        return "not finished"
    if h.winner_side is None:
        return "level"
    pts = h.points
    they = "the CPU" if rv.players == 2 else "the other side"
    if rv.penalty:  # the points are written against a side
        if h.winner_side == rv.side:
            return "you won it"
        mine = pts[rv.side] if rv.side < len(pts) else 0
        against = plural(mine, "penalty point")
        return f"you lost it, {against} against you" if mine else "you lost it"
    got = pts[h.winner_side] if h.winner_side < len(pts) else 0
    points = plural(got, "point")
    if h.winner_side == rv.side:
        return f"you won it, {points} to you" if got else "you won it"
    return f"you lost it, {points} to {they}" if got else "you lost it"
