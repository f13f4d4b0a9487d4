"""The table's words, without a UI: seat names, move-log entries, scores, prompts.

The words by topic: :mod:`.sentence` (a line for the person, fitting it to the bar),
:mod:`.seats`, :mod:`.log` (the move log), :mod:`.scores`, :mod:`.prompts` (prompts,
questions, refusals, hints), :mod:`.rounds` (Mexican Train and Chicken Foot),
:mod:`.results`, :mod:`.saved` (Continue and the resume question), :mod:`.coach`,
:mod:`.glance` (the seats and the stakes), :mod:`.places` (a move named by its
place, the one way every screen says it), :mod:`.review` (the review's words). Everything is re-exported here:
``from dominoes_tui.table import words; words.log_entries(...)``.

Every sentence the table says that depends on the game is made here (or by the
session from these pieces), so it is tested without Textual. The TUI renders
them; it adds styles, never words about the game.

>>> from dominoes_tui.engine import Event, tiles
>>> log_lines([Event(1, "draw", (4, 6)), Event(1, "draw", (4, 6)),
...            Event(1, "play", (4, 6), tiles.tile(6, 3), 1)], ("You", "CPU"))
['CPU drew 2 and played 6-3 on the 6']
>>> log_lines([Event(0, "play", (5, 0), tiles.tile(5, 5), 0, scored=10)], ("You", "CPU"))
['You played 5-5 on the 5, scoring 10']
>>> log_lines([Event(1, "play", (3, 0, 1, 1), tiles.tile(6, 1), 2)], ("You", "CPU"))
["CPU played 6-1 on the up arm's 1"]
>>> seat_names(4, partners=True)
('You', 'East', 'North', 'West')
>>> side_names(4, partners=True)
('You & North', 'East & West')
>>> seat_names(3, partners=False), side_names(2, partners=False)
(('You', 'East', 'West'), ('You', 'CPU'))
"""

from .coach import (
    COACH_CHANGE,
    COACH_CHOICES,
    COACH_GUIDE,
    COACH_HELP,
    COACH_LEVELS_TEXT,
    COACH_QUESTION,
    COACH_RATED,
    COACH_TIPS,
    COACH_WIDTH,
    coach_fits,
    coach_forced,
    coach_lead,
    coach_level_words,
    coach_refusal,
    coach_rule,
    coach_turn,
)
from .glance import (
    SeatInfo,
    bonus_words,
    fives_words,
    hanging_words,
    widest_last,
)
from .log import (
    LogEntry,
    hand_over_line,
    hand_word,
    log_entries,
    log_lines,
    place_words,
    redeal_line,
)
from .places import (
    distinct_moves,
    foot_place,
    move_words,
    move_words_within,
    ordinal,
    place_data,
    play_place,
    plural,
    said_place,
    same_outcome,
)
from .prompts import (
    END_KEYS,
    NO_DRAWING,
    NO_RESIGN,
    NO_TWO_DOUBLES,
    RESUMED,
    TURN_LIMIT,
    drew_words,
    end_key,
    end_question,
    end_question_again,
    end_words,
    ends_question,
    forced_words,
    hint_words,
    key_refusal,
    lead_words,
    needs_words,
    redeal_toast,
    redeal_words,
    refusal,
    times_words,
    wait_words,
    way_round_question,
    wrong_end,
    your_turn,
)
from .results import (
    clock_offer_words,
    hand_how,
    match_headline,
)
from .rounds import (
    LOWEST_WINS,
    no_place,
    place_question,
    round_title,
    round_words,
    rounds_forced,
    rounds_turn,
)
from .saved import (
    NEW_GIVES_UP,
    match_summary,
    resume_question,
    saved_side_names,
    score_line,
)
from .scores import (
    daily_label,
    held_counts,
    pips_text,
    score_text,
    second_person,
    target_text,
)
from .seats import (
    partner_of,
    seat_names,
    side_names,
)
from .sentence import (
    NOTHING,
    Sentence,
    fit_lines,
    wrap,
)

__all__ = [
    "clock_offer_words",
    "COACH_CHANGE",
    "COACH_CHOICES",
    "COACH_GUIDE",
    "COACH_HELP",
    "COACH_LEVELS_TEXT",
    "COACH_TIPS",
    "coach_level_words",
    "COACH_QUESTION",
    "COACH_RATED",
    "LOWEST_WINS",
    "COACH_WIDTH",
    "END_KEYS",
    "LogEntry",
    "NEW_GIVES_UP",
    "NOTHING",
    "NO_DRAWING",
    "NO_RESIGN",
    "NO_TWO_DOUBLES",
    "RESUMED",
    "SeatInfo",
    "Sentence",
    "TURN_LIMIT",
    "bonus_words",
    "coach_fits",
    "coach_forced",
    "coach_lead",
    "coach_refusal",
    "coach_rule",
    "coach_turn",
    "drew_words",
    "distinct_moves",
    "end_key",
    "end_question",
    "foot_place",
    "move_words",
    "move_words_within",
    "ordinal",
    "place_data",
    "play_place",
    "plural",
    "said_place",
    "same_outcome",
    "end_question_again",
    "end_words",
    "ends_question",
    "fit_lines",
    "fives_words",
    "forced_words",
    "hand_how",
    "hand_over_line",
    "hand_word",
    "hanging_words",
    "widest_last",
    "held_counts",
    "hint_words",
    "key_refusal",
    "lead_words",
    "log_entries",
    "log_lines",
    "match_headline",
    "match_summary",
    "needs_words",
    "no_place",
    "partner_of",
    "pips_text",
    "place_question",
    "place_words",
    "redeal_line",
    "redeal_toast",
    "redeal_words",
    "refusal",
    "resume_question",
    "round_title",
    "round_words",
    "rounds_forced",
    "rounds_turn",
    "saved_side_names",
    "score_line",
    "score_text",
    "seat_names",
    "second_person",
    "side_names",
    "daily_label",
    "target_text",
    "times_words",
    "wait_words",
    "way_round_question",
    "wrap",
    "wrong_end",
    "your_turn",
]
