"""Issue 14, the player's own variants.toml: any bad key or value, invalid TOML, or a file
that is not UTF-8 never stops a command or the app. The built-in houses always load; what
the file gets wrong is said in one line (file, variant, key); the rest of it still counts.
"""

from __future__ import annotations

import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dominoes_tui.cli import app
from dominoes_tui.engine import Rules, format_clock, load_variants, new_game
from dominoes_tui.engine.rules import _FIELDS, CHOICES, load_variants_noted, rules_from_dict

BUILTIN = load_variants(include_user=False)
runner = CliRunner()


# ------------------------------------------------------------------ a small TOML writer
def _str(s: str) -> str:
    """A TOML basic string (control characters and DEL escaped, as TOML wants)."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F or 0xD800 <= ord(c) < 0xE000:
            out.append(f"\\u{ord(c) if ord(c) < 0xD800 else 0xFFFD:04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _key(k: str) -> str:
    bare = k and k.isascii() and all(c.isalnum() or c in "-_" for c in k)
    return k if bare else _str(k)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)  # pragma: no cover


def toml(doc: dict) -> str:
    out = []
    for name, table in doc.items():
        out.append(f"[{_key(name)}]")
        for k, v in table.items():
            out.append(f"{_key(k)} = {_value(v)}")
        out.append("")
    return "\n".join(out)


SETTINGS = sorted(_FIELDS) + ["base", "nope", "Target", ""]
NAMES = st.one_of(
    st.sampled_from(sorted(BUILTIN) + ["mine", "[/b]", "[red]x", "a b", "ünï", "x" * 80]),
    st.text(max_size=12),
)
SCALAR = st.one_of(
    st.booleans(),
    st.integers(-5, 20),
    st.integers(-(2**63), 2**63 - 1),
    st.sampled_from([0, 1, 2, 3, 4, 6, 7, 9, 12, 13, 30, 60, 101, 10**9, 10**9 + 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([v for vs in CHOICES.values() for v in vs]),
    st.text(max_size=10),
    st.sampled_from(["[/b]", "[red]", "classic", "6-6", "9-9", "x-y", ""]),
)
VALUE = st.one_of(
    SCALAR,
    st.lists(SCALAR, max_size=4),
    st.dictionaries(
        st.sampled_from(["6-6", "0-0", "12-12", "x", *SETTINGS[:8]]), SCALAR, max_size=3
    ),
    st.dictionaries(
        st.sampled_from(["target", "set", "reserve", "drawing", "nope", "options"]),
        st.lists(SCALAR, max_size=3),
        max_size=3,
    ),
)
TABLE = st.dictionaries(st.sampled_from(SETTINGS), VALUE, max_size=6)
DOCS = st.dictionaries(NAMES, TABLE, max_size=4)


def _check_loaded(variants: dict[str, Rules], note: str | None, path) -> None:
    """The built-in houses are there; the note is one line naming the file; every variant
    deals a game that plays (its clock shows)."""
    for name in BUILTIN:
        assert name in variants
    if note is not None:
        assert "\n" not in note and str(path) in note and "built-in" in note
    rng = random.Random(0)
    for r in variants.values():
        g = new_game(r, 1)
        for _ in range(30):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        format_clock(r.clock_minutes * 60.0)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(DOCS)
def test_any_variants_file_loads_the_built_in_houses_and_says_what_is_wrong(dominoes_home, doc):
    path = dominoes_home / "variants.toml"
    path.write_text(toml(doc), encoding="utf-8")
    variants, note = load_variants_noted()
    _check_loaded(variants, note, path)
    for name, table in doc.items():  # a variant that is valid on its own is not lost
        if name in BUILTIN or "base" in table:
            continue
        try:
            rules_from_dict(name, table)
        except Exception:
            continue
        assert name in variants


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(lambda t: t.encode())))
def test_any_bytes_in_the_variants_file(dominoes_home, data):
    path = dominoes_home / "variants.toml"
    path.write_bytes(data)
    variants, note = load_variants_noted()
    _check_loaded(variants, note, path)


BROKEN = {
    "bad value": '[classic]\ntarget = "lots"\n',
    "bad key": "[classic]\ntargte = 201\n",
    "bad TOML": "[classic\n",
    "not UTF-8": b'[classic]\ndescription = "caf\xe9"\n',
    "not a table": "classic = 5\n",
    "unknown base": '[mine]\nbase = "nope"\n',
    "huge number": "[classic]\nclock_minutes = 100000000000000000000\n",
    "markup": '["[/b]"]\nbase = "draw"\ndescription = "[red]x"\nfoo = 1\n',
}


def test_every_command_works_with_a_broken_file(dominoes_home, monkeypatch):
    from dominoes_tui.tui import app as tui_app

    monkeypatch.setattr(tui_app, "run_app", lambda **kw: None)
    path = dominoes_home / "variants.toml"
    for what, text in BROKEN.items():
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        for args in (
            ["variants"],
            ["variants", "--json"],
            ["rules", "classic"],
            ["play"],
            ["play", "--resume"],
            ["play", "--variant", "draw"],
            ["arena", "--matches", "2", "--jobs", "1", "--a", "easy", "--b", "easy"],
        ):
            res = runner.invoke(app, args)
            assert res.exit_code == 0, (what, args, res.output)
            assert res.exception is None, (what, args, res.exception)
            notes = [x for x in res.stderr.splitlines() if x.strip()]
            assert len(notes) == 1 and str(path) in notes[0], (what, args, res.stderr)


def test_a_good_variant_next_to_a_bad_one_still_plays(dominoes_home):
    (dominoes_home / "variants.toml").write_text(
        '[mine]\nbase = "draw"\ntarget = 50\n\n[classic]\ntarget = "lots"\n'
        '[theirs]\nbase = "classic"\nfull_fish = true\n',
        encoding="utf-8",
    )
    variants, note = load_variants_noted()
    assert variants["mine"].target == 50
    assert variants["classic"] == BUILTIN["classic"]  # the broken override is left out
    assert variants["theirs"].full_fish and variants["theirs"].target == 101
    assert "variant [classic], key 'target'" in note


def test_numbers_past_the_limit_are_refused_by_name(dominoes_home):
    (dominoes_home / "variants.toml").write_text(
        "[classic]\nclock_minutes = 1000000000000\n", encoding="utf-8"
    )
    variants, note = load_variants_noted()
    assert variants["classic"].clock_minutes == BUILTIN["classic"].clock_minutes
    assert "key 'clock_minutes'" in note and "at most" in note
