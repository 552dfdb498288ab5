"""Shared fixtures: the engine binary, the Game class, and a process-leak check.

The tests run against the real ``tetsugaku`` binary (``$TETSUGAKU_ENGINE``, else
``target/release/tetsugaku`` of this checkout) and the installed ``tetsugaku`` package
(``scripts/python-test.sh`` builds and installs both).
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]  # the repository checkout
sys.path.insert(0, str(HERE))

ENGINE = os.environ.get("TETSUGAKU_ENGINE") or str(ROOT / "target" / "release" / "tetsugaku")
os.environ["TETSUGAKU_ENGINE"] = ENGINE


from tetsugaku import Game as GAME  # noqa: E402


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
    """Children of this pytest process (engine processes started by the tests)."""
    return children(os.getpid())


@pytest.fixture(scope="session")
def engine_path() -> str:
    if not os.path.exists(ENGINE):
        pytest.fail(f"engine binary {ENGINE} not built (cargo build --release --bin tetsugaku)")
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
