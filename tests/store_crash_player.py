"""Play one long match with Easy CPU players, autosaving after every action.

Used by ``tests/store/test_kill.py``: it is killed with SIGKILL mid-run
and the save must still load. After each save it prints ``saved <n>`` (n =
actions in the save), flushed, so the test knows what was safely on disk.

    python tests/store_crash_player.py HOME
"""

from __future__ import annotations

import sys
from pathlib import Path

from dominoes_tui import store
from dominoes_tui.ai import make_player
from dominoes_tui.engine import HAND_OVER, Clock, NextHand, load_variant, new_game, seat_view


def main(home: Path) -> None:
    rules = load_variant("classic").replace(target=100_000, clock_minutes=60)
    game = new_game(rules, seed=2024)
    info = store.MatchInfo(cpu_level="easy", names=("Crash", "Test"))
    clock = Clock(rules.players, rules.clock_minutes * 60)
    players = [make_player("easy", s) for s in range(rules.players)]
    while not game.is_over:
        if game.phase == HAND_OVER:
            clock.stop()
            game.apply(NextHand())
        else:
            clock.start(game.turn)
            game.apply(players[game.turn].choose(seat_view(game, game.turn)))
        err = store.autosave(game, info, clock, home=home)
        if err:
            print(f"error {err}", flush=True)
            return
        print(f"saved {len(game.log)}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
