"""The ``dominoes`` command."""

from __future__ import annotations

import json

import typer

from .engine import VariantError, load_variants
from .engine.explain import explain
from .engine.rules import DEFAULT_VARIANT, Rules, user_variants_path

app = typer.Typer(
    help="Dominoes in the terminal against CPU opponents.",
    no_args_is_help=False,
    add_completion=False,
)


def _variants() -> dict[str, Rules]:
    try:
        return load_variants()
    except VariantError as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(2) from None


def _variant(name: str) -> Rules:
    variants = _variants()
    if name not in variants:
        typer.secho(f"Error: no variant {name!r}; known: {', '.join(variants)}", fg="red", err=True)
        raise typer.Exit(2)
    return variants[name]


@app.callback(invoke_without_command=True)
def main(ctx: typer.Context) -> None:
    """Dominoes in the terminal. With no command, start a game."""
    if ctx.invoked_subcommand is None:
        play()


@app.command()
def play(
    variant: str = typer.Option(
        DEFAULT_VARIANT, "--variant", "-v", help="The house rules to play."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Deal from this seed (repeatable games)."),
    level: str = typer.Option("medium", "--level", "-l", help="CPU level."),
) -> None:
    """Play a match against the CPU."""
    _variant(variant)
    typer.echo("The table is coming soon: the rules engine is ready (try `dominoes rules`).")


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
    """Print a variant's rules in plain words."""
    r = _variant(name)
    title = f"{r.name}: {r.description}" if r.description else r.name
    typer.echo(title)
    if r.house:
        typer.echo(f"({r.house})")
    typer.echo("")
    for para in explain(r):
        typer.echo(f"- {para}")


@app.command()
def stats(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    recent: int = typer.Option(20, "--recent", min=0, help="How many recent results to show."),
) -> None:
    """Your record against the CPU: win rates, points per hand, streaks, recent form."""
    from rich.console import Console

    from .store import History, HistoryError
    from .store.report import render_stats

    try:
        history = History()
        st = history.stats(recent=recent)
    except HistoryError as e:
        typer.secho(f"Error: {e}", fg="red", err=True)
        raise typer.Exit(1) from None
    if history.problem:
        typer.secho(history.problem, fg="yellow", err=True)
    if as_json:
        typer.echo(json.dumps(st.to_dict(), indent=2, ensure_ascii=False))
    elif not st.total.matches:
        typer.echo("No matches recorded yet: play one with `dominoes play`.")
    else:
        Console().print(render_stats(st))


if __name__ == "__main__":  # pragma: no cover
    app()
