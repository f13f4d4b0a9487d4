"""The true state of a match: hands, line, boneyard, scores; legal actions and ``apply``.

A :class:`Game` is owned by whoever created it and changed only through
:meth:`Game.apply`. :meth:`Game.copy` is cheap (hands are bitmasks), for search.
Every random choice comes from the game's own ``random.Random(seed)``, so the
seed and :attr:`Game.log` replay the whole match exactly (:meth:`Game.replay`).

Mexican Train and Chicken Foot extend it in their own modules
(:mod:`~.games` lists the class of each layout).

>>> from dominoes_tui.engine import load_variant
>>> g = Game.new(load_variant("classic"), seed=7)
>>> g.phase, len(g.hand(0)), len(g.legal_actions()) >= 1
('play', 7, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Self

from . import fits, tiles
from .actions import (
    END_NAMES,
    Action,
    Draw,
    IllegalAction,
    NextHand,
    Pass,
    Play,
    PlayDoubles,
    Resign,
    TimeOut,
)
from .checks import check_action_types, check_first_seat, copy_rng
from .fits import wanted_number as wanted_number
from .opener import find_opener, redeal_needed
from .rules import Rules
from .scoring import (
    HandResult,
    MatchResult,
    Scores,
    match_result_after_hand,
    match_result_on_loss,
    score_hand,
)

PLAY, HAND_OVER, MATCH_OVER = "play", "hand_over", "match_over"
MAX_REDEALS = 1000


@dataclass(frozen=True, slots=True)
class Event:
    """One public happening of a hand, as every seat saw it.

    ``ends`` are the open ends' numbers just before it: a seat that drew or
    passed showed that it could not (or chose not to) play on them.
    """

    seat: int
    kind: str
    """``"play"``, ``"doubles"``, ``"draw"``, ``"pass"``."""
    ends: tuple[int, ...]
    tile: int | None = None
    end: int | None = None
    second: int | None = None
    scored: int = 0
    """Points the play scored at once (All Fives, R-F-2)."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile as laid: ``left`` and ``right`` are the pips shown on each side.

    On the line ``left`` faces the left end; on a spinner's arm (up, down)
    ``left`` touches the spinner side and ``right`` faces outward.
    """

    tile: int
    left: int
    right: int

    @property
    def double(self) -> bool:
        return self.left == self.right


class Game:
    """A whole match: deal, play, score, next hand, until the target."""

    __slots__ = (
        "rules",
        "seed",
        "rng",
        "log",
        "hand_no",
        "hands",
        "boneyard",
        "line",
        "ends",
        "turn",
        "opener",
        "lead_tile",
        "lead_rule",
        "passes",
        "first_tile",
        "last_tile",
        "last_single",
        "redeals",
        "events",
        "scores",
        "phase",
        "result",
        "results",
        "match_result",
        "first_seat",
        "dead",
        "arms",
        "spinner",
        "end_tiles",
        "hand_fives",
        "rotation",
    )

    # The fields, declared for type checkers (set by new, from_position, copy, _deal).
    rules: Rules
    seed: int
    rng: random.Random
    log: list[Action]
    hand_no: int
    hands: list[int]
    boneyard: list[int]
    line: list[Placed]
    ends: list[int]
    turn: int
    """The seat to move; None once the hand is over (no rule reads it then)."""
    opener: int
    lead_tile: int | None
    lead_rule: str
    passes: int
    first_tile: int | None
    last_tile: int | None
    last_single: int | None
    redeals: int
    events: list[Event]
    scores: Scores
    phase: str
    result: HandResult | None
    results: list[HandResult]
    match_result: MatchResult | None
    first_seat: int | None
    dead: int
    arms: list[list[Placed]]
    spinner: int | None
    end_tiles: list[int]
    hand_fives: list[int]
    rotation: int

    def __init__(self) -> None:  # use Game.new
        pass

    # ------------------------------------------------------------------ set-up
    @classmethod
    def new(
        cls, rules: Rules, seed: int = 0, first_seat: int | None = None, rotation: int = 0
    ) -> Self:
        """A match dealt from ``random.Random(seed)``.

        ``first_seat`` makes that seat open the first hand (a rematch that
        swaps the opener); otherwise the first-opener rule decides.
        ``rotation`` deals the same seed with the seats turned: seat ``s`` is dealt
        what seat ``(s + rotation) % players`` is dealt at rotation 0, hand after
        hand, and an opener drawn by lot moves with its hand (a practice deal from
        another seat; :func:`deal_again` does it for a hand already under way).
        Rotation 0 is every seed's own deal.
        The line and the spinner only: :func:`~.games.new_game` deals every layout.
        A ``first_seat`` that is not at the table is refused (ValueError).
        """
        check_first_seat(rules, first_seat)
        if rules.is_rounds:
            raise ValueError(f"{rules.name} is played in rounds: deal it with new_game")
        g = cls()
        g.rules = rules
        g.seed = seed
        g.rng = random.Random(seed)
        g.log = []
        g.hand_no = 0
        g.scores = Scores.zero(rules.sides)
        g.results = []
        g.result = None
        g.match_result = None
        g.first_seat = first_seat
        g.rotation = rotation % rules.players
        g.dead = 0
        g._deal()
        return g

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[str | int]],
        boneyard: Sequence[str | int] | None = None,
        line: Sequence[str | int] = (),
        turn: int = 0,
        scores: Scores | None = None,
        hand_no: int = 1,
        lead: str = "any",
        seed: int = 0,
    ) -> Game:
        """A hand set up by hand, for tests and puzzles (tiles as ``"6-5"`` or ids).

        ``line`` is laid left to right, each tile chained to the one before;
        ``boneyard`` is in draw order (first drawn first); with ``boneyard``
        None every other tile is in it, in id order. Tiles in no place are set
        aside (``dead``), unseen by every seat. ``hand_no`` > 1 makes
        later-hand opener rules apply to the next hand; ``lead`` is the lead
        rule when ``line`` is empty: ``"any"``, ``"double_if_held"`` or a tile.
        """
        ids = lambda xs: [x if isinstance(x, int) else tiles.parse(x) for x in xs]  # noqa: E731
        g = cls.new(rules, seed)
        g.hand_no = hand_no
        g.hands = [tiles.mask_of(ids(h)) for h in hands]
        laid = ids(line)
        used = tiles.mask_of(laid)
        for h in g.hands:
            used |= h
        rest = [t for t in range(rules.tile_count) if not used & tiles.BIT[t]]
        order = ids(boneyard) if boneyard is not None else rest
        g.boneyard = list(reversed(order))
        g.dead = tiles.mask_of(rest) & ~tiles.mask_of(order)
        g.line, g.ends, g.events = [], [], []
        g._reset_layout()
        g.first_tile = g.last_tile = g.last_single = None
        g.passes = 0
        g.lead_tile = None
        g.lead_rule = lead if lead in ("any", "double_if_held") else "that_tile"
        if g.lead_rule == "that_tile":
            g.lead_tile = tiles.parse(lead)
        for i, t in enumerate(laid):
            if i == 0:
                g._lead(t)
            else:
                touches = g._touches(t, g.ends[1])
                if not touches:
                    raise ValueError(f"{tiles.name(t)} does not chain onto {g.ends[1]}")
                g._place(t, 1, touches[0])
            g.last_tile = t
        g.turn = g.opener = turn
        if scores is not None:
            g.scores = scores
        g.phase = PLAY
        return g

    @classmethod
    def replay(
        cls, rules: Rules, seed: int, actions: Iterable[Action], first_seat: int | None = None
    ) -> Game:
        """The game reached by ``actions`` from the deal of ``seed``."""
        g = cls.new(rules, seed, first_seat)
        for a in actions:
            g.apply(a)
        return g

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.rules = self.rules
        g.seed = self.seed
        g.rng = copy_rng(self.rng)
        g.log = list(self.log)
        g.hand_no = self.hand_no
        g.hands = list(self.hands)
        g.boneyard = list(self.boneyard)
        g.line = list(self.line)
        g.ends = list(self.ends)
        for name in (
            "turn",
            "opener",
            "lead_tile",
            "lead_rule",
            "passes",
            "first_tile",
            "last_tile",
            "last_single",
            "redeals",
            "scores",
            "phase",
            "result",
            "match_result",
            "first_seat",
            "dead",
            "spinner",
            "rotation",
        ):
            setattr(g, name, getattr(self, name))
        g.arms = [list(a) for a in self.arms]
        g.hand_fives = list(self.hand_fives)  # mutated in place by _score_fives
        g.end_tiles = list(self.end_tiles)
        g.events = list(self.events)
        g.results = list(self.results)
        return g

    def _deal(self) -> None:
        """R-D-1: shuffle, deal ``hand_size`` to each seat; redeal per R-C-2."""
        r = self.rules
        self.hand_no += 1
        self.redeals = 0
        self.dead = 0
        while True:
            pool = list(range(r.tile_count))
            self.rng.shuffle(pool)
            hs = r.hand_size
            n, k = r.players, self.rotation  # seat s gets seat s + k's share (Game.new)
            shares = [(i + k) % n for i in range(n)]
            self.hands = [tiles.mask_of(pool[j * hs : (j + 1) * hs]) for j in shares]
            self.boneyard = pool[r.players * hs :]
            if not r.redeal or not any(redeal_needed(r, h) for h in self.hands):
                break
            self.redeals += 1
            if self.redeals >= MAX_REDEALS:  # pragma: no cover - astronomically unlikely
                break
        self.line = []
        self.ends = []
        self._reset_layout()
        self.passes = 0
        self.first_tile = self.last_tile = None
        self.events = []
        self.result = None
        self.phase = PLAY
        self._choose_opener()  # reads last_single of the hand before (R-O-4)
        self.last_single = None

    def _choose_opener(self) -> None:
        """R-O-1…6: who leads this hand and what they must lead."""
        r = self.rules
        first = self.hand_no == 1
        self.lead_tile = None
        self.lead_rule = r.first_lead if first else r.next_lead
        if first and self.first_seat is not None:
            seat = self.first_seat
            if self.lead_rule == "that_tile":
                self.lead_rule = "any"
        elif first or r.next_opener == "as_first":
            if r.first_opener == "random":  # the lot falls on a hand: it moves with it
                seat = (self.rng.randrange(r.players) - self.rotation) % r.players
            else:
                seat, t = find_opener(r, self.hands, r.first_opener)
                if self.lead_rule == "that_tile":
                    self.lead_tile = t
        else:
            prev = self.results[-1]
            prev_opener = self.opener
            if r.next_opener == "alternate":
                seat = (prev_opener + 1) % r.players
            elif r.next_opener == "winner_or_last_single" and prev.kind == "blocked":
                seat = self.last_single if self.last_single is not None else prev_opener
            else:  # winner; R-O-6: after a level block the previous opener again
                seat = prev.winner if prev.winner is not None else prev_opener
        self.opener = seat
        self.turn = seat

    # --------------------------------------------------------------- queries
    @property
    def players(self) -> int:
        return self.rules.players

    def hand(self, seat: int) -> list[int]:
        """The tiles ``seat`` holds, as ids, lowest first."""
        return list(tiles.bits(self.hands[seat]))

    @property
    def drawable(self) -> int:
        """How many boneyard tiles may still be drawn (R-C-3: ``reserve`` never are)."""
        return max(0, len(self.boneyard) - self.rules.reserve)

    @property
    def is_over(self) -> bool:
        return self.phase == MATCH_OVER

    def fitting_mask(self, seat: int) -> int:
        """``seat``'s tiles that fit an open end (all of them on the lead)."""
        h = self.hands[seat]
        if not self.ends:
            return h
        fit = fits.FITS[self.rules.match_rule]
        m = 0
        for n in set(self.ends):
            m |= fit[n]
        return h & m

    def _touches(self, t: int, n: int) -> tuple[int, ...]:
        """The halves of ``t`` that may be laid against an open ``n`` (R-M-1, R-MT-1/2)."""
        return fits.TOUCHES[self.rules.match_rule][t][n]

    def legal_actions(self) -> list[Action]:
        """Every action the side to move may take (or NextHand between hands)."""
        if self.phase == HAND_OVER:
            return [NextHand()]
        if self.phase != PLAY:
            return []
        r = self.rules
        seat = self.turn
        hand = self.hands[seat]
        if not self.ends:
            return [Play(t) for t in tiles.bits(self._lead_mask(hand))]
        out: list[Action] = []
        for t in tiles.bits(self.fitting_mask(seat)):
            for end, n in enumerate(self.ends):
                touches = self._touches(t, n)
                if len(touches) == 1:
                    out.append(Play(t, end))
                else:
                    out.extend(Play(t, end, h) for h in touches)
        dd = self._two_doubles(seat)
        if dd:
            out.append(dd)
        drawable = len(self.boneyard) > r.reserve
        if out:
            if r.drawing == "any_time" and drawable:
                out.append(Draw())
        elif r.drawing != "none" and drawable:
            out.append(Draw())
        else:
            out.append(Pass())
        return out

    def _lead_mask(self, hand: int) -> int:
        if self.lead_tile is not None:
            return hand & tiles.BIT[self.lead_tile]
        if self.lead_rule == "double_if_held" and hand & tiles.DOUBLES_MASK:
            return hand & tiles.DOUBLES_MASK  # R-O-5
        return hand

    def _two_doubles(self, seat: int) -> PlayDoubles | None:
        """R-2D: ends show different numbers and ``seat`` holds both doubles."""
        if not self.rules.two_doubles or len(self.ends) != 2 or self.spinner is not None:
            return None
        a, b = self.ends
        if a == b:
            return None
        da, db = tiles.tile(a, a), tiles.tile(b, b)
        h = self.hands[seat]
        if h & tiles.BIT[da] and h & tiles.BIT[db]:
            return PlayDoubles(da, db)
        return None

    # --------------------------------------------------------------- actions
    def apply(self, action: Action) -> None:
        """Apply ``action`` for the side to move; IllegalAction (with the reason) if refused.

        Exactly the actions of :meth:`legal_actions` are accepted (and Resign/TimeOut
        where the rules offer them); anything else, a wrong-typed field included
        (``Play("6-5")``, ``Play(True)``), is refused with IllegalAction.
        """
        check_action_types(action)
        if isinstance(action, (Resign, TimeOut)):
            self._lose_at_once(action)
        elif isinstance(action, NextHand):
            if self.phase == MATCH_OVER:
                raise IllegalAction("the match is over")
            if self.phase != HAND_OVER:
                raise IllegalAction("the hand is not over yet")
            assert self.result is not None  # a hand over has its result
            self.results.append(self.result)
            self._deal()
        elif self.phase != PLAY:
            raise IllegalAction(
                "the match is over" if self.phase == MATCH_OVER else "the hand is over"
            )
        elif isinstance(action, Play):
            self._play(action)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, Pass):
            self._pass()
        elif isinstance(action, PlayDoubles):
            self._play_doubles(action)
        else:
            raise IllegalAction(f"{action!r} is not an action")
        self.log.append(action)

    def why_illegal(self, action: Action) -> str | None:
        """The reason ``action`` would be refused now, or None if it is legal."""
        g = self.copy()
        try:
            g.apply(action)
        except IllegalAction as e:
            return str(e)
        return None

    def _ends_words(self) -> str:
        shown = sorted(set(self.ends))
        if len(shown) == 1:
            return f"every open end shows {shown[0]}"
        return "the open ends show " + ", ".join(map(str, shown[:-1])) + f" and {shown[-1]}"

    def _play(self, action: Play) -> None:
        seat, t = self.turn, action.tile
        if not (0 <= t < self.rules.tile_count):
            raise IllegalAction(f"there is no tile {t} in a double-{self.rules.set} set")
        if not self.hands[seat] & tiles.BIT[t]:
            raise IllegalAction(f"{tiles.name(t)} is not in your hand")
        name = tiles.name(t)
        if not self.ends:
            if action.end is not None:
                raise IllegalAction("the line is empty: lead a tile, with no end to choose")
            if action.touch is not None:
                raise IllegalAction(f"{name} leads the line: give no half")
            if not self._lead_mask(self.hands[seat]) & tiles.BIT[t]:
                if self.lead_tile is not None:  # R-O-2, R-O-3
                    raise IllegalAction(f"this hand must be led with {tiles.name(self.lead_tile)}")
                raise IllegalAction("you hold a double, so you must lead a double")  # R-O-5
            self._lead(t)
            self._after_play(
                seat, t, Event(seat, "play", (), t, None, scored=self._score_fives(seat))
            )
            return
        fitting = [i for i, n in enumerate(self.ends) if self._touches(t, n)]
        if action.end is None or not 0 <= action.end < len(self.ends):
            if len(fitting) > 1:
                which = "both ends" if len(self.ends) == 2 else "more than one end"
                raise IllegalAction(f"{name} fits {which}: say which end")  # R-M-2
            raise IllegalAction(f"say which end to play {name} on")
        n = self.ends[action.end]
        touches = self._touches(t, n)
        if not touches:
            if fitting:
                other = fitting[0]
                raise IllegalAction(
                    f"{name} does not fit the {END_NAMES[action.end]} end ({n}); "
                    f"it fits the {END_NAMES[other]} end ({self.ends[other]})"
                )
            raise IllegalAction(f"{name} does not fit: {self._ends_words()}")
        if action.touch is None:
            if len(touches) > 1:
                raise IllegalAction(f"{name} may go either way round: say which half touches")
            touch = touches[0]
        elif len(touches) == 1:
            raise IllegalAction(f"{name} goes only one way round on a {n}: give no half")
        elif action.touch in touches:
            touch = action.touch
        else:  # pragma: no cover - a matador's two halves are its only touches
            raise IllegalAction(f"{name} cannot be laid with its {action.touch} against a {n}")
        before = tuple(self.ends)
        self._place(t, action.end, touch)
        scored = self._score_fives(seat)
        self._after_play(seat, t, Event(seat, "play", before, t, action.end, scored=scored))

    # ---------------------------------------------------------------- layout
    def _reset_layout(self) -> None:
        self.arms = [[], []]
        self.spinner = None
        self.end_tiles = []
        self.hand_fives = [0] * self.rules.sides

    def _lead(self, t: int) -> None:
        hi, lo = tiles.HIGH[t], tiles.LOW[t]
        self.line.append(Placed(t, hi, lo))
        self.ends = [hi, lo]
        self.end_tiles = [t, t]
        self.first_tile = t
        if self.rules.layout == "spinner" and tiles.DOUBLE[t]:
            self.spinner = t  # R-F-1: the first double played is the spinner

    def _place(self, t: int, end: int, touch: int | None = None) -> None:
        """Lay ``t`` on ``end`` with its ``touch`` half against it; the other half opens."""
        n = self.ends[end]
        if touch is None:
            touch = n
        new = tiles.HIGH[t] if tiles.LOW[t] == touch else tiles.LOW[t]
        if end == 0:
            self.line.insert(0, Placed(t, new, touch))
        elif end == 1:
            self.line.append(Placed(t, touch, new))
        else:
            self.arms[end - 2].append(Placed(t, touch, new))
        self.ends[end] = new
        self.end_tiles[end] = t
        if self.rules.layout == "spinner":
            if self.spinner is None and tiles.DOUBLE[t]:
                self.spinner = t  # R-F-1
            if (
                self.spinner is not None
                and len(self.ends) == 2
                and self.line[0].tile != self.spinner
                and self.line[-1].tile != self.spinner
            ):  # R-F-1: both sides hold a tile: up and down open
                v = tiles.HIGH[self.spinner]
                self.ends += [v, v]
                self.end_tiles += [-1, -1]

    def fives_count(self) -> int:
        """The open ends added up for All Fives (R-F-2).

        A double at the end of an arm counts both halves, the spinner too while
        one of its sides is bare; an arm of the spinner with no tile yet counts 0.
        A lone lead counts both its halves.
        """
        return fits.ends_count(self.ends, self.end_tiles, len(self.line))

    def _score_fives(self, seat: int) -> int:
        """R-F-2: a multiple of 5 on the ends scores at once for the player's side."""
        if self.rules.end_scoring != "fives":
            return 0
        total = fits.fives_points(self.fives_count())
        if not total:
            return 0
        side = self.rules.side_of(seat)
        written = list(self.scores.written)
        written[side] += total
        self.scores = Scores(tuple(written), self.scores.held, self.scores.hanging)
        self.hand_fives[side] += total
        return total

    def _after_play(self, seat: int, t: int, event: Event) -> None:
        self.hands[seat] &= ~tiles.BIT[t]
        self.last_tile = t
        if not tiles.DOUBLE[t]:
            self.last_single = seat
        self.passes = 0
        self.events.append(event)
        if self.hands[seat] == 0:
            self._end_hand(seat)
        else:
            self.turn = (seat + 1) % self.rules.players

    def _play_doubles(self, action: PlayDoubles) -> None:
        seat = self.turn
        if not self.rules.two_doubles:
            raise IllegalAction("this variant does not play the two-doubles move")
        if not self.ends:
            raise IllegalAction("the two-doubles move is not allowed on the lead")  # R-2D
        dd = self._two_doubles(seat)
        if dd is None or {dd.first, dd.second} != {action.first, action.second}:
            raise IllegalAction(
                "two doubles need open ends showing different numbers and "
                "the double of each in your hand"
            )  # R-2D
        before = tuple(self.ends)
        first, second = dd.first, dd.second  # left end's double, then the right end's
        self._place(first, 0)
        self._place(second, 1)
        self.hands[seat] &= ~tiles.BIT[first]
        event = Event(seat, "doubles", before, first, None, second)
        self._after_play(seat, second, event)

    def _draw(self) -> None:
        r, seat = self.rules, self.turn
        if r.drawing == "none":
            raise IllegalAction("there is no drawing in this game: pass if you cannot play")
        if not self.ends:
            # decision: nobody draws before the lead; the boneyard is for a player
            # who cannot play, and the opener can always lead from their hand
            raise IllegalAction("you lead: the boneyard is only for a player who cannot play")
        if len(self.boneyard) <= r.reserve:
            if r.reserve:  # R-C-3
                last = "last tile" if r.reserve == 1 else f"last {r.reserve} tiles"
                raise IllegalAction(f"the boneyard's {last} may not be drawn")
            raise IllegalAction("the boneyard is empty")
        if r.drawing == "until_playable" and self.fitting_mask(seat):
            raise IllegalAction("you hold a tile that fits, so you may not draw")  # R-M-4
        t = self.boneyard.pop()
        self.hands[seat] |= tiles.BIT[t]
        self.passes = 0
        self.events.append(Event(seat, "draw", tuple(self.ends)))

    def _pass(self) -> None:
        r, seat = self.rules, self.turn
        if not self.ends:
            raise IllegalAction("you lead this hand: play a tile")
        if self.fitting_mask(seat):
            raise IllegalAction("you hold a tile that fits, so you may not pass")
        if r.drawing != "none" and len(self.boneyard) > r.reserve:
            raise IllegalAction("you cannot play, so you must draw")  # R-M-4
        self.events.append(Event(seat, "pass", tuple(self.ends)))
        self.passes += 1
        if self.passes >= r.players:  # R-M-5: everyone passed in turn: blocked
            self._end_hand(None)
        else:
            self.turn = (seat + 1) % r.players

    def _end_hand(self, domino_seat: int | None) -> None:
        last: int | tuple[int, ...] | None = self.last_tile
        move = self.events[-1] if self.events else None
        if move is not None and move.kind == "doubles":  # R-B-2: both doubles are last tiles
            assert move.tile is not None and move.second is not None  # a doubles move's two tiles
            last = (move.tile, move.second)
        res = score_hand(
            self.rules,
            domino_seat,
            self.hands,
            self.first_tile,
            last,
            self.scores,
            fives=tuple(self.hand_fives),
        )
        self.result = res
        self.scores = res.after
        self.turn = None  # type: ignore[assignment]  # no seat moves after the hand: see turn
        over = match_result_after_hand(self.rules, res)
        if over is not None:
            self.results.append(res)
            self.match_result = over
            self.phase = MATCH_OVER
        else:
            self.phase = HAND_OVER

    def _lose_at_once(self, action: Resign | TimeOut) -> None:
        if self.phase == MATCH_OVER:
            raise IllegalAction("the match is over")
        if not 0 <= action.seat < self.rules.players:
            raise IllegalAction(f"there is no seat {action.seat}")
        if isinstance(action, Resign):
            if not self.rules.resign:
                raise IllegalAction("this variant does not offer resigning")
            reason = "resign"
        else:
            if not self.rules.clock_minutes:
                # R-T-3: a per-turn limit running out plays a move, it never loses
                raise IllegalAction("this match is not played on a clock")
            reason = "time"
        if self.phase == HAND_OVER:
            assert self.result is not None  # a hand over has its result
            self.results.append(self.result)
        self.match_result = match_result_on_loss(
            self.rules, self.rules.side_of(action.seat), reason, self.scores
        )
        self.phase = MATCH_OVER
        self.turn = None  # type: ignore[assignment]  # no seat moves after the hand: see turn

    # ---------------------------------------------------------- convenience
    def invariant_errors(self) -> list[str]:
        """Every tile is in exactly one place; used by tests and the fuzzer."""
        errs = []
        seen = 0
        places = list(self.hands) + [
            tiles.mask_of(self.boneyard),
            tiles.mask_of(p.tile for p in self.line),
            tiles.mask_of(p.tile for arm in self.arms for p in arm),
            self.dead,
        ]
        total = 0
        for m in places:
            if seen & m:
                errs.append(f"tiles in two places: {tiles.names(seen & m)}")
            seen |= m
            total += m.bit_count()
        if len(set(self.boneyard)) != len(self.boneyard):
            errs.append("a tile twice in the boneyard")
        if seen != tiles.set_mask(self.rules.set) or total != self.rules.tile_count:
            errs.append("tiles missing or extra")
        for a, b in zip(self.line, self.line[1:]):
            if not self._joined(a, b):
                errs.append(f"line breaks between {tiles.name(a.tile)} and {tiles.name(b.tile)}")
        if self.line and list(self.ends[:2]) != [self.line[0].left, self.line[-1].right]:
            errs.append("open ends do not match the line")
        for i, arm in enumerate(self.arms):
            if arm and (self.spinner is None or len(self.ends) != 4):
                errs.append("a spinner arm holds tiles before it opened")
            if arm and self.ends[2 + i] != arm[-1].right:
                errs.append("an arm's open end does not match its last tile")
        return errs

    def _joined(self, a: Placed, b: Placed) -> bool:
        """Do neighbours ``a`` (left) and ``b`` meet (R-M-1, R-MT-1/2)?"""
        return fits.joins(self.rules.match_rule, a.tile, a.right, b.tile, b.left)
