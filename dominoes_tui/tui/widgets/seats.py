"""The seats row: every seat at the table on one line, whose turn it is, who played what.

Pure text helpers (Rich ``Text``) for the table's top row, for any number of
seats and any layout of the felt (a line, a spinner, trains): each seat shows a
turn marker (``▶``), its name, its partner in words, its tiles left, its clock,
and what it did last this hand (``6-3``, ``passed``); then a fixed-width
"thinking…" slot (so nothing jumps when a CPU starts or stops thinking) and the
boneyard. The row is fitted to the width it has: details go (tile backs, the
boneyard's long words, the last moves) before anything that says whose turn it
is or who is your partner. Given ``widest`` (the widest last move the house can
say, :func:`~dominoes_tui.table.words.widest_last`), the form is chosen by the
widest the row can be (two-digit tile counts and boneyard, the widest last move
beside every seat), so it stays the same from turn to turn at a given width.

The names themselves (``seat_names``, ``side_names``, ``partner_of``) live with
the session's words (:mod:`dominoes_tui.table.words`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from rich.text import Text

from ...table.words import LOWEST_WINS, SeatInfo, partner_of, seat_names, side_names

BACK = "▮"
TURN = "▶"
TURN_STYLE = "bold #ffe066"
NAME_STYLE = "bold"
PARTNER_STYLE = "#8fd0ff"
BACK_STYLE = "#b03a2e"
LAST_STYLE = "#cfe0d6"
THINKING = "thinking…"
THINKING_STYLE = "italic #e0c870"

__all__ = [
    "Boneyard",
    "hand_rows",
    "partner_of",
    "seat_names",
    "seat_rows",
    "seats_text",
    "side_names",
]


@dataclass(frozen=True)
class Boneyard:
    """What the boneyard row says: tiles one may draw, tiles kept back, or none at all."""

    drawable: int
    kept: int = 0
    draws: bool = True
    """False: a house without drawing (the tiles left over are only set aside)."""

    def forms(self) -> list[Text]:
        """Richest first."""
        if not self.draws:
            if not self.drawable + self.kept:
                return [Text()]
            n = self.drawable + self.kept
            return [
                Text(f"{n} set aside (no drawing)", style="dim"),
                Text(f"{n} set aside", style="dim"),
                Text(f"{n} aside", style="dim"),
            ]
        k = self.kept
        out = []
        for label, tail in (
            ("Boneyard ", f"{self.drawable} to draw" + (f", {k} never drawn" if k else "")),
            ("Boneyard ", f"{self.drawable} to draw" + (f" (+{k} kept)" if k else "")),
            ("Boneyard ", f"{self.drawable}" + (f" +{k} kept" if k else "")),
            ("Bone ", f"{self.drawable}" + (f"+{k}" if k else "")),
        ):
            t = Text()
            t.append(label, style="bold")
            t.append(tail)
            out.append(t)
        return out


SHORT_MOVES = {"passed": "pass"}
"""A move said in the row's short form (``tile``): what it laid, or what it did."""


def _brief(last: str, form: str) -> str:
    """A seat's last move, in full (``drew 3, 10-1``) or just what it laid or did
    (``10-1``, Chicken Foot's ``centre 9-9`` as ``9-9``, ``pass``, ``drew…`` while it
    draws).

    >>> [_brief(w, "tile") for w in ("drew 3, 10-1", "centre 9-9", "drew 1, passed", "drew 2…")]
    ['10-1', '9-9', 'pass', 'drew…']
    """
    if form == "tile":
        said = last.split(", ", 1)[-1].removeprefix("centre ")
        if said.startswith("drew ") and said.endswith("…"):
            return "drew…"
        return SHORT_MOVES.get(said, said)
    return last


COUNT_FORMS = ("tiles", "dot")
"""How a seat's tiles follow its name on the seats row, richest first: ``North · 6
tiles``, ``North · 6`` (a name ending in a digit never touches the count: ``CPU 1 · 6``).
Never ``North: 6`` there: the scores row under it says ``North: 6`` for points."""


def count_words(name: str, tiles: int, form: str) -> str:
    """The words between a seat's name (and its tile backs) and what it did last.

    >>> [count_words("North", 6, f) for f in (*COUNT_FORMS, "colon")]
    ['North · 6 tiles', 'North · 6', 'North: 6']
    >>> count_words("CPU 1", 1, "tiles")
    'CPU 1 · 1 tile'
    """
    return name + _count(tiles, form)


def _count(n: int, form: str) -> str:
    if form == "tiles":
        return f" · {n} tile{'' if n == 1 else 's'}"
    if form == "dot":
        return f" · {n}"
    return f": {n}"


def _seat(
    s: SeatInfo,
    backs: int,
    last: str,
    partner_words: str,
    clock: Text | None,
    count: str = "tiles",
    thinks: str = "",
) -> Text:
    t = Text()
    t.append(TURN if s.turn else " ", style=TURN_STYLE)
    t.append(s.name, style=TURN_STYLE if s.turn else NAME_STYLE)
    if s.partner:
        t.append(partner_words, style=PARTNER_STYLE)
    if s.revealed is not None:
        t.append(": ")
        t.append(" ".join(s.revealed) if s.revealed else "out", style="#f3ecd8")
        return t
    if backs and s.seat != 0:
        t.append(" ")
        t.append(BACK * min(s.tiles, backs), style=BACK_STYLE)
        if s.tiles > backs:
            t.append("…", style=BACK_STYLE)
        if count == "colon":
            count = "dot"  # "East ▮▮▮▮▮: 5" would tie the colon to the backs
    t.append(_count(s.tiles, count))
    if clock is not None and clock.plain:
        t.append(" ")
        t.append_text(clock)
    if thinks:  # beside the seat that thinks, in place of its last move
        t.append(" · " if len(thinks) > 1 else " ")
        t.append(thinks, style=THINKING_STYLE)
    elif last and s.last:
        t.append(" · ")
        t.append(_brief(s.last, last), style=LAST_STYLE)
    return t


def seats_text(
    seats: Sequence[SeatInfo],
    width: int,
    thinking: int | None = None,
    boneyard: Boneyard | None = None,
    clocks: Mapping[int, Text] | None = None,
    backs: bool = True,
    widest: tuple[str, str, int] | None = None,
) -> Text:
    """The seats row fitted to ``width`` cells: the richest form that fits (``backs``:
    False leaves the tile backs out, for seats laid on two rows alike). ``thinking``:
    the seat whose CPU thinks now, said beside it ("thinking…" in place of its last
    move); room for it is kept in every form, so the row keeps its form when a CPU
    starts or stops thinking. ``widest``: the house's widest last move, in full and
    shortened, and the most tiles a hand holds (see the module): the form the widest
    row fits, the same all hand long.

    >>> from dominoes_tui.table.words import SeatInfo
    >>> row = seats_text([SeatInfo(0, "You", 5, turn=True), SeatInfo(1, "East", 5, last="6-3"),
    ...                   SeatInfo(2, "North", 5, partner=True), SeatInfo(3, "West", 4)], 80)
    >>> row.plain
    '▶You · 5    East · 5 · 6-3    North (partner) · 5    West · 4'
    >>> seats_text([SeatInfo(0, "You", 5), SeatInfo(1, "CPU", 6, turn=True)],
    ...            60, thinking=1).plain
    ' You · 5 tiles   ▶CPU ▮▮▮▮▮▮ · 6 tiles · thinking…'
    >>> seats_text([SeatInfo(0, "You", 7), SeatInfo(1, "CPU 1", 11, turn=True, last="6-3"),
    ...             SeatInfo(2, "CPU 2", 6, last="12-8")], 44, thinking=1).plain
    ' You · 7 ▶CPU 1 · 11 · thinking…  CPU 2 · 6'
    """
    many = len(seats) > 2
    return _fitted([seats], width, thinking, boneyard, clocks or {}, backs, many, widest)


def _fitted(
    rows: Sequence[Sequence[SeatInfo]],
    width: int,
    thinking: int | None,
    boneyard: Boneyard | None,
    clocks: Mapping[int, Text],
    backs: bool,
    many: bool,
    widest: tuple[str, str, int] | None = None,
) -> Text:
    """``rows`` of seats (the boneyard after the first), all in the richest form that
    fits every row in ``width`` with room for "thinking…"; with ``widest``, the richest
    form the widest such rows fit (see the module), else the one these rows fit."""
    forms = boneyard.forms() if boneyard is not None else [Text()]
    # the widest the boneyard can say as it is drawn from: two digits (a house without
    # drawing sets its tiles aside once: they stay as they are)
    widest_bone = forms
    if widest is not None and boneyard is not None and boneyard.draws:
        widest_bone = replace(boneyard, drawable=max(boneyard.drawable, 10)).forms()
    tries = []
    lasts = ("full", "tile", "") if many else ("",)  # with two, the move log says it all
    # what goes first: wide separators, "tiles", the boneyard's words (a cryptic
    # "9 +1 kept" reads worse than "CPU · 10"), the tile backs, the last moves;
    # "thinking…" shrinks to "…" only when nothing else is left
    for think in (THINKING, "…"):
        for last in lasts:
            for n_backs in ((5 if many else 7), 0) if backs else (0,):
                for bone in range(len(forms)):
                    for count in COUNT_FORMS:
                        for sep in ("   ", "  ", " "):
                            tries.append((n_backs, last, bone, sep, count, think))

    def row(i: int, form: tuple, thinks: int | None, pad: int = 0) -> Text:
        n_backs, last, bone_at, sep, count, think = form
        bone = forms[bone_at] if i == 0 and bone_at is not None else Text()
        return _row(
            rows[i], n_backs, last, bone, sep, " (partner)", thinks, clocks, count, think, pad
        )

    def stand_in(s: SeatInfo, last: str) -> SeatInfo:
        """The seat at its widest this hand: the most tiles, the widest last move."""
        if widest is None or s.revealed is not None:
            return s
        said = max(_brief(s.last, last), widest[0] if last == "full" else widest[1], key=len)
        return replace(s, tiles=max(s.tiles, widest[2]), last=said if last else s.last)

    shown = [[list(seats) for seats in rows]]
    if widest is not None:
        shown.insert(0, [[stand_in(s, "full") for s in seats] for seats in rows])
        shown.insert(1, [[stand_in(s, "tile") for s in seats] for seats in rows])

    # A row's width is its seats' widths, the separators and the boneyard's words; a seat's
    # width depends only on its backs, last move and count, so each is measured once (the
    # tries above repeat them many times over).
    seat_cells: dict[tuple[int, int, int, int, str, str], int] = {}

    def measured(last: str, widest_too: bool) -> tuple[int, list[list[SeatInfo]]]:
        """Which seats to measure a form by: the widest stand-ins, or the seats as they are."""
        if not widest_too or widest is None:
            return len(shown) - 1, shown[-1]
        k = 0 if last == "full" else 1
        return k, shown[k]

    def seat_len(k: int, i: int, j: int, n_backs: int, last: str, count: str) -> int:
        key = (k, i, j, n_backs, last, count)
        if key not in seat_cells:
            s = shown[k][i][j]
            seat = _seat(s, n_backs, last, " (partner)", clocks.get(s.seat), count)
            seat_cells[key] = seat.cell_len
        return seat_cells[key]

    def row_cells(form: tuple, i: int, widest_too: bool, bone_too: bool = True) -> int:
        n_backs, last, bone_at, sep, count, think = form
        k, seats = measured(last, widest_too)
        cells = sum(seat_len(k, i, j, n_backs, last, count) for j in range(len(seats[i])))
        cells += len(sep) * (len(seats[i]) - 1)
        bone = (widest_bone if widest_too else forms)[bone_at] if bone_at is not None else Text()
        if i == 0 and bone_too and bone.plain:
            cells += len(sep) + bone.cell_len
        return cells + _reserve(seats[i], last, think)

    def fits(form: tuple, widest_too: bool) -> bool:
        return all(row_cells(form, i, widest_too) <= width for i in range(len(rows)))

    form = None
    widest_too = False
    for widest_too in (True, False) if widest is not None else (False,):
        form = next((f for f in tries if fits(f, widest_too)), None)
        if form is None:  # a hand face up that needs the whole row: the boneyard gives way
            form = next(
                (
                    f[:2] + (None,) + f[3:]
                    for f in tries
                    if fits(f[:2] + (None,) + f[3:], widest_too)
                ),
                None,
            )
        if form is not None:
            break
    if form is None:
        form = tries[-1][:2] + (None,) + tries[-1][3:]
    # the boneyard keeps its place: the seats before it take the room the widest seats
    # (or "thinking…") need
    n_backs, last, _, sep, count, think = form
    pad = row_cells(form, 0, widest_too, bone_too=False)
    out = [row(0, form, thinking, pad)]
    out += [row(i, form, thinking) for i in range(1, len(rows))]
    for t in out:
        t.truncate(width)  # cannot happen at 80 columns with up to 8 seats (tested)
    return Text("\n").join(out)


def seat_rows(
    seats: Sequence[SeatInfo],
    width: int,
    thinking: int | None = None,
    boneyard: Boneyard | None = None,
    clocks: Mapping[int, Text] | None = None,
    widest: tuple[str, str, int] | None = None,
) -> Text:
    """The seats as the table shows them: one row of up to four seats, or two rows
    (the first half with the boneyard, the rest under them) beyond four, both in the
    same form; "thinking…" beside the seat that thinks; ``widest``: see the module."""
    if len(seats) <= 4:
        return seats_text(seats, width, thinking, boneyard, clocks, widest=widest)
    half = (len(seats) + 1) // 2
    halves = [seats[:half], seats[half:]]
    return _fitted(
        halves, width, thinking, boneyard, clocks or {}, backs=False, many=True, widest=widest
    )


REVEALED_STYLE = "#f3ecd8"
"""A hand's tiles face up, in words (the seats row at a hand's end, a replay's hands)."""


def hand_rows(
    seats: Sequence[SeatInfo],
    width: int,
    tail: Text | None = None,
    face: Callable[[str], str] = lambda name: REVEALED_STYLE,
) -> Text:
    """Hands face up (a replay), each as the seats row says a hand shown at a hand's end
    (``CPU 1: 6-3 12-8``, ``CPU 5: out``), the turn marker and a partner's words with it;
    packed on lines of ``width`` cells three spaces apart, a hand that does not fit what
    is left of a line on the next one, one longer than a line going on under its first
    tile. A name is never parted from its first tile; nothing is cut. ``tail``: said
    after the last hand (the boneyard); ``face``: a tile's style, by its name.

    >>> seats = [SeatInfo(1, "CPU 1", 3, revealed=("0-0", "6-3", "12-8")),
    ...          SeatInfo(2, "CPU 2", 0, turn=True, revealed=()),
    ...          SeatInfo(3, "CPU 3", 4, revealed=("1-1", "2-2", "3-3", "4-4"))]
    >>> print(hand_rows(seats, 36, Text("Boneyard 9")).plain)
     CPU 1: 0-0 6-3 12-8   ▶CPU 2: out
     CPU 3: 1-1 2-2 3-3 4-4   Boneyard 9
    >>> print(hand_rows(seats[2:], 20).plain)
     CPU 3: 1-1 2-2 3-3
            4-4
    """
    sep = "   "
    lines: list[Text] = []
    line = Text()

    def room(n: int) -> bool:
        return line.cell_len + n <= width

    for s in seats:
        head = Text()
        head.append(TURN if s.turn else " ", style=TURN_STYLE)
        head.append(s.name, style=TURN_STYLE if s.turn else NAME_STYLE)
        if s.partner:
            head.append(" (partner)", style=PARTNER_STYLE)
        head.append(": ")
        words = [Text(w, style=face(w)) for w in s.revealed or ()] or [Text("out", "italic")]
        whole = head.cell_len + sum(w.cell_len + 1 for w in words) - 1
        if line.cell_len and not room(len(sep) + whole):
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(sep)
        indent = line.cell_len + head.cell_len
        line.append_text(head)
        line.append_text(words[0])
        for w in words[1:]:
            if not room(1 + w.cell_len):
                lines.append(line)
                line = Text(" " * min(indent, max(0, width - w.cell_len)))
            else:
                line.append(" ")
            line.append_text(w)
    if tail is not None and tail.plain:
        if line.cell_len and not room(len(sep) + tail.cell_len):
            lines.append(line)
            line = Text(" ")
        elif line.cell_len:
            line.append(sep)
        line.append_text(tail)
    lines.append(line)
    return Text("\n").join(lines)


def _reserve(seats: Sequence[SeatInfo], last: str, think: str = THINKING) -> int:
    """The cells "thinking…" adds beside the CPU seat it widens most (in place of its
    last move when the row shows last moves; none when it is no wider than the move)."""
    said = len((" · " if len(think) > 1 else " ") + think)
    return max(
        0,
        *(said - (len(" · " + _brief(s.last, last)) if last and s.last else 0) for s in seats
          if s.seat != 0),
    )  # fmt: skip


def _row(
    seats: Sequence[SeatInfo],
    backs: int,
    last: str,
    bone: Text,
    sep: str,
    partner_words: str,
    thinking: int | None,
    clocks: Mapping[int, Text],
    count: str = "tiles",
    think: str = THINKING,
    pad: int = 0,
) -> Text:
    """One row of seats, then the boneyard; ``pad``: the seats take at least that many
    cells (the boneyard stays put when "thinking…" comes and goes)."""
    t = Text()
    for i, s in enumerate(seats):
        if i:
            t.append(sep)
        thinks = think if thinking is not None and s.seat == thinking else ""
        t.append_text(_seat(s, backs, last, partner_words, clocks.get(s.seat), count, thinks))
    if bone.plain:
        t.pad_right(max(0, pad - t.cell_len))
        t.append(sep)
        t.append_text(bone)
    return t


STAKE_STYLE = "#ffe9a8"
WARN_STYLE = "#f0a050"
SCORED_STYLE = "bold #7ee07e"


def scores_text(
    target: str,
    sides: Sequence[tuple[str, str, int]],
    stakes: Sequence[str],
    width: int,
    rows: int = 1,
    lead: Sequence[Text] = (),
    tail: Sequence[Text] = (),
) -> Text:
    """The scores row fitted to ``width``: the target, each side's ``(name, score,
    points just scored)`` and what is at stake (hanging points, a bonus led, All
    Fives' ends). Separators tighten first, then the target's words; a side's
    score and a stake are never cut, and a name never touches its score
    (``CPU 1: 0``). The round's number (``Round 3 of 13``) is said here and
    nowhere else on the table, so it is never dropped; with ``rows`` over 1 the
    sides go on as many lines as they need, up to ``rows``. ``lead`` and ``tail``:
    said before the target and after the stakes, never dropped (a replay's variant
    and how the match ended).

    >>> scores_text("101 loses", [("You", "0 (5 held)", 0), ("CPU", "12", 0)],
    ...             ["7 hanging"], 80).plain
    ' 101 loses · You: 0 (5 held) · CPU: 12 · 7 hanging'
    >>> sides = [("You", "47", 0)] + [(f"CPU {i}", str(i * 3), 0) for i in range(1, 8)]
    >>> print(scores_text("Round 2 of 13: engine 11-11", sides, [], 66, rows=2).plain)
     Round 2 of 13 · engine 11-11 · You: 47 · CPU 1: 3 · CPU 2: 6
     CPU 3: 9 · CPU 4: 12 · CPU 5: 15 · CPU 6: 18 · CPU 7: 21
    """
    targets = [target]
    if " " in target:  # "101 loses" -> "to 101"
        number = target.split()[0]
        if number.isdigit():
            targets.append(f"to {number}")
    if target.startswith("Round ") and ":" in target:  # "Round 3 of 13: engine 10-10"
        head, what = target.split(":", 1)
        targets = [f"{head} ·{what}", head]  # the felt's hub row shows the engine too
    seps = (" · ", "  ", " ")
    order = [(sep, tgt, list(stakes)) for sep in seps for tgt in targets]
    if target.startswith("Round "):  # the engine stays before wide separators go, and
        # the reminder that the lowest total wins goes before the engine
        brief = [w for w in stakes if w != LOWEST_WINS]
        said = [(tgt, stk) for tgt in targets for stk in (list(stakes), brief)]
        order = [(sep, tgt, stk) for tgt, stk in said for sep in seps[:2]]
        order += [(" ", tgt, stk) for tgt, stk in said]
    best = Text()
    # with room for more lines, one line only while its separators stay wide
    one_line = [o for o in order if rows == 1 or o[0] != " "]
    for sep, tgt, stk in one_line:
        out = _score_lines([*lead, *_score_parts(tgt, sides, stk), *tail], sep, width, 1)
        best = out
        if out.cell_len <= width:
            return out
    if rows > 1:
        for sep, tgt, stk in order:
            out = _score_lines([*lead, *_score_parts(tgt, sides, stk), *tail], sep, width, rows)
            if all(line.cell_len <= width for line in out.split("\n")):
                return out
    return best


def _score_parts(
    target: str, sides: Sequence[tuple[str, str, int]], stakes: Sequence[str]
) -> list[Text]:
    parts: list[Text] = [Text(target)] if target else []
    for name, score, scored in sides:
        t = Text()
        t.append(f"{name}: ", style="bold")
        t.append(score)
        if scored:  # All Fives: points just scored, until the next play (R-F-2)
            t.append(f" +{scored}", style=SCORED_STYLE)
        parts.append(t)
    for words in stakes:
        warn = "hanging" in words or "bonus" in words
        parts.append(Text(words, style=WARN_STYLE if warn else STAKE_STYLE))
    return parts


def _score_lines(parts: Sequence[Text], sep: str, width: int, rows: int) -> Text:
    """``parts`` joined by ``sep``, on one line, or wrapped onto at most ``rows`` lines
    (the last line takes what is left)."""
    lines: list[Text] = []
    out = Text(" ")
    for p in parts:
        if (
            out.cell_len > 1
            and out.cell_len + len(sep) + p.cell_len > width
            and (len(lines) < rows - 1)
        ):
            lines.append(out)
            out = Text(" ")
        if out.cell_len > 1:
            out.append(sep, style="dim")
        out.append_text(p)
    lines.append(out)
    return Text("\n").join(lines)
