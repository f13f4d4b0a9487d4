"""Differential tests: every layout's fast playout (engine/fast/) against the readable Game.

- The plain line (``fast.playout``, the hot loop): the same seed deals the same hands and
  finds the same opener on both paths; every action of a traced playout is legal in
  ``Game``; both reach the same end, hands, boneyard and score.
- Every preset's first hand (``fast.random_hand``) through its layout's ``Position``.
- Positions read from a seat's view in the middle of a hand (``fast.position``): each
  legal action applied on both paths leaves the same hands, boneyard, open ends, turn
  and passes; the rest of the hand, played out with the search's greedy policy and
  traced, replays action by action in ``Game`` to the same result (spinner arms,
  Matador's sum-to-seven ends and matadors either way round, All Fives' points).
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import random_rules

from dominoes_tui.engine import (
    Draw,
    Game,
    Pass,
    Play,
    PlayDoubles,
    Scores,
    Stop,
    fast,
    fits,
    load_variant,
    load_variants,
    new_game,
    score_hand,
    seat_view,
    tiles,
)

VARIANTS = load_variants(include_user=False)
ALL = sorted(VARIANTS)
LINE = sorted(n for n, r in VARIANTS.items() if fast.plain_line(r))
HANDS_PER_PRESET = 150


def to_action(step):
    if step[0] == "play":
        return Play(step[1], step[2], step[3] if len(step) > 3 else None)
    return {"draw": Draw(), "pass": Pass(), "stop": Stop()}[step[0]]


def replay(game: Game, trace: list, where: str = "") -> None:
    """Apply each traced step in ``game``, checking it is legal there first."""
    for step in trace:
        a = to_action(step)
        legal = game.legal_actions()
        assert a in legal, f"{where}: fast played {a}; Game allows {legal}"
        game.apply(a)


def test_every_preset_has_a_fast_path():
    """Issue 10: no preset falls back to the readable engine for search."""
    assert [n for n in ALL if not fast.supports(VARIANTS[n])] == []


@pytest.mark.parametrize("name", LINE)
def test_line_playout_agrees_with_game(name):
    for i in range(HANDS_PER_PRESET):
        rules = random_rules(random.Random(i), name)
        if not fast.plain_line(rules):
            continue
        seed = 1000 * i + 7
        g = new_game(rules, seed)

        rng = random.Random(seed)
        hands, boneyard = fast.deal(rules, rng)
        assert hands == g.hands and boneyard == g.boneyard  # R-D-1, R-C-2 on both paths
        seat, lead = fast.opener_and_lead(rules, hands, rng)
        assert seat == g.opener
        assert Play(lead) in g.legal_actions()
        g.apply(Play(lead))
        hands[seat] &= ~(1 << lead)

        trace: list = []
        if hands[seat]:
            domino, last = fast.playout(
                hands,
                boneyard,
                tiles.HIGH[lead],
                tiles.LOW[lead],
                (seat + 1) % rules.players,
                0,
                rules.players,
                rules.reserve,
                rules.draws,
                rng.random,
                trace,
            )
            if last < 0:
                last = lead
        else:
            domino, last = seat, lead
        replay(g, trace, f"{name} seed {seed}")
        assert g.phase in ("hand_over", "match_over")
        res = g.result
        assert res.kind == ("blocked" if domino is None else "domino")
        if domino is not None:
            assert res.winner == domino
        assert g.hands == hands and g.boneyard == boneyard
        fast_res = score_hand(rules, domino, hands, lead, last, Scores.zero(rules.sides))
        assert fast_res == res

        # random_hand runs exactly this procedure from the same generator
        assert fast.random_hand(rules, random.Random(seed)) == res


@pytest.mark.parametrize("name", ALL)
def test_random_hand_agrees_with_game_on_every_preset(name):
    """Deal, lead and play a first hand through the layout's Position; Game agrees."""
    for i in range(60):
        rules = random_rules(random.Random(i), name)
        seed = 1000 * i + 11
        g = new_game(rules, seed)
        rng = random.Random(seed)
        if rules.is_rounds:
            _random_round_agrees(rules, g, rng, f"{name} seed {seed}")
            assert fast.random_hand(rules, random.Random(seed)) == g.result
            continue
        hands, boneyard = fast.deal(rules, rng)
        assert hands == g.hands and boneyard == g.boneyard
        seat, lead = fast.opener_and_lead(rules, hands, rng)
        assert seat == g.opener and Play(lead) in g.legal_actions()
        g.apply(Play(lead))
        p = fast.position_class(rules).empty(rules, hands, boneyard, seat)
        p.apply(Play(lead))
        trace: list = []
        p.playout(rng.random, trace=trace)
        assert p.over
        replay(g, trace, f"{name} seed {seed}")
        assert g.phase in ("hand_over", "match_over")
        assert g.hands == p.hands and g.boneyard == p.boneyard
        res, gained = p.finish(Scores.zero(rules.sides))
        assert res == g.result
        assert gained == [a + b for a, b in zip(res.points, res.fives)]
        assert fast.random_hand(rules, random.Random(seed)) == res


def _random_round_agrees(rules, g: Game, rng: random.Random, where: str) -> None:
    """Mexican Train, Chicken Foot: round 1 dealt by the Position's class (``empty``, from
    the Game's shuffle) and played out at random agrees with Game action by action."""
    cls = fast.position_class(rules)
    pool = [t for t in range(rules.tile_count) if t not in g.laid_tiles()]
    rng.shuffle(pool)  # the Game's deal from the same seed (the engine is set aside first)
    n = rules.deal_size
    hands = [tiles.mask_of(pool[k * n : (k + 1) * n]) for k in range(rules.players)]
    assert hands == g.hands and pool[rules.players * n :] == g.boneyard
    p = cls.empty(rules, hands, pool[rules.players * n :], g.turn)
    assert p.moves() == g.legal_actions()
    trace: list = []
    p.playout(rng.random, trace=trace)
    assert p.over
    replay(g, trace, where)
    assert g.phase in ("hand_over", "match_over")
    assert g.hands == p.hands and g.boneyard == p.boneyard
    res, gained = p.finish(Scores.zero(rules.sides))
    assert res == g.result and gained == list(res.points)


POSITION_RULES = [
    load_variant("all-fives"),
    load_variant("all-fives").replace(drawing="none"),
    load_variant("all-fives").replace(players=4, hand_size=5),
    load_variant("all-fives").replace(players=3, hand_size=5),
    load_variant("matador"),
    load_variant("matador").replace(players=3, hand_size=5),
    load_variant("classic"),
    load_variant("classic").replace(two_doubles=True),
    load_variant("double-first"),
    load_variant("international"),
    load_variant("goat"),
    load_variant("pub-draw").replace(reserve=2),
    load_variant("standard-draw").replace(players=3, hand_size=5),
    load_variant("standard-draw").replace(players=4, hand_size=5, set=9),
    load_variant("standard-block").replace(set=12),
]


def _ends(p: fast.Position) -> list[int]:
    return list(p.ends)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "rules", POSITION_RULES, ids=lambda r: f"{r.name}-{r.players}p-d{r.set}-{r.drawing}"
)
def test_positions_from_views_agree_with_game(rules) -> None:
    """Mid-hand, each legal action and the rest of the hand agree with Game, action by action."""
    rng = random.Random(3)
    checked = 0
    for _ in range(50):
        game = new_game(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 14)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        view = seat_view(game, game.turn)
        root = fast.position(view, list(game.hands), list(game.boneyard))
        assert root.passes == game.passes and root.turn == game.turn
        assert _ends(root) == list(game.ends)
        assert root.fives() == list(game.hand_fives)
        for a in view.legal:
            p = root.copy()
            p.apply(a)
            g = game.copy()
            g.apply(a)
            assert p.hands == g.hands and p.boneyard == g.boneyard, a
            assert p.over == (g.phase != "play"), a
            if not p.over:
                assert (p.turn, p.passes) == (g.turn, g.passes), a
                assert _ends(p) == list(g.ends), a
            trace: list = []
            p.playout(rng.random, greedy=0.6, trace=trace)
            replay(g, trace, f"{rules.name} after {a}")
            assert g.phase != "play", "the engine's hand goes on after the playout ended"
            assert g.hands == p.hands
            res, gained = p.finish(view.scores)
            assert res.kind == g.result.kind and res.winner == g.result.winner
            assert res.points == g.result.points and res.after == g.result.after
            assert res.fives == g.result.fives
            before_fives = list(game.hand_fives)
            assert gained == [
                pt + f - f0 for pt, f, f0 in zip(res.points, g.result.fives, before_fives)
            ]
            # the search's scoring without the record: the same scores, winner and points
            assert p.outcome(view.scores) == (res.after, res.winner_side, gained)
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("rules", POSITION_RULES[:6], ids=lambda r: f"{r.name}-{r.players}p")
def test_table_of_a_view_matches_the_game(rules) -> None:
    """The table read from a seat's view is the game's (ends, end tiles, spinner, fives)."""
    rng = random.Random(5)
    for _ in range(40):
        game = new_game(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(2, 12)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        tb = fast.table_of(seat_view(game, game.turn))
        assert tb.ends == list(game.ends) and tb.end_tiles == list(game.end_tiles)
        assert tb.fives == list(game.hand_fives)
        assert tb.spinner == (-1 if game.spinner is None else game.spinner)
        assert fast.fives_count(tb) == (game.fives_count() if game.ends else 0)


@pytest.mark.parametrize("rule", ["classic", "matador"])
def test_fit_masks_and_touches_agree_with_game(rule) -> None:
    """R-M-1, R-MT-1, R-MT-2: what fits an open n, and which way round, as Game says."""
    rules = load_variant(rule)
    g = new_game(rules, 1)
    fit = fast.fit_masks(rules)
    for t in range(rules.tile_count):
        for n in range(rules.set + 1):
            assert fast.touches(rules, t, n) == tuple(g._touches(t, n))
            assert bool(fit[n] >> t & 1) == bool(g._touches(t, n))
    wild = fast.wild_tiles(rules)
    assert wild == (fits.MATADORS & tiles.set_mask(6) if rule == "matador" else 0)


def test_a_copied_game_scores_fives_in_the_copy_only() -> None:
    """R-F-2 on a copy (search, why_illegal) leaves the original's hand fives alone."""
    rules = load_variant("all-fives")
    game = Game.from_position(rules, [["5-5", "6-1"], ["2-1", "3-0"]], turn=0)
    g = game.copy()
    g.apply(Play(tiles.parse("5-5")))  # a lone 5-5 counts 10
    assert g.hand_fives == [10, 0] and game.hand_fives == [0, 0]


@pytest.mark.parametrize(
    "rules", POSITION_RULES, ids=lambda r: f"{r.name}-{r.players}p-d{r.set}-{r.drawing}"
)
def test_styled_playouts_agree_with_game(rules) -> None:
    """Issue 13: the skilled playout policy (``Position.styled_playout``, Expert's) plays
    only legal actions, and its hand ends as Game ends it, on every layout."""
    from dominoes_tui.ai.knowledge import public_voids

    rng = random.Random(8)
    style = fast.Style(greedy=0.9, block=2.0, void=5.0)
    checked = 0
    for _ in range(40):
        game = new_game(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(0, 14)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        view = seat_view(game, game.turn)
        voids = public_voids(view)
        before = list(voids)
        a = rng.choice(view.legal)  # as in the search: the move, then the playout
        p = fast.position(view, list(game.hands), list(game.boneyard))
        p.apply(a)
        trace: list = []
        p.styled_playout(rng.random, style, trace, voids)
        assert voids == before  # the playout keeps its own copy
        g = game.copy()
        g.apply(a)
        replay(g, trace, f"{rules.name} styled")
        assert g.phase != "play"
        assert g.hands == p.hands
        res, _ = p.finish(view.scores)
        assert res.points == g.result.points and res.fives == g.result.fives
        checked += 1
    assert checked > 20


def _players_choices(game: Game, legal: list) -> list:
    """``legal`` without the player's own choices, which no playout takes: a draw while a
    tile fits (``drawing = "any_time"``, R-M-4) and the two-doubles move (R-2D)."""
    plays = [a for a in legal if isinstance(a, Play)]
    return [a for a in legal if not (isinstance(a, PlayDoubles) or (plays and a == Draw()))]


def _same_moves(p: fast.Position, game: Game, where: str) -> None:
    """``p.moves()`` are ``game.legal_actions()`` in their order, the player's choices left
    out and a tile that fits alike ends listed once (its first end): each legal action
    reaches the position one of the moves reaches."""
    moves = p.moves()
    legal = _players_choices(game, game.legal_actions())
    assert len(set(moves)) == len(moves), f"{where}: a move twice in {moves}"
    assert [a for a in legal if a in moves] == moves, f"{where}: {moves} against {legal}"
    reached = {fast.outcome_key(p, a) for a in moves}
    for a in legal:
        assert fast.outcome_key(p, a) in reached, f"{where}: {a} reaches what no move does"


@pytest.mark.parametrize(
    "rules", POSITION_RULES, ids=lambda r: f"{r.name}-{r.players}p-d{r.set}-{r.drawing}"
)
def test_line_positions_list_the_games_moves_mid_hand_and_after_each_apply(rules) -> None:
    """The line layouts' ``Position.moves`` (what exact search walks) are the Game's legal
    actions, read from a seat's view mid-hand and again after each move applied on both."""
    rng = random.Random(11)
    checked = 0
    for _ in range(30):
        game = Game.new(rules, rng.randrange(10**6))
        for _ in range(rng.randrange(1, 10)):
            if game.phase != "play":
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != "play":
            continue
        view = seat_view(game, game.turn)
        p = fast.position(view, list(game.hands), list(game.boneyard))
        g = game.copy()
        step = 0
        while not p.over:
            _same_moves(p, g, f"{rules.name} step {step}")
            a = rng.choice(p.moves())
            p.apply(a)
            g.apply(a)
            assert p.hands == g.hands and p.boneyard == g.boneyard, a
            assert p.over == (g.phase != "play"), a
            if not p.over:
                assert (p.turn, p.passes, _ends(p)) == (g.turn, g.passes, list(g.ends)), a
            step += 1
            checked += 1
    assert checked > 100
