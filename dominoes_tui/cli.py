"""The ``dominoes`` command."""

from __future__ import annotations

import functools
import inspect
import json
import math
from collections.abc import Callable, Mapping
from typing import Any, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from . import options
from .engine import VariantError
from .engine.explain import explain
from .engine.rules import DEFAULT_VARIANT, Rules, load_variants_noted, user_variants_path

# No Textual here: `dominoes --help`, `variants`, `rules`... load the app only when a
# command opens it (tests/project/test_layers.py). A bare `dominoes` does not come through
# this module at all (dominoes_tui/launch.py).


def _bare_flags(command: Any, ctx: typer.Context) -> None:
    """Show a flag as ``--json``, not ``--json <bool>``: it takes no value."""
    for param in [*command.params, command.get_help_option(ctx)]:
        if param is not None and getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""


class _Commands(TyperGroup):
    """Typer's command group; the help of every command shows flags without a placeholder."""

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _bare_flags(command, ctx)
        return command

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        _bare_flags(self, ctx)
        super().format_help(ctx, formatter)


class _CompactFlags(TyperCommand):
    """A command whose help shows an on/off pair in one column, ``--[no-]bonuses``,
    leaving the width to the help lines (80 columns)."""

    def format_help(self, ctx: typer.Context, formatter: Any) -> None:
        kept = []
        for param in self.params:
            pair = [o for o in param.opts if o.startswith("--")]
            off = [o for o in param.secondary_opts if o.startswith("--no-")]
            if len(pair) == 1 and off == ["--no-" + pair[0][2:]]:
                kept.append((param, param.opts, param.secondary_opts))
                param.opts = ["--[no-]" + pair[0][2:]]
                param.secondary_opts = []
        try:
            super().format_help(ctx, formatter)
        finally:
            for param, opts, secondary in kept:
                param.opts, param.secondary_opts = opts, secondary


app = typer.Typer(
    cls=_Commands,
    help="Dominoes in the terminal against CPU opponents.",
    no_args_is_help=False,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("dominoes-tui")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        typer.echo(f"dominoes-tui {number}")
        raise typer.Exit()


def _variants() -> dict[str, Rules]:
    """Every variant; a mistake in the player's own file is said in one line (stderr) and
    costs only what it touches: the built-in houses always play."""
    variants, note = load_variants_noted()
    if note:
        typer.secho(note, fg="yellow", err=True)
    return variants


def _variant(name: str) -> Rules:
    variants = _variants()
    if name not in variants:
        typer.secho(f"Error: no variant {name!r}; known: {', '.join(variants)}", fg="red", err=True)
        raise typer.Exit(2)
    return variants[name]


@app.callback(invoke_without_command=True)
def main(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_show_version, is_eager=True, help="Print the version."
    ),
) -> None:
    """Dominoes in the terminal. With no command, the start menu."""
    if ctx.invoked_subcommand is None:
        from .tui.app import start_menu  # Textual only when a command opens it (see above)

        start_menu()


# The rule flags of ``dominoes play``, one per ``options.FLAGS`` name (in its order):
# the value's type, the help panel, the help line and, for a number, its placeholder.
# Each becomes ``--name`` (``--name/--no-name`` for an on/off flag), None when not given.
# A help line names no value that some house refuses: each house's own values are in
# ``dominoes rules NAME`` (tests/cli/test_help.py).
RULES_HINT = "the house's choices: dominoes rules NAME"
_RULE_FLAGS: dict[str, tuple[type, str, str, str | None]] = {
    "target": (int, "Table", "The score that ends the match.", None),
    "players": (int, "Table", "Seats at the table; the deal follows.", None),
    "set": (int, "Table", "Play a double-N set.", "N"),
    "rule_of_13": (bool, "House rules", "Hold penalties under 13 while at 0.", None),
    "full_fish": (bool, "House rules", "Blocked: the loser writes both hands.", None),
    "bonuses": (bool, "House rules", "Bonus: 6-6 or 0-0 led first or last.", None),
    "first_double": (bool, "House rules", "Lead a double if you hold one.", None),
    "two_doubles": (bool, "House rules", "Lay both ends' doubles in one turn.", None),
    "drawing": (str, "House rules", f"When you may draw ({RULES_HINT}).", None),
    "reserve": (int, "House rules", "Boneyard tiles that are never drawn.", None),
    "hand_size": (int, "Table", "Tiles dealt to each player.", None),
    "scoring": (str, "House rules", f"Who writes the points ({RULES_HINT}).", None),
    "clock": (int, "Clock", "Chess clock: minutes per player.", "MINUTES"),
    "turn_limit": (int, "Clock", "Seconds per turn; then a move is made.", "SECONDS"),
    "rematch_swap": (bool, "Table", "A rematch is opened by the other player.", None),
    "first_turn_run": (bool, "House rules", "First turn: lay a run on your train.", None),
    "rounds": (int, "Table", "Rounds, from the highest double down.", None),
}


def _flag_name(name: str) -> str:
    """A rule flag as typed: ``rule_of_13`` -> ``--rule-of-13``."""
    return "--" + name.replace("_", "-")


def _rule_flag_parameters() -> list[inspect.Parameter]:
    """The Typer parameters of the rule flags, made from ``options.FLAGS`` and their help."""
    out = []
    for name in options.FLAGS:
        kind, panel, help_text, metavar = _RULE_FLAGS[name]
        flag = _flag_name(name)
        decl = f"{flag}/--no-{flag[2:]}" if kind is bool else flag
        option = typer.Option(None, decl, help=help_text, metavar=metavar, rich_help_panel=panel)
        annotation = Optional[kind]  # noqa: UP045 (a type made at run time)
        out.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=annotation
            )
        )
    return out


def _with_rule_flags(before: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """A command that also takes every rule flag (listed in its help before the parameter
    ``before``); the command gets them as one mapping ``rule_flags`` (None: not given)."""

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        own = [
            p
            for p in inspect.signature(command, eval_str=True).parameters.values()
            if p.name != "rule_flags"
        ]
        at = next(i for i, p in enumerate(own) if p.name == before)
        params = [
            *(p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[:at]),
            *_rule_flag_parameters(),
            *(p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[at:]),
        ]

        @functools.wraps(command)
        def with_flags(**kwargs: Any) -> None:
            rule_flags = {name: kwargs.pop(name) for name in options.FLAGS}
            command(**kwargs, rule_flags=rule_flags)

        with_flags.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        with_flags.__annotations__ = {p.name: p.annotation for p in params}
        return with_flags

    return decorate


@app.command(cls=_CompactFlags)
@_with_rule_flags(before="daily")
def play(
    variant: str = typer.Option(
        DEFAULT_VARIANT, "--variant", "-v", help="The house to play (dominoes variants)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Deal from this seed (repeatable)."),
    level: str | None = typer.Option(
        None, "--level", "-l", help="CPU level: easy, medium (default), hard, expert."
    ),
    speed: float | None = typer.Option(None, "--speed", help="CPU pace: 2 is twice as fast."),
    tile_style: str | None = typer.Option(
        None, "--tiles", help="box (text, works everywhere) or unicode glyphs."
    ),
    resume: bool = typer.Option(
        False, "--resume", help="Continue the match saved when you last left."
    ),
    daily: bool = typer.Option(
        False, "--daily", help="Today's deal: one classic hand against Hard."
    ),
    *,
    rule_flags: Mapping[str, Any],
) -> None:
    """Play a match against the CPU: the house's rules, changed by the flags.

    A flag takes only the values the house offers (dominoes rules NAME lists
    them); your own variant in variants.toml can offer more."""
    from .ai import LEVELS

    if daily:
        given = {
            "--variant": variant != DEFAULT_VARIANT,
            "--seed": seed is not None,
            "--level": level is not None,
            "--resume": resume,
        }
        clash = [k for k, v in given.items() if v]
        clash += [_flag_name(name) for name, value in rule_flags.items() if value is not None]
        if clash:
            typer.secho(
                f"Error: --daily plays today's deal as it is: leave out {', '.join(clash)}",
                fg="red",
                err=True,
            )
            raise typer.Exit(2)
        _play_daily(speed, tile_style)
        return
    rules = _variant(variant)
    try:
        choices = options.choices_from_flags(rules, **rule_flags)
    except options.FlagRefused as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(2) from None
    clock = options.player_clock(rules)  # the Settings clock for new matches; a flag wins
    if clock is not None and rule_flags.get("clock") is None:
        choices = {**choices, "clock_minutes": clock}
    why = options.check_choices(rules, choices, seats=None)
    if why is not None:
        typer.secho(f"Error: {variant}: {why}", fg="red", err=True)
        raise typer.Exit(2)
    rules = options.apply_choices(rules, choices)
    if level is not None and level not in LEVELS:
        typer.secho(
            f"Error: no CPU level {level!r}; choose one of {', '.join(LEVELS)}", fg="red", err=True
        )
        raise typer.Exit(2)
    _check_table_flags(speed, tile_style)
    # a newcomer's first match has no clock unless one is asked for by a flag (the house's,
    # or the Settings clock, is the default from the second match on)
    timed = rule_flags.get("clock") is not None or rule_flags.get("turn_limit") is not None
    _run_locked(
        rules=rules,
        seed=seed,
        level=level,
        speed=speed,
        tile_style=tile_style,
        resume=resume,
        untimed_first=not timed,
    )


def _play_daily(speed: float | None, tile_style: str | None) -> None:
    """``dominoes play --daily``: today's deal; ``None``: the player's pace or
    tile setting."""
    from datetime import date

    from .table.practice import DAILY_LEVEL, daily_rules, daily_seed

    _check_table_flags(speed, tile_style)
    today = date.today()
    _run_locked(
        rules=daily_rules(),
        seed=daily_seed(today),
        level=DAILY_LEVEL,
        speed=speed,
        tile_style=tile_style,
        daily=today,
    )


def _check_table_flags(speed: float | None, tile_style: str | None) -> None:
    """The table's own flags (pace and tiles), refused in one sentence (exit 2)."""
    if tile_style is not None and tile_style not in ("box", "unicode"):
        typer.secho("Error: --tiles must be 'box' or 'unicode'", fg="red", err=True)
        raise typer.Exit(2)
    if speed is not None and (not math.isfinite(speed) or speed <= 0):
        typer.secho(
            f"Error: --speed must be a number above 0 (2 is twice as fast), not {speed}",
            fg="red",
            err=True,
        )
        raise typer.Exit(2)


def _run_locked(**kwargs: Any) -> None:
    """Open the table, holding the home folder's table lock (one live table)."""
    from .store import table_lock
    from .tui.app import run_app

    lock = table_lock()
    if not lock.acquire():
        typer.secho(f"Error: {lock.problem()}", fg="red", err=True)
        raise typer.Exit(1)
    try:
        run_app(**kwargs)
    finally:
        lock.release()


@app.command()
def variants(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a list."),
) -> None:
    """List the houses' variants, one line each."""
    vs = _variants()
    if as_json:
        data = {
            name: {"description": r.description, "house": r.house, "settings": r.to_dict()}
            for name, r in vs.items()
        }
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    width = max(map(len, vs))
    for name, r in vs.items():
        typer.echo(f"{name:<{width}}  {r.description}")
    typer.echo(f"\nYour own variants and overrides: {user_variants_path()}")


@app.command()
def rules(name: str = typer.Argument(DEFAULT_VARIANT, help="A variant name.")) -> None:
    """Print a variant's rules in plain words, and the flags it offers a choice of."""
    import shutil
    import textwrap

    r = _variant(name)
    width = max(40, shutil.get_terminal_size().columns - 1)  # COLUMNS, else the terminal's

    def say(text: str, first: str = "", rest: str = "") -> None:
        typer.echo(textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest))

    say(f"{r.name}: {r.description}" if r.description else r.name)
    typer.echo("")
    for para in explain(r):
        say(para, "- ", "  ")
    choices = options.flag_choices(r)
    typer.echo("")
    if choices:
        say(f"Choices for dominoes play --variant {r.name}:")
        for line in choices:
            say(line, "  ", "    ")
        say("Every other flag takes only the house's own value, as above.")
    else:
        say("No choices: every dominoes play flag takes only the house's own value.")


@app.command()
def arena(
    variant: str = typer.Option(DEFAULT_VARIANT, "--variant", "-v", help="The house rules."),
    a: str = typer.Option("expert", "--a", help="CPU level of player a (or pimc, the yardstick)."),
    b: str = typer.Option("medium", "--b", help="CPU level of player b."),
    others: str | None = typer.Option(
        None,
        "--others",
        help="3 or more players each for themselves: the level of the seats beyond a and b "
        "(default: b's). With partners a and b are teams of two.",
    ),
    matches: int = typer.Option(400, "--matches", "-n", help="Matches (two per deal)."),
    seed: int = typer.Option(1, "--seed", help="Seed of the deals and the players."),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Processes (0 = one per core)."),
    option: list[str] | None = typer.Option(  # noqa: B008
        None, "--option", "-o", help="A rule setting for this run, e.g. -o reserve=2."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Duplicate matches between two CPU levels: win rate with its 95% CI, think times.

    With 3 seats or more: partners play a team of two a against two b; each for
    themselves, a and b in seats 0 and 1 and the rest at --others. Mexican Train
    and Chicken Foot (3-8 seats, -o players=N; -o rounds=N plays the first N
    rounds): the share of matches each has the lowest total, ties shared.
    """
    import os

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from . import arena as arena_mod
    from .ai import ARENA_LEVELS

    for level in (a, b) if others is None else (a, b, others):
        if level not in ARENA_LEVELS:
            typer.secho(
                f"Error: no CPU level {level!r}; choose one of {', '.join(ARENA_LEVELS)}",
                fg="red",
                err=True,
            )
            raise typer.Exit(2)
    limits = (
        (matches, 1, arena_mod.MAX_MATCHES, "--matches"),
        (jobs, 0, arena_mod.MAX_JOBS, "--jobs (0: one per core)"),
    )
    for value, low, high, what in limits:
        if not low <= value <= high:
            typer.secho(
                f"Error: {what} must be from {low} to {high:,}, not {value}", fg="red", err=True
            )
            raise typer.Exit(2)
    rules = _variant(variant)
    if option:
        changes = {}
        for item in option:
            key, sep, text = item.partition("=")
            if not sep:
                typer.secho(f"Error: write the option {item!r} as key=value", fg="red", err=True)
                raise typer.Exit(2)
            try:
                changes[key.strip()] = json.loads(text)
            except json.JSONDecodeError:
                changes[key.strip()] = text
        try:
            rules = rules.replace(**changes)
        except (VariantError, TypeError, ValueError) as e:
            typer.secho(f"Error: {e}", fg="red", err=True)
            raise typer.Exit(2) from None
    if rules.target > arena_mod.MAX_TARGET:
        typer.secho(
            f"Error: the arena plays to targets up to {arena_mod.MAX_TARGET:,}, "
            f"not {rules.target:,} (-o target=N sets it)",
            fg="red",
            err=True,
        )
        raise typer.Exit(2)
    jobs = jobs or os.cpu_count() or 1
    total = -(-matches // 2) * 2
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        disable=as_json,
    ) as progress:
        task = progress.add_task(f"{a} vs {b} ({variant})", total=total)
        res = arena_mod.run(
            rules,
            a,
            b,
            matches,
            seed,
            jobs,
            on_match=lambda n: progress.update(task, completed=n),
            others=others,
        )
    if as_json:
        typer.echo(json.dumps(arena_mod.json_of(res)))
        return
    for line in arena_mod.report_lines(res):
        typer.echo(line)


@app.command()
def stats(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    recent: int = typer.Option(20, "--recent", min=0, help="How many recent results to show."),
) -> None:
    """Your record against the CPU: win rates, points per hand or round, streaks, recent
    form."""
    from rich.console import Console

    from .report import render_stats
    from .store import History, HistoryError

    try:
        history = History()
        st = history.stats(recent=recent)
        ratings = history.ratings()
        latest = history.matches(limit=10) if not as_json else []
    except HistoryError as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(1) from None
    for note in dict.fromkeys((history.problem, history.note, ratings.problem)):
        if note:
            typer.secho(note, fg="yellow", err=True)
    if as_json:
        out = st.to_dict()
        out["rating"] = ratings.to_dict()  # per family: rating, uncertainty, history
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
    elif not st.total.matches:
        typer.echo("No matches recorded yet: play one with `dominoes play`.")
    else:
        console = Console()
        console.print(render_stats(st, latest, ratings, width=console.width))


@app.command(context_settings={"ignore_unknown_options": True})  # `replay -1`: an argument
def replay(
    match_id: str | None = typer.Argument(
        None, metavar="[N]", help="A match's number in the history (default: the latest)."
    ),
) -> None:
    """Step through a recorded match: ←/→ one move at a time, every hand face up."""
    from .store import History, HistoryError

    wanted: int | None = None
    if match_id is not None:
        try:
            wanted = int(match_id)
        except ValueError:
            shown = match_id if len(match_id) <= 20 else match_id[:17] + "..."
            typer.secho(
                f"Error: {shown!r} is not a match number; `dominoes stats` lists them.",
                fg="red",
                err=True,
            )
            raise typer.Exit(2) from None
    try:
        history = History()
        latest = history.latest_id()
        if wanted is None:  # the latest match that reads back (a damaged one is skipped)
            newest = history.matches(limit=50)
            rec = newest[0] if newest else None
        else:
            rec = history.get(wanted)
        hands = history.hands(rec.id) if rec is not None else []
    except HistoryError as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(1) from None
    for note in (history.problem, history.note):
        if note:
            typer.secho(note, fg="yellow", err=True)
    if rec is None:
        if latest is None:
            msg = "no matches recorded yet: finish one with `dominoes play`, then replay it."
        elif wanted is None:
            msg = "none of the latest matches in the history can be read back."
        else:
            msg = f"no match {wanted} in the history; the latest is {latest} (`dominoes stats`)."
        typer.secho(f"Error: {msg}", fg="red", err=True)
        raise typer.Exit(2)
    from .tui import replay_app
    from .tui.screens import replay as replay_screen

    try:
        replay_screen.ReplayScreen.check(rec)
    except ValueError as e:
        typer.secho(f"Error: match {rec.id} cannot be replayed: {e}", fg="red", err=True)
        raise typer.Exit(2) from None
    replay_app.run_replay(rec, hands)


SQLITE_MAX_ID = 2**63 - 1


@app.command()
def review(
    match_id: int | None = typer.Argument(
        None, help="A match's number in the history (default: the latest)."
    ),
    as_json: bool = typer.Option(
        False, "--json", help="One JSON object per decision, then a summary object."
    ),
    save: bool = typer.Option(
        True, "--save/--no-save", help="Keep the accuracy in the history (for `dominoes stats`)."
    ),
) -> None:
    """Judge your moves in a recorded match: blunders, mistakes, inaccuracies, and accuracy."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from .ai import review as rv
    from .engine import IllegalAction
    from .store import History, HistoryError
    from .table.words.review import json_records, report_lines

    def fail(message: str, code: int) -> typer.Exit:
        typer.secho(f"Error: {message}", fg="red", err=True)
        return typer.Exit(code)

    try:
        history = History()
        latest = history.latest_id()
        wanted = match_id if match_id is not None else latest
        rec = history.get(wanted) if wanted is not None and 0 < wanted <= SQLITE_MAX_ID else None
    except HistoryError as e:
        raise fail(str(e), 1) from None
    except (ValueError, KeyError, TypeError, IndexError) as e:
        raise fail(
            f"match {wanted} in the history is damaged and cannot be read ({e}).", 1
        ) from None
    if history.problem:
        typer.secho(history.problem, fg="yellow", err=True)
    if rec is None:
        if latest is None:
            msg = "no matches recorded yet: finish one with `dominoes play`, then review it."
        else:
            msg = f"no match {match_id} in the history; the latest is {latest} (`dominoes stats`)."
        raise fail(msg, 2)
    err = Console(stderr=True)
    try:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
            disable=not err.is_terminal,
        ) as progress:
            task = progress.add_task(f"Reviewing match {rec.id}", total=None)
            result = rv.review_record(
                rec,
                budget=rv.DEFAULT_BUDGET,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
    except VariantError as e:
        raise fail(
            f"match {rec.id} cannot be reviewed: its rules are not valid today ({e}).", 1
        ) from None
    except IllegalAction as e:
        raise fail(
            f"match {rec.id} cannot be reviewed: today's rules refuse one of its moves ({e}).", 1
        ) from None
    if save:
        try:
            history.save_review(
                rec.id,
                result.accuracy,
                len(result.judgements),
                result.counts(),
                {h.hand: (h.accuracy, len(h.judgements)) for h in result.hands},
            )
        except HistoryError as e:
            typer.secho(f"The accuracy was not kept: {e}", fg="yellow", err=True)
    names = tuple(rec.players) if len(rec.players) == result.players else ()
    if as_json:  # JSON Lines: one object a line
        for obj in json_records(result, names):
            typer.echo(json.dumps(obj, ensure_ascii=False))
        return
    import shutil
    import textwrap

    width = max(40, shutil.get_terminal_size().columns - 1)
    for line in [rec.heading(), *report_lines(result, names)]:
        indent = " " * (len(line) - len(line.lstrip()))
        typer.echo(textwrap.fill(line, width, subsequent_indent=indent + "  ") or "")


@app.command()
def serve(
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        help="The address to listen on. The default lets only this machine in; any other "
        "address opens the game to whoever can reach it and has the link.",
    ),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="The port to listen on."),
    public_url: str | None = typer.Option(
        None,
        "--public-url",
        metavar="URL",
        help="The address the players' browsers use, if not http://HOST:PORT "
        "(behind a proxy, or with --host 0.0.0.0).",
    ),
    max_games: int = typer.Option(
        4, "--max-games", min=1, metavar="N", help="The most games open at once."
    ),
) -> None:
    """Serve the game as a web page, to play it in a browser (needs the web extra).

    Open the link it prints (it holds a secret token). One table at a time: another tab
    has the menu, the rules and statistics, and can watch the match that is open.
    """
    import shlex
    import sys

    from .serve import ServeError, bind_problem, plan_serving, serve_game

    try:
        import textual_serve  # noqa: F401  (the web extra)
    except ImportError:
        typer.secho(
            "Error: playing in a browser needs the web extra: pip install 'dominoes-tui[web]'",
            fg="red",
            err=True,
        )
        raise typer.Exit(2) from None
    try:
        plan = plan_serving(host, port, public_url, max_games)
        for warning in plan.warnings:
            typer.secho(f"Warning: {warning}", fg="yellow", err=True)
        if problem := bind_problem(plan.host, plan.port):
            raise ServeError(problem)
        # the game, one process per browser tab: this Python, this package
        serve_game(plan, f"{shlex.quote(sys.executable)} -m dominoes_tui")
    except ServeError as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(e.code) from None


if __name__ == "__main__":  # pragma: no cover
    app()
