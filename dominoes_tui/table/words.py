"""The table's words, without a UI: seat names, move-log entries, scores, prompts.

Every sentence the table says that depends on the game is made here (or by the
session from these pieces), so it is tested without Textual. The TUI renders
them; it adds styles, never words about the game.

>>> from dominoes_tui.engine import Event, tiles
>>> log_lines([Event(1, "draw", (4, 6)), Event(1, "draw", (4, 6)),
...            Event(1, "play", (4, 6), tiles.tile(6, 3), 1)], ("You", "CPU"))
['CPU drew 2 and played 6-3 on the 6']
>>> log_lines([Event(0, "play", (5, 0), tiles.tile(5, 5), 0, scored=10)], ("You", "CPU"))
['You played 5-5 on the 5, scoring 10']
>>> log_lines([Event(1, "play", (3, 0, 1, 1), tiles.tile(6, 1), 2)], ("You", "CPU"))
['CPU played 6-1 on the up arm']
>>> seat_names(4, partners=True)
('You', 'East', 'North', 'West')
>>> side_names(4, partners=True)
('You & North', 'East & West')
>>> seat_names(3, partners=False), side_names(2, partners=False)
(('You', 'East', 'West'), ('You', 'CPU'))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Event, HandResult, MatchResult, Rules, Scores, tiles
from ..engine.actions import END_NAMES
from ..engine.chicken_foot import FootBoard, line_name
from ..engine.trains import TrainsBoard, place_name

RESUMED = "Welcome back: the match is as you left it. Press any key to go on (clocks stopped)."
END_KEYS = ("←", "→", "↑", "↓")
"""The key that picks each end (left, right, up, down) when a tile fits several."""


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
    nums = sorted(set(ends))
    return "no " + " or ".join(str(n) for n in nums)


def _drew(n: int) -> str:
    return f"drew {n}"


def where_words(end: int | None, ends: Sequence[int] = ()) -> str:
    """Where a tile went: ``"4"`` (the end showing 4: the line's ends are named by
    their number, which never depends on where the snake turned on screen), or
    ``"up arm"`` (a spinner's arm, drawn leaving it upward)."""
    if end is None:
        return ""
    if not isinstance(end, int) or end >= len(END_NAMES):
        return str(end)
    if end >= 2:
        return END_NAMES[end] + " arm"
    if end < len(ends):
        return str(ends[end])
    return END_NAMES[end]


def log_entries(
    events: Sequence[Event],
    names: Sequence[str],
    hand_no: int = 0,
    where: Callable[[int, int], str] | None = None,
) -> list[LogEntry]:
    """One entry per turn: draws are gathered into the play or pass that ended them.

    ``where(place, seat)``: a Mexican Train or Chicken Foot place in words for
    the seat that played there (:func:`place_words`); None for the line games.
    """
    out: list[LogEntry] = []
    draws = 0
    drawer: int | None = None

    def drawing(seat: int, n: int, more: str = "") -> LogEntry:
        what = f"{_drew(n)}{more}"
        return LogEntry(
            hand_no, seat, "draw", f"{names[seat]} {what}", drew=n, what=what, brief=what
        )

    for e in events:
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
                what = f"{prefix}played {name} on the {where_words(e.end, e.ends)}"
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
    ``"a toe of the 5-5"``); None for a line game.

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
        lines = board.lines

        def line(place: int, seat: int) -> str:
            parent = lines[place].parent
            if parent is None:
                return line_name(lines, place)
            toes = [i for i, ln in enumerate(lines) if ln.parent == parent]
            return f"toe {toes.index(place) + 1} of the {tiles.name(lines[parent].tiles[-1].tile)}"

        return line
    return None


def log_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The log's lines: one per turn (see :func:`log_entries`)."""
    return [e.text for e in log_entries(events, names)]


def redeal_line(redeals: int) -> str:
    """The log's note for a hand dealt more than once (R-C-2)."""
    times = "once" if redeals == 1 else f"{redeals} times"
    return f"Redealt {times}"


def hand_over_line(hand_no: int) -> str:
    return f"— hand {hand_no} over —"


# ---------------------------------------------------------------- scores
def score_text(rules: Rules, scores: Scores, side: int) -> str:
    """``"12"``, or ``"0 (5 held)"`` with points held under the rule of 13 (R-13-1).

    Held points are spelled out ("+N" is kept for points just scored in All
    Fives); a single-hand match (target 0) has no next hand to hold them for.

    >>> from dominoes_tui.engine import load_variant
    >>> score_text(load_variant("classic"), Scores((0, 12), (5, 0)), 0)
    '0 (5 held)'
    >>> score_text(load_variant("classic", target=0), Scores((0, 12), (5, 0)), 0)
    '0'
    """
    text = str(scores.written[side])
    if held_counts(rules) and scores.held[side]:
        text += f" ({scores.held[side]} held)"
    return text


def held_counts(rules: Rules) -> bool:
    """Whether held points mean anything at this table: the rule of 13 and a next hand."""
    return bool(rules.rule_of_13) and rules.target != 0


def target_text(rules: Rules) -> str:
    if rules.target == 0:
        return "one hand"
    verb = "loses" if rules.target_means == "lose" else "wins"
    return f"{rules.target} {verb}"


def pips_text(mask: int) -> str:
    return " ".join(tiles.names(mask)) or "nothing"


_YOU_FORMS = (
    ("You scores", "You score"),
    ("You writes", "You write"),
    ("You takes", "You take"),
    ("You is ", "You are "),
    ("You's ", "Your "),
    ("You has ", "You have "),
)


_PLURAL = {"scores": "score", "writes": "write", "takes": "take", "is": "are", "has": "have"}
_TEAM = re.compile(r"(\w+ & \w+) (scores|writes|takes|is|has)\b")


def second_person(line: str) -> str:
    """The engine words a hand for third persons; "You scores" reads as "You score",
    and a team of partners takes the plural: "East & West write".

    >>> second_person("You & North writes 27 (27 pips).")
    'You & North write 27 (27 pips).'
    """
    line = _TEAM.sub(lambda m: f"{m.group(1)} {_PLURAL[m.group(2)]}", line)
    for a, b in _YOU_FORMS:
        line = line.replace(a, b)
    return line


# ---------------------------------------------------------------- what the person reads
@dataclass(frozen=True)
class Sentence:
    """A line for the person: ``lead`` is said with emphasis (the UI styles it by ``tone``).

    ``tone``: ``"prompt"`` (what to do now), ``"note"`` (what just happened),
    ``"question"`` (the table waits for an answer), ``"refusal"`` (a key or move
    that was refused, and why). ``short``: the same said in fewer words, for when
    the whole of it does not fit the room the screen has (never cut mid-sentence).

    >>> str(Sentence("Not allowed:", "hand 1 must be led with 1-1.", "refusal"))
    'Not allowed: hand 1 must be led with 1-1.'
    """

    lead: str = ""
    text: str = ""
    tone: str = "note"
    short: str = ""
    """``text`` in fewer words (empty: there is no shorter way to say it)."""

    def __str__(self) -> str:
        if self.lead and self.text:
            return f"{self.lead} {self.text}"
        return self.lead or self.text

    def shortened(self) -> Sentence:
        """The sentence with its short text (itself if it has none)."""
        if not self.short:
            return self
        return Sentence(self.lead, self.short, self.tone)

    def __bool__(self) -> bool:
        return bool(self.lead or self.text)


NOTHING = Sentence()


def times_words(redeals: int) -> str:
    return "once" if redeals == 1 else f"{redeals} times"


def redeal_words(redeals: int) -> str:
    """Said at the start of a hand that was redealt (R-C-2)."""
    return f"Redealt {times_words(redeals)}: a hand had 5 doubles or 6 of one suit. "


def redeal_toast(redeals: int) -> str:
    """R-C-2: the table says so."""
    return f"The tiles were redealt {times_words(redeals)}."


def lead_words(hand_no: int, leads: Sequence[int], hand_size: int, leader: str | None) -> str:
    """``Hand 1: you lead, and must lead 1-1.``; ``leader``: the CPU seat's name, or None
    when the person leads."""
    words = f"Hand {hand_no}: "
    if leader is not None:
        return words + f"{leader} leads."
    if len(leads) == 1:
        return words + f"you lead, and must lead {tiles.name(leads[0])}."
    if len(leads) < hand_size:
        return words + f"you lead, with one of {', '.join(tiles.name(t) for t in leads)}."
    return words + "you lead."


def needs_words(match_rule: str, ends: Sequence[int]) -> str:
    """Matador: ``5 needs 2, 0 needs ★`` for the open ends (R-MT-1, R-MT-2)."""
    from ..engine import wanted_number

    shown = sorted(set(ends))
    wants = {n: wanted_number(match_rule, n) for n in shown}
    return ", ".join(f"{n} needs {'★' if w is None else w}" for n, w in wants.items())


def your_turn(fitting: int, rules: Rules, ends: Sequence[int]) -> Sentence:
    """The prompt on the person's turn, with its short form (``Your turn: 2 fit.``)."""
    fit = "1 of your tiles fits" if fitting == 1 else f"{fitting} of your tiles fit"
    keys = "←/→ to choose, Enter to play."
    short = f"Your turn: {fitting} {'fits' if fitting == 1 else 'fit'}."
    if rules.match_rule == "sum7":  # R-MT-1: what each open end needs
        fit, keys = f"{fit}: {needs_words(rules.match_rule, ends)}", "←/→, Enter."
    return Sentence("", f"Your turn: {fit}. {keys}", "prompt", short)


def forced_words(draw: bool, ends: Sequence[int]) -> str:
    """Why the table draws or passes for the person (R-M-4)."""
    nums = " or ".join(str(n) for n in sorted(set(ends)))
    if draw:
        return f"No {nums} in your hand: drawing…"
    return f"No {nums} to play and nothing to draw: you pass."


# ---------------------------------------------------------------- Mexican Train and Chicken Foot
def round_title(game: Any) -> str:
    """``Round 3 of 13: engine 10-10`` (Mexican Train), ``Round 1 of 10: centre 9-9``."""
    what = "engine" if game.rules.layout == "trains" else "centre"
    return f"Round {game.hand_no} of {game.rounds}: {what} {tiles.name(game.round_double)}"


def round_words(game: Any, opener: str | None) -> str:
    """A round's opening words: its number and double, and who begins (None: you)."""
    head = round_title(game)
    board = game.board()
    if isinstance(board, FootBoard) and board.centre is None:
        d = tiles.name(board.round_double)
        return f"{head}. Whoever holds the {d} lays it in the centre; the others draw."
    if opener is None:
        return f"{head}. You begin."
    return f"{head}. {opener} begins."


def rounds_turn(fitting: int, game: Any, names: Sequence[str]) -> Sentence:
    """The prompt on the person's turn in Mexican Train or Chicken Foot: what the layout
    asks of them (a double to satisfy, a foot to fill, a first-turn run), then the keys."""
    board = game.board()
    fit = "1 of your tiles fits" if fitting == 1 else f"{fitting} of your tiles fit"
    short = f"Your turn: {fitting} {'fits' if fitting == 1 else 'fit'}."
    keys = "←/→ to choose, Enter to play."
    head = "Your turn"
    if isinstance(board, TrainsBoard):
        if board.pending is not None:
            d = tiles.name(board.pending_double)
            head = f"Satisfy the {d} on {place_name(board.pending, board.players, 0, names)}"
        elif board.first_turn_run and board.first_turns[0] and board.run >= 1:
            head, keys = "Your run goes on", "Enter to lay another, s to stop."
        elif board.first_turn_run and board.first_turns[0]:
            head = "Your first turn: a run on your own train"
    elif isinstance(board, FootBoard):
        if board.centre is None:
            head = "You hold the centre double"
        elif board.foot is not None:
            left = len(board.filling)
            head = f"Fill the {tiles.name(board.foot)} ({left} to go)"
    return Sentence("", f"{head}: {fit}. {keys}", "prompt", short)


def rounds_forced(draw: bool, game: Any) -> str:
    """Why the table draws or passes for the person in Mexican Train or Chicken Foot."""
    board = game.board()
    if isinstance(board, FootBoard) and board.centre is None:
        d = tiles.name(board.round_double)
        return f"No {d} in your hand: drawing…" if draw else f"No {d} to lay: you pass."
    nums = " or ".join(str(n) for n in sorted({game.place_end(p) for p in game.places(0)}))
    if draw:
        return f"No {nums} in your hand: drawing…"
    if isinstance(board, TrainsBoard):
        return f"No {nums} to play: you pass, and your train is open to all."
    return f"No {nums} to play: you pass."


def place_question(tile: int, places: Sequence[str], pick: int) -> Sentence:
    """A tile fits several trains, arms or toes: the person says which; they are numbered
    on the layout (1, 2, …), and ↑/↓ move the mark Enter plays on."""
    listed = ", ".join(f"{i + 1} {p}" for i, p in enumerate(places))
    return Sentence(
        f"{tiles.name(tile)} fits {len(places)} places:",
        f"{listed}? Press a number or click; ↑/↓ Enter; Esc: other tile",
        "question",
        f"1-{len(places)} as marked, or ↑/↓ Enter? Esc: other tile",
    )


def no_place(tile: int, game: Any, names: Sequence[str]) -> str:
    """Why ``tile`` goes nowhere now: the places open and the number each takes."""
    board = game.board()
    places = game.places(0)
    if not places:
        return f"{tiles.name(tile)} does not go anywhere now."
    if isinstance(board, TrainsBoard) and board.pending is not None:
        d, train = (
            tiles.name(board.pending_double),
            place_name(board.pending, board.players, 0, names),
        )
        return (
            f"the {d} on {train} must be satisfied first, and {tiles.name(tile)} does not fit it."
        )
    if isinstance(board, TrainsBoard):
        said = [f"{place_name(p, board.players, 0, names)} takes {game.place_end(p)}"
                for p in places]  # fmt: skip
    else:
        said = [f"{line_name(board.lines, p)} takes {game.place_end(p)}" for p in places]
    if len(said) > 3:
        nums = " or ".join(str(n) for n in sorted({game.place_end(p) for p in places}))
        return f"{tiles.name(tile)} fits no open place: they take {nums}."
    return f"{tiles.name(tile)} fits no open place: {'; '.join(said)}."


def drew_words(tile: int, fits: bool) -> str:
    return f"You drew {tiles.name(tile)}" + (": it fits." if fits else ".")


TURN_LIMIT = "Your time for the turn ran out: the Easy CPU played it for you."


def _arrow(end: int, arrows: dict[int, str] | None) -> str:
    if arrows and end in arrows:
        return arrows[end]
    return END_KEYS[end] if isinstance(end, int) and end < len(END_KEYS) else str(end)


def end_words(end: int, ends: Sequence[int], arrows: dict[int, str] | None = None) -> str:
    """``← the 4``, ``↑ the up arm's 1``: the key that picks an end (as the screen draws
    it) and what the end shows."""
    if isinstance(end, int) and end >= 2:
        return f"{_arrow(end, arrows)} the {END_NAMES[end]} arm's {ends[end]}"
    return f"{_arrow(end, arrows)} the {ends[end]}"


def ends_question(
    ask: Sequence[int], ends: Sequence[int], arrows: dict[int, str] | None = None
) -> str:
    ordered = sorted(ask, key=lambda e: "←→↑↓".find(_arrow(e, arrows)) % 9)
    return " or ".join(end_words(e, ends, arrows) for e in ordered)


def end_question(
    tile: int, ask: Sequence[int], ends: Sequence[int], arrows: dict[int, str] | None = None
) -> Sentence:
    """R-M-2: the tile fits several ends that differ; the person says which, with the
    arrow key each end shows on the felt."""
    which = "both ends" if len(ask) == 2 else f"{len(ask)} ends"
    ordered = sorted(ask, key=lambda e: "←→↑↓".find(_arrow(e, arrows)) % 9)
    brief = ", ".join(f"{_arrow(e, arrows)} {ends[e]}" for e in ordered)
    return Sentence(
        f"{tiles.name(tile)} fits {which}:",
        f"{ends_question(ask, ends, arrows)}?  Esc: other tile",
        "question",
        f"{brief}?  Esc: other tile",
    )


def end_question_again(
    tile: int, ask: Sequence[int], ends: Sequence[int], arrows: dict[int, str] | None = None
) -> Sentence:
    """Enter while the table waits for an end: how to answer."""
    which = "both ends" if len(ask) == 2 else f"{len(ask)} ends"
    ordered = sorted(ask, key=lambda e: "←→↑↓".find(_arrow(e, arrows)) % 9)
    keys = " or ".join(_arrow(e, arrows) for e in ordered)
    return Sentence(
        "",
        f"{tiles.name(tile)} fits {which}: press {ends_question(ask, ends, arrows)} "
        "(Esc to choose another tile).",
        "question",
        f"Press {keys} for the end, as the felt shows it (Esc: another tile).",
    )


def wrong_end(
    tile: int,
    end: int,
    ask: Sequence[int],
    ends: Sequence[int],
    arrows: dict[int, str] | None = None,
) -> Sentence:
    where = where_words(end, ends)
    return Sentence(
        "",
        f"{tiles.name(tile)} does not go on the {where}: {ends_question(ask, ends, arrows)}",
        "question",
    )


def way_round_question(tile: int, end: int, n: int, touches: Sequence[int]) -> Sentence:
    """R-MT-2: a matador goes either way round; the person says which half touches."""
    a, b = touches[0], touches[-1]
    return Sentence(
        f"{tiles.name(tile)} on the {END_NAMES[end]} {n}:",
        f"← {a} touches ({b} open) or → {b} touches ({a} open)?  Esc: back",
        "question",
    )


def refusal(reason: str) -> Sentence:
    """A move the engine refused, in its words (R-D-3); the short form keeps the first
    clause (what is wrong), leaving out the rest (what would do)."""
    head = re.split(r"[;:] ", reason, maxsplit=1)[0]
    return Sentence("Not allowed:", reason, "refusal", head if head != reason else "")


def wait_words(name: str) -> Sentence:
    return Sentence("", f"Wait: it is {name}'s turn.", "refusal")


_PERCENT = re.compile(r" \((\d+% to win [^)]*)\)$")


def hint_words(
    reason: str,
    end: int | None,
    ends: Sequence[int] = (),
    tile: int | None = None,
    arrows: dict[int, str] | None = None,
) -> Sentence:
    """``Hint: 6-4 on the 4 (→): sheds 12 pips; …``: the hinted move said as the felt
    shows it (its end by number and arrow key), then why; the short form keeps
    the first reason only.

    >>> hint_words("6-4 on the right: sheds 10 pips; keeps a 4 (60% to win the match)",
    ...            1, (3, 4), tiles.tile(6, 4)).short
    'Hint: 6-4 on the 4 (→): sheds 10 pips (60% to win the match).'
    """
    head, _, why = reason.partition(": ")
    if not why:
        head, why = reason, ""
    if tile is not None and end is not None and end < len(ends):
        head = f"{tiles.name(tile)} on the {where_words(end, ends)} ({_arrow(end, arrows)})"
    text = f"Hint: {head}" + (f": {why}" if why else "")
    m = _PERCENT.search(why)
    first = why[: m.start()] if m else why
    first = first.split("; ")[0]
    short = f"Hint: {head}" + (f": {first}" if first else "") + (f" ({m.group(1)})" if m else "")
    return Sentence("", text, "note", short + ".")


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


# ---------------------------------------------------------------- around the table (issue 12)
# The start menu's Continue, the resume-or-new question. Kept apart from the table's
# own words above.
def score_line(rules: Rules, scores: Scores, names: Sequence[str]) -> str:
    """``You 34 – CPU 51`` (held points shown as ``+N``); ``names``: one per side.

    >>> from dominoes_tui.engine import load_variant
    >>> score_line(load_variant("classic"), Scores((34, 51), (0, 0)), ("You", "CPU"))
    'You 34 – CPU 51'
    """
    return " – ".join(
        f"{name} {score_text(rules, scores, side)}" for side, name in enumerate(names)
    )


def saved_side_names(rules: Rules, seat_names: Sequence[str], level: str) -> tuple[str, ...]:
    """The sides of a saved match as the person knows them: ``("You", "Ada")`` (the
    opponent's own name, without its level), or the seats' compass names in pairs."""
    if rules.players == 2 and len(seat_names) == 2:
        cpu = seat_names[1].removesuffix(f" ({level.title()})") or seat_names[1]
        return (seat_names[0], cpu)
    return side_names(rules.players, rules.partners)


def match_summary(rules: Rules, hand_no: int, scores: Scores, sides: Sequence[str]) -> str:
    """What a saved match is: ``the classic match, You 34 – CPU 51, hand 4``."""
    return f"the {rules.name} match, {score_line(rules, scores, sides)}, hand {hand_no}"


def resume_question(summary: str) -> str:
    """``Resume the classic match, You 34 – CPU 51, hand 4, or start a new one?``"""
    return f"Resume {summary}, or start a new one?"


NEW_GIVES_UP = "A new game gives the saved match up: it counts as left unfinished."


# The coach (a first hand's guide, issue 12): what fits, and why a tile was refused.
# Each of its sentences fits one row of an 80-column table (COACH_WIDTH).
COACH_WIDTH = 76


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def coach_fits(fits: Sequence[tuple[int, int]], most: int = 3) -> str:
    """``6-4 and 4-2 fit the open 4, 3-1 the open 1``: ``fits`` is (tile, the number
    of the open end it fits), for each tile that fits (a tile on one end only once).

    >>> coach_fits([(tiles.tile(6, 4), 4), (tiles.tile(4, 2), 4), (tiles.tile(1, 3), 1)])
    '6-4 and 4-2 fit the open 4, 3-1 the open 1'
    >>> coach_fits([(tiles.tile(6, 4), 4), (tiles.tile(4, 2), 4)], most=1)
    '6-4 fits the open 4 (and 1 more)'
    """
    by_end: dict[int, list[str]] = {}
    for tile, n in fits[:most]:
        by_end.setdefault(n, []).append(tiles.name(tile))
    parts = []
    for i, (n, names) in enumerate(by_end.items()):
        verb = "" if i else (" fits" if len(names) == 1 else " fit")
        parts.append(f"{_and(names)}{verb} the open {n}")
    more = len(fits) - min(most, len(fits))
    return ", ".join(parts) + (f" (and {more} more)" if more > 0 else "")


def coach_rule(rules: Rules) -> str:
    """What makes a tile fit, in one short sentence."""
    if rules.match_rule == "sum7":
        return "Touching numbers add up to 7; a matador goes anywhere."
    return "A tile fits an end that shows one of its numbers."


def _fitted(lead: str, forms: Sequence[str], tone: str) -> Sentence:
    """The first of ``forms`` that fits one row (else the last, the shortest)."""
    for text in forms:
        if len(lead) + 1 + len(text) <= COACH_WIDTH:
            return Sentence(lead, text, tone)
    return Sentence(lead, forms[-1], tone)


def coach_turn(rules: Rules, fits: Sequence[tuple[int, int]]) -> Sentence:
    """The coach on the person's turn: the tiles that fit (as many as one row holds).

    >>> from dominoes_tui.engine import load_variant
    >>> str(coach_turn(load_variant("classic"), [(tiles.tile(6, 4), 4), (tiles.tile(1, 3), 1)]))
    'Coach: 6-4 fits the open 4, 3-1 the open 1. Enter plays the raised tile.'
    """
    n = len(fits)
    keys = " Enter plays the raised tile."
    forms = [f"{coach_fits(fits, 3)}.{keys}"]
    forms += [f"{coach_fits(fits, most)}." for most in (3, 2, 1)]
    forms.append(f"{n} of your tiles fit: the bright ones.{keys}")
    return _fitted("Coach:", forms, "prompt")


def coach_lead(words: str) -> Sentence:
    """The coach when the person lays the hand's first tile (``words``: the table's)."""
    return _fitted("Coach:", [f"{words} Enter lays it.", words], "prompt")


def coach_forced(draw: bool, ends: Sequence[int], rules: Rules) -> Sentence:
    """The coach when nothing fits: the table draws or passes for the person."""
    from ..engine import wanted_number

    wanted = sorted({w for n in set(ends) if (w := wanted_number(rules.match_rule, n)) is not None})
    shows = f"shows {' or '.join(map(str, wanted))}" if wanted else "fits"
    if draw:
        forms = [
            f"none of your tiles {shows}: the table draws for you until one fits.",
            "none of your tiles fits: the table draws for you until one does.",
        ]
    else:
        forms = [
            f"none of your tiles {shows}, and nothing is left to draw: you pass.",
            "none of your tiles fits, and nothing is left to draw: you pass.",
        ]
    return _fitted("Coach:", forms, "prompt")


def coach_refusal(reason: str, rules: Rules) -> Sentence:
    """A refused move in the engine's words, with the coach's rule when the row has room
    (the coach's prompt below names the tiles that fit)."""
    why = reason.rstrip(".") + "."
    return _fitted("Not allowed:", [f"{why} {coach_rule(rules)}", why], "refusal")


COACH_DONE = "That was your coached hand. F1 (How to play) turns the coach on again."
COACH_OFFER = (
    "New to dominoes? The coach can guide your first hand: it names the tiles that "
    "fit and says why a move is refused."
)


# ---------------------------------------------------------------- the table at a glance
@dataclass(frozen=True)
class SeatInfo:
    """One seat as the table shows it beside its name (any number of seats, any layout).

    ``turn``: the seat to move (its marker); ``last``: what it did last this hand,
    in a few characters (``"6-3"``, ``"passed"``, ``"drew 2…"``); ``partner``: it
    plays with you (said in words at every width); ``revealed``: its tiles, face
    up once the hand is over (None while hidden).
    """

    seat: int
    name: str
    tiles: int
    turn: bool = False
    partner: bool = False
    last: str = ""
    revealed: tuple[str, ...] | None = None


def hanging_words(points: int) -> str:
    """Points of a level block waiting for the next hand (R-C-7)."""
    return f"{points} hanging"


def bonus_words(tile: int, points: int) -> str:
    """A bonus tile led this hand: its points go to the hand's score (R-B)."""
    return f"{tiles.name(tile)} led: {points} bonus"


def fives_words(total: int, tile: int | None = None, scores: Sequence[int] = ()) -> str:
    """All Fives: the open ends added up, and what the raised tile would score (R-F-2).

    >>> fives_words(15), fives_words(15, tiles.tile(6, 4), [20, 0])
    ('ends 15', 'ends 15 · 6-4 → +20')
    >>> fives_words(12, tiles.tile(2, 1), [0])
    'ends 12 · 2-1 → 0'
    """
    text = f"ends {total}"
    if tile is not None and scores:
        best = max(scores)
        text += f" · {tiles.name(tile)} → {'+' + str(best) if best else '0'}"
    return text


def key_refusal(reason: str) -> Sentence:
    """A key that does not apply now, and why (one line)."""
    head = re.split(r"[;:] ", reason, maxsplit=1)[0]
    return Sentence("Not now:", reason, "refusal", head if head != reason else "")


NO_RESIGN = "this house plays every match out; there is no resigning here."
NO_TWO_DOUBLES = "two doubles in one turn is off at this table."
NO_DRAWING = "there is no boneyard to draw from in this house: pass when you cannot play."


def wrap(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` cells, broken between words (as the message
    line draws it)."""
    import textwrap

    return textwrap.wrap(text, width=max(width, 1), break_on_hyphens=False) or [""]


def fit_lines(sentences: Sequence[Sentence], width: int, rows: int) -> list[Sentence]:
    """The sentences to show in ``rows`` rows of ``width`` cells, each starting on its
    own row: in full if they fit, else with the later ones (the prompt), then the
    earlier ones (the note) in their short forms. Never cut: a test renders every
    message the table can say and checks the chosen forms fit at 80 columns.

    >>> note = Sentence("", "Hint: " + "a long reason " * 8, "note", "Hint: 6-4 on the 4.")
    >>> prompt = Sentence("", "Your turn: 3 of your tiles fit. ←/→ to choose, Enter to play.",
    ...                   "prompt", "Your turn: 3 fit.")
    >>> [str(s) for s in fit_lines([note, prompt], 78, 2)]
    ['Hint: 6-4 on the 4.', 'Your turn: 3 of your tiles fit. ←/→ to choose, Enter to play.']
    """
    shown = [s for s in sentences if s]
    if not shown:
        return []
    n = len(shown)
    # which sentences take their short form: fewest first, the later ones first
    masks = sorted(
        range(1 << n),
        key=lambda m: (bin(m).count("1"), -sum(i for i in range(n) if m >> i & 1)),
    )
    for mask in masks:
        chosen = [s.shortened() if mask >> i & 1 else s for i, s in enumerate(shown)]
        if sum(len(wrap(str(s), width)) for s in chosen) <= rows:
            return chosen
    return [s.shortened() for s in shown]
