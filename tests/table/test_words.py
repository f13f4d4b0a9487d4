"""What a player reads names no rule ID (issue 12).

Rule IDs (``R-C-2``, ``R-M-4``, ``R-2D``, ``R-13-1``…) are for tests, docstrings and
code comments. These tests collect what a player can read and fail on any ID in it:

- every string in the package's code that is not a docstring (the dialogs' strings,
  help texts, notices, the CLI's help), read from the source;
- every refusal the engine gives, for every house (Mexican Train and Chicken Foot
  too), trying many illegal actions in positions of seeded matches;
- every sentence a table session says (messages, notices, the move log, the hand's
  words) over whole headless matches of every house the table plays, with the person
  trying refused keys on each turn;
- the house's rules in words (``explain``) and the options' help, labels, summaries
  and refusals, for every choice a house offers.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from engine_helpers import RULE_ID

from dominoes_tui import options
from dominoes_tui.engine import (
    PLAY,
    Draw,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Stop,
    describe_hand,
    load_variant,
    load_variants,
    new_game,
    tiles,
)
from dominoes_tui.engine.explain import explain
from dominoes_tui.table import MessageChanged, Notice, TableSession
from dominoes_tui.table import words as table_words

PACKAGE = Path(__file__).resolve().parents[2] / "dominoes_tui"


ONE_MANY = re.compile(
    r"(?<![\d.])1 (pips|hands|points|tiles|matches|minutes|seconds|rounds|players|moves)\b"
)
"""A plural after a count of one: "1 hands", "1 pips"."""


def ids_in(texts) -> list[str]:
    return sorted({t for t in texts if RULE_ID.search(t)})


def plural_slips(texts) -> list[str]:
    return sorted({t for t in texts if ONE_MANY.search(t)})


def test_the_pattern_finds_every_kind_of_rule_id() -> None:
    found = ids_in(
        ["(R-C-2)", "x (R-13-1)", "R-2D", "see R-B", "R-TR-8 y", "R-MT-2", "R-O-5)", "R-DF-3"]
    )
    assert len(found) == 8
    assert ids_in(["L4 or R5", "R4", "Ada (Hard)", "2-4 players", "HR-1"]) == []


# ---------------------------------------------------------------- the source's strings
def _docstring_ids(tree: ast.AST) -> set[int]:
    """The string constants that are docstrings (of modules, classes, functions and
    attributes): not player-facing."""
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
        for a, b in zip(body, body[1:]):
            if isinstance(a, (ast.Assign, ast.AnnAssign)) and isinstance(b, ast.Expr):
                if isinstance(b.value, ast.Constant):
                    docs.add(id(b.value))
    return docs


def code_strings() -> list[tuple[str, int, str]]:
    """Every string constant in the package that is not a docstring (f-strings' parts
    too), with where it is."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstring_ids(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) not in docs:
                    out.append((str(path.relative_to(PACKAGE)), node.lineno, node.value))
    return out


def test_no_string_in_the_code_names_a_rule_id() -> None:
    """Notices, refusals, dialogs, help texts, the CLI's help: IDs stay in comments and
    docstrings."""
    strings = code_strings()
    assert len(strings) > 1000  # the whole package was read
    bad = [f"{where}:{line}: {text!r}" for where, line, text in strings if RULE_ID.search(text)]
    assert bad == []


# ---------------------------------------------------------------- the engine's refusals
def _places(game) -> int:
    """How many places (ends, trains, arms and toes) an action may name here."""
    board = getattr(game, "line_ends", None)
    n = len(board) if board is not None else len(getattr(game, "ends", ()) or ())
    return max(n, game.rules.players + 1, 4) + 1


def _tries(game, rng: random.Random) -> list:
    """Legal and illegal actions to try: tiles in hand or not, each place and way round,
    draw, pass, two doubles, a stop, the next hand."""
    seat = game.turn if game.phase == PLAY else 0
    mine = list(tiles.bits(game.hands[seat])) if seat is not None else []
    others = rng.sample(range(game.rules.tile_count), min(6, game.rules.tile_count))
    tries: list = [Draw(), Pass(), Stop(), NextHand()]
    for t in set(mine + others):
        a, b = tiles.ends(t)
        tries.append(Play(t))
        for end in range(_places(game)):
            tries += [Play(t, end), Play(t, end, a), Play(t, end, b)]
    doubles = [t for t in mine if tiles.is_double(t)] + [tiles.tile(0, 0), tiles.tile(1, 1)]
    tries += [PlayDoubles(x, y) for x in doubles for y in doubles if x != y]
    tries.append(Play(game.rules.tile_count + 3, 0))  # no such tile
    return tries


def engine_refusals(name: str, seeds=(1, 2), every: int = 4, **overrides) -> set[str]:
    rules = load_variant(name, **overrides)
    said: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        g = new_game(rules, seed)
        steps = 0
        while not g.is_over and steps < 400:
            if steps % every == 0 or g.phase != PLAY:
                for action in _tries(g, rng):
                    try:
                        g.copy().apply(action)
                    except IllegalAction as e:
                        said.add(str(e))
            legal = g.legal_actions() if g.phase == PLAY else [NextHand()]
            g.apply(rng.choice(legal))
            steps += 1
        for action in (Pass(), NextHand(), Draw()):  # after the match
            try:
                g.copy().apply(action)
            except IllegalAction as e:
                said.add(str(e))
    return said


ALL_HOUSES = sorted(load_variants())


@pytest.mark.parametrize("name", ALL_HOUSES)
def test_no_engine_refusal_names_a_rule_id(name: str) -> None:
    said = engine_refusals(name)
    assert len(said) >= 10, said  # many kinds of refusal were collected
    assert ids_in(said) == []


def test_the_refusals_that_named_rules_are_said_in_words() -> None:
    """The ones that did (R-O-2, R-O-5, R-M-2, R-M-4, R-C-3, R-2D) were collected above."""
    said = engine_refusals("classic", seeds=(3,), two_doubles=True)
    said |= engine_refusals("double-first", seeds=(3,))
    for words in (
        "this hand must be led with",  # R-O-2
        "must draw",  # R-M-4
        "may not draw",  # R-M-4
        "may not be drawn",  # R-C-3
        "fits both ends: say which end",  # R-M-2
        "not allowed on the lead",  # R-2D
    ):
        assert any(words in s for s in said), words
    assert not any("last 1 tile" in s for s in said)


# ---------------------------------------------------------------- what the table says
PLAYED = [n for n, r in load_variants().items() if not r.is_rounds]


def session_words(name: str, seed: int) -> list[str]:
    """Play a whole headless match of ``name``; the person tries refused keys on every
    turn. Every sentence said: messages, notices, the log, the hand and match words."""
    rules = load_variant(name, clock_minutes=0)
    s = TableSession(rules, seed, "easy", autosave=False)
    said: list[str] = []

    def hear(events) -> None:
        for e in events:
            if isinstance(e, MessageChanged):
                said.append(str(e.message))
            elif isinstance(e, Notice):
                said.append(e.text)

    s.subscribe(hear)
    s.start()
    rng = random.Random(seed)
    for _ in range(3000):
        g = s.game
        if s.match_over:
            break
        if g.phase != PLAY:
            said.extend(describe_hand(rules, g.result, s.side_names))
            said.append(table_words.hand_how(g.result, s.names))
            s.next_hand()
            continue
        if s.run_cpu():
            continue
        if not s.my_turn:
            s.tick()
            continue
        # refused keys first: every one says why
        s.pass_turn()
        s.draw()
        s.two_doubles()
        unfit = [t for t in s.hand() if t not in s.fits()]
        if unfit:
            s.play(rng.choice(unfit))
        s.play(rng.randrange(rules.tile_count))
        s.choose_end(3)
        s.cancel()
        legal = g.legal_actions()
        action = rng.choice(legal)
        if isinstance(action, Play):
            s.play(action.tile)  # may ask which end or which way round: answer it
            if s.question is not None:
                s.play_selected()  # Enter again: how to answer
                s.play(action.tile, action.end, action.touch)
        elif isinstance(action, PlayDoubles):
            s.two_doubles()
        elif isinstance(action, Draw):
            s.draw()
        elif isinstance(action, Pass):
            s.pass_turn()
    assert s.match_over, name
    said += s.log_lines()
    m = s.game.match_result
    said += list(table_words.match_headline(rules, m, s.side_names, s.cpu.name))
    return said


@pytest.mark.parametrize("name", PLAYED)
def test_no_table_sentence_names_a_rule_id(name: str) -> None:
    said = session_words(name, seed=7)
    assert any("Not allowed" in s for s in said)  # the refusals were heard
    assert ids_in(said) == []
    assert plural_slips(said) == []


def test_the_pattern_finds_plural_slips() -> None:
    assert plural_slips(["You write 1 (1 pips).", "(1 hands)", "1 points hang"]) != []
    assert plural_slips(["1 pip", "21 pips", "1.0 points scored (12 hands)", "11 tiles"]) == []


def test_how_to_play_names_no_rule_id() -> None:
    from dominoes_tui.tui.howto import how_to_play_text

    texts = [how_to_play_text(r) for r in load_variants().values()]
    texts.append(how_to_play_text(load_variant("classic", two_doubles=True, reserve=2)))
    assert ids_in(texts) == [] and plural_slips(texts) == []


def test_the_words_module_says_no_rule_id() -> None:
    """Sentences a short match may not reach: redeals, the turn limit, the resumed
    table, the end and way-round questions."""
    w = table_words
    texts = [
        w.redeal_line(1),
        w.redeal_line(2),
        w.redeal_words(1),
        w.redeal_toast(3),
        w.RESUMED,
        w.TURN_LIMIT,
        w.forced_words(True, (3, 4)),
        w.forced_words(False, (3, 4)),
        w.drew_words(tiles.tile(3, 4), True),
        str(w.hint_words("it keeps your doubles", "6-4 on the 4", "→")),
        str(w.end_question(tiles.tile(3, 4), (0, 1), (3, 4))),
        str(w.end_question(tiles.tile(3, 4), (0, 2), (3, 4, 3, 3))),
        str(w.end_question_again(tiles.tile(3, 4), (0, 1), (3, 4))),
        str(w.wrong_end(tiles.tile(3, 4), 2, (0, 1), (3, 4))),
        str(w.way_round_question(tiles.tile(6, 1), 0, 5, (6, 1))),
        str(w.wait_words("CPU")),
        str(w.your_turn(2, load_variant("matador"), (5, 0))),
    ]
    assert "Redealt once" in texts[0]
    assert ids_in(texts) == []


# ---------------------------------------------------------------- rules and options
def test_the_rules_in_words_name_no_rule_id() -> None:
    """explain() for every house and every choice its options offer."""
    texts: list[str] = []
    for base in load_variants().values():
        texts += explain(base)
        for control in options.controls_for(base):
            for value in control.choices:
                try:
                    rules = options.apply_choices(base, {control.key: value})
                except Exception:
                    continue
                texts += explain(rules)
    texts += explain(load_variant("classic", clock_minutes=1))
    assert len(texts) > 500
    assert ids_in(texts) == []
    assert plural_slips(texts) == []


def test_the_options_help_names_no_rule_id() -> None:
    texts: list[str] = []
    for base in load_variants().values():
        for control in options.controls_for(base):
            texts += [control.label, control.help]
            for value in control.choices:
                texts.append(control.choice_label(value))
                choices = {control.key: value}
                why = options.check_choices(base, choices)
                if why is not None:
                    texts.append(why)
                else:
                    texts.append(options.summary(options.apply_choices(base, choices), base))
            for flag in options.FLAGS:
                why = options.flag_refusal(base, flag, 9999) if flag != "bonuses" else None
                if why:
                    texts.append(why)
    assert len(texts) > 200
    assert ids_in(texts) == []


@pytest.mark.parametrize(
    "topic",
    [
        "",
        ".sentence",
        ".scores",
        ".prompts",
        ".saved",
        ".coach",
        ".glance",
        ".places",
        ".review",
        ".rounds",
    ],
)
def test_the_words_examples_hold(topic: str) -> None:
    """The examples in each words module's docstrings (the package's own, too) run."""
    import doctest
    import importlib

    module = importlib.import_module("dominoes_tui.table.words" + topic)
    result = doctest.testmod(module)
    assert result.attempted and not result.failed
