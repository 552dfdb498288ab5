#!/usr/bin/env python3
"""Shogammon search depth: how deep the engine gets from middlegame positions in a given time.

Reads positions (default scripts/shogammon-middlegames.txt: `#` comments, then one USI
`position` argument per line, each a decision node: its last item is a roll). For each, one
fresh engine process gets `setoption name USI_Variant value shogammon`, `isready`,
`position ...` and `go infinite`, and `stop` after --cap-ms. Every `info depth D ... time T`
line without a bound read before `stop` is the completion of iteration D at T ms (the engine's
own clock); the line that answers `stop` reports an interrupted iteration and is left out.

Prints per position the time and nodes at each completed depth and the deepest depth completed
within --limit-ms, then the summary: how many positions complete each depth within the limit.
Run it on an idle machine: it measures time.

Example:
  scripts/shogammon-depth.py --engine target/release/tetsugaku --limit-ms 500
"""

import argparse
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

INFO = re.compile(r"^info depth (\d+) .*?nodes (\d+) .*?time (\d+)")


def completions(engine, position, cap_ms, options):
    """The (depth, time ms, nodes) of every completed iteration within cap_ms of `go infinite`."""
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    send = lambda line: (proc.stdin.write(line + "\n"), proc.stdin.flush())
    send("usi")
    send("setoption name USI_Variant value shogammon")
    for name, value in options:
        send(f"setoption name {name} value {value}")
    send("isready")
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    send(f"position {position}")
    send("go infinite")
    stopped = threading.Event()
    timer = threading.Timer(cap_ms / 1000, lambda: (stopped.set(), send("stop")))
    timer.start()
    done = []
    for line in proc.stdout:
        line = line.strip()
        if line.startswith("bestmove"):
            break
        match = INFO.match(line)
        # The line printed after `stop` reports the interrupted iteration.
        if match and "bound" not in line and not stopped.is_set():
            done.append((int(match[1]), int(match[3]), int(match[2])))
    timer.cancel()
    send("quit")
    proc.wait(timeout=5)
    return done


def main():
    here = Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions", nargs="?", default=here / "shogammon-middlegames.txt")
    parser.add_argument("--engine", default=here.parent / "target" / "release" / "tetsugaku")
    parser.add_argument("--limit-ms", type=int, default=500)
    parser.add_argument("--cap-ms", type=int, default=5000, help="stop each search after this long")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent as setoption")
    args = parser.parse_args()
    options = [tuple(item.split("=", 1)) for item in args.option]
    positions = [line.strip() for line in Path(args.positions).read_text().splitlines()]
    positions = [p for p in positions if p and not p.startswith("#")]
    reached = {}
    for n, position in enumerate(positions, 1):
        done = completions(str(args.engine), position, args.cap_ms, options)
        within = max((d for d, t, _ in done if t <= args.limit_ms), default=0)
        reached[within] = reached.get(within, 0) + 1
        steps = "  ".join(f"d{d} {t} ms {nodes:,} n" for d, t, nodes in done)
        print(f"{n:2} depth {within} in {args.limit_ms} ms | {steps}", flush=True)
    summary = ", ".join(f"depth {d}: {reached[d]}" for d in sorted(reached))
    print(f"deepest depth completed within {args.limit_ms} ms, positions: {summary}")


if __name__ == "__main__":
    sys.exit(main())
