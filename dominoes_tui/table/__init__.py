"""The table without a UI: a match's turn flow, CPU seats, clocks, pacing and saves.

No Textual or Rich import here (a test keeps it so): the TUI renders a
:class:`TableSession` and forwards the person's keys to it; tests and tools
drive it directly. See :mod:`.session` for the flow (:mod:`.input` for the person's
keys and questions, :mod:`.prompts` for what the screen renders, :mod:`.autosave` for
saving and recording), :mod:`.events` for what it tells its listeners, :mod:`.words`
for what it says.
"""

from .events import (
    ActionApplied,
    Background,
    ClockChanged,
    CpuAnswer,
    CpuRequest,
    HandOver,
    HandStarted,
    HintAnswer,
    HintRequest,
    HintShown,
    MatchOver,
    MessageChanged,
    Notice,
    SaveFailed,
    SelectionChanged,
    TableEvent,
    TakenBack,
    ThinkingStarted,
    ThinkingStopped,
    TurnStarted,
    Waiting,
)
from .input import EndQuestion, PlaceQuestion, Question, TouchQuestion
from .session import AWAY, BASE_DELAY, COACH, COVERED, PACES, MatchSetup, Pace, TableSession
from .shared import YOU
from .words import LogEntry, SeatInfo, Sentence

__all__ = [
    "AWAY",
    "BASE_DELAY",
    "COACH",
    "COVERED",
    "PACES",
    "YOU",
    "ActionApplied",
    "Background",
    "ClockChanged",
    "CpuAnswer",
    "CpuRequest",
    "EndQuestion",
    "PlaceQuestion",
    "HandOver",
    "HandStarted",
    "HintAnswer",
    "HintRequest",
    "HintShown",
    "LogEntry",
    "MatchOver",
    "MatchSetup",
    "MessageChanged",
    "Notice",
    "Pace",
    "Question",
    "SaveFailed",
    "SeatInfo",
    "SelectionChanged",
    "Sentence",
    "TableEvent",
    "TakenBack",
    "TableSession",
    "ThinkingStarted",
    "ThinkingStopped",
    "TouchQuestion",
    "TurnStarted",
    "Waiting",
]
