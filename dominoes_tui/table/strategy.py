"""The coach at the table, without a UI: the guide's strategy points, the costly
pattern of a hand, and the words of the question before a blunder.

Everything here reads what the person may see (a :class:`SeatView`), except
:func:`costly_pattern`, which looks back at a finished hand whose tiles are all
face up. Nothing here searches: the blunder itself is Expert's judgement
(``ai.review.check_move``), these are the words around it.

The strategy points, in the order they are looked for (:func:`strategy_point`):

- ``block``: think before you block (a tile would lock the game: add up both hands);
- ``seven``: count to seven (every tile of a number is out or in your hand);
- ``voids``: remember what the other player could not play (it drew or passed on them);
- ``heavy``: shed heavy tiles (an opponent is nearly out, your hand counts much);
- ``doubles``: play doubles early (a double goes only on its own number);
- ``lead``: lead from strength (lead the number you hold most of);
- ``variety``: keep variety (different numbers in hand follow more ends).

The table shows at most one a hand, never the same one twice in a match
(:class:`PointsShown`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import Action, Draw, Game, Play, PlayDoubles, SeatView, seat_view, tiles
from .words import move_words

POINTS = ("block", "seven", "voids", "heavy", "doubles", "lead", "variety")
"""The strategy points' keys, in the order they are looked for."""
TITLES = {
    "block": "Think before you block",
    "seven": "Count to seven",
    "voids": "Remember what they could not play",
    "heavy": "Shed heavy tiles",
    "doubles": "Play doubles early",
    "lead": "Lead from strength",
    "variety": "Keep variety",
}
NEAR_OUT = 3
"""An opponent with this many tiles or fewer is about to go out."""
HEAVY = 9
"""A tile of this many pips or more is heavy."""
HEAVY_HAND = 25
"""A hand counting this much is worth shedding when an opponent is nearly out."""
COUNT_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    13: "thirteen",
}


@dataclass(frozen=True)
class Point:
    """One strategy point, as the table says it."""

    key: str
    title: str
    text: str
    tiles: tuple[int, ...] = ()
    """The tiles the point speaks for (empty: it names the tile it means already)."""

    def __str__(self) -> str:
        return f"{self.title}: {self.text}"

    def words(self, raised: int | None = None) -> str:
        """The point as the coach's panel says it, capitalised; when the tile the person
        has raised is not one the point speaks for, it says which tiles it means.

        >>> p = Point("doubles", "Play doubles early", "a double goes…", (tiles.tile(6, 6),))
        >>> p.words(tiles.tile(5, 4))
        'A double goes… That means 6-6, not the raised 5-4.'
        >>> p.words(tiles.tile(6, 6))
        'A double goes…'
        """
        text = self.text[0].upper() + self.text[1:]
        if raised is None or not self.tiles or raised in self.tiles:
            return text
        meant = _or([tiles.name(t) for t in self.tiles[:3]])
        return f"{text} That means {meant}, not the raised {tiles.name(raised)}."


@dataclass
class PointsShown:
    """Which points the person has been shown in this match, and in which hand: at most
    one a hand, never the same one twice."""

    keys: set[str] = field(default_factory=set)
    hands: set[int] = field(default_factory=set)

    def allows(self, hand_no: int) -> bool:
        return hand_no not in self.hands

    def shown(self, point: Point, hand_no: int) -> None:
        self.keys.add(point.key)
        self.hands.add(hand_no)


# ---------------------------------------------------------------- small facts
def _suit(view: SeatView, n: int) -> int:
    return tiles.SUIT_MASK[n] & tiles.set_mask(view.rules.set)


def _numbers(mask: int, top: int) -> int:
    """Different numbers shown on the tiles of ``mask``."""
    return sum(1 for n in range(top + 1) if mask & tiles.SUIT_MASK[n])


def _plays(view: SeatView) -> list[Action]:
    return [a for a in view.legal if isinstance(a, (Play, PlayDoubles))]


def _played_tiles(a: Action) -> list[int]:
    if isinstance(a, Play):
        return [a.tile]
    if isinstance(a, PlayDoubles):
        return [a.first, a.second]
    return []


def _after(view: SeatView, a: Action) -> tuple[int, tuple[int, ...]]:
    from ..ai.base import after_play

    return after_play(view, a)


def _fit_mask(view: SeatView, ends: Sequence[int]) -> int:
    from ..ai.knowledge import ends_mask, fit_of

    return ends_mask(tuple(ends), fit_of(view))


def _and(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" and {words[-1]}"


def _or(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" or {words[-1]}"


def _count_word(n: int) -> str:
    return COUNT_WORDS.get(n, str(n))


def _plural_number(n: int) -> str:
    return f"{n}s"


def _tiles_word(k: int) -> str:
    return f"{k} tile{'s' * (k != 1)}"


def _opponents(view: SeatView) -> list[int]:
    r = view.rules
    me = r.side_of(view.seat)
    return [s for s in range(r.players) if r.side_of(s) != me]


def locks(view: SeatView, a: Action) -> bool:
    """Would ``a`` lock the game: no tile left outside the line (yours or unseen) fits
    the ends it leaves, so nobody can ever play again and the hands are counted."""
    if not isinstance(a, (Play, PlayDoubles)) or not view.line:
        return False
    hand, ends = _after(view, a)
    if not hand or not ends:
        return False
    return not ((hand | view.unseen) & _fit_mask(view, ends))


def unseen_range(view: SeatView, k: int) -> tuple[int, int]:
    """The fewest and the most pips ``k`` of the unseen tiles can count."""
    values = sorted(tiles.VALUE[t] for t in tiles.bits(view.unseen))
    k = min(k, len(values))
    return sum(values[:k]), sum(values[len(values) - k :]) if k else 0


def could_not_play(view: SeatView, seat: int) -> tuple[str, tuple[int, ...]] | None:
    """The last time ``seat`` drew or passed on ends it is still known to hold none of:
    (``"drew"`` or ``"passed"``, those numbers), else None."""
    from ..ai.knowledge import infer

    voids = infer(view).voids(seat)
    if not voids:
        return None
    for e in reversed(view.events):
        if e.seat == seat and e.kind in ("draw", "pass") and e.ends:
            numbers = tuple(sorted(set(e.ends)))
            if all(n in voids for n in numbers):
                return ("drew" if e.kind == "draw" else "passed", numbers)
    return None


# ---------------------------------------------------------------- the points
def strategy_point(
    view: SeatView, names: Sequence[str], skip: Sequence[str] | set[str] = ()
) -> Point | None:
    """The first strategy point that applies to ``view`` (the person to move), leaving
    out the keys in ``skip``; None when none does. ``names``: a name per seat."""
    if not view.legal or view.rules.is_rounds or len(_plays(view)) < 2:
        return None  # a forced move, or nothing to choose: nothing to say
    for key in POINTS:
        if key in skip:
            continue
        found = _FINDERS[key](view, names)
        if found:
            text, meant = found
            return Point(key, TITLES[key], text, meant)
    return None


def _tiles_of(view: SeatView, keep: Callable[[Action], bool]) -> tuple[int, ...]:
    """The tiles of the plays ``keep`` likes, each once, in the order of the moves."""
    out: list[int] = []
    for a in _plays(view):
        if keep(a):
            out += [t for t in _played_tiles(a) if t not in out]
    return tuple(out)


Found = tuple[str, tuple[int, ...]] | None
"""A point's words and the tiles it speaks for, or None when it does not apply."""


def _block(view: SeatView, names: Sequence[str]) -> Found:
    for a in _plays(view):
        if locks(view, a):
            hand, _ = _after(view, a)
            mine = tiles.pips(hand)
            others = _opponents(view)
            k = sum(view.hand_counts[s] for s in others)
            lo, hi = unseen_range(view, k)
            who = names[others[0]] if len(others) == 1 else "the other side"
            exact = lo == hi
            verb = "counts" if k == 1 else "count"
            theirs = f"{verb} {lo}" if exact else f"{verb} between {lo} and {hi}"
            text = (
                f"{tiles.name(a.tile if isinstance(a, Play) else a.first)} would block the game. "
                f"Add up both hands first: yours would count {mine}; {who}'s "
                f"{_tiles_word(k)} {theirs}."
            )
            return text, ()
    return None


def _seven(view: SeatView, names: Sequence[str]) -> Found:
    top = view.rules.set
    for n in range(top, -1, -1):
        suit = _suit(view, n)
        if not view.hand & suit or view.unseen & suit:
            continue
        if n in view.ends or any(n in _after(view, a)[1] for a in _plays(view)):
            others = _opponents(view)
            who = names[others[0]] if len(others) == 1 else "no one else"
            count = _count_word(suit.bit_count())
            tail = f"{who} cannot follow a {n}" if len(others) == 1 else f"{who} can follow a {n}"
            text = (
                f"all {count} {_plural_number(n)} are on the table or in your hand: "
                f"leave a {n} open and {tail}."
            )
            return text, _tiles_of(view, lambda a, n=n: n in _after(view, a)[1])
    return None


def _voids(view: SeatView, names: Sequence[str]) -> Found:
    for s in _opponents(view):
        seen = could_not_play(view, s)
        if seen is None:
            continue
        how, numbers = seen
        useful = set(numbers)
        if any(useful & set(_after(view, a)[1]) for a in _plays(view)):
            held = "it holds neither" if len(numbers) == 2 else "it holds none"
            if len(numbers) == 1:
                held = f"it holds no {numbers[0]}"
            text = f"{names[s]} {how} on {_and([str(n) for n in numbers])}: {held}."
            return text, _tiles_of(view, lambda a, u=useful: bool(u & set(_after(view, a)[1])))
    return None


def _heavy(view: SeatView, names: Sequence[str]) -> Found:
    others = _opponents(view)
    near = [s for s in others if 0 < view.hand_counts[s] <= NEAR_OUT]
    count = tiles.pips(view.hand)
    if not near or count < HEAVY_HAND:
        return None
    heavy = sorted(
        {t for a in _plays(view) for t in _played_tiles(a) if tiles.VALUE[t] >= HEAVY},
        key=lambda t: -tiles.VALUE[t],
    )
    if not heavy:
        return None
    s = near[0]
    against = "against you" if view.rules.scoring == "penalty" else f"for {names[s]}"
    text = (
        f"{names[s]} has {_tiles_word(view.hand_counts[s])} left and your hand counts "
        f"{count}; if it goes out every pip counts {against}. {tiles.name(heavy[0])} fits now."
    )
    return text, tuple(heavy)


def _doubles(view: SeatView, names: Sequence[str]) -> Found:
    if view.hand.bit_count() < 4:
        return None
    doubles = sorted(
        {t for a in _plays(view) for t in _played_tiles(a) if tiles.DOUBLE[t]},
        key=lambda t: -tiles.VALUE[t],
    )
    if not doubles:
        return None
    text = (
        f"{tiles.name(doubles[0])} fits now. A double goes only on its own number, "
        "so it is the tile most often left stuck in a hand."
    )
    return text, tuple(doubles)


def _lead(view: SeatView, names: Sequence[str]) -> Found:
    if view.line:
        return None
    top = view.rules.set
    counts = {n: (view.hand & _suit(view, n)).bit_count() for n in range(top + 1)}
    n = max(counts, key=lambda x: (counts[x], x))
    if counts[n] < 3:
        return None
    leads = [a.tile for a in view.legal if isinstance(a, Play) and tiles.fits(a.tile, n)]
    if not leads:
        return None
    text = (
        f"you hold {_count_word(counts[n])} {_plural_number(n)}: lead a {n}, and you can follow "
        "it when the others cannot."
    )
    return text, tuple(dict.fromkeys(leads))


def _variety(view: SeatView, names: Sequence[str]) -> Found:
    if view.hand.bit_count() < 5:
        return None
    top = view.rules.set
    kept = {}
    for a in _plays(view):
        hand, _ = _after(view, a)
        kept[a] = _numbers(hand, top)
    if len(set(kept.values())) < 2:
        return None
    best = max(kept, key=kept.__getitem__)
    worst = min(kept, key=kept.__getitem__)
    b, w = _played_tiles(best)[0], _played_tiles(worst)[0]
    text = (
        f"the more numbers your hand holds, the more ends you can follow: after "
        f"{tiles.name(b)} it holds {kept[best]} different numbers, after {tiles.name(w)} "
        f"only {kept[worst]}."
    )
    most = kept[best]
    return text, _tiles_of(view, lambda a: kept[a] == most)


_FINDERS = {
    "block": _block,
    "seven": _seven,
    "voids": _voids,
    "heavy": _heavy,
    "doubles": _doubles,
    "lead": _lead,
    "variety": _variety,
}


# ---------------------------------------------------------------- the blunder question
def blunder_concern(view: SeatView, played: Action, best: Action, names: Sequence[str]) -> str:
    """What worries the coach about ``played`` when ``best`` is far better, in one
    sentence without a full stop (the question follows it): ``6-6 is still in your
    hand and the CPU has 2 tiles left``."""
    others = _opponents(view)
    near = [s for s in others if 0 < view.hand_counts[s] <= NEAR_OUT]
    kept = set(_played_tiles(best)) - set(_played_tiles(played))
    heavy = [t for t in kept if tiles.DOUBLE[t] or tiles.VALUE[t] >= HEAVY]
    if near and heavy:
        t = max(heavy, key=lambda x: tiles.VALUE[x])
        s = near[0]
        return (
            f"{tiles.name(t)} is still in your hand and {names[s]} has "
            f"{_tiles_word(view.hand_counts[s])} left"
        )
    if locks(view, played):
        hand, _ = _after(view, played)
        k = sum(view.hand_counts[s] for s in others)
        lo, _hi = unseen_range(view, k)
        return (
            f"it blocks the game with your hand counting {tiles.pips(hand)}, and the "
            f"other hands may count as little as {lo}"
        )
    if isinstance(played, Draw):
        return "you can play a tile instead of drawing one"
    for s in others:
        seen = could_not_play(view, s)
        if seen is None:
            continue
        how, numbers = seen
        best_ends = set(_after(view, best)[1]) if isinstance(best, (Play, PlayDoubles)) else set()
        played_ends = (
            set(_after(view, played)[1]) if isinstance(played, (Play, PlayDoubles)) else set()
        )
        if best_ends & set(numbers) and not played_ends & set(numbers):
            held = "neither" if len(numbers) == 2 else "none of them"
            if len(numbers) == 1:
                return (
                    f"{names[s]} {how} on {numbers[0]}, so it holds no {numbers[0]}, and "
                    f"this move leaves no {numbers[0]} open"
                )
            return (
                f"{names[s]} {how} on {_and([str(n) for n in numbers])}, so it holds "
                f"{held}, and this move leaves {held} open"
            )
    return "a better move is there"


def question_words(view: SeatView, played: Action, best: Action, names: Sequence[str]) -> str:
    """The coach's whole question, with the way forward: the concern, the move held
    back, the better move and the hint's key.

    ``6-6 is still in your hand and the CPU has 2 tiles left: play 5-4 on the left
    anyway, or take it back (n) and play 6-6? (h shows the hint)``
    """
    concern = blunder_concern(view, played, best, names)
    if isinstance(best, Draw):
        better = "draw"
    else:
        better = f"play {move_words(view, best, names)}"
    return (
        f"{concern[0].upper()}{concern[1:]}: play {move_words(view, played, names)} anyway, "
        f"or take it back (n) and {better}? (h shows the hint)"
    )


# ---------------------------------------------------------------- after a hand
@dataclass(frozen=True)
class Pattern:
    """A costly pattern of a finished hand."""

    key: str
    """``"blocking"``, ``"caught"`` or ``"opened"``."""
    text: str


def costly_pattern(start: Game, actions: Sequence[Action], seat: int, names: Sequence[str]):
    """The costly pattern of the hand played from ``start`` (its deal) along ``actions``
    by the person at ``seat``, if one happened and the hand went against them:
    drew half the boneyard instead of blocking, caught holding a heavy double, opened
    a number the opponent collects. None otherwise.
    """
    g = start.copy()
    views: list[tuple[SeatView, Action]] = []
    for a in actions:
        if g.phase != "play":
            break
        if g.turn == seat:
            views.append((seat_view(g, seat), a))
        g.apply(a)
    res = g.result
    if res is None or g.phase == "play":
        return None
    rules = g.rules
    side = rules.side_of(seat)
    if res.winner_side == side:
        return None
    for finder in (_pattern_blocking, _pattern_caught, _pattern_opened):
        p = finder(start, g, views, seat, names)
        if p is not None:
            return p
    return None


def _pattern_blocking(start, g, views, seat, names) -> Pattern | None:  # noqa: ANN001
    drawable = start.drawable
    drew = sum(1 for e in g.events if e.seat == seat and e.kind == "draw")
    if drawable < 2 or drew * 2 < drawable:
        return None
    for view, played in views:
        for a in _plays(view):
            if a == played or not locks(view, a):
                continue
            hand, _ = _after(view, a)
            mine = tiles.pips(hand)
            # after the hand every tile is face up: what the others held at that moment
            theirs = _their_count_then(start, g, view, seat)
            if theirs is not None and mine < theirs:
                name = tiles.name(_played_tiles(a)[0])
                return Pattern(
                    "blocking",
                    f"You drew {drew} of the {drawable} tiles you could draw; earlier, {name} "
                    f"would have blocked the game with your hand counting {mine} against "
                    f"{theirs}: add up both hands before you play on.",
                )
    return None


def _their_count_then(start: Game, end: Game, view: SeatView, seat: int) -> int | None:
    """The other side's pips at the moment of ``view`` (replayed from the deal)."""
    g = start.copy()
    n = len(view.events)
    for a in end.log[len(start.log) :]:
        if len(g.events) >= n:
            break
        g.apply(a)
    if len(g.events) != n:
        return None
    rules = g.rules
    side = rules.side_of(seat)
    return sum(tiles.pips(g.hands[s]) for s in range(rules.players) if rules.side_of(s) != side)


def _pattern_caught(start, g, views, seat, names) -> Pattern | None:  # noqa: ANN001
    held = g.result.hands[seat] if g.result.hands else g.hands[seat]
    doubles = [t for t in tiles.bits(held) if tiles.DOUBLE[t] and tiles.VALUE[t] >= 8]
    if not doubles:
        return None
    t = max(doubles, key=lambda x: tiles.VALUE[x])
    return Pattern(
        "caught",
        f"You were caught holding {tiles.name(t)} ({tiles.VALUE[t]} points): "
        "play heavy doubles early.",
    )


def _pattern_opened(start, g, views, seat, names) -> Pattern | None:  # noqa: ANN001
    events = g.events
    followed: dict[tuple[int, int], int] = {}
    for i, e in enumerate(events[:-1]):
        if e.seat != seat or e.kind != "play" or e.end is None or e.tile is None:
            continue
        nxt = events[i + 1]
        if not nxt.ends or e.end >= len(nxt.ends):
            continue
        opened = nxt.ends[e.end]
        if opened in e.ends:
            continue  # the same number as before: nothing new opened
        if nxt.kind == "play" and nxt.seat != seat and nxt.end == e.end:
            key = (nxt.seat, opened)
            followed[key] = followed.get(key, 0) + 1
    if not followed:
        return None
    (who, n), times = max(followed.items(), key=lambda kv: kv[1])
    if times < 2:
        return None
    return Pattern(
        "opened",
        f"You opened {_plural_number(n)} {'twice' if times == 2 else f'{times} times'} and "
        f"{names[who]} played on them "
        f"each time: it was collecting {_plural_number(n)}. Leave open the numbers it "
        "could not play.",
    )
