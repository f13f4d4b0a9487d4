"""Setup checks: a copied random generator, a valid first seat, well-typed actions."""

from __future__ import annotations

import random

from .actions import Draw, IllegalAction, NextHand, Pass, Play, PlayDoubles, Resign, Stop, TimeOut
from .rules import Rules


def copy_rng(rng: random.Random) -> random.Random:
    """A generator in ``rng``'s state, made without seeding a fresh one from the OS first
    (``random.Random()`` reads ``os.urandom``; a copy for search needs only the state).

    >>> a = random.Random(3); b = copy_rng(a)
    >>> a.random() == b.random(), a is b
    (True, False)
    """
    g = random.Random.__new__(random.Random)
    g.setstate(rng.getstate())
    return g


def _whole(x: object) -> bool:
    return type(x) is int  # not a bool, a float or an int subclass: no silent coercion


def check_first_seat(rules: Rules, first_seat: object) -> None:
    """ValueError (one sentence) unless ``first_seat`` is None or a seat at the table.

    >>> from .rules import load_variant
    >>> check_first_seat(load_variant("classic"), 2)
    Traceback (most recent call last):
    ...
    ValueError: the first seat must be a seat at the table, 0 to 1 (not 2)
    """
    if first_seat is None or (type(first_seat) is int and 0 <= first_seat < rules.players):
        return
    raise ValueError(
        f"the first seat must be a seat at the table, 0 to {rules.players - 1} (not {first_seat!r})"
    )


def check_action_types(action: object) -> None:
    """IllegalAction unless ``action`` is an action whose fields have the right types
    (whole numbers, or None where a field may be left out).

    >>> check_action_types(Play("6-5"))
    Traceback (most recent call last):
    ...
    dominoes_tui.engine.actions.IllegalAction: Play(tile='6-5', end=None, touch=None) is not an action: its tile must be a tile number
    """
    if type(action) is Play:  # the common case first: this runs on every apply
        end, touch = action.end, action.touch
        if (
            type(action.tile) is int
            and (end is None or type(end) is int)
            and (touch is None or type(touch) is int)
        ):
            return
    elif (cls := type(action)) is Draw or cls is Pass or cls is NextHand or cls is Stop:
        return
    fields: tuple[tuple[str, int | None, bool], ...]
    if isinstance(action, Play):
        fields = (("tile", action.tile, False), ("end", action.end, True))
        fields += (("touch", action.touch, True),)
    elif isinstance(action, PlayDoubles):
        fields = (("first", action.first, False), ("second", action.second, False))
    elif isinstance(action, (Resign, TimeOut)):
        fields = (("seat", action.seat, False),)
    elif isinstance(action, (Draw, Pass, NextHand, Stop)):
        return
    else:
        raise IllegalAction(f"{action!r} is not an action")
    for name, value, optional in fields:
        if not (_whole(value) or (optional and value is None)):
            what = {"tile": "a tile number", "first": "a tile number", "second": "a tile number"}
            raise IllegalAction(
                f"{action!r} is not an action: its {name} must be "
                f"{what.get(name, 'a whole number')}"
            )
