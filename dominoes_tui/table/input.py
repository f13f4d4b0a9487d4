"""The person's questions, selection and keys: what they press becomes a finished action.

The raised tile, the tiles just drawn, the question the table asks before it can lay a
tile (which end, which way round, which place) and the keys that answer it live here.
A key or click ends in one finished :class:`~dominoes_tui.engine.Action` handed to the
session (``_person``), which applies it, or in a question or a refusal in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import (
    Action,
    Draw,
    Game,
    Pass,
    Play,
    PlayDoubles,
    Rules,
    Stop,
    fast,
    seat_view,
    tiles,
)
from .events import HintAnswer, HintRequest, HintShown
from .shared import YOU, KeyAction, entry
from .words import (
    NOTHING,
    TURN_LIMIT,
    Sentence,
    distinct_moves,
    drew_words,
    end_key,
    end_question_again,
    hint_words,
    key_refusal,
    move_words,
    no_place,
    play_place,
    refusal,
    wrong_end,
)


@dataclass(frozen=True)
class EndQuestion:
    """The person's tile fits several ends: the table asks which (R-M-2)."""

    tile: int
    ends: tuple[int, ...]


@dataclass(frozen=True)
class TouchQuestion:
    """A matador goes on ``end`` either way round: the table asks which half touches
    (R-MT-2)."""

    tile: int
    end: int
    touches: tuple[int, ...]


@dataclass(frozen=True)
class PlaceQuestion:
    """Mexican Train, Chicken Foot: the person's tile fits several trains, arms or toes;
    the table asks which (they are numbered on the layout in this order)."""

    tile: int
    places: tuple[int, ...]


Question = EndQuestion | TouchQuestion | PlaceQuestion


class PersonInput:
    """The person's side of :class:`~.session.TableSession`: selection, questions, keys."""

    # the session's, used here (it also gives _person, _not_your_turn and the queries)
    game: Game
    rules: Rules
    token: int
    note: Sentence
    turn_note: str

    def _init_input(self) -> None:
        self.selected: int | None = 0
        """The raised tile: an index into :meth:`hand`."""
        self.new_tiles: set[int] = set()
        """Tiles the person just drew (shown apart)."""
        self.question: Question | None = None
        """What the table asks the person before it can lay their tile (which end, which
        way round), shown as the prompt until answered or cancelled."""
        self.pick = 0
        """Which of the asked places (:class:`PlaceQuestion`) the ↑/↓ mark is on."""
        self.end_arrows: dict[int, str] = {}
        """The arrow key that picks each open end as the screen draws it (set by the UI
        with :meth:`place_ends`; empty: ← left, → right, ↑ up, ↓ down)."""
        self.check_move: Callable[[Action], bool] | None = None
        """Called with each move the person makes, before it is applied; returning False
        holds it back (a coach asks first, then calls :meth:`commit`)."""
        self.hint_request: HintRequest | None = None
        self._hint_selected: int | None = None

    def _after_own_move(self, action: Action, drawn: int, by: str) -> None:
        """The person's move was applied: a drawn tile is raised and said, and a move the
        per-turn limit played is said (again with "Your turn", R-T-3)."""
        self.turn_note = ""
        if isinstance(action, Draw) and drawn:
            self.new_tiles = set(tiles.bits(drawn))
            t = next(iter(tiles.bits(drawn)))
            self.selected = self.hand().index(t)
            self.note = Sentence("", drew_words(t, t in self.fits()))
        if by == "turn_limit":
            self.turn_note = TURN_LIMIT + " "
            self.note = Sentence("", TURN_LIMIT)

    def _clamp(self) -> None:
        """Keep the raised tile inside the hand (it shrinks as tiles are played)."""
        n = self.game.hands[YOU].bit_count()
        if not n:
            self.selected = None
        elif self.selected is None or self.selected >= n:
            self.selected = min(self.selected or 0, n - 1)

    def _select_fitting(self) -> None:
        """On the person's turn, raise a tile that fits if the raised one does not."""
        hand, fits = self.hand(), self.fits()
        if not hand or not fits:
            return
        if self.selected is not None and self.selected < len(hand):
            if hand[self.selected] in fits:
                return
        self.selected = next(i for i, t in enumerate(hand) if t in fits)

    @entry
    def refuse(self, what: KeyAction) -> None:
        """A key that does not apply now: say why in one line (cleared by the next key)."""
        why = self.why_not(what)
        if why is not None:
            self.note = key_refusal(why)

    def _clear_refusal(self) -> None:
        if self.note.tone == "refusal":
            self.note = NOTHING

    @entry
    def select(self, delta: int) -> None:
        """Raise the tile ``delta`` places along (wrapping)."""
        self._clear_refusal()
        hand = self.hand()
        if not hand:
            return
        self.selected = ((self.selected or 0) + delta) % len(hand)
        self.new_tiles = set()

    @entry
    def click_tile(self, index: int) -> None:
        """A click on the hand: raise that tile, or play it if it is raised already."""
        self._clear_refusal()
        self.question = None
        if index == self.selected:
            self.play_selected()
        else:
            self.selected = index
            self.new_tiles = set()

    @entry
    def click_end(self, end: int | None) -> None:
        """A click on an open end's marker: the raised tile (or the one asked about)
        goes there."""
        hand = self.hand()
        q = self.question
        if q is None and (self.selected is None or not hand):
            self.note = Sentence("", "Pick a tile first, then click an end.")
            return
        tile = q.tile if q is not None else hand[self.selected or 0]
        if isinstance(q, PlaceQuestion) and end not in q.places:
            self.note = Sentence(
                "", f"{tiles.name(q.tile)} does not go there: pick a numbered place."
            )
            return
        self.question = None
        self.play(tile, end)

    @entry
    def play_selected(self) -> None:
        """Enter: play the raised tile (or say again how to answer the question)."""
        q = self.question
        if isinstance(q, TouchQuestion):
            self.note = NOTHING  # the question shows again
            return
        if isinstance(q, EndQuestion):
            self.note = end_question_again(
                q.tile, q.ends, self.game.ends, self.end_arrows, self.end_places(q.tile, q.ends)
            )
            return
        if isinstance(q, PlaceQuestion):
            self.choose_place(q.places[min(self.pick, len(q.places) - 1)])
            return
        self._clear_refusal()
        hand = self.hand()
        if self.selected is None or not hand:
            return
        self.play(hand[min(self.selected, len(hand) - 1)])

    def ends_to_ask(self, tile: int) -> list[int]:
        """The ends the person must choose between for ``tile`` (more than one: ask).

        Ends that make the same game are one choice (R-M-2 asks only when the
        choices differ, :func:`~.words.distinct_moves`): two ends of a plain line
        showing the same number, the two sides of a lone lead, a spinner's two empty
        arms. Of two sides alike the tile goes on the shorter one, without a question.
        """
        g = self.game
        plays = [
            a
            for a in g.legal_actions()
            if isinstance(a, Play) and a.tile == tile and a.end is not None
        ]
        shorter = self._shorter_side()
        plays.sort(key=lambda a: (a.end not in (0, 1), a.end != shorter))  # kept first
        return sorted(dict.fromkeys(a.end for a in distinct_moves(g, plays) if a.end is not None))

    def end_places(self, tile: int, ends: tuple[int, ...]) -> dict[int, str]:
        """Each end asked about in the words the move would be said in (``on the 6 of
        6-6``), so two ends showing the same number read differently."""
        g = self.game
        out: dict[int, str] = {}
        for a in g.legal_actions():
            if isinstance(a, Play) and a.tile == tile and a.end in ends and a.end not in out:
                out[a.end] = play_place(g, a, self.names)
        return out

    def _shorter_side(self) -> int:
        """The side with fewer tiles beyond the lead (the right one on a tie)."""
        g = self.game
        lead = next((e.tile for e in g.events if e.kind in ("play", "doubles")), None)
        at = next((i for i, p in enumerate(g.line) if p.tile == lead), len(g.line) // 2)
        return 0 if at < len(g.line) - 1 - at else 1

    @entry
    def place_ends(self, arrows: dict[int, str]) -> None:
        """The UI says which arrow key picks each end as it draws them (the end drawn on
        the left is ←, even when the snake has turned and it is the line's right end)."""
        self.end_arrows = dict(arrows)

    @entry
    def choose_arrow(self, arrow: str) -> bool:
        """An arrow key while the table asks which end: the end that arrow points at."""
        q = self.question
        if not isinstance(q, EndQuestion):
            return False
        arrows = self.end_arrows or {e: "←→↑↓"[e] for e in range(min(4, len(self.game.ends)))}
        for end in q.ends:
            if arrows.get(end) == arrow:
                return self.choose_end(end)
        for end, a in arrows.items():
            if a == arrow:
                return self.choose_end(end)
        self.note = end_question_again(
            q.tile, q.ends, self.game.ends, self.end_arrows, self.end_places(q.tile, q.ends)
        )
        return False

    @entry
    def play(self, tile: int, end: int | None = None, touch: int | None = None) -> bool:
        """Lay ``tile``: on ``end``, or asked which when it fits several (R-M-2), either way
        round asked for a matador (R-MT-2). A refusal is said in the engine's words."""
        if self._not_your_turn():
            return False
        g = self.game
        if self.rounds:
            return self._play_on_place(tile, end)
        if not g.ends:
            return self._person(Play(tile))
        legal = [a for a in g.legal_actions() if isinstance(a, Play) and a.tile == tile]
        if end is None:
            ends = self.ends_to_ask(tile)
            if len(ends) > 1:  # R-M-2: never chosen for the person
                self.question = EndQuestion(tile, tuple(ends))
                self.note = NOTHING
                return False
            if not legal:  # the engine says why not
                return self._person(Play(tile, 0 if tiles.fits(tile, g.ends[0]) else 1))
            end = ends[0] if ends else legal[0].end
        on_end = [a for a in legal if a.end == end]
        if touch is None:
            touches = [a.touch for a in on_end if a.touch is not None]
            if len(touches) > 1:  # a matador either way round (R-MT-2): ask, never choose
                self.question = TouchQuestion(tile, end, tuple(touches))
                self.note = NOTHING
                return False
            if len(on_end) == 1:
                return self._person(on_end[0])
        return self._person(Play(tile, end, touch))

    def _play_on_place(self, tile: int, place: int | None) -> bool:
        """Mexican Train, Chicken Foot: ``tile`` on ``place``; asked which when the engine
        offers it on several places (never when only one takes it)."""
        g = self.game
        legal = [a for a in g.legal_actions() if isinstance(a, Play) and a.tile == tile]
        if place is None:
            # places that come to the same (Chicken Foot's empty arms of one double): one
            # play, by the rule the search and the review count a decision by; asked only
            # between places that differ
            legal = _distinct_plays(g, legal)
            if len(legal) > 1:
                self.question = PlaceQuestion(tile, tuple(a.end for a in legal))
                self.pick = 0
                self.note = NOTHING
                return False
            if legal:
                return self._person(legal[0])
            self.question = None
            self.note = refusal(no_place(tile, g, self.names).rstrip("."))
            return False
        on = [a for a in legal if a.end == place]
        return self._person(on[0] if on else Play(tile, place))

    @entry
    def choose_place(self, place: int) -> bool:
        """The answer to "which train / arm / toe?" (a number, a click, or Enter)."""
        q = self.question
        if not isinstance(q, PlaceQuestion):
            return False
        if place not in q.places:
            return False
        self.question = None
        return self._play_on_place(q.tile, place)

    @entry
    def choose_number(self, number: int) -> bool:
        """A number key while the table asks which place: the place marked with it."""
        q = self.question
        if not isinstance(q, PlaceQuestion):
            return False
        if not 1 <= number <= len(q.places):
            self.note = Sentence("", f"Press 1 to {len(q.places)}, as the places are marked.")
            return False
        return self.choose_place(q.places[number - 1])

    @entry
    def move_pick(self, delta: int) -> None:
        """↑/↓ while the table asks which place: move the mark Enter plays on."""
        q = self.question
        if isinstance(q, PlaceQuestion):
            self.pick = (self.pick + delta) % len(q.places)

    @entry
    def choose_end(self, end: int) -> bool:
        """The answer to "which end?" (←, →, ↑, ↓)."""
        q = self.question
        if not isinstance(q, EndQuestion):
            return False
        if end not in q.ends:
            places = self.end_places(q.tile, q.ends)
            self.note = wrong_end(q.tile, end, q.ends, self.game.ends, self.end_arrows, places)
            return False
        self.question = None
        return self.play(q.tile, end)

    @entry
    def choose_touch(self, touch: int) -> bool:
        """The answer to "which half touches?" for a matador."""
        q = self.question
        if not isinstance(q, TouchQuestion):
            return False
        return self.play(q.tile, q.end, touch)

    @entry
    def cancel(self) -> None:
        """Esc: forget the question; choose another tile."""
        self._clear_refusal()
        if self.question is not None:
            self.question = None
            self.note = NOTHING

    def _key(self, action: Action) -> bool:
        """A key that makes one whole move: handed to the session on the person's turn."""
        if self._not_your_turn():
            return False
        return self._person(action)

    @entry
    def stop(self) -> bool:
        """R-TR-8: end the first-turn run."""
        return self._key(Stop())

    @entry
    def draw(self) -> bool:
        return self._key(Draw())

    @entry
    def pass_turn(self) -> bool:
        return self._key(Pass())

    @entry
    def two_doubles(self) -> bool:
        """R-2D: lay both doubles at once, where the house allows it."""
        if self._not_your_turn():
            return False
        for a in self.game.legal_actions():
            if isinstance(a, PlayDoubles):
                return self._person(a)
        return False

    @entry
    def request_hint(self) -> HintRequest | None:
        """``h``: a request to run off the UI thread (``request.run()``), or None when it is
        not the person's turn or a search for this position is already running."""
        if self._not_your_turn():
            return None
        if self.hint_request is not None and self.hint_request.token == self.token:
            return None  # one at a time
        self.hint_request = HintRequest(seat_view(self.game, YOU), self.token)
        self._hint_selected = self.selected
        self.note = Sentence("", "Looking for a hint…")
        return self.hint_request

    @entry
    def hint_answer(self, answer: HintAnswer) -> bool:
        """The hint for the request; False (dropped) if the position changed since."""
        req = self.hint_request
        if req is None or answer.token != req.token or answer.token != self.token:
            return False
        self.hint_request = None
        action = answer.action
        tile = getattr(action, "tile", None)
        if tile is None:
            tile = getattr(action, "first", None)
        hand = self.hand()
        if tile in hand and self.selected == self._hint_selected:  # the person did not move on
            self.selected = hand.index(tile)
            self.new_tiles = set()
        arrow = ""
        if isinstance(action, Play) and action.end is not None and not self.rules.is_rounds:
            if len(self.ends_to_ask(action.tile)) > 1:  # the table would ask which end
                arrow = end_key(action.end, self.end_arrows)
        self.note = hint_words(answer.reason, move_words(self.game, action, self.names), arrow)
        legal = self.game.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        if len(legal) - len(plays) + len(_distinct_plays(self.game, plays)) > 1:
            # a hint where there was a choice: the match is casual (a forced move's is not)
            was_rated = self.casual_reason is None
            self.info.hints += 1
            self._turned_casual(was_rated)
        self._emit(
            HintShown(action, self.note.text.removeprefix("Hint: "))
        )  # as the person read it
        return True


def _distinct_plays(game: Game, plays: list[Play]) -> list[Play]:
    """``plays`` less those that reach the same position as an earlier one
    (:func:`~dominoes_tui.engine.fast.outcome_key`)."""
    if len(plays) < 2:
        return plays
    root = fast.position(seat_view(game, game.turn))
    seen: dict[tuple, Play] = {}
    for a in plays:
        seen.setdefault(fast.outcome_key(root, a), a)
    return list(seen.values())
