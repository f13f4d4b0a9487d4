"""The engine and the CPU players stay free of the UI libraries (DESIGN.md)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_engine_and_ai_do_not_import_textual_or_rich():
    code = (
        "import json, sys\n"
        "import dominoes_tui.engine, dominoes_tui.ai\n"
        "import dominoes_tui.engine.fast, dominoes_tui.engine.explain\n"
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(out.stdout) == []
