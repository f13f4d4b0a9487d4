"""The fast path: random playouts on bitmasks, for search-based CPU players and benchmarks.

The readable :class:`~dominoes_tui.engine.state.Game` is the reference. This
module plays the same movement rules (R-M-1, R-M-4, R-M-5, R-C-3) on bare ints
and lists, with no objects per move, and hands the end of the hand to the one
scoring module (:func:`~dominoes_tui.engine.scoring.score_hand`). A test
replays traced playouts through ``Game`` to prove the two agree.

The playout policy is uniform over the fitting tiles and, for a tile that fits
both ends, over the ends; with ``greedy`` > 0 a seat plays the heaviest fitting
tile (doubles first on a tie) with that probability, the policy the CPU's
search uses. It never draws by choice (``any_time``) and never takes the
optional two-doubles move: those are a player's choices, not rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import tiles
from .rules import Rules
from .scoring import HandResult, Scores, score_hand
from .state import _double_order, redeal_needed

_SUIT = tiles.SUIT_MASK
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_DOUBLES = tiles.DOUBLES_MASK
_VALUE = tiles.VALUE
_DOUBLE = tiles.DOUBLE


def heaviest(fit: int) -> int:
    """The heaviest tile in the mask ``fit`` (a double first on a tie)."""
    best = -1
    best_key = -1
    while fit:
        low = fit & -fit
        t = low.bit_length() - 1
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best_key:
            best, best_key = t, key
        fit ^= low
    return best


def playout(
    hands: list[int],
    boneyard: list[int],
    left: int,
    right: int,
    turn: int,
    passes: int,
    players: int,
    reserve: int,
    draws: bool,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> tuple[int | None, int]:
    """Play a hand out from a position with a line (ends ``left``, ``right``).

    ``hands`` and ``boneyard`` are changed in place (the boneyard is drawn from
    its end). Returns ``(domino_seat or None if blocked, last tile played or -1)``.
    With ``trace`` a list, each action is appended: ``("play", tile, end)``,
    ``("draw",)`` or ``("pass",)``.
    """
    last = -1
    while True:
        h = hands[turn]
        mask = _SUIT[left] | _SUIT[right]
        fit = h & mask
        if not fit:
            if draws:
                while len(boneyard) > reserve:  # R-M-4: one at a time until one fits
                    t = boneyard.pop()
                    h |= 1 << t
                    if trace is not None:
                        trace.append(("draw",))
                    if (1 << t) & mask:
                        break
                hands[turn] = h
                fit = h & mask
            if not fit:
                if trace is not None:
                    trace.append(("pass",))
                passes += 1
                if passes >= players:  # R-M-5
                    return None, last
                turn += 1
                if turn == players:
                    turn = 0
                continue
        passes = 0
        n = fit.bit_count()
        if n > 1:
            if greedy and rand() < greedy:
                fit = 1 << heaviest(fit)
            else:
                k = int(rand() * n)
                while k:
                    fit &= fit - 1
                    k -= 1
        bit = fit & -fit
        t = bit.bit_length() - 1
        lo = _LOW[t]
        hi = _HIGH[t]
        if lo == left or hi == left:
            if (lo == right or hi == right) and rand() < 0.5:
                right = hi if lo == right else lo
                end = 1
            else:
                left = hi if lo == left else lo
                end = 0
        else:
            right = hi if lo == right else lo
            end = 1
        if trace is not None:
            trace.append(("play", t, end))
        h ^= bit
        hands[turn] = h
        last = t
        if not h:
            return turn, last
        turn += 1
        if turn == players:
            turn = 0


def supports(rules: Rules) -> bool:
    """Does the fast path play these rules? (A plain line of matching ends, no end scoring.)"""
    return rules.layout == "line" and rules.match_rule == "equal" and rules.end_scoring == "none"


def deal(rules: Rules, rng: random.Random) -> tuple[list[int], list[int]]:
    """R-D-1 with R-C-2's redeal: hands as masks and the boneyard as a list."""
    n, hs, players = rules.tile_count, rules.hand_size, rules.players
    while True:
        pool = list(range(n))
        rng.shuffle(pool)
        hands = []
        for i in range(players):
            m = 0
            for t in pool[i * hs : (i + 1) * hs]:
                m |= 1 << t
            hands.append(m)
        if not rules.redeal or not any(redeal_needed(rules, h) for h in hands):
            return hands, pool[players * hs :]


def opener_and_lead(rules: Rules, hands: list[int], rng: random.Random) -> tuple[int, int]:
    """The first hand's opener (R-O-1…3, R-O-5) and a tile they may lead, chosen at random."""
    if rules.first_opener == "random":
        seat = rng.randrange(rules.players)
        h = hands[seat]
        if rules.first_lead == "double_if_held" and h & _DOUBLES:
            h &= _DOUBLES
        choices = list(tiles.bits(h))
        return seat, choices[int(rng.random() * len(choices))]
    from .state import find_opener

    if rules.first_opener != "highest_tile":
        for d in _double_order(rules, rules.first_opener):
            b = 1 << d
            for s, h in enumerate(hands):
                if h & b:
                    if rules.first_lead == "that_tile":
                        return s, d
                    return s, _random_lead(rules, h, rng)
    seat, t = find_opener(rules, hands, rules.first_opener)
    if rules.first_lead == "that_tile":
        return seat, t
    return seat, _random_lead(rules, hands[seat], rng)


def _random_lead(rules: Rules, h: int, rng: random.Random) -> int:
    if rules.first_lead == "double_if_held" and h & _DOUBLES:
        h &= _DOUBLES
    choices = list(tiles.bits(h))
    return choices[int(rng.random() * len(choices))]


def random_hand(rules: Rules, rng: random.Random, scores: Scores | None = None) -> HandResult:
    """Deal, lead and play one first hand at random, and score it."""
    if not supports(rules):
        raise ValueError(f"the fast path plays a plain line only, not {rules.name!r}")
    hands, boneyard = deal(rules, rng)
    seat, t = opener_and_lead(rules, hands, rng)
    hands[seat] &= ~(1 << t)
    players = rules.players
    if not hands[seat]:
        domino, last = seat, t
    else:
        domino, last = playout(
            hands,
            boneyard,
            _HIGH[t],
            _LOW[t],
            (seat + 1) % players,
            0,
            players,
            rules.reserve,
            rules.drawing != "none",
            rng.random,
        )
        if last < 0:
            last = t
    return score_hand(rules, domino, hands, t, last, scores or Scores.zero(rules.sides))


# =====================================================================================
# Mexican Train and Chicken Foot (RULES.md §8): positions and playouts on bare ints.
#
# A position is a small object of plain lists and ints, read from a game with
# ``trains_position(game)`` / ``foot_position(game)`` (a real game or one rebuilt
# from a seat's view by ``engine.determinize``); the playout plays the round out
# from it in place and returns the seat that went out, or None if the round was
# blocked; ``engine.scoring.score_round(rules, that, position.hands, scores)``
# scores it. The policy is uniform over every (tile, place) the rules allow, or
# with ``greedy`` the heaviest such tile (doubles first on a tie) with that
# probability; a first-turn run always goes on while a tile fits. A test replays
# traced playouts through ``Game`` action by action: ``("play", tile, place)``
# (place None: Chicken Foot's centre), ``("draw",)``, ``("pass",)``, ``("stop",)``.
# =====================================================================================


class TrainsPosition:
    """A Mexican Train round in progress (see ``TrainsGame`` for what each field means).

    ``ends``: the number each train takes (seat k's at k, the Mexican train last);
    ``markers``: bit k, seat k's train is open; ``pending``: the train with an
    unsatisfied double or -1; ``firsts``: bit k, seat k's first turn is to come
    or under way; ``run``: tiles laid this turn in a first-turn run (-1 after a
    draw); ``drawn``: the tile the seat to move just drew, or -1.
    """

    __slots__ = (
        "hands",
        "boneyard",
        "ends",
        "markers",
        "pending",
        "firsts",
        "run",
        "drawn",
        "turn",
        "passes",
        "players",
        "run_rule",
    )

    def __init__(
        self,
        hands: list[int],
        boneyard: list[int],
        ends: list[int],
        markers: int,
        pending: int,
        firsts: int,
        run: int,
        drawn: int,
        turn: int,
        passes: int,
        run_rule: bool,
    ) -> None:
        self.hands = hands
        self.boneyard = boneyard
        self.ends = ends
        self.markers = markers
        self.pending = pending
        self.firsts = firsts
        self.run = run
        self.drawn = drawn
        self.turn = turn
        self.passes = passes
        self.players = len(hands)
        self.run_rule = run_rule

    def copy(self) -> TrainsPosition:
        return TrainsPosition(
            list(self.hands),
            list(self.boneyard),
            list(self.ends),
            self.markers,
            self.pending,
            self.firsts,
            self.run,
            self.drawn,
            self.turn,
            self.passes,
            self.run_rule,
        )


def trains_position(game) -> TrainsPosition:
    """The fast position of a Mexican Train ``game`` (a ``TrainsGame`` in play)."""
    if game.rules.layout != "trains" or game.phase != "play":
        raise ValueError("trains_position needs a Mexican Train round in play")
    return TrainsPosition(
        list(game.hands),
        list(game.boneyard),
        list(game.train_ends),
        game.markers,
        -1 if game.pending is None else game.pending,
        game.first_turns,
        game.run,
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
        game.rules.first_turn_run,
    )


def _heaviest_option(opts: list[tuple[int, int | None]], rand: Callable[[], float]):
    """A (tile, place) of ``opts`` with the heaviest tile (a double first on a tie)."""
    best = -1
    for t, _ in opts:
        key = _VALUE[t] * 2 + _DOUBLE[t]
        if key > best:
            best = key
    opts = [o for o in opts if _VALUE[o[0]] * 2 + _DOUBLE[o[0]] == best]
    return opts[0] if len(opts) == 1 else opts[int(rand() * len(opts))]


def trains_playout(
    pos: TrainsPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> int | None:
    """Play a Mexican Train round out from ``pos`` (changed in place): R-TR-2…5, R-TR-8.

    Returns the seat that played its last tile, or None if the round was blocked.
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    players = pos.players
    mex = players
    markers, pending, firsts = pos.markers, pos.pending, pos.firsts
    run, drawn, turn, passes = pos.run, pos.drawn, pos.turn, pos.passes
    run_rule = pos.run_rule
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    while True:
        s = turn
        restricted = run_rule and firsts >> s & 1
        if pending >= 0:
            places: tuple[int, ...] | list[int] = (pending,)
        elif restricted:
            places = (s,)
        elif markers:
            places = [k for k in range(players) if k == s or markers >> k & 1]
            places.append(mex)
        else:
            places = (s, mex)
        h = hands[s]
        cand = (1 << drawn) if drawn >= 0 else h
        opts: list[tuple[int, int | None]] = []
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opts.append((b.bit_length() - 1, p))
                f ^= b
        if not opts:
            if run >= 1 and pending < 0 and restricted and drawn < 0:  # the run stops
                if trace is not None:
                    trace.append(("stop",))
            elif drawn < 0 and bone:  # draw one tile (R-TR-3)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                run = -1
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:  # pass: the marker goes on the player's own train
                if trace is not None:
                    trace.append(("pass",))
                fresh = not markers >> s & 1
                markers |= 1 << s
                if restricted:
                    passes = 0
                elif fresh:
                    passes = 1
                else:
                    passes += 1
                if passes >= players and not bone:  # blocked (R-TR-5)
                    break
            firsts &= ~(1 << s)
            turn = s + 1 if s + 1 < players else 0
            drawn = -1
            run = 0
            continue
        k = len(opts)
        if k == 1:
            t, p = opts[0]
        elif greedy and rand() < greedy:
            t, p = _heaviest_option(opts, rand)
        else:
            t, p = opts[int(rand() * k)]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if p == s:
            markers &= ~(1 << s)
        if pending == p:
            pending = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        in_run = run >= 0 and p == s and restricted
        if in_run:
            run += 1
        if double_[t]:
            pending = p  # the same player plays again, on the double (R-TR-4)
            continue
        if in_run:
            continue
        firsts &= ~(1 << s)
        turn = s + 1 if s + 1 < players else 0
        run = 0
    pos.markers, pos.pending, pos.firsts = markers, pending, firsts
    pos.run, pos.drawn, pos.turn, pos.passes = run, drawn, turn, passes
    return result


def _deal_round(rules: Rules, rng: random.Random, pool: list[int]) -> tuple[list[int], list[int]]:
    """Shuffle ``pool`` and deal ``rules.deal_size`` to each seat, as ``RoundsGame`` does."""
    rng.shuffle(pool)
    hs, players = rules.deal_size, rules.players
    hands = []
    for i in range(players):
        m = 0
        for t in pool[i * hs : (i + 1) * hs]:
            m |= 1 << t
        hands.append(m)
    return hands, pool[players * hs :]


def trains_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> TrainsPosition:
    """Round ``round_no``'s deal (R-TR-1), exactly as ``TrainsGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    engine = tiles.tile(n, n)
    pool = [t for t in range(rules.tile_count) if t != engine]
    hands, bone = _deal_round(rules, rng, pool)
    players = rules.players
    return TrainsPosition(
        hands,
        bone,
        [n] * (players + 1),
        0,
        -1,
        (1 << players) - 1,
        0,
        -1,
        ((first_seat or 0) + round_no - 1) % players,
        0,
        rules.first_turn_run,
    )


class FootPosition:
    """A Chicken Foot round in progress (see ``ChickenFootGame``).

    ``double``: the round's double (a tile id); ``centre``: its number once it
    is in the centre, else -1; ``ends``: the number each line takes (arms 0-3,
    then the toes); ``open_lines``: the lines not closed by a foot, in order;
    ``filling``: the empty lines of the foot being filled; ``drawn``: the tile
    the seat to move just drew, or -1.
    """

    __slots__ = (
        "hands",
        "boneyard",
        "double",
        "centre",
        "ends",
        "open_lines",
        "filling",
        "drawn",
        "turn",
        "passes",
        "players",
    )

    def __init__(
        self,
        hands: list[int],
        boneyard: list[int],
        double: int,
        centre: int,
        ends: list[int],
        open_lines: list[int],
        filling: list[int],
        drawn: int,
        turn: int,
        passes: int,
    ) -> None:
        self.hands = hands
        self.boneyard = boneyard
        self.double = double
        self.centre = centre
        self.ends = ends
        self.open_lines = open_lines
        self.filling = filling
        self.drawn = drawn
        self.turn = turn
        self.passes = passes
        self.players = len(hands)

    def copy(self) -> FootPosition:
        return FootPosition(
            list(self.hands),
            list(self.boneyard),
            self.double,
            self.centre,
            list(self.ends),
            list(self.open_lines),
            list(self.filling),
            self.drawn,
            self.turn,
            self.passes,
        )


def foot_position(game) -> FootPosition:
    """The fast position of a Chicken Foot ``game`` (a ``ChickenFootGame`` in play)."""
    if game.rules.layout != "chicken_foot" or game.phase != "play":
        raise ValueError("foot_position needs a Chicken Foot round in play")
    closed = game.closed
    return FootPosition(
        list(game.hands),
        list(game.boneyard),
        game.round_double,
        -1 if game.centre is None else _HIGH[game.centre],
        list(game.line_ends),
        [i for i in range(len(game.lines)) if not closed >> i & 1],
        list(game.filling),
        -1 if game.drawn is None else game.drawn,
        game.turn,
        game.passes,
    )


def foot_playout(
    pos: FootPosition,
    rand: Callable[[], float],
    trace: list | None = None,
    greedy: float = 0.0,
) -> int | None:
    """Play a Chicken Foot round out from ``pos`` (changed in place): R-CF-1…5.

    Returns the seat that played its last tile, or None if the round was blocked.
    """
    hands, bone, ends = pos.hands, pos.boneyard, pos.ends
    open_lines, filling = pos.open_lines, pos.filling
    players = pos.players
    drawn, turn, passes = pos.drawn, pos.turn, pos.passes
    suit, low_, high_, double_ = _SUIT, _LOW, _HIGH, _DOUBLE
    result: int | None = None
    while True:
        s = turn
        h = hands[s]
        if pos.centre < 0:  # R-CF-1: the round double opens the round
            d = pos.double
            if (drawn < 0 and h >> d & 1) or drawn == d:
                h ^= 1 << d
                hands[s] = h
                n = _HIGH[d]
                pos.centre = n
                ends[:] = [n, n, n, n]
                open_lines[:] = [0, 1, 2, 3]
                filling[:] = [0, 1, 2, 3]
                drawn = -1
                passes = 0
                if trace is not None:
                    trace.append(("play", d, None))
                if not h:
                    result = s
                    break
            elif drawn < 0:
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                if trace is not None:
                    trace.append(("draw",))
                continue
            else:
                drawn = -1
                if trace is not None:
                    trace.append(("pass",))
            turn = s + 1 if s + 1 < players else 0
            continue
        places = (filling[0],) if filling else open_lines
        cand = (1 << drawn) if drawn >= 0 else h
        opts: list[tuple[int, int | None]] = []
        for p in places:
            f = cand & suit[ends[p]]
            while f:
                b = f & -f
                opts.append((b.bit_length() - 1, p))
                f ^= b
        if not opts:
            if drawn < 0 and bone:  # draw one tile (R-CF-3, R-CF-4)
                t = bone.pop()
                hands[s] = h | (1 << t)
                drawn = t
                passes = 0
                if trace is not None:
                    trace.append(("draw",))
                continue
            if trace is not None:
                trace.append(("pass",))
            drawn = -1
            passes += 1
            if passes >= players and not bone:  # blocked (R-CF-5)
                break
            turn = s + 1 if s + 1 < players else 0
            continue
        k = len(opts)
        if k == 1:
            t, p = opts[0]
        elif greedy and rand() < greedy:
            t, p = _heaviest_option(opts, rand)
        else:
            t, p = opts[int(rand() * k)]
        n = ends[p]
        ends[p] = high_[t] if low_[t] == n else low_[t]
        if filling:
            filling.pop(0)
        if double_[t]:  # R-CF-3: a foot of three toes
            open_lines.remove(p)
            first = len(ends)
            ends.extend((n, n, n))
            toes = [first, first + 1, first + 2]
            open_lines.extend(toes)
            filling[:] = toes
        h ^= 1 << t
        hands[s] = h
        passes = 0
        drawn = -1
        if trace is not None:
            trace.append(("play", t, p))
        if not h:
            result = s
            break
        turn = s + 1 if s + 1 < players else 0
    pos.drawn, pos.turn, pos.passes = drawn, turn, passes
    return result


def foot_deal(
    rules: Rules, rng: random.Random, round_no: int = 1, first_seat: int | None = None
) -> FootPosition:
    """Round ``round_no``'s deal (R-CF-1), exactly as ``ChickenFootGame`` deals it from ``rng``."""
    n = rules.set - (round_no - 1)
    double = tiles.tile(n, n)
    hands, bone = _deal_round(rules, rng, list(range(rules.tile_count)))
    players = rules.players
    turn = ((first_seat or 0) + round_no - 1) % players
    for s, h in enumerate(hands):
        if h >> double & 1:
            turn = s
    return FootPosition(hands, bone, double, -1, [], [], [], -1, turn, 0)


def random_round(
    rules: Rules,
    rng: random.Random,
    round_no: int = 1,
    scores: Scores | None = None,
    greedy: float = 0.0,
) -> HandResult:
    """Deal and play one round of Mexican Train or Chicken Foot at random, and score it."""
    from .scoring import score_round

    if rules.layout == "trains":
        pos: TrainsPosition | FootPosition = trains_deal(rules, rng, round_no)
        domino = trains_playout(pos, rng.random, greedy=greedy)  # type: ignore[arg-type]
    elif rules.layout == "chicken_foot":
        pos = foot_deal(rules, rng, round_no)
        domino = foot_playout(pos, rng.random, greedy=greedy)  # type: ignore[arg-type]
    else:
        raise ValueError(f"random_round plays Mexican Train and Chicken Foot, not {rules.name!r}")
    return score_round(rules, domino, pos.hands, scores or Scores.zero(rules.sides))
