"""tetsugaku.engine against the real binary."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from conftest import engine_children
from tetsugaku.engine import (
    Engine,
    EngineError,
    EngineTerminatedError,
    EngineTimeoutError,
    Limit,
    MateResult,
    PovScore,
    Score,
)

pytestmark = pytest.mark.usefixtures("no_leak")


def alive(pid: int) -> bool:
    """True while /proc has the process (a zombie counts as alive: it was not reaped)."""
    return os.path.exists(f"/proc/{pid}")


@pytest.fixture
def engine(engine_path):
    with Engine.open(engine_path, timeout=10) as e:
        yield e


def test_open_handshake_and_options(engine_path):
    with Engine.open(engine_path, options={"USI_Hash": 16}) as engine:
        pid = engine.pid
        assert engine.id["name"].startswith("Tetsugaku")
        assert engine.options["MultiPV"].type == "spin"
        assert engine.options["MultiPV"].max == 500
        assert engine.options["Skill Level"].default == "20"
        assert engine.options["ShogammonDice"].default == "1:P 2:LN 3:S 4:G 5:BR 6:K"
        assert "shogammon" in engine.options["USI_Variant"].var
        engine.configure({"Skill Level": 20, "USI_Ponder": False})
        with pytest.raises(EngineError, match="USI_Hash"):
            engine.configure({"USI_Hash": 0})
        engine.ping()  # still usable after a refused option
    assert not alive(pid)


def test_open_finds_engine_from_environment(engine_path, monkeypatch):
    monkeypatch.setenv("TETSUGAKU_ENGINE", engine_path)
    with Engine.open() as engine:
        assert engine.returncode is None
    monkeypatch.setenv("TETSUGAKU_ENGINE", "/nonexistent/tetsugaku")
    with pytest.raises(EngineError, match="cannot start"):
        Engine.open()


def test_analyse_multipv3_gives_three_lines_with_move_objects(engine, Game):
    game = Game("shogi", moves=["7g7f", "3c3d"])
    lines = engine.analyse(game, Limit(depth=4), multipv=3)
    assert [l.multipv for l in lines] == [1, 2, 3]
    firsts = set()
    for line in lines:
        assert line.depth and line.depth >= 1
        assert isinstance(line.score, PovScore) and line.score.turn == "b"
        assert line.pv, line
        assert str(line.pv[0]) == line.pv_tokens[0]
        assert line.pv[0].token == line.pv_tokens[0]
        assert line.nodes and line.time is not None
        firsts.add(str(line.pv[0]))
        # the PV is legal along the line
        g = game.copy()
        for m in line.pv:
            g.play(m)
    assert len(firsts) == 3
    s = lines[0].score
    assert s.first() == s.relative and s.second() == -s.relative
    assert lines[0].score.relative.score() >= lines[2].score.relative.score() or lines[2].bound


def test_play_returns_a_legal_move(engine, Game):
    game = Game("dai-hasami")
    result = engine.play(game, Limit(nodes=5000))
    assert not result.resigned
    game.play(result.move)  # legal
    assert result.info is not None and str(result.info.pv[0]) == str(result.move)
    assert game.side_to_move == "w"


@pytest.mark.parametrize(
    "limit",
    [Limit(time=0.3), Limit(depth=3), Limit(nodes=3000), Limit(btime=2, wtime=2, byoyomi=0.2)],
    ids=["time", "depth", "nodes", "clock"],
)
def test_limits(engine, Game, limit):
    game = Game("shogi")
    started = time.monotonic()
    lines = engine.analyse(game, limit)
    elapsed = time.monotonic() - started
    assert len(lines) == 1
    if limit.time is not None:
        assert 0.1 <= elapsed < 2.0
    if limit.depth is not None:
        assert lines[0].depth <= 3 + 1
    if limit.nodes is not None:
        assert lines[0].nodes <= 3000 * 2
    with pytest.raises(ValueError):
        engine.analyse(game, Limit())


def test_other_variants_and_rules(engine, Game):
    game = Game("makyek", rules={"MakyekWin": "all-but-one"})
    assert engine.analyse(game, Limit(depth=2))[0].pv
    game = Game("checkers")
    assert engine.play(game, Limit(depth=2)).move is not None
    game = Game("philosophers-chess")
    assert engine.analyse(game, Limit(nodes=2000))[0].pv


def test_go_mate_on_a_tsume(engine, Game):
    game = Game("shogi", position="8k/9/6R2/9/9/9/9/9/K8 b G 1")
    result = engine.mate(game, Limit(time=5))
    assert isinstance(result, MateResult)
    assert result.status == "mate" and len(result.moves) == 3, result
    g = game.copy()
    for token in result.moves:
        g.play(token)
    assert g.result is not None and g.result.winner == "b"
    # the game is over: no info, bestmove resign
    assert engine.analyse(g, Limit(depth=2)) == []
    assert engine.play(g, Limit(depth=2)).resigned
    assert engine.mate(Game("shogi"), Limit(time=2)).status == "nomate"
    assert engine.mate(Game("hasami"), Limit(time=1)).status == "notimplemented"


def test_analysis_score_of_a_mate(engine, Game):
    game = Game("shogi", position="8k/9/6R2/9/9/9/9/9/K8 b G 1")
    line = engine.analyse(game, Limit(depth=5))[0]
    assert line.score.relative.is_mate() and line.score.relative.mate > 0
    assert line.score.first().mate > 0 and line.score.second().mate < 0


def test_shogammon_decision_node_analysed_chance_node_refused(engine, Game):
    game = Game("shogammon", moves=["61"])
    assert not game.is_chance
    lines = engine.analyse(game, Limit(depth=1), multipv=2)
    assert lines and lines[0].pv and "," in str(lines[0].pv[0]) or str(lines[0].pv[0]) == "pass"
    move = engine.play(game, Limit(depth=1)).move
    game.play(move)
    assert game.is_chance
    with pytest.raises(EngineError, match="chance node") as err:
        engine.analyse(game, Limit(depth=1))
    assert err.value.line.startswith("info string error")
    engine.ping()  # still usable
    assert engine.mate(game.copy(), Limit(time=1)).status == "notimplemented"


def test_killed_engine_raises_terminated_and_leaves_no_process(engine_path, Game):
    engine = Engine.open(engine_path, timeout=5)
    pid = engine.pid
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(EngineTerminatedError):
        engine.analyse(Game("shogi"), Limit(depth=3))
    assert not alive(pid)
    with pytest.raises(EngineTerminatedError):
        engine.ping()
    engine.close()
    assert pid not in engine_children()


def test_hung_engine_times_out_and_is_killed(engine_path, Game):
    engine = Engine.open(engine_path, timeout=1.0)
    pid = engine.pid
    os.kill(pid, signal.SIGSTOP)
    started = time.monotonic()
    with pytest.raises(EngineTimeoutError):
        engine.analyse(Game("shogi"), Limit(nodes=1000))
    assert time.monotonic() - started < 3.0
    assert not alive(pid)
    with pytest.raises(EngineTerminatedError):
        engine.play(Game("shogi"), Limit(nodes=1000))
    engine.close()


def test_hung_engine_in_the_middle_of_a_search(engine_path, Game):
    with Engine.open(engine_path, timeout=0.5) as engine:
        pid = engine.pid
        stopper = threading.Timer(0.2, os.kill, (pid, signal.SIGSTOP))
        stopper.start()
        started = time.monotonic()
        # the deadline is timeout + movetime = 1.5 s; the engine stops answering at 0.2 s
        with pytest.raises(EngineTimeoutError):
            engine.analyse(Game("shogi"), Limit(time=1.0))
        stopper.join()
        assert 1.4 < time.monotonic() - started < 3.0
        assert not alive(pid)


def test_context_manager_ends_process_on_exception(engine_path):
    with pytest.raises(KeyError):
        with Engine.open(engine_path) as engine:
            pid = engine.pid
            raise KeyError("boom")
    assert not alive(pid)


def test_score_arithmetic():
    assert -Score(cp=30) == Score(cp=-30)
    assert -Score(mate=3) == Score(mate=-3)
    assert Score(mate=3).score() == 100000 - 3 and Score(mate=-2).score() == -100000 + 2
    pov = PovScore(Score(cp=50), "w")
    assert pov.first() == Score(cp=-50) and pov.pov("w") == Score(cp=50)


def test_no_leftover_children_at_the_end(engine_path, Game):
    """Several engines opened and closed in a row leave nothing behind (checked by no_leak too)."""
    for _ in range(3):
        with Engine.open(engine_path) as engine:
            engine.play(Game("hasami"), Limit(depth=1))
    assert engine_children() == []


def test_not_an_engine():
    """A program that exits at once, or never says usiok: clear errors, nothing left running."""
    with pytest.raises(EngineTerminatedError):
        Engine.open("/bin/true", timeout=2)
    started = time.monotonic()
    with pytest.raises(EngineTimeoutError):
        Engine.open("/bin/cat", timeout=0.5)
    assert time.monotonic() - started < 2.0
