"""A process that opens "a table": it takes the home folder's table lock and saves a match.

Used by ``tests/store/test_lock.py`` and the TUI lock tests, which need a real
second process. Prints ``held <pid>`` (the lock taken, a match saved) or ``refused``,
flushed; then waits: a line ``release`` lets the lock go (prints ``released``), the end
of its input (or a kill) ends the process.

    python tests/store_lock_holder.py HOME
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from dominoes_tui import store
from dominoes_tui.ai import make_player
from dominoes_tui.engine import load_variant, new_game, seat_view


def main(home: Path) -> None:
    lock = store.table_lock(home)
    if not lock.acquire():
        print("refused", flush=True)
        return
    game = new_game(load_variant("classic"), seed=99)
    players = [make_player("easy", s) for s in range(2)]
    for _ in range(6):
        game.apply(players[game.turn].choose(seat_view(game, game.turn)))
    info = store.MatchInfo(cpu_level="easy", names=("You", "CPU"))
    err = store.autosave(game, info, home=home)
    print(f"error {err}" if err else f"held {os.getpid()}", flush=True)
    for line in sys.stdin:
        if line.strip() == "release":
            lock.release()
            print("released", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
