#!/usr/bin/env python3
"""How long tetsugaku takes to answer a byoyomi move on a loaded machine.

Starts LOAD busy engine processes (each `go infinite` on its own core's worth of work), then in
every variant plays POSITIONS random walks of PLIES plies (legal moves from the engine's own
`moves`, rolls included at Shogammon's chance nodes) and at each walk's end sends
`go btime 0 wtime 0 byoyomi B`, timing from the write of `go` to the arrival of `bestmove`.
Prints per variant: moves timed, mean and maximum wall time, the largest `time` the engine
reported on its last `info` line, and how many moves took longer than byoyomi + MARGIN.
Exit status 1 when any did.

    scripts/timing-under-load.py [--engine PATH] [--byoyomi 1000] [--margin 200] [--load 2]
                                 [--positions 6] [--plies 40] [--seed 1] [variant ...]
"""

import argparse
import os
import random
import subprocess
import sys
import time


class Engine:
    """A tetsugaku process driven line by line."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine exited while waiting for {prefix!r}: {lines[-5:]}")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def ask(self, command, prefix):
        self.send(command)
        return self.until(prefix)[-1]

    def quit(self):
        try:
            self.send("quit")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def listed_variants(path):
    """Every variant `usi` lists."""
    engine = Engine(path)
    engine.send("usi")
    lines = engine.until("usiok")
    engine.quit()
    for line in lines:
        if line.startswith("option name USI_Variant "):
            words = line.split()
            return [words[i + 1] for i, w in enumerate(words) if w == "var"]
    raise RuntimeError("usi lists no USI_Variant")


def walk(engine, rng, plies):
    """A random legal item list of at most `plies` items from the start position."""
    items = []
    for _ in range(plies):
        engine.send("position startpos moves " + " ".join(items) if items else "position startpos")
        moves = engine.ask("moves", "moves").split()[1:]
        result = engine.ask("result", "result")
        if not moves or result != "result ongoing":
            break
        items.append(rng.choice(moves))
    # End at a decision node: a search at a chance node is refused.
    while True:
        engine.send("position startpos moves " + " ".join(items) if items else "position startpos")
        moves = engine.ask("moves", "moves").split()[1:]
        if not moves or not all(m.isdigit() and len(m) == 2 for m in moves):
            return items
        items.append(rng.choice(moves))


def last_time(lines):
    """The `time` field of the last `info` line that has one."""
    for line in reversed(lines):
        words = line.split()
        if words[:1] == ["info"] and "time" in words:
            return int(words[words.index("time") + 1])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/tetsugaku")
    parser.add_argument("--byoyomi", type=int, default=1000)
    parser.add_argument("--margin", type=int, default=200)
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("variants", nargs="*")
    args = parser.parse_args()

    names = args.variants or listed_variants(args.engine)
    load = [Engine(args.engine) for _ in range(args.load)]
    for busy in load:
        busy.send("position startpos")
        busy.send("go infinite")
    rng = random.Random(args.seed)
    late = []
    print(f"byoyomi {args.byoyomi} ms, margin {args.margin} ms, {args.load} busy engines on {os.cpu_count()} cores")
    print(f"{'variant':22} {'moves':>5} {'mean ms':>8} {'max ms':>7} {'engine max':>10} {'late':>4}")
    try:
        for name in names:
            engine = Engine(args.engine)
            engine.send(f"variant {name}")
            walls, times = [], []
            for _ in range(args.positions):
                items = walk(engine, rng, rng.randrange(args.plies + 1))
                engine.send("position startpos moves " + " ".join(items) if items else "position startpos")
                if engine.ask("result", "result") != "result ongoing":
                    continue
                engine.ask("isready", "readyok")
                sent = time.monotonic()
                engine.send(f"go btime 0 wtime 0 byoyomi {args.byoyomi}")
                lines = engine.until("bestmove")
                wall = (time.monotonic() - sent) * 1000
                walls.append(wall)
                times.append(last_time(lines) or 0)
                if wall > args.byoyomi + args.margin:
                    late.append(f"{name} after {' '.join(items) or 'startpos'}: {wall:.0f} ms")
            engine.quit()
            if walls:
                mean = sum(walls) / len(walls)
                over = sum(w > args.byoyomi + args.margin for w in walls)
                print(f"{name:22} {len(walls):5} {mean:8.0f} {max(walls):7.0f} {max(times):10} {over:4}", flush=True)
    finally:
        for busy in load:
            busy.quit()
    for line in late:
        print("late:", line)
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(main())
