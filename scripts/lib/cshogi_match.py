#!/usr/bin/env python3
"""Engine-vs-engine shogi matches through cshogi's match runner, with checks that fail the run.

The games are played by `cshogi.cli.main` (cshogi's own runner: it sends the USI commands, checks
every move with cshogi's move generator, adjudicates repetitions, perpetual checks, entering-king
declarations and the move limit, and writes CSA and PGN records). This driver adds what that
runner lacks, without changing how it plays:

- every line to and from each engine is logged with its time (`engineN.log`, `>` sent, `<`
  received), and stderr goes to `engineN.stderr`;
- every move is timed from the write of `go` to the arrival of `bestmove`; a move longer than
  byoyomi + margin is a time loss (cshogi 1.1.0 only declares %TIME_UP when a move exceeds the
  remaining main time by a whole second and ignores byoyomi, so it would never notice);
- a dead engine raises instead of looping for ever (cshogi 1.1.0 compares readline()'s bytes with
  '' and so never sees the end of the pipe), and an engine silent for --hang-timeout seconds is
  killed and reported;
- the engine's output is checked: only USI replies, no `info string error` lines, every `pv` and
  `ponder` move legal, `bestmove win` only when the entering-king declaration is valid, exit
  status 0 after `quit`.

Faults of the engines named by --judge fail the run (exit status 1); the others' faults are
reported only. A match that cannot finish (crash, hang) always fails.
"""

import argparse
import os
import queue
import random
import subprocess
import sys
import threading
import time

import cshogi
import cshogi.cli as cli
from cshogi import CSA
from cshogi.usi import Engine

USI_REPLIES = ("id ", "option ", "usiok", "readyok", "info ", "info\n", "bestmove ", "checkmate ")

# The CSA termination codes cshogi.cli.main writes, each with the side that lost when the code
# is written with `to_move` to move (None: a draw). From cli.py 1.1.0's result section.
ENDINGS = {
    "%TORYO": ("resign or mate", "to_move"),
    "%ILLEGAL_MOVE": ("illegal move", "to_move"),
    "%TIME_UP": ("time up (cshogi)", "to_move"),
    "%KACHI": ("entering-king declaration", "other"),
    "%SENNICHITE": ("repetition", None),
    "%JISHOGI": ("move limit", None),
    "%+ILLEGAL_ACTION": ("perpetual check", "other"),
    "%-ILLEGAL_ACTION": ("perpetual check", "other"),
    "ILLEGAL_MOVE": ("perpetual check", "to_move"),
}


# Fault lines per engine group in the summary; faults.txt has them all.
FAULTS_SHOWN = 8


class EngineDied(Exception):
    """An engine closed its output (exited or crashed) or had to be killed."""


class Match:
    """Everything observed during the match."""

    def __init__(self, args):
        self.args = args
        self.start = time.monotonic()
        self.engines = []
        self.names = [args.name1, args.name2]
        self.games = []  # one dict per game
        self.faults = []  # (slot, game number or None, text)
        self.notes = []  # (slot, text)
        self.move_ms = {1: [], 2: []}
        self.last_mover = None

    def now(self):
        return time.monotonic() - self.start

    def game_no(self):
        return len(self.games)

    def fault(self, slot, text):
        self.faults.append((slot, self.game_no() or None, text))
        print(f"FAULT {self.names[slot - 1]}: game {self.game_no()}: {text}", flush=True)


MATCH = None


class LoggedStdin:
    """The engine's stdin: every line written is logged with its time."""

    def __init__(self, stream, engine):
        self.stream = stream
        self.engine = engine
        self.go_at = None
        self.position = None

    def write(self, data):
        t = MATCH.now()
        for line in data.decode("utf-8", "replace").splitlines():
            self.engine.log(t, ">", line)
            if line.startswith("go"):
                self.go_at = t
            elif line.startswith("position"):
                self.position = line
        return self.stream.write(data)

    def flush(self):
        self.stream.flush()

    def close(self):
        self.stream.close()


class LoggedStdout:
    """The engine's stdout, read by a thread: lines are logged with their arrival time.
    readline() raises EngineDied at the end of the output or after hang_timeout seconds of
    silence (then the engine is killed)."""

    def __init__(self, stream, engine, hang_timeout):
        self.engine = engine
        self.hang_timeout = hang_timeout
        self.lines = queue.Queue()
        self.last_at = None
        self.since_go = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream):
        for raw in iter(stream.readline, b""):
            t = MATCH.now()
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.engine.log(t, "<", line)
            self.engine.check_line(line)
            self.lines.put((t, raw))
        self.lines.put((MATCH.now(), None))

    def flush(self):
        pass

    def readline(self):
        try:
            t, raw = self.lines.get(timeout=self.hang_timeout)
        except queue.Empty:
            self.engine.proc.kill()
            raise EngineDied(f"{self.engine.label()} sent nothing for {self.hang_timeout} s (killed)")
        if raw is None:
            self.lines.put((t, None))
            code = self.engine.proc.wait()
            raise EngineDied(f"{self.engine.label()} closed its output (exit status {code})")
        self.last_at = t
        self.since_go.append(raw.decode("utf-8", "replace").strip())
        return raw


class CheckedEngine(Engine):
    """cshogi's USI engine with logged, checked and timed I/O (see the module comment)."""

    def __init__(self, cmd, connect=False, debug=False):
        super().__init__(cmd, connect=False, debug=debug)
        MATCH.engines.append(self)
        self.slot = len(MATCH.engines)
        prefix = os.path.join(MATCH.args.out, f"engine{self.slot}")
        self.logfile = open(prefix + ".log", "w", encoding="utf-8")
        self.stderr_path = prefix + ".stderr"
        self.outside_usi = []

    def label(self):
        return f"{MATCH.names[self.slot - 1]} (engine{self.slot})"

    def log(self, t, direction, line):
        self.logfile.write(f"{t:10.3f} {direction} {line}\n")
        self.logfile.flush()

    def check_line(self, line):
        """Runs on the reader thread for every line of output."""
        if line.startswith("info string error"):
            MATCH.fault(self.slot, f"protocol error reported by the engine: {line}")
        elif not (line + "\n").startswith(USI_REPLIES):
            self.outside_usi.append(line)

    def connect(self, listener=None):
        # As cshogi's Engine.connect, with stderr in a file (cshogi leaves it in a pipe nobody
        # reads, which blocks a talkative engine) and logged pipes.
        cwd = os.path.dirname(self.cmd) or None
        stderr = open(self.stderr_path, "ab")
        self.proc = subprocess.Popen([self.cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd)
        self.proc.stdin = LoggedStdin(self.proc.stdin, self)
        self.proc.stdout = LoggedStdout(self.proc.stdout, self, MATCH.args.hang_timeout)
        self.proc.stdin.write(b"usi\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline().strip()
            if line.startswith(b"id name "):
                self.name = line[8:].decode("utf-8", "replace")
            elif line == b"usiok":
                break

    def go(self, **kwargs):
        self.proc.stdout.since_go = []
        MATCH.last_mover = self
        bestmove, ponder = super().go(**kwargs)
        self.last_bestmove = bestmove
        ms = (self.proc.stdout.last_at - self.proc.stdin.go_at) * 1000
        MATCH.move_ms[self.slot].append(ms)
        allowance = (kwargs.get("byoyomi") or 0) + MATCH.args.margin
        if ms > allowance:
            ply = len((self.proc.stdin.position or "").split()[3:]) + 1
            MATCH.fault(self.slot, f"time: {bestmove} at ply {ply} took {ms:.0f} ms > byoyomi + margin {allowance} ms")
        self.check_search_output(bestmove, ponder)
        return bestmove, ponder

    def check_search_output(self, bestmove, ponder):
        """The pv moves, the ponder move and a `win` declaration must be legal."""
        board = position_board(self.proc.stdin.position)
        if board is None:
            return
        if bestmove == "win" and not board.is_nyugyoku():
            MATCH.fault(self.slot, "bestmove win without a valid entering-king declaration")
        for line in self.proc.stdout.since_go:
            words = line.split()
            if words[:1] == ["info"] and words[1:2] != ["string"] and "pv" in words:
                pv = words[words.index("pv") + 1 :]
                bad = first_illegal(board, pv)
                if bad is not None:
                    MATCH.fault(self.slot, f"illegal move {pv[bad]} at pv[{bad}] in '{line}' after '{self.proc.stdin.position}'")
        if ponder is not None and first_illegal(board, [bestmove, ponder]) is not None:
            MATCH.fault(self.slot, f"illegal ponder move {ponder} after bestmove {bestmove}")

    def quit(self, listener=None):
        self.proc.stdin.write(b"quit\n")
        try:
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = None
            MATCH.fault(self.slot, "did not exit within 10 s of quit (killed)")
        if code:
            MATCH.fault(self.slot, f"exit status {code} after quit")
        self.proc.stdout.thread.join(timeout=5)
        self.proc = None


def position_board(position):
    """The board after a `position startpos moves ...` command, or None for other forms."""
    words = (position or "").split()
    if words[:2] != ["position", "startpos"]:
        return None
    board = cshogi.Board()
    for usi in words[3:]:
        board.push_usi(usi)
    return board


def first_illegal(board, moves):
    """The index of the first illegal move of `moves` from `board`, or None."""
    board = board.copy()
    for i, usi in enumerate(moves):
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            return i
        board.push(move)
    return None


class RecordingExporter(CSA.Exporter):
    """cshogi's CSA writer; the runner calls it for every game, move and ending, so the driver
    learns each game's players, moves and termination code from it."""

    def info(self, init_board=None, names=None, *args, **kwargs):
        MATCH.games.append({"names": list(names or []), "moves": [], "end": None, "result": None})
        super().info(init_board, names, *args, **kwargs)

    def move(self, move, *args, **kwargs):
        MATCH.games[-1]["moves"].append(move)
        super().move(move, *args, **kwargs)

    def endgame(self, endgame, *args, **kwargs):
        MATCH.games[-1]["end"] = endgame
        if endgame == "%ILLEGAL_MOVE":
            mover = MATCH.last_mover
            MATCH.games[-1]["illegal"] = f"bestmove {mover.last_bestmove} by {mover.label()} after '{mover.proc.stdin.position}'"
        super().endgame(endgame, *args, **kwargs)


def random_openings(count, plies, seed):
    """`count` lines `startpos moves ...` of `plies` random legal moves each (seeded)."""
    rng = random.Random(seed)
    lines = []
    while len(lines) < count:
        board = cshogi.Board()
        moves = []
        for _ in range(plies):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(cshogi.move_to_usi(move))
            board.push(move)
        if len(moves) == plies and not board.is_game_over():
            lines.append("startpos moves " + " ".join(moves))
    return lines


def parse_options(text):
    options = {}
    for item in filter(None, text.split(",")):
        name, sep, value = item.partition(":")
        if not sep:
            sys.exit(f"option '{item}' is not NAME:VALUE")
        options[name] = value
    return options


def describe_game(game):
    """Fills in the game's reason, loser side (0 black, 1 white, None draw) and checkmate."""
    board = cshogi.Board()
    for move in game["moves"]:
        board.push(move)
    to_move = board.turn
    reason, loser = ENDINGS.get(game["end"], (f"unknown ending {game['end']}", None))
    if game["end"] == "%TORYO":
        reason = "checkmate" if board.is_game_over() else "resignation"
    game["reason"] = reason
    game["loser"] = None if loser is None else (to_move if loser == "to_move" else 1 - to_move)
    game["plies"] = len(game["moves"])


def report(match, aborted):
    args = match.args
    out = []
    say = out.append
    n1, n2 = match.names
    say("")
    say(f"=== {n1} vs {n2}: {len(match.games)} games, byoyomi {args.byoyomi} ms (margin {args.margin} ms) ===")
    wins = {n1: 0, n2: 0}
    draws = 0
    reasons = {}
    for i, game in enumerate(match.games, 1):
        if game["end"] is None:
            say(f"game {i:2}: {' vs '.join(game['names'])}: not finished")
            continue
        describe_game(game)
        black, white = game["names"]
        if game["loser"] is None:
            draws += 1
            result = "draw"
        else:
            winner = game["names"][1 - game["loser"]]
            wins[winner] += 1
            result = f"{winner} wins"
        reasons[game["reason"]] = reasons.get(game["reason"], 0) + 1
        counted = game["result"] or {}
        expected = "draw" if game["loser"] is None else ("engine1_won" if game["names"][1 - game["loser"]] == n1 else "engine2_won")
        if counted.get(expected) != 1:
            say(f"game {i}: the driver's reading ({expected}) differs from cshogi's count {counted}")
            aborted = aborted or "result bookkeeping disagrees with cshogi"
        say(f"game {i:2}: black {black:<18} white {white:<18} {game['plies']:3} plies  {result:<22} {game['reason']}")
    say(f"score for {n1}: W-D-L {wins[n1]}-{draws}-{wins[n2]}")
    say("terminations: " + ", ".join(f"{r} {c}" for r, c in sorted(reasons.items())))
    for slot in (1, 2):
        times = match.move_ms[slot]
        if times:
            say(f"{match.names[slot - 1]}: {len(times)} moves, {sum(times) / len(times):.0f} ms average, {max(times):.0f} ms longest")
    for engine in match.engines:
        name = match.names[engine.slot - 1]
        if engine.outside_usi:
            text = f"{len(engine.outside_usi)} output lines outside USI, first {engine.outside_usi[0]!r}"
            if engine.slot in args.judge:
                match.faults.append((engine.slot, None, text))
            else:
                say(f"note: {name}: {text}")
        stderr = open(engine.stderr_path, "rb").read().decode("utf-8", "replace")
        if stderr.strip():
            say(f"note: {name} wrote {len(stderr.splitlines())} lines to stderr ({engine.stderr_path})")
    # faults: a game lost by illegal move or cshogi's time-up is a fault of the loser
    for i, game in enumerate(match.games, 1):
        if game.get("reason") in ("illegal move", "time up (cshogi)"):
            slot = 1 if game["names"][game["loser"]] == n1 else 2
            detail = f": {game['illegal']}" if "illegal" in game else ""
            match.faults.append((slot, i, game["reason"] + " (game lost)" + detail))
    judged = [f for f in match.faults if f[0] in args.judge]
    others = [f for f in match.faults if f[0] not in args.judge]
    match.faults.sort(key=lambda fault: fault[1] or 0)
    with open(os.path.join(args.out, "faults.txt"), "w", encoding="utf-8") as f:
        for slot, game, text in match.faults:
            f.write(f"{match.names[slot - 1]}, game {game or '-'}: {text}\n")
    for title, faults in (("FAULTS", judged), ("opponent faults (not failures)", others)):
        if faults:
            say(f"{title}: {len(faults)}")
            for slot, game, text in faults[:FAULTS_SHOWN]:
                say(f"  {match.names[slot - 1]}, game {game or '-'}: {text}")
            if len(faults) > FAULTS_SHOWN:
                say(f"  ... {len(faults) - FAULTS_SHOWN} more in faults.txt")
    if aborted:
        say(f"MATCH ABORTED: {aborted}")
    ok = not judged and not aborted
    say(f"in {args.out}: games.csa, games.pgn, faults.txt, engine1.log, engine2.log (transcripts)")
    say("RESULT: " + ("PASS" if ok else "FAIL"))
    text = "\n".join(out)
    print(text)
    with open(os.path.join(args.out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text + "\n")
    return ok


def main():
    global MATCH
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("engine1")
    p.add_argument("engine2")
    p.add_argument("--name1", required=True)
    p.add_argument("--name2", required=True)
    p.add_argument("--options1", default="", help="NAME:VALUE,... sent with setoption")
    p.add_argument("--options2", default="")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--byoyomi", type=int, default=300, help="ms per move (main time 0)")
    p.add_argument("--margin", type=int, default=100, help="ms a move may exceed byoyomi")
    p.add_argument("--hang-timeout", type=float, default=30.0, help="seconds of engine silence before it is killed")
    p.add_argument("--random-plies", type=int, default=4, help="random plies opening each pair of games")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-moves", type=int, default=256, help="draw after this many moves (cshogi --draw)")
    p.add_argument("--judge", default="1,2", help="engines (1, 2) whose faults fail the run")
    p.add_argument("--out", required=True, help="directory for records and transcripts")
    args = p.parse_args()
    args.judge = {int(s) for s in args.judge.split(",") if s}
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.name1 == args.name2:
        p.error("the engines need different names")
    if args.byoyomi + args.margin > 1000:
        # cshogi 1.1.0 plays byoyomi as main time 0 and declares %TIME_UP when a move exceeds
        # the remaining main time by more than 1 s, whatever the byoyomi: longer byoyomi would
        # be cut at 1 s.
        p.error("byoyomi + margin must not exceed 1000 ms (cshogi's own time-up is at 1 s)")
    os.makedirs(args.out, exist_ok=True)
    for name in ("games.csa", "games.pgn", "engine1.stderr", "engine2.stderr"):
        path = os.path.join(args.out, name)
        if os.path.exists(path):
            os.remove(path)
    MATCH = Match(args)
    openings = os.path.join(args.out, "openings.txt")
    with open(openings, "w") as f:
        f.write("\n".join(random_openings((args.games + 1) // 2, args.random_plies, args.seed)) + "\n")

    cli.Engine = CheckedEngine
    CSA.Exporter = RecordingExporter
    results = {"engine1_won": 0, "engine2_won": 0, "draw": 0}

    def after_game(totals):
        game = MATCH.games[-1]
        game["result"] = {k: totals[k] - results[k] for k in results}
        results.update({k: totals[k] for k in results})
        return True

    aborted = None
    try:
        cli.main(
            args.engine1,
            args.engine2,
            parse_options(args.options1),
            parse_options(args.options2),
            names=[args.name1, args.name2],
            games=args.games,
            byoyomi=args.byoyomi,
            time=0,
            draw=args.max_moves,
            opening=openings,
            opening_moves=args.random_plies,
            opening_seed=args.seed,
            keep_process=True,
            csa=os.path.join(args.out, "games.csa"),
            multi_csa=True,
            pgn=os.path.join(args.out, "games.pgn"),
            callback=after_game,
        )
    except (EngineDied, BrokenPipeError, OSError) as e:
        aborted = f"{type(e).__name__}: {e}"
        for engine in MATCH.engines:
            if engine.proc is not None and engine.proc.poll() is None:
                engine.proc.kill()
    return 0 if report(MATCH, aborted) else 1


if __name__ == "__main__":
    sys.exit(main())
