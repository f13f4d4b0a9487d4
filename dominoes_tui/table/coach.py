"""The coach: a first hand's guide for a new player, on top of the table session.

While :attr:`CoachedSession.coaching` is on, the prompt on the person's turn names
the tiles that fit and the rule that makes them fit, says why the table draws or
passes for them, and a refused tile is answered with the tiles that would go. It
speaks for the whole match while it is on (the player's Coach setting at Guide,
:mod:`dominoes_tui.store.player`). Everything else is the plain :class:`TableSession`;
the coach's words are in :mod:`.words` (``coach_*``).

>>> from dominoes_tui.engine import load_variant
>>> s = CoachedSession(load_variant("classic"), seed=5, level="easy", autosave=False)
>>> s.coaching = True
>>> s.start()
>>> str(s.message)
'Coach: Hand 1: you lead, and must lead 1-1. Enter lays it.'
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Draw, Pass, Play, PlayDoubles
from .session import TableSession
from .words import Sentence, coach_forced, coach_lead, coach_refusal, coach_turn


class CoachedSession(TableSession):
    """A :class:`TableSession` with a coach for the person (off until ``coaching``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._coaching = False
        self.check_move = self._coach_check

    @property
    def coaching(self) -> bool:
        """The coach speaks (the app turns it on when the Coach setting is Guide); a match
        it speaks at is casual (:meth:`coach_switched`)."""
        return self._coaching

    @coaching.setter
    def coaching(self, on: bool) -> None:
        self._coaching = on
        self.coach_switched("guide", on)

    def coach_fits(self) -> list[tuple[int, int]]:
        """The person's tiles that fit now, each with the number of an open end it fits."""
        g = self.game
        if not self.my_turn or not g.ends:
            return []
        out: list[tuple[int, int]] = []  # each tile once for each number it fits
        for a in g.legal_actions():
            if isinstance(a, Play) and a.end is not None:
                out.append((a.tile, g.ends[a.end]))
            elif isinstance(a, PlayDoubles):
                out += [(a.first, g.ends[0]), (a.second, g.ends[1])]
        return list(dict.fromkeys(out))

    @property
    def prompt(self) -> Sentence:
        base = super().prompt
        g = self.game
        if not self.coaching or self.question is not None or self.waiting_for_key:
            return base
        if not self.my_turn or not base:
            return base
        if not g.line:
            return coach_lead(str(base))
        legal = g.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)):
            return coach_forced(isinstance(legal[0], Draw), g.ends, self.rules)
        fits = self.coach_fits()
        return coach_turn(self.rules, fits) if fits else base

    def _coach_check(self, action: Action) -> bool:
        """A move the engine would refuse: said with what fits instead (not applied)."""
        if not self.coaching:
            return True
        why = self.game.why_illegal(action)
        if why is None:
            return True
        self.note = coach_refusal(why, self.rules)
        return False
