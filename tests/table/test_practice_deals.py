"""Practice deals and the daily deal (issue 16): a seed dealt with the seats turned, a
hand dealt again from either seat, the result set beside the first, the daily seed and
the person's best, the coach's setting. Headless: no Textual."""

from __future__ import annotations

import doctest
import random
from datetime import date

import pytest

from dominoes_tui import store
from dominoes_tui.ai import make_player
from dominoes_tui.engine import (
    HAND_OVER,
    Game,
    NextHand,
    Scores,
    deal_again,
    hand_start,
    load_variant,
    new_game,
    seat_view,
    tiles,
)
from dominoes_tui.engine import practice as engine_practice
from dominoes_tui.store import player, settings
from dominoes_tui.table import practice as pr
from dominoes_tui.table.words import coach_level_words

GOLDEN = {
    # Game.new's first hands before rotations existed: every seed deals as it did.
    ("classic", 5): [
        ["1-1", "2-1", "3-3", "4-0", "4-3", "6-3", "6-6"],
        ["3-0", "4-2", "5-0", "5-2", "5-3", "6-4", "6-5"],
    ],
    ("classic", 123): [
        ["2-1", "3-0", "3-1", "3-3", "4-1", "4-4", "5-5"],
        ["0-0", "2-2", "5-0", "5-4", "6-0", "6-1", "6-4"],
    ],
    ("goat", 7): [
        ["2-2", "3-1", "3-2", "3-3", "4-4", "6-1", "6-5"],
        ["4-3", "5-0", "5-4", "6-0", "6-3", "6-4", "6-6"],
        ["0-0", "2-0", "3-0", "4-1", "5-1", "5-3", "6-2"],
        ["1-0", "1-1", "2-1", "4-0", "4-2", "5-2", "5-5"],
    ],
    ("all-fives", 3): [
        ["1-0", "2-2", "3-0", "4-2", "6-1", "6-3", "6-4"],
        ["2-0", "3-3", "4-0", "4-3", "4-4", "6-2", "6-6"],
    ],
}
OPENERS = {("classic", 5): 0, ("classic", 123): 1, ("goat", 7): 3, ("all-fives", 3): 1}


def play_out(g: Game, seed: int = 1, until_hand: int | None = None) -> Game:
    """Two Medium CPUs play ``g`` on (to the match's end, or to ``until_hand``'s deal)."""
    ps = [make_player("medium", seed + s) for s in range(g.rules.players)]
    while not g.is_over:
        if g.phase == HAND_OVER:
            g.apply(NextHand())
            if until_hand is not None and g.hand_no >= until_hand:
                return g
        else:
            g.apply(ps[g.turn].choose(seat_view(g, g.turn)))
    return g


def test_docstring_examples() -> None:
    assert doctest.testmod(engine_practice).failed == 0
    assert doctest.testmod(pr).failed == 0


# ------------------------------------------------------------ the engine: rotation
@pytest.mark.parametrize(("variant", "seed"), list(GOLDEN))
def test_every_seed_deals_as_before(variant: str, seed: int) -> None:
    """R-D-1: the rotation parameter leaves rotation 0, every existing seed's deal, alone."""
    g = new_game(load_variant(variant), seed)
    assert [tiles.names(h) for h in g.hands] == GOLDEN[(variant, seed)]
    assert g.opener == OPENERS[(variant, seed)]
    assert g.rotation == 0


@pytest.mark.parametrize(("variant", "seed"), list(GOLDEN))
def test_a_seed_dealt_with_the_seats_turned(variant: str, seed: int) -> None:
    """R-D-1: seat s is dealt what seat s + k is dealt at rotation 0; the boneyard keeps its
    order; R-O-1: the opener (the seat holding the opener's double) moves with its hand."""
    rules = load_variant(variant)
    n = rules.players
    plain = new_game(rules, seed)
    for k in range(1, n):
        turned = new_game(rules, seed, rotation=k)
        assert turned.hands == [plain.hands[(s + k) % n] for s in range(n)]
        assert turned.boneyard == plain.boneyard
        assert turned.opener == (plain.opener - k) % n
        assert (turned.lead_rule, turned.lead_tile) == (plain.lead_rule, plain.lead_tile)


def test_a_random_opener_moves_with_its_hand() -> None:
    """R-O-1 (first opener by lot): the lot falls on a hand; turned, the same hand leads."""
    rules = load_variant("double-first")
    assert rules.first_opener == "random"
    for seed in range(1, 30):
        plain, turned = new_game(rules, seed), new_game(rules, seed, rotation=1)
        assert turned.hands[turned.opener] == plain.hands[plain.opener]


def test_later_hands_are_dealt_turned_too() -> None:
    """Every deal of a turned match is the plain deal turned (the same generator)."""
    rules = load_variant("draw")  # R-O-5: every hand opened as the first
    plain, turned = new_game(rules, 44), new_game(rules, 44, rotation=1)
    for _ in range(3):
        plain.hand_no += 1
        turned.hand_no += 1
        plain._deal()
        turned._deal()
        assert turned.hands == [plain.hands[1], plain.hands[0]]
        assert turned.boneyard == plain.boneyard


def test_a_redeal_is_the_same_whichever_way_round() -> None:
    """R-C-2: a hand that must be redealt is redealt turned or not alike."""
    rules = load_variant("classic")
    for seed in range(300):
        plain = new_game(rules, seed)
        if plain.redeals:
            turned = new_game(rules, seed, rotation=1)
            assert turned.redeals == plain.redeals
            assert turned.hands == [plain.hands[1], plain.hands[0]]
            return
    pytest.skip("no seed below 300 needs a redeal")


def test_copy_keeps_the_rotation() -> None:
    g = new_game(load_variant("classic"), 3, rotation=1)
    assert g.copy().rotation == 1


def test_mexican_train_refuses_a_turned_deal() -> None:
    rules = load_variant("mexican-train")
    assert new_game(rules, 1).rotation == 0
    with pytest.raises(ValueError, match="line games"):
        new_game(rules, 1, rotation=1)


# ------------------------------------------------------------ the engine: dealing again
@pytest.mark.parametrize(("variant", "seed"), list(GOLDEN))
def test_deal_again_agrees_with_a_turned_seed(variant: str, seed: int) -> None:
    rules = load_variant(variant)
    for k in range(rules.players):
        again = deal_again(new_game(rules, seed), k)
        turned = new_game(rules, seed, rotation=k)
        assert again.hands == turned.hands
        assert again.boneyard == turned.boneyard
        assert (again.opener, again.turn) == (turned.opener, turned.turn)
        assert again.rng.getstate() == turned.rng.getstate()
        assert again.rotation == k


def test_a_later_hand_dealt_again_from_the_other_seat() -> None:
    """Hand 3 of a played match: the same tiles and boneyard, the scores with their
    hands, the log empty (a new game from that position)."""
    rules = load_variant("classic")
    start = new_game(rules, 8)
    played = play_out(start.copy(), seed=4)
    assert len(played.results) >= 3
    deal = hand_start(start, played.log, 3)
    assert deal.hand_no == 3 and not deal.events and not deal.line
    same = deal_again(deal, 0)
    assert same.hands == deal.hands and same.boneyard == deal.boneyard and same.log == []
    other = deal_again(deal, 1)
    assert other.hands == [deal.hands[1], deal.hands[0]]
    assert other.boneyard == deal.boneyard
    assert other.opener == 1 - deal.opener
    s = deal.scores
    assert other.scores == Scores(s.written[::-1], s.held[::-1], s.hanging)
    play_out(other, seed=9)  # and it plays to its end
    assert other.is_over or other.phase == HAND_OVER


def test_partners_turned_by_one_swap_the_sides_scores() -> None:
    rules = load_variant("goat")
    g = new_game(rules, 7)
    g.scores = Scores((10, 30), (0, 0), 5)
    again = deal_again(g, 1)
    assert again.scores == Scores((30, 10), (0, 0), 5)
    assert deal_again(g, 2).scores == g.scores


def test_hand_start_and_deal_again_refuse_what_they_cannot_do() -> None:
    g = new_game(load_variant("classic"), 5)
    with pytest.raises(ValueError, match="hand 4"):
        hand_start(g, [], 4)
    g.apply(g.legal_actions()[0])
    with pytest.raises(ValueError, match="at its deal"):
        deal_again(g, 1)


# ------------------------------------------------------------ practice deals
def a_played_match(seed: int = 8) -> tuple[Game, Game]:
    start = new_game(load_variant("classic"), seed)
    return start, play_out(start.copy(), seed=4)


def test_practice_from_the_same_seat_deals_the_same_hand() -> None:
    start, played = a_played_match()
    p = pr.practice(start, played.log, 2, level="hard", seed=8, names=("You", "CPU"))
    deal = hand_start(start, played.log, 2)
    assert p.deal.hands == deal.hands and p.deal.boneyard == deal.boneyard
    assert not p.from_other_seat
    res = played.results[1]
    assert p.first == pr.hand_net(start.rules, res, 0)
    assert p.title() == "Practice: hand 2 again, from your own seat"


def test_practice_from_the_cpus_seat_gives_you_its_tiles() -> None:
    start, played = a_played_match()
    p = pr.practice(start, played.log, 2, 1, level="hard", seed=8, names=("You", "CPU (Hard)"))
    deal = hand_start(start, played.log, 2)
    assert p.deal.hands[0] == deal.hands[1]
    assert p.deal.hands[1] == deal.hands[0]
    assert p.from_other_seat
    assert p.first == pr.hand_net(start.rules, played.results[1], 1)  # what the CPU made
    assert p.title() == "Practice: hand 2 again, from the CPU (Hard)'s seat"
    back = p.again(0)
    assert back.deal.hands == deal.hands and not back.from_other_seat


def test_the_result_is_set_beside_the_first() -> None:
    start, played = a_played_match()
    p = pr.practice(start, played.log, 1, level="hard", seed=8, names=("You", "CPU"))
    g = p.deal.copy()
    play_out(g, seed=77)
    res = g.result if g.phase == HAND_OVER or g.is_over else None
    assert res is not None
    words = p.outcome_words(res)
    this = pr.hand_net(start.rules, res, 0)
    assert words.startswith(f"This time: {pr.net_words(this)} for you.")
    assert pr.compare_words(p.first, this) in words


@pytest.mark.parametrize(
    ("scoring", "points", "side", "net"),
    [
        ("penalty", (0, 12), 0, 12),  # the CPU took 12 penalty: +12 for you
        ("penalty", (19, 0), 0, -19),
        ("winner_takes", (23, 0), 0, 23),
        ("winner_takes", (0, 15), 0, -15),
        ("winner_takes", (0, 15), 1, 15),
    ],
)
def test_a_hands_worth_to_a_side(scoring: str, points: tuple, side: int, net: int) -> None:
    assert pr.points_net(scoring, points, side) == net


def test_result_words() -> None:
    assert pr.net_words(1) == "+1 point"
    assert pr.net_words(-12) == "−12 points"
    assert pr.net_words(0) == "level"
    assert pr.compare_words(5, -7) == "this time −12 points"


# ------------------------------------------------------------ the daily deal
def test_the_daily_seed_is_fixed_per_day_and_differs_between_days() -> None:
    days = [date(2026, 12, d) for d in range(1, 29)]
    seeds = [pr.daily_seed(d) for d in days]
    assert len(set(seeds)) == len(seeds)
    assert pr.daily_seed(date(2026, 12, 1)) == pr.daily_seed(date(2026, 12, 1))
    assert all(0 < s < 2**63 for s in seeds)  # SQLite's integers; saves take up to 2**128
    # the same deal for everyone: the seed does not come from this process's hash seed
    assert pr.daily_seed(date(2026, 12, 1)) == 6308014302221288243


def test_the_daily_rules_are_the_shipped_classic_as_one_hand(dominoes_home) -> None:
    (dominoes_home / "variants.toml").write_text("[classic]\ntarget = 201\n")
    rules = pr.daily_rules()
    assert rules.name == "classic" and rules.target == 0 and not rules.clock_minutes
    assert load_variant("classic").target == 201  # the player's own file, not the daily's


def test_yesterdays_daily_still_counts_after_midnight() -> None:
    today = date(2026, 12, 2)
    assert pr.daily_day(pr.daily_seed(today), today) == today
    assert pr.daily_day(pr.daily_seed(date(2026, 12, 1)), today) == date(2026, 12, 1)
    assert pr.daily_day(pr.daily_seed(date(2026, 11, 20)), today) is None
    assert pr.daily_day(5, today) is None


def test_the_daily_best_comes_from_the_history(dominoes_home) -> None:
    day = date(2026, 12, 1)
    seed, rules = pr.daily_seed(day), pr.daily_rules()
    h = store.History()
    assert pr.daily_from_history(h, day).words() == "Daily deal of 2026-12-01: not played yet."
    nets = []
    for i in range(3):
        g = new_game(rules, seed)
        players = [make_player("easy", 100 + i), make_player(pr.DAILY_LEVEL, seed)]
        while not g.is_over:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
        info = store.MatchInfo(cpu_level=pr.DAILY_LEVEL, names=("You", "CPU (Hard)"))
        assert store.finish_match(g, info).problem is None
        nets.append(pr.hand_net(rules, g.result, 0))
    other = new_game(load_variant("classic"), seed)  # another house, the same seed
    store.abandon_match(play_out(other, until_hand=2), store.MatchInfo(cpu_level="easy"))
    best = pr.daily_from_history(h, day)
    assert (best.tries, best.best) == (3, max(nets))
    assert best.words() == (
        f"Daily deal of 2026-12-01: your best {pr.net_words(max(nets))} (3 tries)."
    )


# ------------------------------------------------------------ the coach's setting
# (the levels, the keys of before and bad values: tests/store/test_player.py)
def test_the_coach_guides_a_new_players_first_three_finished_matches(dominoes_home) -> None:
    s = player.load_player()
    assert (s.level, s.finished, s.now) == ("auto", 0, "guide")
    assert coach_level_words(s.level, s.finished) == "Guide (3 matches to go), then Tips"
    for _ in range(player.AUTO_MATCHES):
        assert player.load_player().guide
        player.count_finished_match()
    assert player.load_player().now == "tips"
    assert player.set_level("guide").guide
    assert not player.set_level("off").tips
    assert player.load_player().level == "off"  # remembered
    with pytest.raises(ValueError):
        player.set_level("sometimes")


@pytest.mark.parametrize(
    "text", ["{", "[]", '{"coach_level": "maybe", "coach_finished": -3}', "\xff"]
)
def test_a_damaged_settings_file_gives_the_coachs_defaults(dominoes_home, text: str) -> None:
    settings.settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings.settings_path().write_bytes(text.encode("latin-1"))
    assert player.load_player() == player.CoachSetting()


def test_the_coach_keeps_the_other_settings(dominoes_home) -> None:
    """The coach shares settings.json with the pace and the tiles: writing one keeps the
    others."""
    settings.save_settings(settings.PlayerSettings(pace="slow", tiles="unicode"))
    player.set_level("tips")
    player.count_finished_match()
    assert settings.load_settings() == settings.PlayerSettings("slow", "unicode")
    assert player.load_player() == player.CoachSetting("tips", 1, asked=True)
    settings.save_settings(settings.PlayerSettings())
    assert player.load_player() == player.CoachSetting("tips", 1, asked=True)


def test_a_shuffled_pool_is_python_randoms_own() -> None:
    """The deal is random.Random(seed)'s shuffle: the same on every machine."""
    rules = load_variant("classic")
    pool = list(range(rules.tile_count))
    random.Random(5).shuffle(pool)
    g = new_game(rules, 5)
    assert g.hands[0] == tiles.mask_of(pool[:7]) and g.boneyard == pool[14:]


def test_a_daily_try_beside_the_best_of_the_day(dominoes_home) -> None:
    day = date(2026, 12, 1)
    seed, rules = pr.daily_seed(day), pr.daily_rules()
    nets, uids = [], []
    for i in range(2):
        g = new_game(rules, seed)
        players = [make_player("easy", 7 + i), make_player(pr.DAILY_LEVEL, seed)]
        while not g.is_over:
            g.apply(players[g.turn].choose(seat_view(g, g.turn)))
        info = store.MatchInfo(cpu_level=pr.DAILY_LEVEL)
        store.finish_match(g, info)
        nets.append(pr.hand_net(rules, g.result, 0))
        uids.append(info.match_id)
    words = pr.daily_words(g, uids[1], date(2026, 12, 2))  # after midnight: still that day's
    assert words == (
        f"Daily deal of 2026-12-01: this time {pr.net_words(nets[1])}; your best "
        f"{pr.net_words(max(nets))} (2 tries)."
    )
    assert pr.daily_words(g, uids[1], date(2026, 12, 5)) is None  # days later: just a match
    plain = play_out(new_game(load_variant("classic"), seed))
    assert pr.daily_words(plain, "x", day) is None  # the seed, but not the daily's rules
