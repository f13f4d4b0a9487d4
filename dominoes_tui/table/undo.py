"""Take-backs (``u``): the person's last move and the replies since, taken back by
replaying the match's recorded actions from its deal.

The engine is deterministic: the same actions from the same deal give the same
position, tiles in the same hands and the same boneyard. So a take-back is the
match replayed from its start (:attr:`TakeBack.origin`) up to just before the
person's last decision in this hand (a move of theirs with more than one choice:
the draws and passes the table made for them are taken back with it). Nothing
is invented or undone in place.

They are allowed in practice hands and in matches against Easy; elsewhere ``u``
is refused with its reason. Each one is counted (``MatchInfo.undos``), shown on the
scores row and kept with the match's record.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .. import store
from ..engine import PLAY, Action, Game, new_game
from .events import TakenBack
from .shared import YOU, entry
from .words import NOTHING, Sentence
from .words.undo import HAND_IS_OVER, NOTHING_TO_TAKE_BACK, no_undo_words, taken_back_words

UNDO_LEVELS = ("easy",)
"""The CPU levels a match allows take-backs against (practice hands allow them always)."""


def match_origin(game: Game) -> Game:
    """The deal ``game`` was played from: itself (a copy) before any action, else the
    match dealt again from its seed (as its recorded actions are replayed)."""
    if not game.log:
        return game.copy()
    return new_game(game.rules, game.seed, game.first_seat, getattr(game, "rotation", 0))


def replay(origin: Game, actions: Sequence[Action]) -> Game:
    """``origin`` (a copy) after ``actions``."""
    g = origin.copy()
    for a in actions:
        g.apply(a)
    return g


def last_decision(origin: Game, actions: Sequence[Action], seat: int = YOU) -> int | None:
    """The index in ``actions`` of ``seat``'s last decision in the hand the actions end
    in (a move with another choice beside it), or None if it made none there yet."""
    g = origin.copy()
    found: int | None = None
    for i, a in enumerate(actions):
        if g.phase == PLAY and g.turn == seat and len(g.legal_actions()) > 1:
            found = i
        hand = g.hand_no
        g.apply(a)
        if g.hand_no != hand:
            found = None  # a new hand: what came before stands
    return found


class TakeBack:
    """The session's take-backs (a part of :class:`~.session.TableSession`)."""

    # the session's, used here
    game: Game
    level: str
    info: store.MatchInfo
    token: int
    note: Sentence
    names: tuple[str, ...]
    left: bool
    waiting_for_key: bool
    autosave_enabled: bool
    home: Path | None
    _owns_save: bool
    places: dict[int, str]

    def _init_undo(self, practice: bool) -> None:
        self.practice = practice
        """A practice hand: labelled so on the table, take-backs always allowed."""
        self.origin = match_origin(self.game)
        """The deal the match's actions are replayed from (a take-back)."""

    def _forget_save(self) -> None:
        if self.autosave_enabled and self._owns_save:
            store.discard_autosave(self.home, self.info.match_id)

    @property
    def undo_allowed(self) -> bool:
        """Take-backs are allowed here (a practice hand, or a match against Easy)."""
        return self.practice or self.level in UNDO_LEVELS

    @property
    def undos(self) -> int:
        return self.info.undos

    def undo_refusal(self) -> Sentence | None:
        """Why ``u`` does nothing now (None: it takes a move back)."""
        if not self.undo_allowed:
            return no_undo_words(self.level)
        g = self.game
        if g.phase != PLAY:
            return HAND_IS_OVER
        if last_decision(self.origin, g.log) is None:
            return NOTHING_TO_TAKE_BACK
        return None

    @entry
    def undo(self) -> bool:
        """``u``: take back the person's last move in this hand and every move since
        (the CPU's replies), replayed from the deal; counted. False (and the reason on
        the message line) when it is refused."""
        if self.left or self.waiting_for_key:
            return False
        why = self.undo_refusal()
        if why is not None:
            self.note = why
            return False
        g = self.game
        k = last_decision(self.origin, g.log)
        assert k is not None
        taken = g.log[k]
        back = replay(self.origin, g.log[:k])
        after = g.events[len(back.events) + 1 :]  # the events after the person's own
        cpu_only = all(e.seat != YOU for e in after)
        self._halt()
        self.game = back
        self.places = {i: w for i, w in self.places.items() if i < len(back.events)}
        self.question = None
        self.hint_request = None
        self.new_tiles = set()
        self.selected = 0
        self.turn_note = ""
        self._turn_of = None
        was_rated = self.casual_reason is None
        self.info.undos += 1
        if not back.log:
            self._forget_save()  # the save held the move taken back; nothing is left to save
        cpu = self.names[1] if len(self.names) == 2 else ""
        self.note = NOTHING
        self._emit(TakenBack(taken, len(g.log) - k, self.info.undos))
        self._turned_casual(was_rated)
        self._advance()
        self.note = taken_back_words(back, taken, len(after), cpu, cpu_only, self.names)
        return True
