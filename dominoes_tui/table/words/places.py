"""A move named by its place, the one way the table, its move log, the hint, the coach
and the review say it.

A line's end is named by the number it shows ("6-4 on the 4"), never by left or
right: the snake turns on screen, so the left end may be drawn anywhere. A
spinner's arm by the arm and its number ("6-1 on the up arm's 6"); Mexican
Train's trains by their owner ("on North's train", "on your train", "on the
Mexican train"); Chicken Foot's arms as the felt labels them ("on arm 2") and its
toes by the double they grow from ("on 4-4's second toe"). When both ends of the
line show the same number and make different games, the end is told by the tile it
lies on ("6-1 on the 6 of 6-6"). :func:`place_data` is
the same place for a machine (``dominoes review --json``), and
:func:`distinct_moves` makes placements with the same outcome one move.

>>> from dominoes_tui.engine import Play, load_variant, new_game, tiles
>>> g = new_game(load_variant("classic"), seed=1)
>>> move_words(g, Play(tiles.tile(6, 6)))
'6-6 to lead'
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
>>> plural(1, "unseen tile"), plural(2, "unseen tile"), plural(0, "inaccuracy")
('1 unseen tile', '2 unseen tiles', '0 inaccuracies')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import Action, Draw, Pass, Play, PlayDoubles, SeatView, Stop, fast, seat_view, tiles
from ...engine.actions import END_NAMES
from ...engine.chicken_foot import FootBoard
from ...engine.trains import TrainsBoard, place_name

TOE_WORDS = ("first", "second", "third")
"""A foot's toes in words (R-CF-3: a foot has three)."""

_IRREGULAR = {"inaccuracy": "inaccuracies", "fits": "fit"}


# ---------------------------------------------------------------- small words
def percent(x: float | None) -> str:
    """A chance or a share in words: ``0.625`` -> ``62%``; None (no figure) -> ``–``."""
    return "–" if x is None else f"{x:.0%}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, the word's last part made plural when ``n`` is not 1:
    ``1 tile``, ``2 tiles``, ``3 inaccuracies`` (``many``: the plural when it is not
    made by the rule)."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        head, _, last = word.rpartition(" ")
        last = _IRREGULAR.get(last, last + "s")
        many = f"{head} {last}" if head else last
    return f"{n} {many}"


# ---------------------------------------------------------------- the place
def _board(state: Any) -> TrainsBoard | FootBoard | None:
    """The layout of a game of rounds (a :class:`Game` has it as a method, a
    :class:`SeatView` as a field); None in the line games."""
    board = getattr(state, "board", None)
    if callable(board):
        board = board()
    return board if isinstance(board, (TrainsBoard, FootBoard)) else None


def _toe(board: FootBoard, place: int) -> tuple[int, int] | None:
    """A Chicken Foot line that is a toe: (the double it grows from, its number among
    that foot's toes, 1 first); None for an arm of the centre."""
    lines = board.lines
    parent = lines[place].parent
    if parent is None:
        return None
    toes = [i for i, ln in enumerate(lines) if ln.parent == parent]
    return lines[parent].tiles[-1].tile, toes.index(place) + 1


def foot_place(board: FootBoard, place: int, brief: bool = False) -> str:
    """A Chicken Foot line as the felt labels it: ``arm 2``, ``4-4's second toe``
    (``brief``: ``4-4 toe 2``)."""
    toe = _toe(board, place)
    if toe is None:
        return f"arm {place + 1}"
    double, k = toe
    if brief:
        return f"{tiles.name(double)} toe {k}"
    said = TOE_WORDS[k - 1] if k <= len(TOE_WORDS) else ordinal(k)
    return f"{tiles.name(double)}'s {said} toe"


def _where(state: Any, play: Play, names: Sequence[str], viewer: int, brief: bool) -> str:
    board = _board(state)
    if play.end is None:
        if board is not None:
            return "centre" if brief else "in the centre"
        return "lead" if brief else "to lead"
    if isinstance(board, TrainsBoard):
        train = place_name(play.end, board.players, viewer, names)
        return train.removeprefix("the ") if brief else f"on {train}"
    if isinstance(board, FootBoard):
        return foot_place(board, play.end, brief) if brief else f"on {foot_place(board, play.end)}"
    ends = state.ends
    end = play.end
    number = ends[end] if end < len(ends) else None
    if end >= 2:  # a spinner's arm (R-F-1)
        arm = f"{END_NAMES[end]} arm" if end < len(END_NAMES) else f"arm {end}"
        place = f"{arm}'s {number}" if number is not None else arm
        return place if brief else f"on the {place}"
    if number is None:
        return f"on the {END_NAMES[end]}"
    return f"on the {number}{_which_of_two(state, play, number)}"


def _which_of_two(state: Any, play: Play, number: int) -> str:
    """When both ends of the line show ``number`` and the tile makes a different game on
    each (a double at one end, a spinner behind the other), the end is told by the tile
    it lies on: `` of 6-6``; ``""`` when one end is as good as the other (R-M-2)."""
    ends, line = state.ends, state.line
    other = 1 - play.end
    if other >= len(ends) or ends[other] != number or len(line) < 2:
        return ""
    if same_outcome(state, play, Play(play.tile, other, play.touch)):
        return ""
    at = line[0] if play.end == 0 else line[-1]
    return f" of {tiles.name(at.tile)}"


def play_place(
    state: Any,
    play: Play,
    names: Sequence[str] = (),
    viewer: int = 0,
    *,
    brief: bool = False,
) -> str:
    """Where ``play`` goes, as :func:`move_words` says it without the tile: ``on the 4``,
    ``on the 6 of 6-6``, ``on the up arm's 6``, ``on North's train`` (``brief``: the
    fewest words)."""
    return _where(state, play, names, viewer, brief)


@dataclass(frozen=True)
class Ends:
    """A line's open ends alone (a passed event's ``ends``), for :func:`play_place` where
    the line itself is not at hand: the end is named by its number only."""

    ends: tuple[int, ...]
    line: tuple = ()


def said_place(state: Any, action: Action) -> tuple[int, str] | None:
    """A line game's tile laid on an end, for the move log: the index its event takes in
    ``state.events`` (the hand just before it) and its place as :func:`play_place` says
    it (``on the 6 of 6-6``); None for anything else (a lead, a draw, trains, a foot)."""
    if not isinstance(action, Play) or action.end is None or _board(state) is not None:
        return None
    legal = state.legal_actions() if callable(getattr(state, "legal_actions", None)) else ()
    if action not in legal:
        return None  # refused: laid nowhere
    return len(state.events), play_place(state, action)


def move_words(
    state: Any,
    action: Action,
    names: Sequence[str] = (),
    viewer: int = 0,
    *,
    brief: bool = False,
) -> str:
    """``action`` in words, its place named as the table names it: ``6-4 on the 4``,
    ``6-1 on the up arm's 6``, ``7-3 on North's train``, ``5-2 on 4-4's second toe``,
    ``6-6 to lead``, ``draw``.

    ``state``: the game or a seat's view just before the move (its ends and layout);
    ``names``: the seats' names (for a train's owner), ``viewer``: the seat that reads
    it ("your train"). ``brief``: the fewest words, for a narrow list (``6-1 up arm's
    6``, ``7-3 North's train``).
    """
    if isinstance(action, Play):
        words = f"{tiles.name(action.tile)} {play_place(state, action, names, viewer, brief=brief)}"
        if action.touch is not None:  # a matador either way round (R-MT-2)
            words += f" ({action.touch} touching)"
        return words
    if isinstance(action, PlayDoubles):
        return f"{tiles.name(action.first)} and {tiles.name(action.second)}"
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Stop):
        return "stop the run"
    return str(action)


def _tight(state: Any, play: Play, names: Sequence[str], viewer: int, tightest: bool) -> str:
    """The place in fewer words than ``brief`` for a list's narrow row: ``on 4``,
    ``on 6-6`` (the end told by the tile it lies on), ``up arm``, ``North's``,
    ``Mexican``, ``yours``; ``tightest``: a toe by its number only (``toe 2``)."""
    board = _board(state)
    if play.end is None:
        return _where(state, play, names, viewer, True)
    if isinstance(board, TrainsBoard):
        train = place_name(play.end, board.players, viewer, names).removeprefix("the ")
        train = train.removesuffix(" train")
        return "yours" if train == "your" else train
    if isinstance(board, FootBoard):
        toe = _toe(board, play.end)
        if toe is not None and tightest:
            return f"toe {toe[1]}"
        return foot_place(board, play.end, True)
    end = play.end
    if end >= 2:
        return f"{END_NAMES[end]} arm" if end < len(END_NAMES) else f"arm {end}"
    ends = state.ends
    if end >= len(ends):
        return END_NAMES[end]
    told = _which_of_two(state, play, ends[end])
    return f"on {told.removeprefix(' of ')}" if told else f"on {ends[end]}"


def move_words_within(
    state: Any, action: Action, room: int, names: Sequence[str] = (), viewer: int = 0
) -> str:
    """``action`` in the most words that fit ``room`` cells, for a list's row: the
    ``brief`` form of :func:`move_words` (``7-3 North's train``), else fewer words
    (``7-3 North's``, ``6-1 on 6-6``, ``6-1 up arm``), else without a matador's way
    round or a toe's double (``5-2 on 0``, ``5-4 toe 2``); the last if none fits."""
    forms = [move_words(state, action, names, viewer, brief=True)]
    if isinstance(action, Play):
        tile = tiles.name(action.tile)
        tight = f"{tile} {_tight(state, action, names, viewer, False)}"
        if action.touch is not None:
            forms.append(f"{tight} ({action.touch} touching)")
        forms += [tight, f"{tile} {_tight(state, action, names, viewer, True)}"]
    return next((f for f in forms if len(f) <= room), forms[-1])


def place_data(state: Any, action: Action) -> dict[str, Any]:
    """The place of ``action`` for a machine: ``{"action": "play", "tile": "6-4", "end": 0,
    "number": 4}``;
    a spinner's arm adds ``"arm": "up"``; a train ``{"train": 2, "owner": 2}`` (the
    Mexican train's owner is None); Chicken Foot ``{"line": 5, "toe": 2, "of": "4-4"}``
    or ``{"line": 1, "arm": 2}``; a lead ``{"lead": true}``; ``{"action": "draw"}``."""
    if isinstance(action, PlayDoubles):
        return {"action": "doubles", "tiles": [tiles.name(action.first), tiles.name(action.second)]}
    if not isinstance(action, Play):
        return {"action": str(action)}
    out: dict[str, Any] = {"action": "play", "tile": tiles.name(action.tile)}
    board = _board(state)
    end = action.end
    if end is None:
        out["lead" if board is None else "centre"] = True
    elif isinstance(board, TrainsBoard):
        out["train"] = end
        out["owner"] = board.trains[end].owner
        out["number"] = board.trains[end].end
    elif isinstance(board, FootBoard):
        out["line"] = end
        toe = _toe(board, end)
        if toe is None:
            out["arm"] = end + 1
        else:
            out["toe"], out["of"] = toe[1], tiles.name(toe[0])
        out["number"] = board.lines[end].end
    else:
        out["end"] = end
        if end < len(state.ends):
            out["number"] = state.ends[end]
        if end >= 2:
            out["arm"] = END_NAMES[end] if end < len(END_NAMES) else end
    if action.touch is not None:
        out["touch"] = action.touch
    return out


# ---------------------------------------------------------------- one entry per outcome
def _view(state: Any) -> SeatView:
    if isinstance(state, SeatView):
        return state
    return seat_view(state, state.turn)


def distinct_moves(state: Any, actions: Iterable[Action] | None = None) -> list[Action]:
    """``actions`` (default: every legal move) with placements of the same outcome made
    one, the first of each kept: 6-3 on either of two ends showing 3 is one move
    (the engine's :func:`~dominoes_tui.engine.fast.outcome_key`, R-M-2)."""
    view = _view(state)
    moves = list(view.legal if actions is None else actions)
    if not fast.supports(view.rules):
        return list(dict.fromkeys(moves))
    root = fast.position(view)
    seen: dict[tuple, Action] = {}
    for a in moves:
        seen.setdefault(fast.outcome_key(root, a), a)
    return list(seen.values())


def same_outcome(state: Any, a: Action, b: Action) -> bool:
    """Whether ``a`` and ``b`` lead to the same position (one move in words)."""
    return len(distinct_moves(state, [a, b])) == 1
