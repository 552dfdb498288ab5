"""Drive the ``tetsugaku`` engine over its extended USI protocol.

This module has the shape of python-chess's ``chess.engine`` (synchronous
flavour)::

    import tetsugaku
    from tetsugaku.engine import Engine, Limit

    game = tetsugaku.Game("shogi", moves=["7g7f", "3c3d"])
    with Engine.open() as engine:                 # TETSUGAKU_ENGINE or PATH
        for line in engine.analyse(game, Limit(nodes=20000), multipv=3):
            print(line.multipv, line.score.relative, [str(m) for m in line.pv])
        result = engine.play(game, Limit(time=0.2))
        game.play(result.move)

The engine is one child process. A reader thread puts its output lines into a
queue; every wait on the engine has a deadline, so a call never hangs:

* the process died or closed its output -> :class:`EngineTerminatedError`;
* no answer within ``timeout`` (plus the time the limit grants) ->
  the process is killed and reaped, then :class:`EngineTimeoutError`;
* the engine refused a command (``info string error: ...``, protocol-spec
  §17) -> :class:`EngineError` carrying the engine's line; the engine stays
  usable.

Positions are given as ``tetsugaku.Game`` objects (``variant``, ``rules``,
``start``, ``moves``, ``copy()``, ``parse_move()``, ``play()``,
``side_to_move``, ``is_chance``); the driver sends ``variant``, the rule
options, ``position ... moves ...`` and then the search command.
"""

from __future__ import annotations

import dataclasses
import os
import queue
import shutil
import subprocess
import threading
import time as _time
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Union

__all__ = [
    "Engine",
    "EngineError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "Option",
    "Limit",
    "Score",
    "PovScore",
    "InfoLine",
    "PlayResult",
    "MateResult",
    "find_engine",
]

#: Rule options of protocol-spec §8.1: they follow ``game.rules``.
RULE_OPTIONS = (
    "DaiHasamiJumps",
    "MakyekWin",
    "ShogammonDice",
    "ShogammonTurnLimit",
    "PhilosophersStalemate",
)

_ERROR_PREFIX = "info string error"


# --------------------------------------------------------------------------------------------
# Errors


class EngineError(RuntimeError):
    """The engine refused a command, or answered something the driver cannot use.

    ``line`` is the engine's own line (``info string error: ...``) when there is one.
    """

    def __init__(self, message: str, line: Optional[str] = None) -> None:
        super().__init__(message)
        self.line = line


class EngineTerminatedError(EngineError):
    """The engine process has exited (or closed its output); the Engine is unusable."""


class EngineTimeoutError(EngineError):
    """The engine did not answer in time; its process has been killed and reaped."""


# --------------------------------------------------------------------------------------------
# Values


@dataclasses.dataclass(frozen=True)
class Option:
    """One ``option name ... type ...`` line of the ``usi`` reply."""

    name: str
    type: str
    default: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    var: List[str] = dataclasses.field(default_factory=list)

    def is_rule(self) -> bool:
        """True for the rule options of protocol-spec §8.1 (``MakyekWin``, ...)."""
        return self.name in RULE_OPTIONS


@dataclasses.dataclass(frozen=True)
class Limit:
    """What ends a search. All times are in seconds.

    ``time`` is ``go movetime``; ``depth`` and ``nodes`` are the plies and nodes
    limits; ``btime``/``wtime`` (remaining main time of the first/second player),
    ``binc``/``winc`` and ``byoyomi`` form a clock. Fields left ``None`` are
    not sent. A Limit with nothing set is refused (it would search forever).
    """

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    btime: Optional[float] = None
    wtime: Optional[float] = None
    binc: Optional[float] = None
    winc: Optional[float] = None
    byoyomi: Optional[float] = None

    def go_args(self) -> List[str]:
        """The ``go`` parameters for this limit (without ``go``)."""
        args: List[str] = []
        for key in ("btime", "wtime", "binc", "winc", "byoyomi"):
            value = getattr(self, key)
            if value is not None:
                args += [key, str(max(0, int(round(value * 1000))))]
        if self.time is not None:
            args += ["movetime", str(max(0, int(round(self.time * 1000))))]
        if self.depth is not None:
            args += ["depth", str(int(self.depth))]
        if self.nodes is not None:
            args += ["nodes", str(int(self.nodes))]
        return args

    def budget(self, side: str = "b") -> float:
        """Seconds the engine may legitimately think under this limit (0 for depth/nodes)."""
        total = self.time or 0.0
        main = self.btime if side == "b" else self.wtime
        inc = self.binc if side == "b" else self.winc
        total += (main or 0.0) + (inc or 0.0) + (self.byoyomi or 0.0)
        return total


_MATE_SCORE = 100000


@dataclasses.dataclass(frozen=True)
class Score:
    """A score from one side's point of view: ``cp`` centi-units, or ``mate`` in n plies.

    ``mate > 0``: that side mates (wins by force) in ``mate`` plies; ``mate < 0``: it
    is mated in ``-mate``. Exactly one of ``cp`` and ``mate`` is set.
    """

    cp: Optional[int] = None
    mate: Optional[int] = None

    def is_mate(self) -> bool:
        """True for a forced win or loss."""
        return self.mate is not None

    def score(self, mate_score: int = _MATE_SCORE) -> int:
        """One number: ``cp``, or ``±(mate_score - plies)`` for a mate score."""
        if self.mate is None:
            return int(self.cp or 0)
        if self.mate > 0:
            return mate_score - self.mate
        return -mate_score - self.mate

    def __neg__(self) -> "Score":
        if self.mate is not None:
            return Score(mate=-self.mate)
        return Score(cp=-(self.cp or 0))

    def __str__(self) -> str:
        if self.mate is not None:
            return f"#{self.mate}"
        return f"{self.cp:+d}" if self.cp else "0"


@dataclasses.dataclass(frozen=True)
class PovScore:
    """A score as the engine reported it: ``relative`` is from the side to move ``turn``."""

    relative: Score
    turn: str

    def pov(self, side: str) -> Score:
        """The score from ``side``'s point of view (``"b"`` first player, ``"w"`` second)."""
        if side not in ("b", "w"):
            raise ValueError(f"side must be 'b' or 'w', not {side!r}")
        return self.relative if side == self.turn else -self.relative

    def first(self) -> Score:
        """The score from the first player's (``b``) point of view."""
        return self.pov("b")

    def second(self) -> Score:
        """The score from the second player's (``w``) point of view."""
        return self.pov("w")

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __str__(self) -> str:
        return f"{self.relative} ({self.turn} to move)"


@dataclasses.dataclass
class InfoLine:
    """The last ``info`` line of one principal variation (``multipv``).

    ``time`` is in seconds; ``pv`` holds Move objects of the game (the tokens after
    the first one the game refuses are dropped; ``pv_tokens`` keeps them all);
    ``bound`` is ``"lower"``/``"upper"`` when the score is only a bound.
    """

    multipv: int = 1
    depth: Optional[int] = None
    seldepth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[float] = None
    nps: Optional[int] = None
    hashfull: Optional[int] = None
    score: Optional[PovScore] = None
    bound: Optional[str] = None
    pv: List[Any] = dataclasses.field(default_factory=list)
    pv_tokens: List[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class PlayResult:
    """The answer of :meth:`Engine.play`: ``move`` (None with ``resigned`` when the game is over)."""

    move: Optional[Any]
    ponder: Optional[Any] = None
    info: Optional[InfoLine] = None
    resigned: bool = False


@dataclasses.dataclass
class MateResult:
    """The answer of :meth:`Engine.mate` (``go mate``, protocol-spec §4.6.2).

    ``status`` is ``"mate"`` (``moves`` holds the line, attacker first),
    ``"nomate"``, ``"timeout"`` or ``"notimplemented"``; ``nodes`` and ``time`` come
    from the last progress line when there is one.
    """

    status: str
    moves: List[str] = dataclasses.field(default_factory=list)
    nodes: Optional[int] = None
    time: Optional[float] = None


# --------------------------------------------------------------------------------------------
# Parsing helpers


def _parse_option(line: str) -> Optional[Option]:
    tokens = line.split()
    if len(tokens) < 5 or tokens[0] != "option" or tokens[1] != "name" or "type" not in tokens:
        return None
    t = tokens.index("type")
    name = " ".join(tokens[2:t])
    kind = tokens[t + 1] if t + 1 < len(tokens) else ""
    rest = tokens[t + 2 :]
    default: Optional[str] = None
    lo: Optional[int] = None
    hi: Optional[int] = None
    var: List[str] = []
    if kind == "string":
        if rest and rest[0] == "default":
            default = " ".join(rest[1:])
        return Option(name, kind, default)
    i = 0
    while i < len(rest):
        key = rest[i]
        value = rest[i + 1] if i + 1 < len(rest) else None
        if key == "default":
            default = value
        elif key == "min" and value is not None:
            lo = int(value)
        elif key == "max" and value is not None:
            hi = int(value)
        elif key == "var" and value is not None:
            var.append(value)
        i += 2
    return Option(name, kind, default, lo, hi, var)


_INT_FIELDS = ("depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time", "currmovenumber")


def _parse_info(line: str, game: Any) -> Optional[InfoLine]:
    """An InfoLine from a PV ``info`` line, or None for other info lines."""
    tokens = line.split()
    info = InfoLine()
    raw_time: Optional[int] = None
    has_pv = False
    i = 1
    while i < len(tokens):
        key = tokens[i]
        if key == "string":
            break
        if key == "pv":
            info.pv_tokens = tokens[i + 1 :]
            has_pv = True
            break
        if key == "score" and i + 2 < len(tokens):
            kind, value = tokens[i + 1], int(tokens[i + 2])
            rel = Score(cp=value) if kind == "cp" else Score(mate=value)
            info.score = PovScore(rel, game.side_to_move)
            i += 3
            continue
        if key in ("lowerbound", "upperbound"):
            info.bound = key[:-5]
            i += 1
            continue
        if key in _INT_FIELDS and i + 1 < len(tokens):
            try:
                value = int(tokens[i + 1])
            except ValueError:
                i += 2
                continue
            if key == "time":
                raw_time = value
            elif key == "multipv":
                info.multipv = value
            elif hasattr(info, key):
                setattr(info, key, value)
            i += 2
            continue
        i += 1  # unknown field (currmove ...): skip
    if not has_pv or info.score is None:
        return None
    if raw_time is not None:
        info.time = raw_time / 1000.0
    info.pv = _moves_along(game, info.pv_tokens)
    return info


def _moves_along(game: Any, tokens: Sequence[str]) -> List[Any]:
    """Parse ``tokens`` as moves played one after another from ``game`` (stops at the first failure)."""
    board = game.copy()
    out: List[Any] = []
    for token in tokens:
        try:
            move = board.parse_move(token)
            board.play(move)
        except Exception:
            break
        out.append(move)
    return out


def find_engine() -> str:
    """Locate the engine binary: ``$TETSUGAKU_ENGINE``, ``tetsugaku`` beside the package, then PATH."""
    env = os.environ.get("TETSUGAKU_ENGINE")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "tetsugaku"), os.path.join(here, "bin", "tetsugaku")):
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("tetsugaku")
    if found:
        return found
    raise FileNotFoundError(
        "tetsugaku engine not found: pass Engine.open(path), set TETSUGAKU_ENGINE, "
        "or put the 'tetsugaku' binary on PATH (cargo build --release --bin tetsugaku)"
    )


# --------------------------------------------------------------------------------------------
# The engine


class Engine:
    """A running ``tetsugaku`` process. Create it with :meth:`Engine.open`; use it as a context manager.

    Attributes: ``id`` (``name``/``author`` from ``usi``), ``options`` (name -> :class:`Option`),
    ``timeout`` (seconds granted to every answer on top of a search's own time), ``pid``.
    """

    def __init__(self, process: "subprocess.Popen[str]", timeout: float) -> None:
        self._process = process
        self.timeout = float(timeout)
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self._queue: "queue.Queue[Optional[str]]" = queue.Queue()
        self._eof = False
        self._closed = False
        self._sent: Dict[str, str] = {}  # option values this driver has set
        self._variant: Optional[str] = None
        self._reader = threading.Thread(target=self._read_loop, name=f"tetsugaku-reader-{process.pid}", daemon=True)
        self._reader.start()

    # ---- life cycle --------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Optional[str] = None,
        *,
        timeout: float = 10.0,
        options: Optional[Mapping[str, Any]] = None,
    ) -> "Engine":
        """Start the engine and do the ``usi``/``isready`` handshake.

        ``path``: the binary (default: :func:`find_engine`). ``timeout``: seconds to wait for any
        answer beyond what a search limit grants. ``options``: passed to :meth:`configure`.
        """
        program = path if path is not None else find_engine()
        try:
            process = subprocess.Popen(
                [program],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="ascii",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise EngineError(f"cannot start engine {program!r}: {exc}") from exc
        engine = cls(process, timeout)
        try:
            engine._handshake()
            if options:
                engine.configure(options)
        except BaseException:
            engine.close()
            raise
        return engine

    def _handshake(self) -> None:
        self._send("usi")
        deadline = _time.monotonic() + self.timeout
        while True:
            line = self._read(deadline, "usiok")
            if line == "usiok":
                break
            if line.startswith("id "):
                parts = line.split(None, 2)
                if len(parts) == 3:
                    self.id[parts[1]] = parts[2]
            elif line.startswith("option "):
                opt = _parse_option(line)
                if opt is not None:
                    self.options[opt.name] = opt
        self._sync()

    @property
    def pid(self) -> int:
        """The engine process id."""
        return self._process.pid

    @property
    def returncode(self) -> Optional[int]:
        """The exit status once the process has ended, else None."""
        return self._process.poll()

    def close(self) -> None:
        """End the engine: ``quit``, a kill if it has not exited after 1 s, then reap it. Idempotent."""
        if self._closed:
            return
        self._closed = True
        proc = self._process
        if proc.poll() is None:
            try:
                proc.stdin.write("quit\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass
        try:
            proc.stdin.close()  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        self._reader.join(timeout=2.0)
        try:
            proc.stdout.close()  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass

    quit = close

    def _kill(self) -> None:
        """Kill and reap the process (after a timeout)."""
        self._closed = True
        proc = self._process
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass
        self._reader.join(timeout=2.0)

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:  # last resort: never leave a process behind
        try:
            if not self._closed:
                self._process.kill()
                self._process.wait()
        except Exception:
            pass

    def __repr__(self) -> str:
        state = "closed" if self._closed else "running"
        return f"<Engine pid={self._process.pid} {state} {self.id.get('name', '')!r}>"

    # ---- low level ---------------------------------------------------------------------------

    def _read_loop(self) -> None:
        stream = self._process.stdout
        try:
            for line in stream:  # type: ignore[union-attr]
                self._queue.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            self._queue.put(None)

    def _check_alive(self) -> None:
        if self._eof:
            raise EngineTerminatedError(f"engine process {self.pid} has terminated (status {self._process.poll()})")
        if self._closed:
            raise EngineTerminatedError("engine is closed")

    def _send(self, line: str) -> None:
        """Write one command line."""
        self._check_alive()
        try:
            self._process.stdin.write(line + "\n")  # type: ignore[union-attr]
            self._process.stdin.flush()  # type: ignore[union-attr]
        except (OSError, ValueError) as exc:
            self._terminated()
            raise EngineTerminatedError(f"engine process {self.pid} has terminated: {exc}") from exc

    def send_line(self, line: str) -> None:
        """Send a raw protocol line (no answer is read)."""
        self._send(line)

    def _terminated(self) -> None:
        self._eof = True
        self._closed = True
        try:
            self._process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._reader.join(timeout=2.0)

    def _read(self, deadline: float, waiting_for: str) -> str:
        """Next output line; raises on EOF or when ``deadline`` (monotonic) passes."""
        self._check_alive()
        remaining = deadline - _time.monotonic()
        try:
            line = self._queue.get(timeout=max(0.0, remaining)) if remaining > 0 else self._queue.get_nowait()
        except queue.Empty:
            self._kill()
            raise EngineTimeoutError(
                f"engine process {self.pid} gave no {waiting_for} in time; it has been killed"
            ) from None
        if line is None:
            self._terminated()
            raise EngineTerminatedError(
                f"engine process {self.pid} terminated while waiting for {waiting_for} "
                f"(status {self._process.returncode})"
            )
        return line

    def _sync(self, timeout: Optional[float] = None) -> None:
        """``isready`` and wait for ``readyok``; an error line before it raises EngineError."""
        self._send("isready")
        deadline = _time.monotonic() + (self.timeout if timeout is None else timeout)
        error: Optional[str] = None
        while True:
            line = self._read(deadline, "readyok")
            if line == "readyok":
                break
            if line.startswith(_ERROR_PREFIX) and error is None:
                error = line
        if error is not None:
            raise EngineError(f"engine refused a command: {error}", error)

    def ping(self) -> None:
        """``isready``/``readyok``: raises if the engine is gone or silent."""
        self._sync()

    # ---- options -----------------------------------------------------------------------------

    @staticmethod
    def _value(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def configure(self, options: Mapping[str, Any]) -> None:
        """Set engine options (``setoption name N value V``); True/False become ``true``/``false``.

        Raises EngineError (with the engine's ``info string error`` line) for an option or value
        the engine refuses; the options before it are set.
        """
        for name, value in options.items():
            text = self._value(value)
            self._send(f"setoption name {name} value {text}")
            self._sync()
            self._sent[name] = text

    def _set(self, name: str, value: str) -> None:
        if self._sent.get(name) != value:
            self._send(f"setoption name {name} value {value}")
            self._sync()
            self._sent[name] = value

    def new_game(self) -> None:
        """``usinewgame``: clear the transposition table and per-game memory (options stay)."""
        self._send("usinewgame")
        self._sync()

    # ---- positions ---------------------------------------------------------------------------

    def _setup(self, game: Any) -> None:
        """Send variant, rule options and the position of ``game``."""
        variant = str(game.variant)
        if self._variant != variant:
            self._send(f"variant {variant}")
            self._sync()
            self._variant = variant
        rules: Dict[str, str] = {k: self._value(v) for k, v in dict(getattr(game, "rules", None) or {}).items()}
        for name in sorted(set(rules) | {n for n in self._sent if n in RULE_OPTIONS}):
            value = rules.get(name)
            if value is None:
                opt = self.options.get(name)
                if opt is None or opt.default is None:
                    continue
                value = opt.default
            self._set(name, value)
        start = str(getattr(game, "start", "startpos") or "startpos")
        head = "position startpos" if start == "startpos" else f"position sfen {start}"
        items = " ".join(str(m) for m in game.moves)
        self._send(f"{head} moves {items}".rstrip())
        self._sync()

    # ---- searches ----------------------------------------------------------------------------

    def _go(
        self,
        game: Any,
        limit: Limit,
        multipv: int,
        root_moves: Optional[Iterable[Any]],
        timeout: Optional[float],
    ) -> "tuple[Dict[int, InfoLine], str]":
        if not isinstance(limit, Limit):
            raise TypeError("limit must be a tetsugaku.engine.Limit")
        args = limit.go_args()
        if not args:
            raise ValueError("Limit needs time, depth, nodes or a clock (an empty limit searches forever)")
        self._setup(game)
        self._set("MultiPV", str(int(multipv)))
        if root_moves:
            args += ["searchmoves"] + [str(m) for m in root_moves]
        side = game.side_to_move
        self._send("go " + " ".join(args))
        self._send("isready")
        wait = (self.timeout if timeout is None else timeout) + limit.budget(side)
        deadline = _time.monotonic() + wait
        infos: Dict[int, InfoLine] = {}

        def keep(line: str) -> None:
            info = _parse_info(line, game)
            if info is not None:
                infos[info.multipv] = info

        bestmove = self._answer(deadline, "bestmove", "search", keep)
        return infos, bestmove

    def _answer(self, deadline: float, final: str, what: str, on_info: Callable[[str], None]) -> str:
        """Reads the answer to a search command followed by ``isready``: until both ``readyok``
        and the line starting with ``final`` (``bestmove``, ``checkmate``) have come, passing
        the ``info`` lines before it to ``on_info``; returns that line. An error line before
        ``readyok`` means the command was refused (a chance node, bad searchmoves, ...) and no
        answer follows: EngineError carrying it."""
        ready = False
        answer: Optional[str] = None
        while not (ready and answer is not None):
            line = self._read(deadline, final)
            if line == "readyok":
                ready = True
            elif line.startswith(final):
                answer = line
            elif line.startswith(_ERROR_PREFIX) and not ready:
                while not ready:
                    ready = self._read(deadline, "readyok") == "readyok"
                raise EngineError(f"engine refused the {what}: {line}", line)
            elif line.startswith("info ") and answer is None:
                on_info(line)
        return answer

    def analyse(
        self,
        game: Any,
        limit: Limit,
        multipv: int = 1,
        *,
        root_moves: Optional[Iterable[Any]] = None,
        timeout: Optional[float] = None,
    ) -> List[InfoLine]:
        """Search ``game``'s current position and return one InfoLine per PV, sorted by ``multipv``.

        ``root_moves`` restricts the search to these moves (``go searchmoves``). ``timeout``
        overrides the engine's timeout for this call. At a Shogammon chance node the engine
        refuses the search: EngineError carrying its line. A finished game gives ``[]``.
        """
        infos, _ = self._go(game, limit, multipv, root_moves, timeout)
        return [infos[k] for k in sorted(infos)]

    def play(
        self,
        game: Any,
        limit: Limit,
        *,
        root_moves: Optional[Iterable[Any]] = None,
        timeout: Optional[float] = None,
    ) -> PlayResult:
        """The engine's move in ``game``'s position (MultiPV 1). ``bestmove resign`` gives
        ``PlayResult(move=None, resigned=True)``."""
        infos, bestmove = self._go(game, limit, 1, root_moves, timeout)
        info = infos.get(1)
        tokens = bestmove.split()
        if len(tokens) < 2:
            raise EngineError(f"malformed bestmove line: {bestmove!r}", bestmove)
        if tokens[1] == "resign":
            return PlayResult(move=None, info=info, resigned=True)
        try:
            move = game.parse_move(tokens[1])
        except Exception as exc:
            raise EngineError(f"engine played a move the game refuses: {bestmove!r} ({exc})", bestmove) from exc
        ponder = None
        if len(tokens) >= 4 and tokens[2] == "ponder":
            after = _moves_along(game, [tokens[1], tokens[3]])
            ponder = after[1] if len(after) == 2 else None
        return PlayResult(move=move, ponder=ponder, info=info)

    def mate(self, game: Any, limit: Optional[Limit] = None, *, timeout: Optional[float] = None) -> MateResult:
        """``go mate``: a tsume search (protocol-spec §4.6.2).

        ``limit.time`` becomes ``go mate <ms>``, ``limit.nodes`` ``nodes <n>``; with neither the
        search is ``go mate infinite`` and must answer within ``timeout``.
        """
        limit = limit or Limit()
        self._setup(game)
        args = ["go", "mate", str(int(round(limit.time * 1000))) if limit.time is not None else "infinite"]
        if limit.nodes is not None:
            args += ["nodes", str(int(limit.nodes))]
        self._send(" ".join(args))
        self._send("isready")
        deadline = _time.monotonic() + (self.timeout if timeout is None else timeout) + (limit.time or 0.0)
        result = MateResult(status="timeout")

        def progress(line: str) -> None:
            tokens = line.split()
            for key, value in zip(tokens[1::1], tokens[2::1]):
                if key == "nodes" and value.isdigit():
                    result.nodes = int(value)
                elif key == "time" and value.isdigit():
                    result.time = int(value) / 1000.0

        answer = self._answer(deadline, "checkmate", "mate search", progress)
        words = answer.split()[1:]
        if words and words[0] in ("nomate", "timeout", "notimplemented"):
            result.status = words[0]
        elif words:
            result.status = "mate"
            result.moves = words
        return result
