"""Helpers for the pilot tests of practice hands, take-backs and playing on from the review
(tests/tui/test_practice_undo.py): a table whose CPU always plays its first legal move,
and waits on the app without fixed sleeps."""

from __future__ import annotations

from pilot_helpers import first_legal, settle
from table_helpers import act_as_person

from dominoes_tui.engine import PLAY, Game, load_variant
from dominoes_tui.table import TableSession
from dominoes_tui.tui.app import DominoesApp


def table_app(level: str = "easy", seed: int = 5, game: Game | None = None) -> DominoesApp:
    """Classic without a clock at ``level`` (or opened on ``game``), no CPU pause."""
    if game is not None:
        return DominoesApp(
            game=game, seed=game.seed, level=level, delay=0, player_factory=first_legal
        )
    rules = load_variant("classic", clock_minutes=0)
    return DominoesApp(rules=rules, seed=seed, level=level, delay=0, player_factory=first_legal)


def is_choice(game: Game) -> bool:
    """The person to move with more than one move: a decision ``u`` can take back."""
    return game.phase == PLAY and game.turn == 0 and len(game.legal_actions()) > 1


async def play_first_legal(pilot) -> None:
    """The person's turn by keys: the first legal move (a tile raised with ←/→ and laid
    with Enter, the end by its arrow; a draw ``d``; a pass ``p``)."""
    table = pilot.app.table
    s = table.session
    action = s.game.legal_actions()[0]
    tile = getattr(action, "tile", None)
    if tile is None:
        await pilot.press("d" if type(action).__name__ == "Draw" else "p")
    else:
        while s.hand()[s.selected or 0] != tile:
            await pilot.press("right")
        await pilot.press("enter")
        if s.question is not None:
            arrow = s.end_arrows.get(action.end, "←→↑↓"[action.end])
            await pilot.press({"←": "left", "→": "right", "↑": "up", "↓": "down"}[arrow])
    await settle(pilot)


async def play_to_a_choice(pilot, choices: int = 1) -> list[tuple]:
    """Play first-legal moves by keys until ``choices`` decisions are made; the position
    (hands, boneyard, line, events, log) before each."""
    before: list[tuple] = []
    await settle(pilot)
    for _ in range(200):
        s = pilot.app.table.session
        g = s.game
        if len(before) == choices:
            return before
        assert g.phase == PLAY, "the hand ended first"
        if g.turn == 0:
            if is_choice(g):
                before.append(position(g))
            await play_first_legal(pilot)
        else:
            await settle(pilot)
    raise AssertionError("no decision came")


def position(g: Game) -> tuple:
    return (tuple(g.hands), tuple(g.boneyard), tuple(g.line), tuple(g.events), tuple(g.log))


def near_the_end(seed: int = 5, back: int = 3) -> Game:
    """Classic (no clock) hand 1 played by first-legal moves on both sides to ``back``
    actions before it is over."""
    rules = load_variant("classic", clock_minutes=0)
    s = TableSession(rules, seed, "easy", player_factory=first_legal, autosave=False)
    s.start()
    while s.game.phase == PLAY:
        if not s.run_cpu():
            act_as_person(s, s.game.legal_actions()[0])
        s.tick()
    return type(s.game).replay(rules, seed, s.game.log[:-back])
