#!/usr/bin/env python3
"""Find the mistakes in the games of an arena record.

    python3 examples/mistakes.py match.games -o mistakes.csv [--nodes 20000] [--engine PATH]

Reads an arena record (tools/arena/README.md: ``[Key "value"]`` headers, ``[Variant ...]``, rule
options as headers, ``[Start ...]``, each game block ending in its ``moves`` line; an optional
match header block ending in a ``match`` line), replays every game and, at every decision, asks
the engine at a fixed node count for

* the best move and its score (``score before``), and
* the score of the move played (``score after``: the same search restricted to that move,
  ``go searchmoves``; the best move's own score when the move played is the best),

both from the mover's point of view. ``loss`` = before - after (never below 0; mate scores
count as +-10000 minus the plies to mate). Shogammon rolls are chance nodes: they are played,
not analysed; its scores are expected values over the dice. One CSV row per analysed move:
``game,ply,side,move,best,score_before,score_after,loss`` (``ply`` counts turns, rolls not
included; scores are centi-units or ``#n`` for a mate in n plies). The three largest mistakes
of every game are printed.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, TextIO

from tetsugaku.engine import RULE_OPTIONS, Engine, InfoLine, Limit, Score

MATE_SCORE = 10000
_HEADER = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


@dataclass
class RecordedGame:
    """One game block of an arena record."""

    headers: Dict[str, str] = field(default_factory=dict)
    items: List[str] = field(default_factory=list)

    @property
    def number(self) -> str:
        return self.headers.get("Game", "?")

    @property
    def variant(self) -> str:
        return self.headers.get("Variant", "shogi")

    @property
    def rules(self) -> Dict[str, str]:
        return {k: v for k, v in self.headers.items() if k in RULE_OPTIONS}

    @property
    def start(self) -> str:
        return self.headers.get("Start", "startpos")


def read_record(text: str) -> List[RecordedGame]:
    """The game blocks of an arena record (the match header block is skipped)."""
    games: List[RecordedGame] = []
    headers: Dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        m = _HEADER.match(line)
        if m:
            headers[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
        elif line == "match":
            headers = {}
        elif line == "moves" or line.startswith("moves "):
            games.append(RecordedGame(headers, line.split()[1:]))
            headers = {}
        else:
            raise ValueError(f"line {number}: not an arena record line: {raw!r}")
    return games


def score_text(score: Score) -> str:
    return f"#{score.mate}" if score.mate is not None else str(score.cp)


@dataclass
class Row:
    game: str
    ply: int
    side: str
    move: str
    best: str
    before: Score
    after: Score
    loss: int


def analyse_game(engine: Engine, Game: Callable[..., Any], record: RecordedGame, nodes: int) -> Iterator[Row]:
    """One Row per decision of the game; stops at an item the game refuses (e.g. a recorded illegal move)."""
    position = None if record.start == "startpos" else record.start
    game = Game(record.variant, rules=record.rules or None, position=position)
    limit = Limit(nodes=nodes)
    ply = 0
    items: List[str] = []
    for item in record.items:
        items += item.split(":", 1) if ":" in item else [item]  # "roll:turn" shorthand
    for item in items:
        if game.result is not None:
            break
        if game.is_chance:  # a roll: nothing to decide
            game.play(item)
            continue
        ply += 1
        try:
            move = game.parse_move(item)
        except Exception as exc:
            print(f"game {record.number}: ply {ply} {item!r} refused ({exc}); stopping there", file=sys.stderr)
            break
        side = game.side_to_move
        lines: List[InfoLine] = engine.analyse(game, limit)
        if not lines or not lines[0].pv:
            break
        best = lines[0]
        before = best.score.relative
        if str(best.pv[0]) == str(move):
            after = before
        else:
            played = engine.analyse(game, limit, root_moves=[move])
            after = played[0].score.relative if played else before
        loss = max(0, before.score(MATE_SCORE) - after.score(MATE_SCORE))
        yield Row(record.number, ply, side, str(move), str(best.pv[0]), before, after, loss)
        game.play(move)


def main(argv: Optional[Sequence[str]] = None, game_class: Optional[Callable[..., Any]] = None) -> int:
    """Command line entry point; ``game_class`` replaces ``tetsugaku.Game`` (tests)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="arena record file (arena match --record)")
    parser.add_argument("-o", "--output", help="CSV file (default: stdout)")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes per analysis (20000)")
    parser.add_argument("--engine", help="tetsugaku binary (default: $TETSUGAKU_ENGINE, then PATH)")
    parser.add_argument("--top", type=int, default=3, help="mistakes printed per game (3)")
    args = parser.parse_args(argv)

    if game_class is None:
        import tetsugaku

        game_class = tetsugaku.Game
    games = read_record(Path(args.record).read_text(encoding="utf-8"))
    out: TextIO = open(args.output, "w", newline="") if args.output else sys.stdout
    report = sys.stderr if out is sys.stdout else sys.stdout
    started = time.monotonic()
    try:
        writer = csv.writer(out)
        writer.writerow(["game", "ply", "side", "move", "best", "score_before", "score_after", "loss"])
        with Engine.open(args.engine) as engine:
            for record in games:
                engine.new_game()  # each game analysed from a clear table: reproducible rows
                rows = []
                for row in analyse_game(engine, game_class, record, args.nodes):
                    writer.writerow([row.game, row.ply, row.side, row.move, row.best,
                                     score_text(row.before), score_text(row.after), row.loss])
                    rows.append(row)
                worst = sorted((r for r in rows if r.loss > 0), key=lambda r: -r.loss)[: args.top]
                players = f"{record.headers.get('First', '?')} vs {record.headers.get('Second', '?')}"
                print(f"game {record.number} ({record.variant}, {players}, {record.headers.get('Result', '?')}): "
                      f"{len(rows)} moves analysed", file=report)
                for r in worst:
                    print(f"  ply {r.ply} {r.side} {r.move}: best {r.best}, "
                          f"{score_text(r.before)} -> {score_text(r.after)}, loss {r.loss}", file=report)
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"{len(games)} games in {time.monotonic() - started:.1f} s", file=report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
