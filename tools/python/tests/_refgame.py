"""A stand-in for ``tetsugaku.Game`` (the contract of the PyO3 bindings), for tests only.

It keeps variant, rules, start and the items played, and asks one shared reference engine process
(``moves``/``result``) what is legal. Only canonical tokens and the ``roll:turn`` shorthand are
understood. Used when the native module is not built.
"""

from __future__ import annotations

import atexit
import os
import subprocess
from typing import Dict, List, Optional

_REF: Optional[subprocess.Popen] = None


def _ref() -> subprocess.Popen:
    global _REF
    if _REF is None or _REF.poll() is not None:
        _REF = subprocess.Popen(
            [os.environ["TETSUGAKU_ENGINE"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        atexit.register(_close)
    return _REF


def _close() -> None:
    global _REF
    if _REF is not None:
        _REF.stdin.close()
        _REF.wait()
        _REF = None


def reference_pids() -> set:
    return {_REF.pid} if _REF is not None and _REF.poll() is None else set()


def _ask(lines: List[str], until: str) -> List[str]:
    p = _ref()
    for line in lines + ["isready"]:
        p.stdin.write(line + "\n")
    p.stdin.flush()
    out = []
    while True:
        line = p.stdout.readline().rstrip("\n")
        if line == "readyok":
            return out
        out.append(line)


class RefMove:
    def __init__(self, token: str) -> None:
        self.token = token

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"RefMove({self.token!r})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.token)


class RefResult:
    def __init__(self, winner: Optional[str], reason: str) -> None:
        self.winner, self.reason = winner, reason


class RefGame:
    def __init__(self, variant: str, rules: Optional[Dict[str, str]] = None, position: Optional[str] = None,
                 moves: List[str] = ()) -> None:
        self.variant = variant
        self.rules = dict(rules or {})
        self.start = position or "startpos"
        self.moves: List[str] = []
        for item in moves:
            self.play(item)

    def _setup(self) -> List[str]:
        head = "position startpos" if self.start == "startpos" else f"position sfen {self.start}"
        lines = [f"variant {self.variant}"]
        lines += [f"setoption name {k} value {v}" for k, v in self.rules.items()]
        lines.append(f"{head} moves {' '.join(self.moves)}".rstrip())
        return lines

    def legal(self) -> List[str]:
        out = _ask(self._setup() + ["moves"], "moves")
        errors = [l for l in out if l.startswith("info string error")]
        assert not errors, errors
        return [l for l in out if l.startswith("moves")][0].split()[1:]

    @property
    def is_chance(self) -> bool:
        legal = self.legal()
        return self.variant == "shogammon" and bool(legal) and all(t.isdigit() and len(t) == 2 for t in legal)

    @property
    def side_to_move(self) -> str:
        side = "b" if self.start == "startpos" else self.start.split()[1]
        for item in self.moves:
            if not (item.isdigit() and len(item) == 2):
                side = "w" if side == "b" else "b"
        return side

    @property
    def result(self) -> Optional[RefResult]:
        out = [l for l in _ask(self._setup() + ["result"], "result") if l.startswith("result")][0].split()
        if out[1] == "ongoing":
            return None
        return RefResult(None if out[1] == "draw" else out[1], out[2])

    def parse_move(self, token: str) -> RefMove:
        if token not in self.legal():
            raise ValueError(f"illegal move {token!r}")
        return RefMove(token)

    def play(self, move) -> None:
        token = str(move)
        if ":" in token:
            roll, turn = token.split(":", 1)
            self.play(roll)
            self.play(turn)
            return
        self.parse_move(token)
        self.moves.append(token)

    def copy(self) -> "RefGame":
        g = RefGame.__new__(RefGame)
        g.variant, g.rules, g.start, g.moves = self.variant, dict(self.rules), self.start, list(self.moves)
        return g
