"""Speed of the rules through Python, in one run, on shogi: legal-move lists and perft through
the tetsugaku package (in-process), through the engine process (`moves`, `go perft`), and through
pyffish (Fairy-Stockfish's rules as a Python module), printed as times and ratios.

    python speed.py [--engine PATH] [--positions 2000] [--depth 3] [--deep 5]

Positions are seeded random walks of up to 80 plies from the start, made by each library with
its own rules (the two notations differ), the same number of positions for each.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time

import pyffish
import tetsugaku


def walk_tetsugaku(count: int, rng: random.Random) -> list:
    positions = []
    while len(positions) < count:
        game = tetsugaku.Game("shogi")
        for _ in range(rng.randrange(1, 80)):
            moves = game.legal_moves
            if not moves:
                break
            game.play(rng.choice(moves))
        positions.append(game)
    return positions


def walk_pyffish(count: int, rng: random.Random) -> list:
    start = pyffish.start_fen("shogi")
    positions = []
    while len(positions) < count:
        fen = start
        for _ in range(rng.randrange(1, 80)):
            moves = pyffish.legal_moves("shogi", fen, [])
            if not moves:
                break
            fen = pyffish.get_fen("shogi", fen, [rng.choice(moves)])
        positions.append(fen)
    return positions


class Engine:
    def __init__(self, path: str):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command: str, last) -> list:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline().rstrip("\n")
            lines.append(line)
            if last(line):
                return lines

    def close(self):
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait()


def timed(action) -> tuple:
    started = time.perf_counter()
    value = action()
    return time.perf_counter() - started, value


def python_perft(game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves:
        game.play(move)
        total += python_perft(game, depth - 1)
        game.undo()
    return total


def pyffish_perft(fen: str, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(pyffish_perft(pyffish.get_fen("shogi", fen, [m]), depth - 1) for m in pyffish.legal_moves("shogi", fen, []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/tetsugaku")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--depth", type=int, default=3, help="perft depth of every way")
    parser.add_argument("--deep", type=int, default=5, help="perft depth of the two Rust ways")
    args = parser.parse_args()
    ours = walk_tetsugaku(args.positions, random.Random(1))
    theirs = walk_pyffish(args.positions, random.Random(1))
    engine = Engine(args.engine)
    engine.ask("isready", lambda l: l == "readyok")

    rows = []
    t, n = timed(lambda: sum(len(g.legal_moves) for g in ours))
    rows.append(("legal moves", "tetsugaku (Python package)", t, n))
    strings = [g.position for g in ours]
    t, n = timed(lambda: sum(len(engine.ask(f"position sfen {s}\nmoves", lambda l: l.startswith("moves"))[-1].split()) - 1 for s in strings))
    rows.append(("legal moves", "tetsugaku (engine process: position + moves)", t, n))
    t, n = timed(lambda: sum(len(pyffish.legal_moves("shogi", f, [])) for f in theirs))
    rows.append(("legal moves", "pyffish", t, n))

    depth = args.depth
    t, n = timed(lambda: tetsugaku.Game("shogi").perft(depth))
    rows.append((f"perft {depth}", "tetsugaku Game.perft (in Rust)", t, n))
    t, n = timed(lambda: python_perft(tetsugaku.Game("shogi"), depth))
    rows.append((f"perft {depth}", "tetsugaku, a Python loop (legal_moves/play/undo)", t, n))
    t, lines = timed(lambda: engine.ask(f"position startpos\ngo perft {depth}", lambda l: l.startswith("Nodes searched")))
    rows.append((f"perft {depth}", "tetsugaku (engine process: go perft)", t, int(lines[-1].split()[-1])))
    t, n = timed(lambda: pyffish_perft(pyffish.start_fen("shogi"), depth))
    rows.append((f"perft {depth}", "pyffish, a Python loop (legal_moves/get_fen)", t, n))
    deep = args.deep
    t, n = timed(lambda: tetsugaku.Game("shogi").perft(deep))
    rows.append((f"perft {deep}", "tetsugaku Game.perft (in Rust)", t, n))
    t, lines = timed(lambda: engine.ask(f"position startpos\ngo perft {deep}", lambda l: l.startswith("Nodes searched")))
    rows.append((f"perft {deep}", "tetsugaku (engine process: go perft)", t, int(lines[-1].split()[-1])))
    engine.close()

    print(f"shogi, {args.positions} positions from random walks; perft from the start position")
    print(f"{'task':<10} {'through':<52} {'seconds':>9} {'count':>10} {'ratio':>8}")
    for task in dict.fromkeys(r[0] for r in rows):
        group = [r for r in rows if r[0] == task]
        base = group[0][2]
        for _, through, seconds, count in group:
            print(f"{task:<10} {through:<52} {seconds:>9.3f} {count:>10} {seconds / base:>7.1f}x")


if __name__ == "__main__":
    main()
