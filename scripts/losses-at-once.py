#!/usr/bin/env python3
"""Which decisive games of arena records did the loser lose by walking into a loss at once that
another move avoided (protocol-spec.md §8.3: a weakened level must not)?

For every game of the records that the rules decided, the position before the loser's last
move is searched by a full-strength tetsugaku at depth 2 with MultiPV 500, which scores every
move exactly: the game counts when the move played scored `mate -2` (the other side wins with
its next move) while another move did not. Shogammon is left out: whether a move loses at once
there depends on the roll. Prints each such game and a count; exit status 1 when there is one.

    scripts/losses-at-once.py --engine target/release/tetsugaku match.games [more.games ...]
"""

import argparse
import re
import subprocess
import sys

HEADER = re.compile(r'\[(\w+) "(.*)"\]')
LINE = re.compile(r"info depth 2 .*multipv \d+ score (cp|mate) (-?\d+).* pv (\S+)")


def games(path):
    """The game blocks of a record: their headers and the `moves` items."""
    block = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.rstrip("\n")
            header = HEADER.fullmatch(line)
            if header:
                block[header.group(1)] = header.group(2)
            elif line.startswith("moves"):
                block["moves"] = line.split()[1:]
                if "Game" in block:
                    yield block
                block = {}
            elif line == "match":
                block = {}


class Engine:
    """A tetsugaku process driven line by line."""

    def __init__(self, path):
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        self.send("setoption name MultiPV value 500")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def scores(self, variant, start, items):
        """Every move's depth-2 score in the position after `items`: move -> (kind, value)."""
        self.send(f"variant {variant}")
        position = "startpos" if start == "startpos" else f"sfen {start}"
        self.send(f"position {position} moves {' '.join(items)}" if items else f"position {position}")
        self.send("usinewgame")
        self.send("go depth 2")
        scores = {}
        while True:
            line = self.process.stdout.readline()
            if not line or line.startswith("bestmove"):
                return scores
            found = LINE.match(line)
            if found:
                scores[found.group(3)] = (found.group(1), int(found.group(2)))

    def quit(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/tetsugaku")
    parser.add_argument("records", nargs="+")
    args = parser.parse_args()
    engine = Engine(args.engine)
    checked = found = 0
    for path in args.records:
        for game in games(path):
            items = game["moves"]
            if game.get("Termination") != "rules" or game["Result"] == "1/2-1/2" or len(items) < 2:
                continue
            if game["Variant"] == "shogammon":
                continue
            played = items[-2]
            scores = engine.scores(game["Variant"], game.get("Start", "startpos"), items[:-2])
            checked += 1
            at_once = ("mate", -2)
            if scores.get(played) == at_once and any(score != at_once for score in scores.values()):
                found += 1
                print(f"{path} game {game['Game']}: {played} loses at once; {len(scores)} moves scored")
    engine.quit()
    print(f"{checked} decisive games checked, {found} lost by a move that lost at once where another did not")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
