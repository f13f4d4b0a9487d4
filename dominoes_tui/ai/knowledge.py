"""What a seat can infer about the hidden tiles, and deals consistent with it.

Everything here reads a :class:`~dominoes_tui.engine.SeatView` only.

Each other seat's hidden hand is modelled as *slots*, one per tile it holds,
each with the tiles it cannot be (a ``forbidden`` mask). A slot is born at the
deal or at a draw. A seat that drew under ``until_playable`` or passed had no
tile showing the open ends at that moment, so every slot it held then (not the
ones it draws later) gets those suits forbidden. Under ``until_playable`` the
tile played right after a draw is the tile just drawn (nothing older fitted).
A draw under ``any_time`` may have been by choice and says nothing. A reading of how
a seat chooses its plays (``infer``'s ``forbid``) forbids tiles the same way, to the slots it
held at each play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Event, SeatView, tiles
from ..engine.fits import fit_masks
from ..engine.opener import double_order

_SUIT = tiles.SUIT_MASK
_BIT = tiles.BIT


def ends_mask(ends: tuple[int, ...], fit: list[int] | None = None) -> int:
    """Every tile that fits one of ``ends`` (``fit[n]``: what fits an ``n``; default matching)."""
    fit = _SUIT if fit is None else fit
    m = 0
    for n in ends:
        m |= fit[n]
    return m


def fit_of(view: SeatView) -> list[int]:
    """What fits an open ``n`` in ``view``'s game (the engine's :func:`~dominoes_tui.engine.fits.fit_masks`)."""
    return fit_masks(view.rules)


@dataclass
class Knowledge:
    """A seat's inference about the other seats' hands (slots) and the boneyard."""

    me: int
    unseen: int
    """Tiles this seat has not seen: other hands, boneyard, and any set aside."""
    slots: list[list[int]]
    """Per seat: a ``forbidden`` mask per hidden tile it holds (empty for this seat)."""
    boneyard_count: int
    born: list[list[int]] = field(default_factory=list)
    """Per seat, beside ``slots``: the index in ``view.events`` of the draw that brought each
    slot's tile (-1: dealt). A tile drawn after a play was not in hand at that play."""
    spent: list[list[tuple[int, int, int]]] = field(default_factory=list)
    """Per seat: ``(born, event index, tile)`` of each tile it has played this hand (the
    slot it most likely came from, as ``slots`` reads the plays)."""
    unexplained: set[int] = field(default_factory=set)
    """Seats that played a tile none of their slots could be (a reading that does not hold
    for them, or a set-up position)."""

    def held_before(self, seat: int, i: int, slot_tiles: list[int]) -> int:
        """The tiles ``seat`` held when it made event ``i``, in one deal of its hidden slots
        (``slot_tiles[k]``: the tile in ``slots[seat][k]``, as :func:`sample_slots` deals them)."""
        m = 0
        for b, t in zip(self.born[seat], slot_tiles):
            if b < i:
                m |= _BIT[t]
        for b, at, t in self.spent[seat]:
            if b < i <= at:
                m |= _BIT[t]
        return m

    def voids(self, seat: int) -> set[int]:
        """Numbers ``seat`` cannot hold at all now (every slot forbids the suit)."""
        out: set[int] = set()
        slots = self.slots[seat]
        if not slots:
            return out
        for n in range(13):
            if all(f & _SUIT[n] == _SUIT[n] for f in slots):
                out.add(n)
        return out

    def cannot_hold(self, seat: int, mask: int) -> bool:
        """Does every tile ``seat`` holds forbid all of ``mask`` (e.g. what fits an open end)?"""
        slots = self.slots[seat]
        return bool(slots) and all(f & mask == mask for f in slots)

    def possible(self, seat: int) -> int:
        """Tiles ``seat`` might hold."""
        m = 0
        for f in self.slots[seat]:
            m |= self.unseen & ~f
        return m

    def dealable(self) -> bool:
        """Can every hidden slot take a tile of its own that it does not forbid (a matching of
        slots to unseen tiles)? A reading that leaves no deal possible has read wrong."""
        slots = [f for fs in self.slots for f in fs]
        owner: dict[int, int] = {}
        unseen = self.unseen

        def place(i: int, tried: set[int]) -> bool:
            m = unseen & ~slots[i]
            while m:
                b = m & -m
                m ^= b
                t = b.bit_length() - 1
                if t in tried:
                    continue
                tried.add(t)
                j = owner.get(t)
                if j is None or place(j, tried):
                    owner[t] = i
                    return True
            return False

        return all(place(i, set()) for i in range(len(slots)))


def infer(view: SeatView, forbid: Callable[[Event], int] | None = None) -> Knowledge:
    """Read ``view.events`` into slots with forbidden tiles for every other seat.

    ``forbid``, if given, reads a seat's choice: for each play of another seat (a single
    tile, not the one it had just drawn), the tiles that play says it did not hold then;
    every slot it held at that play forbids them."""
    r = view.rules
    players = r.players
    me = view.seat
    unseen = view.unseen & tiles.set_mask(r.set)
    # A forced draw tells what the hand lacked: drawing until a tile fits, or one tile
    # (Mexican Train, Chicken Foot) taken only when nothing fits and then played or passed.
    until_playable = r.drawing in ("until_playable", "one_tile")
    fit = fit_of(view)
    plays = [0] * players
    draws = [0] * players
    for e in view.events:
        if e.kind == "play":
            plays[e.seat] += 1
        elif e.kind == "doubles":
            plays[e.seat] += 2
        elif e.kind == "draw":
            draws[e.seat] += 1
    slots: list[list[int]] = []
    born: list[list[int]] = []
    spent: list[list[tuple[int, int, int]]] = [[] for _ in range(players)]
    unexplained: set[int] = set()
    for s in range(players):
        if s == me:
            slots.append([])
        else:
            start = view.hand_counts[s] + plays[s] - draws[s]
            slots.append([0] * max(0, start))
        born.append([-1] * len(slots[-1]))

    _opening_inference(view, slots)

    last_kind = [""] * players
    for ei, e in enumerate(view.events):
        s = e.seat
        if s == me:
            continue
        mine = slots[s]
        if e.kind == "draw":
            if until_playable and e.ends:
                m = ends_mask(e.ends, fit)
                for i in range(len(mine)):
                    mine[i] |= m
            mine.append(0)
            born[s].append(ei)
        elif e.kind == "pass":
            if e.ends:
                m = ends_mask(e.ends, fit)
                for i in range(len(mine)):
                    mine[i] |= m
        elif e.kind in ("play", "doubles"):
            played = [e.tile] if e.kind == "play" else [e.tile, e.second]
            if forbid is not None and e.kind == "play" and e.tile is not None and e.ends:
                if last_kind[s] != "draw":
                    m = forbid(e)
                    for i in range(len(mine)):
                        mine[i] |= m
            for t in played:
                if t is None or not mine:
                    continue
                if until_playable and last_kind[s] == "draw" and not mine[-1] & _BIT[t]:
                    mine.pop()  # the tile just drawn: nothing older fitted
                    spent[s].append((born[s].pop(), ei, t))
                    continue
                k = _remove_slot(mine, t)
                if k < 0:  # no slot could hold it: the loosest went
                    unexplained.add(s)
                    k = -1 - k
                spent[s].append((born[s].pop(k), ei, t))
        last_kind[s] = e.kind
    for s in range(players):
        if s == me:
            continue
        want = view.hand_counts[s]
        mine = slots[s]
        while len(mine) > want:  # inconsistent history (a set-up position): drop loosest
            k = mine.index(min(mine, key=int.bit_count))
            mine.pop(k)
            born[s].pop(k)
        while len(mine) < want:
            mine.append(0)
            born[s].append(-1)
    return Knowledge(me, unseen, slots, view.boneyard_count, born, spent, unexplained)


def _remove_slot(mine: list[int], t: int) -> int:
    """Remove the slot ``t`` most likely came from: the most constrained one it fits.

    Returns the index it had; if no slot could hold ``t`` (a reading that does not hold, a
    set-up position), the loosest is removed and ``-1 - index`` returned."""
    best = -1
    best_n = -1
    bit = _BIT[t]
    for i, f in enumerate(mine):
        if not f & bit:
            n = f.bit_count()
            if n > best_n:
                best, best_n = i, n
    if best >= 0:
        mine.pop(best)
        return best
    loosest = min(range(len(mine)), key=lambda i: mine[i].bit_count())
    mine.pop(loosest)
    return -1 - loosest


def _opening_inference(view: SeatView, slots: list[list[int]]) -> None:
    """A first lead named by the rules (``that_tile``) tells who did not hold better doubles."""
    r = view.rules
    if not view.events or view.events[0].ends != ():
        return
    first_hand = view.hand_no == 1 or r.next_opener == "as_first"
    if not first_hand:
        return
    lead_rule = r.first_lead
    if lead_rule != "that_tile" or r.first_opener in ("random", "highest_tile"):
        return
    led = view.events[0].tile
    if led is None or not tiles.DOUBLE[led]:
        return
    order = double_order(r, r.first_opener)
    if led not in order:
        return
    better = order[: order.index(led)]
    better_mask = tiles.mask_of(better)
    if view.hand & better_mask:
        return  # this seat holds a better double: the opener was set another way
    opener = view.events[0].seat
    for s, mine in enumerate(slots):
        if s == view.seat or s == opener:
            continue
        for i in range(len(mine)):
            mine[i] |= better_mask
    # The opener held no better double either, at the deal.
    if opener != view.seat:
        for i in range(len(slots[opener])):
            slots[opener][i] |= better_mask


def sample_world(
    know: Knowledge, hand_counts: tuple[int, ...], rng: random.Random, tries: int = 20
) -> tuple[list[int], list[int]] | None:
    """One deal of the unseen tiles consistent with ``know``: (hands, boneyard).

    ``hands[me]`` is 0 (the caller fills it in). The boneyard is a list in
    draw order (drawn from its end). Slots are filled most-constrained first;
    after ``tries`` failures the constraints are dropped (a history the model
    cannot explain), so a deal is always returned.
    """
    world = sample_slots(know, rng, tries)
    return None if world is None else (world[0], world[1])


def sample_slots(
    know: Knowledge, rng: random.Random, tries: int = 20
) -> tuple[list[int], list[int], list[list[int]]] | None:
    """:func:`sample_world` with each slot's tile: (hands, boneyard, ``tile[seat][slot]``).

    The same deal as :func:`sample_world` from the same ``rng`` state.
    """
    return Dealer(know).slots(rng, tries)


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """``Random.randrange(n)`` (``n`` > 0) from the generator whose ``getrandbits`` this is:
    the same number from the same state, as CPython draws it (``_randbelow_with_getrandbits``),
    without the Python-level calls of the ``random`` module (a search deals many times)."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(x: list[int], getrandbits: Callable[[int], int]) -> None:
    """``Random.shuffle(x)``, the same order from the same state (see :func:`below`)."""
    for i in range(len(x) - 1, 0, -1):
        j = below(getrandbits, i + 1)
        x[i], x[j] = x[j], x[i]


class Dealer:
    """Deals of ``know``'s unseen tiles, set up once for many (a search's many deals):
    :meth:`slots` deals as :func:`sample_slots` does, from the same ``rng`` state the same deal."""

    def __init__(self, know: Knowledge) -> None:
        self.know = know
        order = [(s, k, f) for s, fs in enumerate(know.slots) for k, f in enumerate(fs)]
        order.sort(key=lambda skf: -skf[2].bit_count())
        self.order = order
        self.sizes = [len(fs) for fs in know.slots]
        self.unseen = list(tiles.bits(know.unseen))
        """The unseen tiles, lowest first (a deal's pool)."""
        self.allowed = [[t for t in self.unseen if not f >> t & 1] for _, _, f in order]
        """Per slot of ``order``, the unseen tiles it may hold, lowest first: a deal picks
        among those still in the pool with small numbers, not masks of up to 91 bits."""
        self.top = max(self.unseen, default=0) + 1

    def world(self, rng: random.Random, tries: int = 20) -> tuple[list[int], list[int]] | None:
        """One deal as :func:`sample_world`: (hands, boneyard)."""
        got = self.slots(rng, tries)
        return None if got is None else (got[0], got[1])

    def slots(
        self, rng: random.Random, tries: int = 20
    ) -> tuple[list[int], list[int], list[list[int]]] | None:
        """One deal as :func:`sample_slots`: (hands, boneyard, ``tile[seat][slot]``).

        Each slot, most constrained first, takes the ``j``-th (lowest first) of the tiles it
        may hold that are still in the pool, ``j`` drawn uniformly; after ``tries`` failed
        deals the constraints are dropped. The rest of the pool, shuffled, is the boneyard."""
        know = self.know
        order = self.order
        getrandbits = rng.getrandbits
        bit = tiles.BIT
        for attempt in range(tries + 1):
            relax = attempt == tries
            taken = [False] * self.top
            hands = [0] * len(self.sizes)
            held = [[0] * n for n in self.sizes]
            ok = True
            for i, (s, k, _) in enumerate(order):
                choices = self.unseen if relax else self.allowed[i]
                count = 0
                for t in choices:
                    if not taken[t]:
                        count += 1
                if not count:
                    ok = False
                    break
                j = below(getrandbits, count)
                pick = -1
                for t in choices:
                    if not taken[t]:
                        if not j:
                            pick = t
                            break
                        j -= 1
                taken[pick] = True
                hands[s] |= bit[pick]
                held[s][k] = pick
            if not ok:
                continue
            rest = [t for t in self.unseen if not taken[t]]  # lowest first
            shuffle(rest, getrandbits)
            extra = len(rest) - know.boneyard_count
            if extra > 0:  # tiles set aside (unseen by everyone) in a set-up position
                rest = rest[extra:]
            return hands, rest, held
        return None  # pragma: no cover - the relaxed pass always fills


def public_voids(view: SeatView) -> list[int]:
    """What every seat saw each seat lack: bit ``n`` of ``[seat]`` set if it has no tile
    for an open ``n`` (it drew or passed on ``n``), for a playout's ``voids``.

    A seat that draws until a tile fits plays the one that fits: it lacks the ends it
    drew on (until it draws again, on other ends); a pass adds the ends passed on. A
    draw by choice (``any_time``) says nothing.
    """
    players = view.rules.players
    until_playable = view.rules.drawing == "until_playable"
    voids = [0] * players
    for e in view.events:
        seen = 0
        for n in e.ends:
            seen |= 1 << n
        if e.kind == "draw":
            voids[e.seat] = seen if until_playable else 0
        elif e.kind == "pass":
            voids[e.seat] |= seen
    return voids
