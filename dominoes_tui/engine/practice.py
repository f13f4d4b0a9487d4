"""Deal a hand again: the same tiles in the same hands and the same boneyard order,
from the same seats or with the seats turned (a practice deal).

:func:`hand_start` finds a hand's deal in a played match (its actions replayed
from the start); :func:`deal_again` turns the seats of such a deal.
``Game.new(rules, seed, first_seat, rotation)`` deals a whole match from a seed
with the seats turned; for a match's first hand the two agree.

>>> from dominoes_tui.engine import Game, load_variant, tiles
>>> g = Game.new(load_variant("classic"), seed=5)
>>> other = deal_again(g, 1)                   # you sit where the CPU sat
>>> other.hands[0] == g.hands[1] and other.hands[1] == g.hands[0]
True
>>> other.boneyard == g.boneyard, other.opener == (g.opener - 1) % 2
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, NextHand
from .rules import Rules
from .scoring import Scores
from .state import PLAY, Game


def hand_start(start: Game, actions: Sequence[Action], hand_no: int) -> Game:
    """The match ``start`` (a copy) after ``actions``, stopped at hand ``hand_no``'s deal:
    every tile dealt, nothing played. ValueError if the actions never deal that hand."""
    g = start.copy()
    if g.hand_no == hand_no and g.phase == PLAY and not g.events:
        return g
    for a in actions:
        g.apply(a)
        if isinstance(a, NextHand) and g.hand_no == hand_no:
            return g
    raise ValueError(f"the match never dealt hand {hand_no}")


def deal_again(deal: Game, rotation: int = 0) -> Game:
    """The hand ``deal`` is at the start of, dealt again with the seats turned by
    ``rotation``: seat ``s`` holds what seat ``(s + rotation) % players`` held, the
    opener is the seat holding the opener's tiles, and each side takes the score of
    the side whose tiles it holds; the boneyard keeps its order and the lead its rule.

    A new game, not a replay: its log starts empty and the hands before are not
    part of it (their score stands). Later hands go on dealing from the seed, turned
    the same way (``Game.rotation``). ValueError if ``deal`` is not at a deal.
    """
    if deal.phase != PLAY or deal.events or deal.line:
        raise ValueError("deal_again needs a hand at its deal (nothing played yet)")
    rules = deal.rules
    if rules.is_rounds:
        raise ValueError(f"{rules.name}: practice deals are for the line games only")
    n = rules.players
    k = rotation % n
    g = deal.copy()
    g.log = []
    g.results = []
    g.result = None
    g.match_result = None
    g.hands = [deal.hands[(s + k) % n] for s in range(n)]
    g.opener = (deal.opener - k) % n
    g.turn = (deal.turn - k) % n
    if deal.first_seat is not None:
        g.first_seat = (deal.first_seat - k) % n
    if deal.last_single is not None:
        g.last_single = (deal.last_single - k) % n
    g.rotation = (getattr(deal, "rotation", 0) + k) % n
    g.scores = _turned_scores(rules, deal.scores, k)
    return g


def _turned_scores(rules: Rules, scores: Scores, k: int) -> Scores:
    """Each side takes the score of the side whose seats' tiles it now holds."""
    n = rules.players
    old_side = {rules.side_of(s): rules.side_of((s + k) % n) for s in range(n)}
    order = [old_side.get(side, side) for side in range(rules.sides)]
    return Scores(
        tuple(scores.written[j] for j in order),
        tuple(scores.held[j] for j in order),
        scores.hanging,
    )
