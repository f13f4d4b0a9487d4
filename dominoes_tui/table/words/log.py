"""The move log: entries as data, and their lines."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import Event, Play, tiles
from ...engine.chicken_foot import FootBoard
from ...engine.trains import TrainsBoard, place_name
from .places import Ends, foot_place, play_place


# ---------------------------------------------------------------- the move log
@dataclass(frozen=True)
class LogEntry:
    """One line of the move log, as data: who did what, where.

    ``kind``: ``"play"``, ``"doubles"``, ``"pass"``, ``"draw"`` (draws not yet
    followed by a play or pass: ``drew`` tiles so far), or a table note:
    ``"redeal"``, ``"hand_over"``. ``seat`` is None for a note.
    """

    hand_no: int
    seat: int | None
    kind: str
    text: str
    tile: int | None = None
    second: int | None = None
    end: int | None = None
    drew: int = 0
    """Tiles drawn this turn before it (or so far, for ``"draw"``)."""
    scored: int = 0
    """Points the play scored at once (All Fives, R-F-2)."""
    ends: tuple[int, ...] = ()
    """The open ends' numbers just before it (a pass showed it had none of them)."""
    what: str = ""
    """The text without the seat's name in front ("played 6-3 on the 6")."""
    brief: str = ""
    """The move in a few characters, for a seat's name ("6-3", "passed", "drew 2…")."""


def _no(ends: Sequence[int]) -> str:
    """What a pass on ``ends`` says the seat lacked; no ends: Chicken Foot's round before its
    double is in the centre, when only that double may be laid (R-CF-1)."""
    nums = sorted(set(ends))
    if not nums:
        return "no centre double"
    return "no " + " or ".join(str(n) for n in nums)


def _drew(n: int) -> str:
    return f"drew {n}"


def log_entries(
    events: Sequence[Event],
    names: Sequence[str],
    hand_no: int = 0,
    where: Callable[[int, int], str] | None = None,
    places: Mapping[int, str] | None = None,
) -> list[LogEntry]:
    """One entry per turn: draws are gathered into the play or pass that ended them.

    ``where(place, seat)``: a Mexican Train or Chicken Foot place in words for
    the seat that played there (:func:`place_words`); None for the line games.
    ``places``: a line game's places as :func:`~.places.play_place` said them when
    each tile was laid (by the event's index, :func:`~.places.said_place`: ``on the 6
    of 6-6``); a play missing there is named from its event's ends (``on the 6``), by
    the same function.
    """
    out: list[LogEntry] = []
    draws = 0
    drawer: int | None = None

    def drawing(seat: int, n: int, more: str = "") -> LogEntry:
        what = f"{_drew(n)}{more}"
        return LogEntry(
            hand_no, seat, "draw", f"{names[seat]} {what}", drew=n, what=what, brief=what
        )

    for i, e in enumerate(events):
        who = names[e.seat]
        if e.kind == "draw":
            if drawer is not None and drawer != e.seat and draws:
                out.append(drawing(drawer, draws))
                draws = 0
            drawer = e.seat
            draws += 1
            continue
        drew = draws if draws and drawer == e.seat else 0
        prefix = f"{_drew(drew)} and " if drew else ""
        brief = f"{_drew(drew)}, " if drew else ""
        draws, drawer = 0, None
        if e.kind == "play":
            name = tiles.name(e.tile)
            if e.end is None:
                what = f"{prefix}{'played' if where else 'led'} {name}"
                what += " in the centre" if where else ""
                brief += f"{'centre' if where else 'led'} {name}"
            elif where is not None:
                what = f"{prefix}played {name} on {where(e.end, e.seat)}"
                brief += name
            else:
                said = places.get(i) if places else None
                if said is None:
                    said = play_place(Ends(e.ends), Play(e.tile, e.end))
                what = f"{prefix}played {name} {said}"
                brief += name
            if e.scored:  # All Fives, R-F-2
                what += f", scoring {e.scored}"
                brief += f" scored {e.scored}"
            out.append(
                LogEntry(
                    hand_no,
                    e.seat,
                    "play",
                    f"{who} {what}",
                    e.tile,
                    None,
                    e.end,
                    drew,
                    e.scored,
                    e.ends,
                    what,
                    brief,
                )  # fmt: skip
            )
        elif e.kind == "doubles":
            pair = f"{tiles.name(e.tile)} and {tiles.name(e.second)}"
            what = f"{prefix}played two doubles: {pair}"
            brief += pair
            out.append(
                LogEntry(
                    hand_no,
                    e.seat,
                    "doubles",
                    f"{who} {what}",
                    e.tile,
                    e.second,
                    None,
                    drew,
                    e.scored,
                    (),
                    what,
                    brief,
                )  # fmt: skip
            )
        elif e.kind == "pass":
            what = f"{prefix}passed: {_no(e.ends)}"
            brief += "passed"
            out.append(
                LogEntry(
                    hand_no,
                    e.seat,
                    "pass",
                    f"{who} {what}",
                    drew=drew,
                    ends=e.ends,
                    what=what,
                    brief=brief,
                )  # fmt: skip
            )
        elif e.kind == "stop":
            what = "ended the first-turn run"
            out.append(LogEntry(hand_no, e.seat, "stop", f"{who} {what}", what=what, brief="stop"))
    if draws and drawer is not None:
        out.append(drawing(drawer, draws, "…"))
    return out


def place_words(game: Any, names: Sequence[str]) -> Callable[[int, int], str] | None:
    """Mexican Train's trains and Chicken Foot's arms and toes in words, for the log
    (``"their train"``, ``"East's train"``, ``"the Mexican train"``, ``"arm 2"``,
    ``"5-5's first toe"``, as :func:`~.places.move_words` names them); None for a line
    game.

    Places are numbered once and never renumbered, so the layout at the end of a
    round names every place played during it.
    """
    board = game.board() if hasattr(game, "board") else None
    if isinstance(board, TrainsBoard):
        players = board.players

        def train(place: int, seat: int) -> str:
            if place == seat:
                return "your train" if seat == 0 else "their train"
            return place_name(place, players, 0, names)

        return train
    if isinstance(board, FootBoard):
        foot = board

        def line(place: int, seat: int) -> str:
            return foot_place(foot, place)

        return line
    return None


def log_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The log's lines: one per turn (see :func:`log_entries`)."""
    return [e.text for e in log_entries(events, names)]


def redeal_line(redeals: int) -> str:
    """The log's note for a hand dealt more than once (R-C-2)."""
    times = "once" if redeals == 1 else f"{redeals} times"
    return f"Redealt {times}"


def hand_over_line(hand_no: int, rounds: bool = False) -> str:
    """The log's line between hands; the rounds games (Mexican Train, Chicken Foot)
    say round.

    >>> hand_over_line(2), hand_over_line(1, rounds=True)
    ('— hand 2 over —', '— round 1 over —')
    """
    return f"— {hand_word(rounds)} {hand_no} over —"


def hand_word(rounds: bool) -> str:
    """What the house calls a deal played out: ``hand``, or ``round`` in the rounds
    games (Mexican Train, Chicken Foot)."""
    return "round" if rounds else "hand"
