"""The build: the search's hot modules compiled with mypyc where a C compiler is there.

The package is the Python files; ``dominoes_tui.compiled.MODULES`` (the playouts, the
scoring, the deals and Expert's loop) are compiled from those same files, which makes
Expert's search about three times faster and changes no move. If compiling fails (no
C compiler or no Python headers), the pure-Python package is installed and plays the
same, only slower. ``DOMINOES_TUI_PURE=1`` skips the compiling.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _modules() -> list[str]:
    """``dominoes_tui.compiled.MODULES``, read without importing the package."""
    tree = ast.parse((ROOT / "dominoes_tui" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MODULES":
            return list(ast.literal_eval(node.value))
    raise SystemExit("setup.py: dominoes_tui/compiled.py names no MODULES")


MODULES = _modules()
SOURCES = [m.replace(".", "/") + ".py" for m in MODULES]
GROUP = "dominoes_tui.compiled_group"


def say(text: str) -> None:
    print(f"dominoes-tui: {text}", file=sys.stderr)


METADATA_ONLY = {"egg_info", "dist_info", "sdist"}
"""The commands that build no code: pip runs this file once for the package's metadata
before it builds it, and mypyc's type check and C code (8 s) are not needed for that."""
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def compiled_extensions() -> list:
    args = set(sys.argv[1:])
    if args & METADATA_ONLY and not args & BUILDS:
        return []
    if os.environ.get("DOMINOES_TUI_PURE"):
        say("DOMINOES_TUI_PURE is set: the pure-Python search is installed")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not there: the pure-Python search is installed")
        return []
    try:
        # -O1 and a C file a module, compiled side by side (OptionalBuildExt): 18 s on two
        # cores, against 57 s for one file at -O3, and the search runs as fast
        # (expert_think.py, every house: 38.2 s of CPU at -O1, 41.6 s at -O3, 53.9 s at -O0)
        return mypycify(SOURCES, opt_level="1", group_name=GROUP, multi_file=True)
    except BaseException as e:  # a type error exits mypy; nothing stops the install
        say(f"mypyc could not compile the search ({e!r}): the pure-Python search is installed")
        return []


class OptionalBuildExt(build_ext):
    """Builds the compiled modules; if any fails, none is kept (the pure package stays)."""

    def build_extensions(self) -> None:
        """The C files compiled side by side, one a core (setuptools compiles an
        extension's files one after another)."""
        compile_files = self.compiler.compile

        def side_by_side(sources: list[str], *args: object, **kwargs: object) -> list:
            if len(sources) < 2:
                return compile_files(sources, *args, **kwargs)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_files([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = side_by_side
        for ext in self.extensions:  # the group's header, for the modules' own C files
            ext.include_dirs.append(os.path.join("build", "dominoes_tui"))
        super().build_extensions()

    def run(self) -> None:
        if not self.extensions:  # mypyc could not compile: an older build's digest must go
            for base in {Path(self.build_lib), ROOT} if self.inplace else {Path(self.build_lib)}:
                (base / "dominoes_tui" / "compiled.json").unlink(missing_ok=True)
            return
        try:
            super().run()
        except Exception as e:  # no compiler, no headers
            say(f"the compiled search was not built ({e}): the pure-Python search is installed")
            for ext in self.extensions:
                for path in (
                    self.get_ext_fullpath(ext.name),
                    ROOT / self.get_ext_filename(ext.name),
                ):
                    if os.path.exists(path):
                        os.remove(path)
            return
        stamp = {
            m: hashlib.sha256((ROOT / s).read_bytes()).hexdigest() for m, s in zip(MODULES, SOURCES)
        }
        text = json.dumps(stamp, indent=1, sort_keys=True) + "\n"
        for base in {Path(self.build_lib), ROOT} if self.inplace else {Path(self.build_lib)}:
            target = base / "dominoes_tui" / "compiled.json"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)


class BuildPy(build_py):
    """The houses' rules (``variants.toml``, at the repo's root) ship inside the package."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "dominoes_tui" / "variants.toml"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / "variants.toml").read_bytes())


setup(
    ext_modules=compiled_extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPy},
)
