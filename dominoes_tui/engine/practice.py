"""Deal a hand again: the same tiles in the same hands and the same boneyard order,
from the same seats or with the seats turned (a practice deal); or play on from a
position with the tiles one seat has not seen dealt anew (:func:`redeal_hidden`).

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

from . import tiles
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


def hidden_tiles(game: Game, seat: int) -> int:
    """The tiles ``seat`` has not seen in ``game``: the other hands, the boneyard and any
    set aside, as a mask."""
    out = game.dead
    for s, hand in enumerate(game.hands):
        if s != seat:
            out |= hand
    for t in game.boneyard:
        out |= tiles.BIT[t]
    return out


def redeal_hidden(game: Game, seat: int, hands: Sequence[int], boneyard: Sequence[int]) -> Game:
    """``game`` (a copy) with what ``seat`` has not seen dealt anew: the other seats hold
    ``hands[s]`` (masks; ``hands[seat]`` is ignored), the boneyard is ``boneyard`` in
    draw order (drawn from its end); tiles of the unseen set in neither are set aside.

    ``seat``'s hand, the line, the events, the scores and whose turn it is stay as they
    are: the position as ``seat`` saw it, to play on from. A new game, not a replay: its
    log starts empty. ValueError if the deal does not fit: a seat given another number
    of tiles than it holds, a tile ``seat`` has seen (in its hand, on the line), a tile
    twice, or a boneyard of another size.

    >>> from dominoes_tui.engine import Game, load_variant, tiles
    >>> g = Game.new(load_variant("classic"), seed=5)
    >>> h = redeal_hidden(g, 0, g.hands, list(reversed(g.boneyard)))  # the boneyard turned
    >>> h.hands == g.hands, h.boneyard == list(reversed(g.boneyard)), h.log
    (True, True, [])
    """
    if game.rules.is_rounds:
        raise ValueError(f"{game.rules.name}: playing on is for the line games only")
    if game.phase != PLAY:
        raise ValueError("the hand is over: there is nothing to play on from")
    n = game.rules.players
    if len(hands) != n:
        raise ValueError(f"a hand per seat: {n}, not {len(hands)}")
    unseen = hidden_tiles(game, seat)
    given = 0
    for s in range(n):
        if s == seat:
            continue
        h = hands[s]
        if h.bit_count() != game.hands[s].bit_count():
            raise ValueError(
                f"seat {s} holds {game.hands[s].bit_count()} tiles, not {h.bit_count()}"
            )
        if h & given:
            raise ValueError(f"seat {s} is given a tile another seat holds")
        given |= h
    for t in boneyard:
        if given & tiles.BIT[t]:
            raise ValueError(f"{tiles.name(t)} is dealt twice")
        given |= tiles.BIT[t]
    if len(boneyard) != len(game.boneyard):
        raise ValueError(f"the boneyard holds {len(game.boneyard)} tiles, not {len(boneyard)}")
    if given & ~unseen:
        seen = tiles.names(given & ~unseen)
        raise ValueError(f"{', '.join(seen)} cannot be dealt: seat {seat} has seen it")
    g = game.copy()
    g.hands = [game.hands[s] if s == seat else hands[s] for s in range(n)]
    g.boneyard = list(boneyard)
    g.dead = unseen & ~given
    g.log = []
    return g
