"""The Python rules agree with the engine process, and every bad input raises its error.

The engine is ``target/release/tetsugaku`` (or ``$TETSUGAKU_ENGINE``); ``scripts/python-test.sh``
builds it and installs the package before running this file.
"""

from __future__ import annotations

import copy
import os
import pathlib
import random
import subprocess

import pytest

import tetsugaku

ROOT = pathlib.Path(__file__).resolve().parents[3]
ENGINE = os.environ.get("TETSUGAKU_ENGINE", str(ROOT / "target" / "release" / "tetsugaku"))
NAMES = [v.name for v in tetsugaku.variants()]

# Random walks: plies per walk, walks per variant (seeded, so every run plays the same games).
PLIES = 300
GREEDY_PLIES = 3000
WALKS = 4
# Variants walked again with a rule option away from its default.
# Variants whose greedy walks may all stop before the game ends.
UNENDING: set[str] = set()
RULED = [("makyek", {"MakyekWin": "all-but-one"}), ("dai-hasami", {"DaiHasamiJumps": "false"})]


class Engine:
    """A persistent engine process, read until the known last line of each reply."""

    def __init__(self, path: str) -> None:
        self.process = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("usi")
        self.until(lambda line: line == "usiok")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the engine closed its output"
        return line.rstrip("\n")

    def until(self, last) -> list[str]:
        lines = []
        while True:
            lines.append(self.line())
            if last(lines[-1]):
                return lines

    def expect(self, prefix: str) -> str:
        """The next line starting with ``prefix`` (an ``info string`` line before it fails)."""
        line = self.line()
        assert line.startswith(prefix), f"expected {prefix!r}, the engine said {line!r}"
        return line

    def setup(self, variant: str, rules: dict[str, str]) -> None:
        self.send(f"variant {variant}")
        for name, value in rules.items():
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.expect("readyok")

    def position(self, start: str, moves: list[str]) -> None:
        start = "startpos" if start == "startpos" else f"sfen {start}"
        self.send(f"position {start}" + (f" moves {' '.join(moves)}" if moves else ""))

    def state(self) -> tuple[set[str], str, list[str]]:
        """The replies to ``moves``, ``result`` and ``d``."""
        self.send("moves")
        self.send("result")
        self.send("d")
        moves = set(self.expect("moves").split()[1:])
        result = self.expect("result ").removeprefix("result ")
        diagram = self.until(lambda line: line.startswith("key "))
        return moves, result, diagram

    def perft(self, depth: int) -> tuple[dict[str, int], int]:
        self.send(f"go perft {depth}")
        lines = self.until(lambda line: line.startswith("Nodes searched: "))
        divide = dict(line.rsplit(": ", 1) for line in lines[:-1])
        return {k: int(v) for k, v in divide.items()}, int(lines[-1].split()[-1])

    def close(self) -> None:
        self.send("quit")
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def engine():
    if not os.access(ENGINE, os.X_OK):
        pytest.fail(f"no engine at {ENGINE} (build it with cargo build --release)")
    process = Engine(ENGINE)
    yield process
    process.close()


def python_state(game: tetsugaku.Game) -> tuple[set[str], str, list[str]]:
    moves = [m for m, _ in game.rolls] if game.is_chance else game.legal_moves
    result = "ongoing" if game.result is None else str(game.result)
    return {m.token for m in moves}, result, game.diagram().split("\n")


def pieces(game: tetsugaku.Game) -> int:
    """The number of pieces on the board (letters of the position string's board field)."""
    return sum(c.isalpha() for c in game.position.split()[0])


def greedy_choice(game: tetsugaku.Game, rng: random.Random) -> tetsugaku.Move:
    """A move that ends the game if there is one, else mostly a capture: walks that reach the
    end of games random moves rarely finish (hasami, makyek, philosophers-chess)."""
    before = pieces(game)
    ending, captures = [], []
    moves = game.legal_moves
    # A sample only: Shogammon doubles have thousands of moves, each play checked against them.
    for move in rng.sample(moves, min(len(moves), 60)):
        game.play(move)
        if game.is_over:
            ending.append(move)
        elif pieces(game) < before:
            captures.append(move)
        game.undo()
    if ending:
        return rng.choice(ending)
    if captures and rng.random() < 0.8:
        return rng.choice(captures)
    return rng.choice(moves)


def walk(engine: Engine, variant: str, rules: dict[str, str], seed: int, greedy: bool = False) -> tetsugaku.Game:
    """Plays a seeded random game, checking nodes against the engine; the game played.

    A plain walk plays PLIES plies and checks every node. A `greedy` walk seeks the end of the
    game (up to GREEDY_PLIES plies: step variants take a thousand) and checks the first
    hundred nodes, every tenth after them, and the last.
    """
    rng = random.Random(f"{variant} {rules} {seed}")
    engine.setup(variant, rules)
    game = tetsugaku.Game(variant, rules=rules)
    assert game.rules == {**{o.name: o.default for o in option_list(variant)}, **rules}

    def check() -> None:
        engine.position(game.start, game.moves)
        assert engine.state() == python_state(game), f"{variant} {rules} after {game.moves}"

    limit = GREEDY_PLIES if greedy else PLIES
    while not game.is_over and len(game) < limit:
        if not greedy or len(game) < 100 or len(game) % 10 == 0:
            check()
        if game.is_chance:
            rolls, weights = zip(*game.rolls)
            move = rng.choices(rolls, weights)[0]
        elif greedy:
            move = greedy_choice(game, rng)
        else:
            move = rng.choice(game.legal_moves)
        key = game.key
        game.play(move)
        if rng.random() < 0.2:
            # Taking a move back restores the position exactly.
            assert game.undo() == move
            assert game.key == key
            game.play(move.token)
    check()
    if game.is_over:
        assert not game.legal_moves and not game.rolls and not game.places
    return game


def option_list(variant: str) -> list[tetsugaku.RuleOption]:
    return next(v.rule_options for v in tetsugaku.variants() if v.name == variant)


@pytest.mark.parametrize("variant", NAMES)
def test_random_walks_agree_with_the_engine(engine, variant):
    for seed in range(WALKS):
        walk(engine, variant, {}, seed)
    # Walks that seek the end of the game, so that results are compared too.
    ended = [walk(engine, variant, {}, seed, greedy=True).is_over for seed in range(WALKS)]
    assert any(ended) or variant in UNENDING, f"no {variant} walk reached the end of the game"


@pytest.mark.parametrize("variant,rules", RULED)
def test_random_walks_under_rule_options_agree_with_the_engine(engine, variant, rules):
    walk(engine, variant, rules, 0)


def test_games_from_a_position_string_agree_with_the_engine(engine):
    start = tetsugaku.Game("shogi", moves=["7g7f", "3c3d"]).position
    engine.setup("shogi", {})
    game = tetsugaku.Game("shogi", position=start, moves=["8h2b+"])
    assert game.start == start and game.moves == ["8h2b+"]
    engine.position(start, game.moves)
    assert engine.state() == python_state(game)


@pytest.mark.parametrize(
    "variant,moves,depth",
    [("shogi", [], 3), ("hasami", [], 3), ("makyek", [], 2), ("philosophers-chess", [], 2), ("checkers", [], 4)],
)
def test_perft_equals_the_engines(engine, variant, moves, depth):
    engine.setup(variant, {})
    game = tetsugaku.Game(variant, moves=moves)
    engine.position(game.start, game.moves)
    divide, total = engine.perft(depth)
    assert game.perft_divide(depth) == divide
    assert game.perft(depth) == total


def test_perft_at_and_after_a_shogammon_roll(engine):
    engine.setup("shogammon", {})
    game = tetsugaku.Game("shogammon")
    assert game.is_chance and not game.legal_moves
    assert sum(w for _, w in game.rolls) == 36
    engine.position(game.start, game.moves)
    assert game.perft_divide(1) == engine.perft(1)[0]
    game.play(game.rolls[0][0])
    assert not game.is_chance and game.legal_moves
    engine.position(game.start, game.moves)
    assert game.perft(2) == engine.perft(2)[1]


def test_variants_list_their_rule_options():
    assert len(NAMES) == 15 and "shogi" in NAMES
    makyek = option_list("makyek")
    assert [o.name for o in makyek] == ["MakyekWin"]
    assert makyek[0].kind == "combo" and makyek[0].default in makyek[0].values and makyek[0].about
    assert tetsugaku.Game("shogi").rules == {}
    assert tetsugaku.Game("dai-hasami", rules={"DaiHasamiJumps": False}).rules == {"DaiHasamiJumps": "false"}


def test_moves_compare_by_token():
    game = tetsugaku.Game("shogi")
    move = game.parse_move("7g7f")
    assert str(move) == move.token == "7g7f" and repr(move) == 'Move("7g7f")'
    assert move in game.legal_moves and "7g7f" in game.legal_moves
    assert move == tetsugaku.Game("shogi").parse_move("7g7f") and hash(move) == hash("7g7f")
    assert move != tetsugaku.Game("ito").legal_moves[0]
    assert len({m for m in game.legal_moves} | {move}) == 30
    assert all(isinstance(p, str) for _, places in game.places for p in places)
    assert {m for m, _ in game.places} == set(game.legal_moves)


def test_copies_are_independent_and_undo_takes_back_the_last_move():
    game = tetsugaku.Game("shogi", moves=["7g7f"])
    other = game.copy()
    other.play("3c3d")
    deep = copy.deepcopy(other)
    assert (game.moves, other.moves, deep.moves) == (["7g7f"], ["7g7f", "3c3d"], ["7g7f", "3c3d"])
    assert other.undo() == "3c3d" and other.position == game.position and other.key == game.key
    assert len(other) == other.ply == 1 and game.side_to_move == "w"


def test_results_and_checks():
    # Fool's-mate-like shogi position: the first player is checkmated.
    game = tetsugaku.Game("shogi", position="4k4/9/9/9/9/9/9/4g4/4K4 b G 1", moves=[])
    assert game.result is None and not game.is_over
    game = tetsugaku.Game("shogi", position="4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1")
    assert game.in_check and game.is_over
    assert game.result.winner == "b" and game.result.reason
    assert str(game.result) == f"b {game.result.reason}"
    with pytest.raises(tetsugaku.IllegalMoveError):
        game.play("5a4a")


def test_every_error_kind_is_raised_for_bad_input():
    with pytest.raises(tetsugaku.VariantError):
        tetsugaku.Game("no-such-variant")
    with pytest.raises(tetsugaku.RuleOptionError):
        tetsugaku.Game("makyek", rules={"MakyekWin": "some"})
    with pytest.raises(tetsugaku.RuleOptionError):
        tetsugaku.Game("shogi", rules={"MakyekWin": "all"})
    with pytest.raises(tetsugaku.RuleOptionError):
        tetsugaku.Game("makyek", rules={"MakyekWin": 1.5})
    for position, field in [
        ("9/9/9 b - 1", "board"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b Q 1", "hand"),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0", "move_number"),
        ("lnsgkgsnl", "whole"),
    ]:
        with pytest.raises(tetsugaku.PositionError) as error:
            tetsugaku.Game("shogi", position=position)
        assert error.value.field == field, position
    game = tetsugaku.Game("shogi")
    with pytest.raises(tetsugaku.BadMoveError) as bad:
        game.play("7g7x")
    assert bad.value.token == "7g7x"
    with pytest.raises(tetsugaku.IllegalMoveError, match="cannot reach"):
        game.parse_move("7g7e")
    with pytest.raises(tetsugaku.IllegalMoveError):
        tetsugaku.Game("shogi", moves=["7g7f", "7g7f"])
    with pytest.raises(tetsugaku.UndoError):
        game.undo()
    with pytest.raises(TypeError):
        game.play(7)
    assert game.moves == [] and game.position == tetsugaku.Game("shogi").position
    for error in ["VariantError", "RuleOptionError", "PositionError", "BadMoveError", "IllegalMoveError", "UndoError"]:
        assert issubclass(getattr(tetsugaku, error), tetsugaku.TetsugakuError)
    assert issubclass(tetsugaku.TetsugakuError, ValueError)


def test_bad_input_never_panics():
    # Odd text in every field of every variant is refused with an error, never a crash.
    texts = ["", " ", "\x00", "é", "9" * 40, "+", "*", "P*", "1a1a", "-", "0/0 b - 1", "b w - 99999999999999999999"]
    for name in NAMES:
        game = tetsugaku.Game(name)
        for text in texts:
            with pytest.raises(tetsugaku.TetsugakuError):
                tetsugaku.Game(name, position=text)
            try:
                game.parse_move(text)
            except tetsugaku.TetsugakuError:
                pass


def test_pictures_and_diagrams():
    for name in NAMES:
        game = tetsugaku.Game(name)
        assert game.svg().startswith("<svg") and game.svg(flip=True).startswith("<svg")
        assert game._repr_svg_() == game.svg()
        lines = game.diagram().split("\n")
        assert lines[-3:] == [f"side {game.side_to_move}", f"sfen {game.position}", f"key {game.key:016X}"]


def test_help_shows_the_docstrings():
    assert "legal" in (tetsugaku.Game.legal_moves.__doc__ or "")
    assert "perft" in (tetsugaku.Game.perft.__doc__ or "")
    assert tetsugaku.Game.__doc__ and tetsugaku.__doc__


def test_games_pickle_and_rebuild():
    import pickle

    game = tetsugaku.Game("makyek", rules={"MakyekWin": "all-but-one"})
    game.play(game.legal_moves[0])
    back = pickle.loads(pickle.dumps(game))
    assert (back.variant, back.rules, back.start, back.moves, back.key) == (
        game.variant,
        game.rules,
        game.start,
        game.moves,
        game.key,
    )
    start = tetsugaku.Game("shogi", moves=["7g7f"]).position
    assert pickle.loads(pickle.dumps(tetsugaku.Game("shogi", position=start))).start == start


def test_perft_runs_in_threads():
    # perft releases the GIL: threads count side by side and agree with one another.
    from concurrent.futures import ThreadPoolExecutor

    game = tetsugaku.Game("shogi")
    with ThreadPoolExecutor(4) as pool:
        counts = list(pool.map(lambda g: g.perft(3), [game.copy() for _ in range(4)] + [game]))
    assert counts == [25470] * 5
