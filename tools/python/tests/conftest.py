"""Shared fixtures: the engine binary, the Game class, and a process-leak check.

The tests run against the real ``tetsugaku`` binary (``$TETSUGAKU_ENGINE``, else
``target/release/tetsugaku`` of this checkout). ``Game`` is ``tetsugaku.Game`` when the native
module is built; otherwise a stand-in (``_refgame.RefGame``) that asks a reference engine process
for the legal moves, so the driver can be tested before the bindings exist.
"""

from __future__ import annotations

import os
import sys
import threading
import types
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the repository checkout
SOURCE = HERE.parent / "python"
sys.path.insert(0, str(HERE))

ENGINE = os.environ.get("TETSUGAKU_ENGINE") or str(ROOT / "target" / "release" / "tetsugaku")
os.environ["TETSUGAKU_ENGINE"] = ENGINE


def _game_class():
    """tetsugaku.Game from the installed package; else the stand-in, with tetsugaku.engine
    loaded from the source tree alone (its __init__ needs the native module)."""
    try:
        from tetsugaku import Game  # type: ignore[attr-defined]

        return Game
    except ImportError:
        for name in [m for m in sys.modules if m == "tetsugaku" or m.startswith("tetsugaku.")]:
            del sys.modules[name]
        package = types.ModuleType("tetsugaku")
        package.__path__ = [str(SOURCE / "tetsugaku")]  # type: ignore[attr-defined]
        sys.modules["tetsugaku"] = package
        from _refgame import RefGame

        return RefGame


GAME = _game_class()


def children(pid: int) -> list:
    """Process ids whose parent is ``pid`` (from /proc); zombies count (they were not reaped)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            out.append(int(entry))
    return out


def engine_children() -> list:
    """Children of this pytest process that are not the reference engine of RefGame."""
    keep = set()
    try:
        import _refgame

        keep = _refgame.reference_pids()
    except Exception:
        pass
    return [p for p in children(os.getpid()) if p not in keep]


@pytest.fixture(scope="session")
def engine_path() -> str:
    if not os.path.exists(ENGINE):
        pytest.skip(f"engine binary {ENGINE} not built (cargo build --release --bin tetsugaku)")
    return ENGINE


@pytest.fixture(scope="session")
def Game():
    return GAME


@pytest.fixture
def no_leak():
    """Fails the test if it leaves a child process (running or zombie) behind."""
    before = set(engine_children())
    yield
    after = set(engine_children()) - before
    assert not after, f"leaked child processes: {sorted(after)}"
    readers = [t.name for t in threading.enumerate() if t.name.startswith("tetsugaku-reader")]
    assert not readers, f"leaked reader threads: {readers}"
