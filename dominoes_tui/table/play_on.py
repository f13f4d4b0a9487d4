"""Play on from here: a practice hand from a marked decision's position, from the
person's view, with the tiles they had not seen dealt anew.

The review marks a decision; "Play on from here" (``p``) opens a practice table at the
position just before it: the person's hand and the line as they were, the scores as
they stood, and the other hands and the boneyard dealt again from the tiles the person
had not seen, as :mod:`dominoes_tui.ai.knowledge` reads what the person could know (a
seat that passed or drew on a number holds none of it, a lead named by the rules tells
who held no better double). Never the real hidden hands, when any other deal fits: the
re-deal is a seeded shuffle (:data:`REDEAL_TRIES` draws until one differs). The deal
is placed by the engine (:func:`~dominoes_tui.engine.practice.redeal_hidden`); the
practice table plays it like any practice hand (labelled, nothing saved or recorded,
``u`` takes moves back).

"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai.knowledge import infer, sample_world
from ..engine import PLAY, Action, Game, redeal_hidden, seat_view
from .practice import Practice, practice
from .shared import YOU
from .words.places import ordinal

REDEAL_TRIES = 64
"""Shuffles tried for a deal other than the real one; when every one gives the real
hands (the unseen tiles can lie only one way) that one is played."""


def redeal_seed(match_seed: int, move: int) -> int:
    """The re-deal's seed for playing on from ``move`` of the match dealt from
    ``match_seed``: the same position is dealt the same way each time it is opened."""
    return (match_seed * 1_000_003 + move) % 2**63


def redeal_unseen(position: Game, seat: int, redeal_seed: int) -> Game:
    """``position`` with the tiles ``seat`` has not seen dealt anew, consistently with
    what ``seat`` could know (:func:`~dominoes_tui.ai.knowledge.infer` from its view),
    by a shuffle seeded with ``redeal_seed``: the same seed, the same deal. Another deal
    than the real one whenever one fits. ValueError if the hand is over."""
    if position.phase != PLAY:
        raise ValueError("the hand is over: there is nothing to play on from")
    view = seat_view(position, seat)
    know = infer(view)
    rng = random.Random(redeal_seed)
    real = [h for s, h in enumerate(position.hands) if s != seat]
    world = None
    for _ in range(REDEAL_TRIES):
        world = sample_world(know, view.hand_counts, rng)
        assert world is not None  # the relaxed pass always fills
        if [h for s, h in enumerate(world[0]) if s != seat] != real:
            break
    assert world is not None
    hands, boneyard = world
    return redeal_hidden(position, seat, hands, boneyard)


@dataclass(frozen=True)
class PlayOn(Practice):
    """A practice hand played on from a decision of a match (see the module)."""

    move: int = 1
    """The decision's move number in the match (1 first): the position just before it."""
    turn: int = 1
    """Its move number within the hand (every seat's moves counted, 1 first)."""
    redeal_seed: int = 0
    mine: int = 0
    """Its number among the person's own decisions in the hand (the review's "your 3rd
    move"; 0: not known, the hand's move number is said)."""

    def title(self) -> str:
        """``Practice: hand 3 on from your 2nd move`` (the review's count), else
        ``Practice: hand 3 on from move 7`` (every seat's moves)."""
        if self.mine:
            return f"Practice: hand {self.hand_no} on from your {ordinal(self.mine)} move"
        return f"Practice: hand {self.hand_no} on from move {self.turn}"

    def again(self, rotation: int | None = None) -> Practice:
        """The same position with the same deal (``rotation`` None or 0); from another
        seat, the whole hand dealt again (the other seat saw other tiles)."""
        assert self.source is not None
        start, actions, seat = self.source
        if rotation:
            return practice(
                start,
                actions,
                self.hand_no,
                rotation,
                level=self.level,
                seed=self.seed,
                name=self.name,
                seat=seat,
                names=self.names,
            )
        return play_on(
            start,
            actions,
            self.move,
            level=self.level,
            seed=self.seed,
            redeal_seed=self.redeal_seed,
            name=self.name,
            seat=seat,
            names=self.names,
            mine=self.mine,
        )


def play_on(
    start: Game,
    actions: Sequence[Action],
    move: int,
    *,
    level: str,
    seed: int,
    redeal_seed: int,
    name: str | None = None,
    seat: int = YOU,
    names: Sequence[str] = (),
    mine: int = 0,
) -> PlayOn:
    """The practice hand played on from just before the ``move``-th action (1 first) of
    the match played by ``actions`` from ``start``, the person at ``seat``: their view,
    the hidden tiles dealt anew by :func:`redeal_unseen` with ``redeal_seed``; ``mine``:
    the move's number among the person's decisions in the hand (the review's, for the title).
    ValueError when that move is not the person's in a hand under way, or the table
    would not seat them first (it always does)."""
    if not 1 <= move <= len(actions):
        raise ValueError(f"the match has no move {move}")
    if seat != YOU:
        raise ValueError(f"it seats you at seat {seat + 1}, and this table seats you first")
    position = start.copy()
    hand_first = 0
    for i, a in enumerate(actions[: move - 1]):
        hand = position.hand_no
        position.apply(a)
        if position.hand_no != hand:
            hand_first = i + 1
    if position.phase != PLAY or position.turn != seat:
        raise ValueError(f"move {move} is not yours")
    base = practice(
        start,
        actions,
        position.hand_no,
        0,
        level=level,
        seed=seed,
        name=name,
        seat=seat,
        names=names,
    )
    return PlayOn(
        deal=redeal_unseen(position, seat, redeal_seed),
        hand_no=position.hand_no,
        rotation=0,
        first=base.first,
        level=level,
        seed=seed,
        name=name,
        source=base.source,
        held_seat=seat,
        names=tuple(names),
        move=move,
        turn=move - hand_first,
        redeal_seed=redeal_seed,
        mine=mine,
    )
