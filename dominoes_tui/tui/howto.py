"""How to play a house, for a first-time player: pure words and a drawn example line.

:func:`how_to_play` gives the sections the How to play screen shows (F1, and the
start menu's entry): matching ends (with a drawn line), your turn, drawing or
passing, how a hand ends and is scored in this house, and the keys. The words
come from the house's settings (the scoring from :func:`~..engine.explain.explain`),
so an option chosen at the table shows here. Rich only, no Textual: tested as text.

Mexican Train and Chicken Foot (``layout`` ``trains`` and ``chicken_foot``) have
their own sections: their layouts, and how the table asks where a tile goes.

>>> from dominoes_tui.engine import load_variant
>>> [title for title, _ in how_to_play(load_variant("classic"))]
['Match the ends', 'Your turn', 'No tile fits?', 'The end of a hand', 'Keys']
"""

from __future__ import annotations

from rich.text import Text

from ..engine import Rules
from ..engine.explain import explain

TILE = "#1d1a14 on #f3ecd8"
NEW_TILE = "bold #1d1a14 on #ffe9a8"
END = "bold #1d1a14 on #d9b24a"
NOTE = "#9fb8ab"
KEY = "bold #ffe9a8"

Section = tuple[str, Text]


def _tile(t: Text, a: int, b: int, new: bool = False) -> None:
    t.append(f" {a}│{b} ", style=NEW_TILE if new else TILE)


def _line(t: Text, tiles: list[tuple[int, int]], new: int | None = None) -> None:
    """``◂3  3│5  5│5  5│2  2▸``: a line with its open ends marked as at the table."""
    t.append(f"◂{tiles[0][0]}", style=END)
    for i, (a, b) in enumerate(tiles):
        t.append(" ")
        _tile(t, a, b, new=i == new)
    t.append(" ")
    t.append(f"{tiles[-1][1]}▸", style=END)


def example_line(rules: Rules) -> Text:
    """Two lines: an open line, then the same line after a tile fitted one end."""
    t = Text()
    if rules.match_rule == "sum7":
        before = [(3, 4), (4, 5)]
        t.append("  ")
        _line(t, before)
        t.append("   the open ends are 3 and 5\n", style=NOTE)
        t.append("  ")
        _line(t, [*before, (2, 6)], new=2)
        t.append("   2-6 on the 5 (5 + 2 = 7): now 3 and 6", style=NOTE)
        return t
    before = [(3, 5), (5, 5), (5, 2)]
    t.append("  ")
    _line(t, before)
    t.append("   the open ends are 3 and 2\n", style=NOTE)
    t.append("  ")
    _line(t, [*before, (2, 6)], new=3)
    t.append("   2-6 went on the 2: now 3 and 6", style=NOTE)
    return t


def _paragraph(rules: Rules, start: str) -> str:
    """The house's rules paragraph (``explain``) that starts with ``start``, or ""."""
    return next((p for p in explain(rules) if p.startswith(start)), "")


def _matching(rules: Rules) -> Text:
    t = Text()
    if rules.match_rule == "sum7":
        t.append(
            "The tiles on the table make a line with two open ends. Lay a tile whose "
            "touching number adds up to 7 with the end's: an open 5 takes a 2, an open 6 "
            "a 1. The matadors (0-0, 6-1, 5-2, 4-3) go on any end, and only they go on a "
            "blank.\n"
        )
    else:
        t.append(
            "The tiles on the table make a line with two open ends. Lay a tile on an end "
            "that shows one of its numbers: the matching halves touch and the other half "
            "is the new end.\n"
        )
    if rules.layout == "spinner":
        t.append(
            "The first double is the spinner: once both its sides hold a tile, its other "
            "two sides open too, for four ends.\n"
        )
    t.append(example_line(rules))
    return t


def _turn(rules: Rules) -> Text:
    t = Text()
    t.append("←/→", style=KEY)
    t.append(" raise a tile, ")
    t.append("Enter", style=KEY)
    t.append(
        " lays it. The tiles that fit are bright, the others dim. A tile that fits two "
        "ends asks which: press the arrow that points at it."
    )
    if rules.two_doubles:
        t.append(" Holding the doubles of both ends, ")
        t.append("t", style=KEY)
        t.append(" lays both.")
    return t


def _no_fit(rules: Rules) -> Text:
    t = Text()
    if rules.drawing == "none":
        t.append("There is no drawing in this house: the table passes for you.")
        return t
    t.append("The table draws for you from the boneyard, one tile at a time, until one fits")
    if rules.reserve:
        last = "last tile is" if rules.reserve == 1 else f"last {rules.reserve} tiles are"
        t.append(f" (the boneyard's {last} never drawn)")
    t.append(". With nothing left to draw, you pass.")
    if rules.drawing == "any_time":
        t.append(" Here you may also draw (")
        t.append("d", style=KEY)
        t.append(") when you could play.")
    return t


def _scoring(rules: Rules) -> Text:
    t = Text("A hand ends when a player lays their last tile, or when nobody can play ")
    t.append("(blocked).")
    if rules.partners and rules.players == 4:
        t.append(" You play with North, against East and West.")
    for start in ("Scoring", "Fives", "Rule of 13", "A level block: nobody"):
        words = _paragraph(rules, start)
        if words:
            t.append(f"\n{words}")
    return t


def _keys(rules: Rules) -> Text:
    keys = [("←/→", "tile"), ("Enter", "play")]
    if rules.drawing == "any_time":
        keys.append(("d", "draw"))
    if rules.two_doubles:
        keys.append(("t", "two doubles"))
    keys += [("h", "hint"), ("PgUp/Dn", "scroll")]
    if rules.is_rounds:
        keys.append(("[/]", "older/newer"))
    keys.append(("u", "take back (practice, Easy)"))  # against Easy at every house
    keys.append(("?", "this house's rules"))
    if rules.resign:
        keys.append(("r", "resign"))
    keys += [("q", "leave (saved)"), ("F1", "this page"), ("Ctrl+P", "every command")]
    t = Text()
    for i, (key, what) in enumerate(keys):
        if i:
            t.append(" · ", style=NOTE)
        t.append(key, style=KEY)
        t.append(f" {what}")
    return t


def _rounds(rules: Rules) -> list[Section]:
    """Mexican Train and Chicken Foot: their own words, and the table's keys for them."""
    starts = (
        ("Trains", "Play", "Doubles")
        if rules.layout == "trains"
        else ("The centre", "The chicken's foot", "Play")
    )
    match = Text("\n".join(p for s in starts if (p := _paragraph(rules, s))))
    return [
        ("Match the ends", match),
        ("No tile fits?", Text(_paragraph(rules, "No play"))),
        ("The end of a round", Text(_paragraph(rules, "Scoring"))),
        ("Where a tile goes", _places(rules)),
        ("Keys", _keys(rules)),
    ]


def _places(rules: Rules) -> Text:
    """How the table shows the layout and asks where a tile goes."""
    t = Text()
    if rules.layout == "trains":
        t.append("Each train is a row, labelled with its owner; ")
        t.append("●", style="bold #ff7a5c")
        t.append(" marks an open train. ")
    else:
        t.append("Each arm of the centre is a row, and each foot's toes lie under it. ")
    t.append("A row shows its newest tiles and the number it takes (")
    t.append("▸7", style=END)
    t.append("). ")
    t.append("A tile that fits one place goes there with Enter; ")
    t.append("one that fits several asks which: the places are numbered (")
    t.append("1▸7", style=END)
    t.append("), and a number, ↑/↓ with Enter, or a click answers.")
    if rules.layout == "trains" and rules.first_turn_run:
        t.append(" On your first turn, s ends your run.")
    return t


def how_to_play(rules: Rules) -> list[Section]:
    """The How to play screen's sections for ``rules``: (title, text)."""
    if rules.is_rounds:
        return _rounds(rules)
    return [
        ("Match the ends", _matching(rules)),
        ("Your turn", _turn(rules)),
        ("No tile fits?", _no_fit(rules)),
        ("The end of a hand", _scoring(rules)),
        ("Keys", _keys(rules)),
    ]


def how_to_play_text(rules: Rules) -> str:
    """Every section as plain text (tests, the rule-ID check)."""
    return "\n\n".join(f"{title}\n{text.plain}" for title, text in how_to_play(rules))
