"""CPU play for the games of rounds: Mexican Train and Chicken Foot.

Every level's class (:mod:`.easy`, :mod:`.medium`, :mod:`.hard`, :mod:`.expert`)
hands a view whose ``board`` is set (a :class:`~dominoes_tui.engine.TrainsBoard`
or :class:`~dominoes_tui.engine.FootBoard`) to the functions here; the line
games never come here. Like every CPU player these read only the seat's view and
spell no rule: the legal moves are ``view.legal``, where a tile may go and what
it must show come from the board (``places_for``, ``places``, each place's
``end``), the penalties from the engine's scoring, the playouts from the
engine's :class:`~dominoes_tui.engine.fast.Position` of the layout.

- Medium (:func:`medium_key`): shed the most penalty now; a double goes down
  when a tile to follow it is in hand (a double's player plays again in Mexican
  Train; in Chicken Foot the heavier tile first); on a tie its own train first,
  then the Mexican train.
- Hard (:func:`evaluate`): a weighted one-move evaluation. Mexican Train: keep
  the longest train this hand can lay on its own train (the plan), shed the
  other tiles ("orphans") on the Mexican train and open trains, close its own
  train when it carries a marker, a double with its follower in hand, a double
  nobody after it can satisfy, ends the next seats showed they lack. Chicken
  Foot: a double whose toes the seat closest to going out cannot fill, ends
  the next two seats and that seat likely lack, a hand that still fits. Both count the suits (tiles not seen yet) and the
  voids inferred from draws and passes (:func:`infer`).
- Expert (:func:`expert_values`): determinized search. Many deals of the tiles
  it has not seen, each consistent with the counts and the inferred voids;
  every distinct move played out to the end of the round by the engine's fast
  playout (in Mexican Train its own seat there lays, most of the time, the heaviest tile
  that leaves it one to play next turn: :data:`READY`, and the others their heaviest:
  :data:`OTHERS_GREEDY`; in Chicken Foot its own seat lays its heaviest nine times in ten:
  :data:`GREEDY`, the others the heaviest that leaves the next seat none:
  :data:`OTHERS_BLOCK`, save those whose plays read as heaviest-first, who are
  dealt no heavier tile that fitted where they played and lay their heaviest:
  :func:`read_heaviest`, :data:`READ`; "heaviest" by what a tile counts left in hand, the 0-0
  as 50) and scored with the engine's ``score_round``; a move's value is the
  chance of finishing the match with the lowest total (ties shared), with the
  penalty difference against the field as a lesser term. Every move sees the
  same deals; a seed reproduces every choice.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..engine import (
    Action,
    Draw,
    Event,
    FootBoard,
    Pass,
    Play,
    SeatView,
    Stop,
    TrainsBoard,
    fast,
    tiles,
)
from ..engine.scoring import counted_pips
from .knowledge import Knowledge, ends_mask, fit_of
from .knowledge import infer as infer_line
from .model import Deals

if TYPE_CHECKING:
    from ..engine import Rules

_SUIT = tiles.SUIT_MASK
_BIT = tiles.BIT
_LOW = tiles.LOW
_HIGH = tiles.HIGH
_DOUBLE = tiles.DOUBLE
_VALUE = tiles.VALUE


def trains(view: SeatView) -> bool:
    """Mexican Train (the board has trains); else Chicken Foot."""
    return isinstance(view.board, TrainsBoard)


def penalty(rules: Rules, hand: int, t: int) -> int:
    """What tile ``t`` adds to ``hand``'s count at the end, as the engine's scoring counts it
    (its pips; the 0-0 counts 50 in these games)."""
    return counted_pips(rules, hand) - counted_pips(rules, hand & ~_BIT[t])


# ---------------------------------------------------------------- inference
def infer(view: SeatView, forbid: Callable[[Event], int] | None = None) -> Knowledge:
    """What this seat can infer of the hidden hands (:func:`.knowledge.infer`, with its
    ``forbid``).

    A seat draws only when no tile of its fits a place open to it, then plays
    the tile drawn or passes (R-TR-3, R-CF-3, R-CF-4): every draw and pass tells
    that its hand showed none of the open numbers (``Event.ends``). Before
    Chicken Foot's centre double is down, a draw tells that nobody was dealt it.
    """
    know = infer_line(view, forbid)
    board = view.board
    if (
        isinstance(board, FootBoard)
        and board.centre is None
        and any(e.kind == "draw" for e in view.events)
    ):
        bit = _BIT[board.round_double]
        for s, slots in enumerate(know.slots):
            keep = len(slots) - 1 if board.drew and s == view.turn else len(slots)
            for i in range(keep):
                slots[i] |= bit
    return know


def read_heaviest(view: SeatView, know: Knowledge) -> list[int]:
    """Read the other seats that play heaviest-first, as a Medium does (the tile that costs
    most left in hand, a double on a tie: the engine's ``tile_weights``), and narrow ``know``
    by it. Returns those seats.

    A seat's play (not of a tile it had just drawn) says, if it plays so, that it held no
    heavier tile fitting the places open to it then: every slot it held at that play forbids
    those tiles, as the plays come (:func:`infer` with ``forbid``; a tile drawn after the play
    is booked to the slot drawn). A seat is read so only if every tile it played still fits
    one of its slots so read, and only if the deal stays possible
    (:meth:`Knowledge.dealable`)."""
    weight = fast.tile_weights(view.rules)
    fit = fit_of(view)
    memo: dict[tuple[int, int], int] = {}
    seen: set[int] = set()

    def heavier(e: Event) -> int:
        seen.add(e.seat)
        fits = ends_mask(e.ends, fit)
        w = weight[e.tile] if e.tile is not None else 0
        m = memo.get((fits, w))
        if m is None:
            m = 0
            for t in tiles.bits(fits):
                if weight[t] > w:
                    m |= _BIT[t]
            memo[(fits, w)] = m
        return m

    read = infer(view, heavier)
    out: list[int] = []
    for s in range(view.rules.players):
        if s == view.seat or s not in seen or s in read.unexplained or not know.slots[s]:
            continue
        old = know.slots[s], know.born[s], know.spent[s]
        know.slots[s], know.born[s], know.spent[s] = read.slots[s], read.born[s], read.spent[s]
        if know.dealable():
            out.append(s)
        else:
            know.slots[s], know.born[s], know.spent[s] = old
    return out


def lacks(know: Knowledge, view: SeatView, seat: int, mask: int) -> float:
    """The chance that ``seat`` holds no tile of ``mask`` (1 if it showed it cannot)."""
    if know.cannot_hold(seat, mask):
        return 1.0
    possible = know.possible(seat)
    pool = possible.bit_count()
    if not pool:
        return 1.0
    share = (possible & mask).bit_count() / pool
    return (1.0 - share) ** view.hand_counts[seat]


# ---------------------------------------------------------------- places
def _foot_board(view: SeatView) -> FootBoard:
    """Chicken Foot's board of ``view`` (a view of a game of rounds that is not Mexican Train)."""
    board = view.board
    if not isinstance(board, FootBoard):
        raise ValueError("this view is not of a game of rounds")
    return board


def places(view: SeatView, seat: int | None = None) -> tuple[int, ...]:
    """Where ``seat`` (default: this seat) may lay a tile now, as the engine says."""
    board = view.board
    if isinstance(board, TrainsBoard):
        return board.places_for(view.seat if seat is None else seat)
    return _foot_board(view).places()


def place_end(view: SeatView, p: int) -> int:
    """The number a tile must show to go on place ``p``."""
    board = view.board
    if isinstance(board, TrainsBoard):
        return board.trains[p].end
    return _foot_board(view).lines[p].end


def describe(view: SeatView, a: Action) -> str:
    """A move in words: "7-3 on your train", "9-9 in the centre", "5-2 on arm 2"."""
    if isinstance(a, Play):
        name = tiles.name(a.tile)
        if a.end is None:
            return f"{name} in the centre"
        board = view.board
        if isinstance(board, TrainsBoard):
            return f"{name} on {board.place_name(a.end, view.seat)}"
        return f"{name} on {_foot_board(view).place_name(a.end)}"
    if isinstance(a, Stop):
        return "stop the run"
    return str(a)


def after_play(view: SeatView, a: Action) -> tuple[int, tuple[int, ...]]:
    """This seat's hand after ``a`` and the numbers of the places open to it after it."""
    hand = view.hand
    if not isinstance(a, Play):
        return hand, tuple(place_end(view, p) for p in places(view))
    hand &= ~_BIT[a.tile]
    p = fast.position(view)
    if not isinstance(p, fast.RoundsPosition):
        raise ValueError("this view is not of a game of rounds")
    p.apply(a)
    opened = p.places(view.seat) if isinstance(p, fast.TrainsPosition) else p.places()
    return hand, tuple(p.ends[q] for q in opened)


# ---------------------------------------------------------------- Medium
def medium_key(view: SeatView, a: Action) -> tuple:
    """Medium's order of moves: most penalty shed; a double with a tile to follow it
    first, a double without one last; own train, then the Mexican train, on a tie."""
    if not isinstance(a, Play):
        return (-1, 0, 0, 0)
    t = a.tile
    rules = view.rules
    rest = view.hand & ~_BIT[t]
    double = 0
    if _DOUBLE[t] and a.end is not None:
        double = 1 if rest & _SUIT[_HIGH[t]] else -1
    where = 0
    board = view.board
    if isinstance(board, TrainsBoard) and a.end is not None:
        where = 2 if a.end == view.seat else 1 if a.end == board.mexican else 0
    return (
        double if trains(view) else 0,
        penalty(rules, view.hand, t),
        int(bool(_DOUBLE[t])),
        where,
    )


# ---------------------------------------------------------------- Hard
W_DRAW = 50.0
"""A draw (forced: nothing fits) against any play."""
W_STOP = 20.0
"""Stopping a first-turn run while a tile still fits (it could be laid for free)."""

TRAINS_WEIGHTS: dict[str, float] = {
    "pips": 1.0,
    "chain": 3.0,
    "ready": 2.0,
    "stuck": -10.0,
    "close": 7.0,
    "followed": 9.0,
    "alone": -7.0,
    "alone_stuck_next": 6.0,
    "void_next": 3.0,
}
"""Hard's weights in Mexican Train, per feature of :func:`features`."""

FOOT_WEIGHTS: dict[str, float] = {
    "pips": 0.5,
    "ready": 8.0,
    "stuck": -23.3,
    "fits": -0.35,
    "numbers": -6.7,
    "doubles_left": -11.5,
    "held": 8.5,
    "unseen": 4.2,
    "void_next": 17.8,
    "void_next2": 29.0,
    "void_leader": 16.5,
    "void_next_no_draw": 1.0,
    "double": 18.3,
    "double_held": -8.5,
    "double_unseen": 6.9,
    "double_stuck_next": 8.6,
    "double_stuck_leader": 72.9,
}
"""Hard's weights in Chicken Foot, per feature of :func:`features`: fitted to Expert's
values of its moves against three Mediums (a softmax over each decision's moves), then
moved one at a time while Hard's share of the lowest total against three Mediums rose
(deals other than the bar's). What counts: leaving numbers the next two seats and the
seat closest to going out lack, a double the leader cannot fill, a hand that still fits
next turn; the pips shed count less than in Mexican Train (every seat draws often)."""


def _chain(hand: int, end: int) -> tuple[int, int, int]:
    """The longest train ``hand`` can lay from ``end``: (tiles, pips, its tiles as a mask)."""
    return _chain_cached(hand, end)


@lru_cache(maxsize=4096)
def _chain_cached(hand: int, end: int) -> tuple[int, int, int]:
    budget = [4000]
    memo: dict[tuple[int, int], tuple[int, int, int]] = {}

    def go(h: int, n: int) -> tuple[int, int, int]:
        key = (h, n)
        got = memo.get(key)
        if got is not None:
            return got
        best = (0, 0, 0)
        f = h & _SUIT[n]
        if budget[0] <= 0:  # a huge hand of branches: the heaviest tile, greedily
            if f:
                t = fast.heaviest(f)
                m = _HIGH[t] if _LOW[t] == n else _LOW[t]
                k, p, used = go(h & ~_BIT[t], m)
                best = (k + 1, p + _VALUE[t], used | _BIT[t])
            memo[key] = best
            return best
        budget[0] -= 1
        while f:
            b = f & -f
            f ^= b
            t = b.bit_length() - 1
            m = _HIGH[t] if _LOW[t] == n else _LOW[t]
            k, p, used = go(h ^ b, m)
            cand = (k + 1, p + _VALUE[t], used | b)
            if cand[:2] > best[:2]:
                best = cand
        memo[key] = best
        return best

    return go(hand, end)


def _ready(hand: int, ends: tuple[int, ...]) -> int:
    """How many of ``ends`` a tile of ``hand`` fits (distinct numbers)."""
    return sum(1 for n in set(ends) if hand & _SUIT[n])


def _next_seats(view: SeatView, k: int) -> list[int]:
    players = view.rules.players
    return [(view.seat + i) % players for i in range(1, min(k, players - 1) + 1)]


def _leader(view: SeatView) -> int:
    """The other seat closest to going out (fewest tiles; the next to move on a tie)."""
    others = _next_seats(view, view.rules.players - 1)
    return min(others, key=lambda s: view.hand_counts[s])


def features(view: SeatView, know: Knowledge, a: Play) -> dict[str, float]:
    """What Hard weighs in a play (a tile on a place), read from the view and ``know``.

    Both games: ``pips`` (penalty shed), ``ready`` (open numbers a tile of this
    hand fits after it, up to 3), ``stuck`` (none), ``fits`` (tiles of this hand
    that fit them), ``double``, ``doubles_left``, ``numbers`` (different numbers
    kept); for the number a play leaves on a public place: ``held`` (tiles kept
    that show it), ``unseen`` (tiles not seen that show it), ``void_next``,
    ``void_next2``, ``void_leader`` (the chance the next seat, the one after, the
    seat with the fewest tiles lacks it), ``void_next_no_draw`` (the same with the
    boneyard empty). Mexican Train: ``chain`` (the longest
    train the hand can still lay on its own train), ``breaks`` (a tile of that
    train laid elsewhere), ``orphan`` (a tile that train does not need, laid on a
    public train), ``own`` / ``mexican`` / ``open_train`` (where), ``close`` (its
    own train carries a marker and the play is on it), ``followed`` / ``alone``
    (a double with or without a tile in hand to follow it), ``alone_stuck_next``
    (the chance the next seat cannot satisfy it). Chicken Foot: ``double_held``,
    ``double_unseen``, ``double_stuck_next`` (the chance each of the next three
    seats cannot fill the double's toes), ``double_stuck_leader``.
    """
    rules = view.rules
    t, p = a.tile, a.end
    hand, open_ends = after_play(view, a)
    f: dict[str, float] = {"pips": penalty(rules, view.hand, t)}
    ready = _ready(hand, open_ends)
    f["ready"] = min(ready, 3)
    f["stuck"] = float(not ready)
    f["doubles_left"] = (hand & tiles.DOUBLES_MASK).bit_count()
    f["numbers"] = sum(1 for n in range(rules.set + 1) if hand & _SUIT[n])
    f["double"] = float(_DOUBLE[t])
    if p is None:
        return f
    n = place_end(view, p)
    m = tiles.other_end(t, n)
    fit = 0
    for e in set(open_ends):
        fit |= _SUIT[e]
    f["fits"] = min((hand & fit).bit_count(), 6)
    public = not (trains(view) and p == view.seat)  # an end others may play on
    if not _DOUBLE[t] and public:
        f["held"] = min((hand & _SUIT[m]).bit_count(), 3)
        f["unseen"] = (know.unseen & _SUIT[m]).bit_count()
        nxt = _next_seats(view, 2)
        f["void_next"] = lacks(know, view, nxt[0], _SUIT[m])
        if len(nxt) > 1:
            f["void_next2"] = lacks(know, view, nxt[1], _SUIT[m])
        leader = _leader(view)
        f["void_leader"] = lacks(know, view, leader, _SUIT[m])
        if not view.boneyard_count:
            f["void_next_no_draw"] = f["void_next"]
    board = view.board
    if isinstance(board, TrainsBoard):
        me = view.seat
        own = board.trains[me]
        before = _chain(view.hand, own.end)
        after = _chain(hand, tiles.other_end(t, own.end) if p == me else own.end)
        f["chain"] = after[0]
        f["breaks"] = float(p != me and bool(before[2] & _BIT[t]))
        f["orphan"] = float(p != me and not before[2] & _BIT[t])
        f["own"] = float(p == me)
        f["mexican"] = float(p == board.mexican)
        f["open_train"] = float(p != me and p != board.mexican)
        f["close"] = float(p == me and own.marker)
        if _DOUBLE[t]:
            follow = bool(hand & _SUIT[n])
            f["followed"] = float(follow)
            f["alone"] = float(not follow)
            if not follow:
                nxt = _next_seats(view, 1)
                f["alone_stuck_next"] = sum(lacks(know, view, s, _SUIT[n]) for s in nxt)
        if f.get("held") and p == me:
            f["held"] = 0.0  # a number on its own train is the plan's, counted by chain
    elif _DOUBLE[t]:
        f["double_held"] = min((hand & _SUIT[n]).bit_count(), 3)
        f["double_unseen"] = (know.unseen & _SUIT[n]).bit_count()
        nxt = _next_seats(view, 3)
        f["double_stuck_next"] = sum(lacks(know, view, s, _SUIT[n]) for s in nxt)
        f["double_stuck_leader"] = lacks(know, view, _leader(view), _SUIT[n])
    return f


def evaluate(view: SeatView, know: Knowledge, a: Action) -> tuple[float, list[str]]:
    """Hard's weighted score of ``a`` and its reasons, strongest first."""
    if isinstance(a, Draw):
        return -W_DRAW, ["draw: nothing fits"]
    if isinstance(a, Pass):
        if view.drawn is not None:
            return 0.0, [f"pass: the {tiles.name(view.drawn)} drawn does not fit"]
        return 0.0, ["pass: nothing fits and there is nothing to draw"]
    if isinstance(a, Stop):
        return -W_STOP, ["stops the run"]
    if not isinstance(a, Play):
        return 0.0, []
    if not view.hand & ~_BIT[a.tile]:
        return 1000.0, ["goes out"]
    f = features(view, know, a)
    weights = TRAINS_WEIGHTS if trains(view) else FOOT_WEIGHTS
    score = sum(w * f.get(k, 0.0) for k, w in weights.items())
    return score, _reasons(view, know, a, f)


def _a(n: int) -> str:
    """A number with its article: "a 7", "an 8", "an 11"."""
    return f"an {n}" if n in (8, 11) else f"a {n}"


def _reasons(view: SeatView, know: Knowledge, a: Play, f: dict[str, float]) -> list[str]:
    """The features of a play in words, strongest first."""
    why: list[tuple[float, str]] = []
    t = a.tile
    pips = int(f["pips"])
    why.append((50 + pips, f"sheds {pips} pip{'s' * (pips != 1)}"))
    if a.end is None:
        why.append((95, f"{tiles.name(t)} opens the round in the centre"))
    if f.get("close"):
        why.append((80, "takes the marker off your train"))
    if f.get("followed"):
        why.append((90, "a double with a tile to follow it: two tiles this turn"))
    if f.get("alone_stuck_next", 0) > 0.5:
        why.append((85, f"the next player likely cannot satisfy the {tiles.name(t)}"))
    if f.get("double_stuck_next", 0) > 1.0:
        why.append((90, f"the next players likely cannot fill the {tiles.name(t)}'s toes"))
    elif f.get("double_stuck_leader", 0) > 0.6:
        why.append(
            (88, f"the player closest to going out likely cannot fill the {tiles.name(t)}'s toes")
        )
    if f.get("orphan"):
        why.append((70, "sheds a tile your own train does not need"))
    elif f.get("breaks"):
        why.append((5, "takes a tile from the train you could lay on your own"))
    elif f.get("own") and f.get("chain"):
        why.append((60, f"lays your own train on ({int(f['chain'])} more to come)"))
    if a.end is not None and not tiles.DOUBLE[t]:
        m = tiles.other_end(t, place_end(view, a.end))
        nxt = _next_seats(view, 1)
        if any(know.cannot_hold(s, _SUIT[m]) for s in nxt):
            why.append((100, f"leaves {_a(m)}, which the next player showed they lack"))
        elif f.get("void_leader", 0) > 0.6 and not trains(view):
            why.append((75, f"leaves {_a(m)}, which the player closest to going out likely lacks"))
        elif f.get("held"):
            k = int(f["held"])
            why.append((55, f"leaves {_a(m)} and keeps {k} tile{'s' * (k > 1)} to follow it"))
    if f.get("stuck"):
        why.append((5, "leaves nothing to play next turn"))
    why.sort(key=lambda x: -x[0])
    return [w for _, w in why]


# ---------------------------------------------------------------- Expert
DEFAULT_PLAYOUTS = 2700
"""Playouts per decision (split over its distinct moves): Expert's budget in these games.
It was 900 when the search ran as plain Python; compiled, with Mexican Train's playout on
small ints, 2700 cost less CPU than 900 did (``benchmarks/RESULTS.md``), and the moves it
gives away against a long search fall by about a quarter."""
MIN_DEALS = 16
MAX_DEALS = 900
BATCH = 12
"""Deals drawn at a time (with a model, resampled together)."""
CRN_DRAWS = 128
"""With common random numbers, the numbers drawn for a deal (every move's playout reads
them in turn): of 600 playouts from 30 positions of each game, the longest drew 94
(Mexican Train; Chicken Foot 65); a longer one would read them again from the first."""
MIN_STAGE_DEALS = 8
"""With successive halving, the fewest deals a stage gives each move still searched."""
DEEP_LEAVES = 24
"""With ``deep``: the most lines of its own plays one deal's search of one move plays to the
round's end; past it, a move left is played out by the playout alone. The ``deep`` search is a
setting for trials: against three Mediums once the boneyard is empty (``deep=99``) +0.0 ± 0.5
points over 2,800 fresh rounds (few rounds turn on those decisions), with six tiles or fewer
left to draw (``deep_bone=6``) +0.4 ± 1.1, −1.2 ± 1.8 against three Hards, and single
decisions past 0.6 s of CPU in both (``benchmarks/RESULTS.md``, "Twentieth sitting")."""

POINTS_WEIGHT = 0.1
"""The penalty difference against the field beside the chance to win, per standard
deviation of a round's penalty: it ranks moves the win chance leaves level. Heavier
weights were tried in Mexican Train (0.3 to 1.0: more rounds finished lowest against three
Mediums, 0.5 by 4.5 and 1.2 points on two sets of 400; 0.5 fewer against three Hards, by
4.6): nothing proven, not kept (``benchmarks/RESULTS.md``, "Eighth sitting")."""

READY = 0.75
"""Mexican Train: the chance Expert's own playouts lay the heaviest tile that leaves it one to
play next turn, in place of its greedy pick (the engine's ``seat_playout``, ``ready``): over
2,000 rounds against three Mediums it finished lowest in 55.4 % where the greedy pick made
54.1 % (+1.3 ± 2.9 points match by match, not proven), as strong against three Hards
(34.25 % of 400), at the same CPU. Chicken Foot: 0 (fewer rounds finished lowest, by 3.0 and
4.6 points on 400 and 186; ``benchmarks/RESULTS.md``, "Eleventh sitting")."""


def default_ready(rules: Rules) -> float:
    """Expert's own playout's ``ready`` in a game of rounds: :data:`READY` in Mexican Train,
    0 in Chicken Foot."""
    return READY if rules.layout == "trains" else 0.0


GREEDY = 0.9
"""Chicken Foot: the chance Expert's own playouts lay its heaviest tile (else a random one).
Over 2,800 rounds against three Mediums Expert finished lowest in 52.2 % where 0.75 made 51.2 %
(+0.9 ± 1.9 points match by match, not proven; kept by a rule set before the rounds were
played), against three Hards 30.2 % of 800 (30.8 % at 0.75), at the same CPU; on seven fresh
sets of 400 the two read 49.55 % and 50.2 %, over all 5,600 rounds +0.2 ± 1.3 points: no gain
beyond the noise (``benchmarks/RESULTS.md``, "Eighteenth sitting"; 0.5 lost 3.9 points,
"Eleventh sitting"; 1.0 lost 1.6 against Mediums and 4.9 against Hards).
Mexican Train: 0.75, where its own playouts do not take the ready pick (:data:`READY`)."""


TRAINS_GREEDY = 0.75
"""Mexican Train: Expert's own playout greediness where its ready pick (:data:`READY`) is not
taken."""


def default_greedy(rules: Rules) -> float:
    """Expert's own playout greediness in a game of rounds: :data:`GREEDY` in Chicken Foot,
    :data:`TRAINS_GREEDY` in Mexican Train."""
    return TRAINS_GREEDY if rules.layout == "trains" else GREEDY


OTHERS_GREEDY = 1.0
"""Mexican Train: the chance the other seats' playouts lay their heaviest tile (else a random
one), in place of Expert's own ``greedy``: Mexican Train's Mediums always lay the heaviest
(a double with a follower first). Over 2,000 rounds against three Mediums Expert finished
lowest in 57.45 % where the others at its own 0.75 made 55.4 % (+2.1 ± 2.9 points match by
match, not proven; by a rule set before seeds 3 to 5 were played), against three Hards 34.75 %
of 400 (34.25 % before), at the same CPU (``benchmarks/RESULTS.md``, "Twelfth sitting")."""


def default_others_greedy(rules: Rules, greedy: float) -> float:
    """Expert's ``others_greedy`` in a game of rounds: :data:`OTHERS_GREEDY` in Mexican Train;
    in Chicken Foot its own ``greedy`` (there the others block, :data:`OTHERS_BLOCK`, and lay
    a random tile else)."""
    return OTHERS_GREEDY if rules.layout == "trains" else greedy


OTHERS_BLOCK = 0.75
"""Chicken Foot: the chance the other seats' playouts lay the heaviest tile that leaves the
next seat none to play (the engine's ``block``), in place of their greedy pick: Hard plays
so (doubles the next seats cannot fill, ends they lack). Against three Hards Expert finished
lowest in 31.5 % of 800 rounds where the greedy model of the others made 26.1 % (+5.4 ± 3.6
points match by match); against three Mediums 48.0 % against 48.9 % (−0.9 ± 3.7). A
decision's CPU grows by about two fifths (p95 217 ms against 149 ms on 40 positions;
``benchmarks/RESULTS.md``, "Eleventh sitting"). Mexican Train: 0 (fewer rounds finished
lowest against three Mediums, −4.4 ± 4.6 points over 800: its Mediums do not block; "Twelfth
sitting")."""


def default_others_block(rules: Rules) -> float:
    """Expert's ``others_block`` in a game of rounds: :data:`OTHERS_BLOCK` in Chicken Foot, 0
    in Mexican Train."""
    return 0.0 if rules.layout == "trains" else OTHERS_BLOCK


READ = 2
"""Chicken Foot: how Expert reads the others' plays (:func:`read_heaviest`): 0 not at all;
1 the seats that play heaviest-first, as a Medium does, are dealt no heavier tile that fitted
where they played; 2 those seats also lay their heaviest in its playouts (no blocking; the
rest block, :data:`OTHERS_BLOCK`). At 2, over 2,800 rounds against three Mediums Expert
finished lowest in 50.4 % where the default before made 49.4 % (+0.9 ± 2.1 points match by
match, not proven; kept by a rule set before the rounds were played), with about a quarter
less CPU a decision (those seats' heaviest pick is cheaper than the blocking one); 1 alone
+0.3 ± 1.9 (``benchmarks/RESULTS.md``, "Seventeenth sitting"). Read as the plays come (a
tile drawn after a play no longer unreads its seat), 51.2 % of the same 2,800 rounds, +0.9 ±
0.8 points ("Eighteenth sitting"). Mexican Train: 0 (not measured)."""


def default_read(rules: Rules) -> int:
    """Expert's ``read`` in a game of rounds: :data:`READ` in Chicken Foot, 0 in Mexican
    Train."""
    return 0 if rules.layout == "trains" else READ


BLOCK = 0.0
"""The chance Expert's own playouts lay the heaviest tile that leaves the next seat none to
play (the engine's ``block``), in place of its greedy pick: 0, a setting for trials. As a
player that policy beats the greedy one in Chicken Foot (one seat of it against three greedy
seats finishes lowest in 28.4 % where greedy makes 25.0 %: ``benchmarks/playout_duel.py``),
yet as Expert's own playout at 1.0 it finished lowest no more often against three Mediums
(+0.1 ± 2.7 points over 1,600 rounds) nor against three Hards (+0.6 ± 3.7 over 800;
``benchmarks/RESULTS.md``, "Twelfth sitting"); tried again once the 0-0 counted 50 and the
others' plays were read, +0.0 ± 2.0 over 2,800 fresh rounds at a fifth more CPU ("Nineteenth
sitting")."""


_SPREADS: dict[tuple, float] = {}


def round_spread(rules: Rules) -> float:
    """A seat's round penalty's standard deviation, from 200 random rounds played with the
    search's greedy policy (seeded; measured once per set, seats and deal)."""
    key = (
        rules.layout,
        rules.set,
        rules.players,
        rules.deal_size,
        rules.first_turn_run,
        rules.blank_double_counts,
    )
    got = _SPREADS.get(key)
    if got is None:
        rng = random.Random(4242)
        xs: list[int] = []
        for _ in range(200):
            xs.extend(fast.random_round(rules, rng, 1, greedy=0.75).counted)
        mu = sum(xs) / len(xs)
        var = sum((x - mu) ** 2 for x in xs) / max(1, len(xs) - 1)
        got = _SPREADS[key] = max(1.0, math.sqrt(var))
    return got


# E[f(Z)] for Z standard normal: a grid of 17 nodes on [-4, 4] weighted by the density.
_GRID = tuple(-4.0 + 0.5 * i for i in range(17))
_W = tuple(math.exp(-z * z / 2) for z in _GRID)
_GH = tuple((z, w / sum(_W)) for z, w in zip(_GRID, _W))


_SQRT2 = math.sqrt(2.0)


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / _SQRT2)


def lowest_chance(totals: tuple[int, ...], me: int, spread: float) -> float:
    """The chance ``me`` ends the match with the lowest total (ties shared).

    ``spread``: the standard deviation of each seat's penalties still to come
    (0 after the last round: the totals are final, R-TR-6).
    """
    mine = totals[me]
    if spread <= 0:
        low = min(totals)
        if mine != low:
            return 0.0
        return 1.0 / totals.count(low)
    gaps = [(t - mine) / spread for s, t in enumerate(totals) if s != me]
    total = 0.0
    erfc = math.erfc
    for z, w in _GH:
        prod = w
        for g in gaps:
            prod *= 0.5 * erfc(-(g - z) / _SQRT2)  # _phi(g - z), inlined
        total += prod
    return total


def against_field(pts: tuple[int, ...], me: int) -> float:
    """How many fewer penalty points ``me`` took in a round than the other seats on average:
    the lesser term of Expert's value of a move (:data:`POINTS_WEIGHT` of it a standard
    deviation)."""
    return (sum(pts) - pts[me]) / (len(pts) - 1) - pts[me]


def finished_value(
    p: fast.RoundsPosition,
    me: int,
    written: tuple[int, ...],
    future: float,
    points: float,
    sigma: float,
    cache: dict[tuple[int, ...], float],
) -> tuple[float, float]:
    """A finished round's value to ``me`` in :func:`expert_values` and its chance to finish
    lowest: ``(chance + points * against_field / sigma, chance)``; the chance of each set of
    totals after the round (``written`` before it) looked up in ``cache`` once found."""
    pts, after = p.penalties(written)
    win = cache.get(after)
    if win is None:
        win = cache[after] = lowest_chance(after, me, future)
    return win + points * against_field(pts, me) / sigma, win


@dataclass(frozen=True)
class RoundValues:
    """Expert's search of one decision in a game of rounds (:func:`expert_values`)."""

    values: dict[Action, float]
    """Every legal move's value: the chance to finish the match lowest, plus a little for
    the penalty against the field."""
    chances: dict[Action, float]
    """Every legal move's chance to finish the match with the lowest total (0..1)."""
    deals: int
    """The deals the moves were played out on."""
    capped: bool
    """The time cap ended the search before its budget."""


def expert_values(
    view: SeatView,
    rng: random.Random,
    playouts: int = DEFAULT_PLAYOUTS,
    greedy: float | None = None,
    time_cap: float | None = None,
    model: float = 0.0,
    pool: int = 3,
    others_greedy: float | None = None,
    crn: bool = False,
    halving: int = 0,
    points: float = POINTS_WEIGHT,
    prior: float = 0.0,
    ready: float | None = None,
    others_block: float | None = None,
    block: float = BLOCK,
    read: int | None = None,
    deep: int = 0,
    deep_bone: int = 0,
) -> RoundValues:
    """Expert's value of every legal move of ``view``'s seat (see the module docstring):
    ``playouts`` split over the distinct moves, each played out with the engine's playout,
    this seat's at ``greedy`` (None: the house's, :func:`default_greedy`); ``time_cap``
    seconds stop the search between deals (None: never); ``model`` > 0: the deals weighted
    by how the others played this round (:class:`~.model.Deals`, ``pool`` drawn per deal
    kept); ``others_greedy``: the other seats' playout at this greediness (None: the
    house's, :func:`default_others_greedy`);
    ``crn``: on a deal, every move's playout draws the same random numbers (common random
    numbers: the others' play the same where the move leaves them alike, so moves are
    compared with less noise);
    ``halving``: successive halving (the budget in stages; after each, the better half of
    the moves goes on, so the close ones get the most deals: a move dropped keeps the mean
    of the deals it saw, never above the last stage's): 1 (or True) at every decision, 2 only
    where every other seat reads as heaviest-first (``read``: the playouts then play the
    others by their own rule), 0 never; ``points``: the weight of the
    penalty difference against the field, per standard deviation of a round's penalty;
    ``prior``: each move's value plus this much per
    point of Hard's one-move score of it (:func:`evaluate`, at most 100; 0: the search alone);
    ``ready`` > 0: this seat's playout, in place of ``greedy``, lays with this chance the
    heaviest tile that leaves it one to play next turn (else a random one; the engine's
    ``seat_playout``, ``ready``; None: the house's, :func:`default_ready`); ``others_block``
    > 0: the other seats' playouts, in place of their greedy pick, lay with this chance the
    heaviest tile that leaves the next seat none to play (as Hard's blocking; else a random
    one; the engine's ``block``; None: the house's, :func:`default_others_block`); ``block``
    > 0: this seat's playout lays so with this chance, in place of ``greedy`` (where its
    ``ready`` is 0); ``read``: how the others' plays are read (:data:`READ`; None: the
    house's, :func:`default_read`); ``deep`` > 0: in Chicken Foot once the boneyard holds
    ``deep_bone`` tiles or fewer and this seat ``deep`` tiles or fewer, on each deal its own
    later moves are each chosen best to the round's end (every line of them tried,
    :data:`DEEP_LEAVES` at most a move and deal; the others as in the playouts; a tile drawn
    is the deal's next), in place of its playout's pick."""
    legal = list(view.legal)
    root = fast.position(view)
    if not isinstance(root, fast.RoundsPosition):
        raise ValueError("this view is not of a game of rounds")
    acts: list[Action] = []
    same: dict[Action, Action] = {}
    seen: dict[tuple, Action] = {}
    for a in legal:
        key = fast.outcome_key(root, a)
        if key in seen:
            same[a] = seen[key]
        else:
            seen[key] = a
            acts.append(a)
    rules = view.rules
    me = view.seat
    deals = max(MIN_DEALS, min(MAX_DEALS, playouts // len(acts)))
    know = infer(view)
    if read is None:
        read = default_read(rules)
    heavy = read_heaviest(view, know) if read > 0 else []
    rand = rng.random
    sigma = round_spread(rules)
    left = max(0, view.rounds - view.hand_no)
    future = sigma * math.sqrt(left)
    written = view.scores.written
    totals = [0.0] * len(acts)
    wins = [0.0] * len(acts)
    start = time.thread_time()  # CPU time: a busy machine does not cut the search
    done = 0
    capped = False
    cache: dict[tuple[int, ...], float] = {}
    source = Deals(view, know, model, pool, rng)
    # Each play's position, reached once: a play takes nothing from the deal (only this
    # seat's hand and the layout change), so every deal starts from it.
    if greedy is None:
        greedy = default_greedy(rules)
    if others_greedy is None:
        others_greedy = default_others_greedy(rules, greedy)
    greedies = [others_greedy] * rules.players
    if read > 1:  # the seats read as heaviest-first lay their heaviest in the playouts
        for o in heavy:
            greedies[o] = 1.0
    greedies[me] = greedy
    readies: list[float] | None = None
    if ready is None:
        ready = default_ready(rules)
    if ready > 0.0:
        readies = [0.0] * rules.players
        readies[me] = ready
    blocks: list[float] | None = None
    if others_block is None:
        others_block = default_others_block(rules)
    if others_block > 0.0 or block > 0.0:
        blocks = [others_block] * rules.players
        if read > 1:
            for o in heavy:
                blocks[o] = 0.0
        blocks[me] = block
    children: list[fast.RoundsPosition | None] = []
    for a in acts:
        child = None
        if isinstance(a, Play):
            child = root.copy()
            child.apply(a)
        children.append(child)
    solve: _Lines | None = None
    if (
        deep > 0
        and isinstance(root, fast.FootPosition)
        and view.boneyard_count <= deep_bone
        and view.hand.bit_count() <= deep
    ):
        solve = _Lines(me, rand, greedies, readies, blocks, written, future, points, sigma, cache)
    n = len(acts)
    live = list(range(n))
    visits = [0] * n
    if halving == 2:  # only where the playouts play every other seat by its own rule
        halving = int(read > 1 and len(heavy) == rules.players - 1)
    stages = math.ceil(math.log2(n)) if halving and n > 2 else 1
    plan = [deals] if stages == 1 else []
    batch: list[tuple[list[int], list[int]]] = []
    for stage in range(stages):
        if stages > 1:
            stage_deals = max(MIN_STAGE_DEALS, playouts // (stages * len(live)))
        else:
            stage_deals = plan[0]
        for _ in range(stage_deals):
            if not batch:  # one at a time without a model (its rng draws as they always were)
                want = stage_deals if stages > 1 else deals - done
                batch = source.take(min(BATCH if source.model else 1, want))[::-1]
            hands0, bone0 = batch.pop()
            if crn:  # this deal's random numbers, the same for every move
                draws = [rng.random() for _ in range(CRN_DRAWS)]
            for j in live:
                a = acts[j]
                if crn:
                    rand = itertools.cycle(draws).__next__
                child = children[j]
                if child is None:
                    hands0[me] = view.hand
                    p = root.copy(hands0, bone0)
                    p.apply(a)
                else:
                    hands0[me] = child.hands[me]
                    p = child.copy(hands0, bone0)
                if solve is not None and isinstance(p, fast.FootPosition):
                    v, w = solve.move(p)
                    wins[j] += w
                    totals[j] += v
                    visits[j] += 1
                    continue
                p.seat_playout(rand, greedies, None, readies, blocks)
                v, w = finished_value(p, me, written, future, points, sigma, cache)
                wins[j] += w
                totals[j] += v
                visits[j] += 1
            done += 1
            if solve is not None and solve.spent >= playouts and done >= MIN_DEALS:
                break  # its lines count as playouts: the budget spent
            if time_cap is not None and time.thread_time() - start > time_cap:
                capped = True
                break
        if capped:
            break
        if stage < stages - 1:
            live.sort(key=lambda j: -totals[j] / visits[j])
            live = live[: max(2, (len(live) + 1) // 2)]
    top = min((totals[j] / visits[j] for j in live), default=0.0)
    values = {}
    chances = {}
    for j, a in enumerate(acts):
        v = totals[j] / visits[j]
        if j not in live and v >= top:  # dropped early on fewer deals: never above the last
            v = top - 1e-9
        if prior:
            v += prior * min(100.0, evaluate(view, know, a)[0])
        values[a] = v
        chances[a] = wins[j] / visits[j]
    for a, b in same.items():
        values[a] = values[b]
        chances[a] = chances[b]
    return RoundValues(values, chances, done, capped)


class _Lines:
    """Expert's ``deep`` search of a Chicken Foot round near its end, on one deal:
    after a move, the others play as in the playouts until this seat is to move again, and
    each of its moves then is tried in turn (moves alike once), the best line's value kept
    (the value of :func:`expert_values`: the chance to finish lowest plus the points term)."""

    def __init__(
        self,
        me: int,
        rand: Callable[[], float],
        greedies: list[float],
        readies: list[float] | None,
        blocks: list[float] | None,
        written: tuple[int, ...],
        future: float,
        points: float,
        sigma: float,
        cache: dict[tuple[int, ...], float],
    ) -> None:
        self.me = me
        self.rand = rand
        self.greedies = greedies
        self.readies = readies
        self.blocks = blocks
        self.written = written
        self.future = future
        self.points = points
        self.sigma = sigma
        self.cache = cache
        """Each finished round's totals' chance to finish lowest (the search's own)."""
        self.left = 0
        self.spent = 0
        """Positions after its moves reached so far (the search's budget counts them as
        playouts)."""

    def move(self, p: fast.FootPosition) -> tuple[float, float]:
        """The value and chance to finish lowest of ``p``, this seat's move just made."""
        self.left = DEEP_LEAVES
        return self._after(p)

    def _after(self, p: fast.FootPosition) -> tuple[float, float]:
        self.spent += 1
        if not p.over:
            if self.left <= 0:
                p.seat_playout(self.rand, self.greedies, None, self.readies, self.blocks)
            elif p.play_until(self.me, self.rand, self.greedies, self.readies, self.blocks):
                return self._best(p)
        self.left -= 1
        return self._score(p)

    def _best(self, p: fast.FootPosition) -> tuple[float, float]:
        best = (-math.inf, 0.0)
        seen: set[tuple] = set()
        for a in p.moves():
            child = p.copy()
            child.apply(a)
            key = fast.reached_key(child, a)
            if key in seen:
                continue
            seen.add(key)
            got = self._after(child)
            if got[0] > best[0]:
                best = got
        return best

    def _score(self, p: fast.FootPosition) -> tuple[float, float]:
        return finished_value(
            p, self.me, self.written, self.future, self.points, self.sigma, self.cache
        )
