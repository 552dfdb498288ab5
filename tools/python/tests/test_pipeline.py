"""examples/mistakes.py on small arena records generated here (arena match --record)."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

import conftest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import mistakes  # noqa: E402

ARENA = conftest.ROOT / "target" / "release" / "arena"

pytestmark = pytest.mark.usefixtures("no_leak")


def record(tmp_path: Path, engine_path: str, variant: str, *extra: str) -> Path:
    if not ARENA.exists():
        pytest.fail(f"{ARENA} not built (scripts/python-test.sh builds it: cargo build --release --bin arena)")
    out = tmp_path / f"{variant}.games"
    subprocess.run(
        [str(ARENA), "match", "--variant", variant, "--games", "2", "--max-plies", "12", "--seed", "7",
         "--engine", f"cmd={engine_path}", "name=d1", "depth=1",
         "--engine", f"cmd={engine_path}", "name=n300", "nodes=300",
         "--record", str(out), *extra],
        check=True, capture_output=True, timeout=60,
    )
    return out


def run(path: Path, out: Path, Game, nodes: int = 1500) -> list:
    mistakes.main([str(path), "-o", str(out), "--nodes", str(nodes)], game_class=Game)
    with open(out, newline="") as f:
        return list(csv.DictReader(f))


def test_record_parser_reads_headers_rules_and_moves(tmp_path, engine_path):
    path = record(tmp_path, engine_path, "makyek", "--rule", "MakyekWin=all-but-one")
    games = mistakes.read_record(path.read_text())
    assert [g.number for g in games] == ["1", "2"]
    assert all(g.variant == "makyek" and g.rules == {"MakyekWin": "all-but-one"} for g in games)
    assert all(len(g.items) == 12 and g.start == "startpos" for g in games)


def test_mistakes_csv_makyek_with_a_rule_option(tmp_path, engine_path, Game, capsys):
    path = record(tmp_path, engine_path, "makyek", "--rule", "MakyekWin=all-but-one")
    rows = run(path, tmp_path / "out.csv", Game)
    assert list(rows[0]) == ["game", "ply", "side", "move", "best", "score_before", "score_after", "loss"]
    games = mistakes.read_record(path.read_text())
    for game in games:
        mine = [r for r in rows if r["game"] == game.number]
        assert [int(r["ply"]) for r in mine] == list(range(1, len(game.items) + 1))
        assert [r["move"] for r in mine] == game.items
        assert [r["side"] for r in mine] == ["b", "w"] * (len(game.items) // 2)
    for r in rows:
        assert int(r["loss"]) >= 0
        if r["move"] == r["best"]:
            assert r["score_before"] == r["score_after"] and r["loss"] == "0"
    printed = capsys.readouterr().out
    assert "game 1 (makyek" in printed and "game 2 (makyek" in printed


def test_mistakes_csv_shogammon_skips_rolls(tmp_path, engine_path, Game):
    path = record(tmp_path, engine_path, "shogammon")
    rows = run(path, tmp_path / "out.csv", Game, nodes=500)
    games = mistakes.read_record(path.read_text())
    for game in games:
        turns = [i for i in game.items if not (i.isdigit() and len(i) == 2)]
        mine = [r for r in rows if r["game"] == game.number]
        assert [r["move"] for r in mine] == turns
        assert all(not (r["move"].isdigit() and len(r["move"]) == 2) for r in mine)


def test_mistakes_script_runs_as_a_program(tmp_path, engine_path, Game):
    path = record(tmp_path, engine_path, "hasami")
    out = tmp_path / "out.csv"
    env = dict(os.environ, TETSUGAKU_ENGINE=engine_path)
    done = subprocess.run([sys.executable, str(EXAMPLES / "mistakes.py"), str(path), "-o", str(out), "--nodes", "1000"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "game 1 (hasami" in done.stdout
    with open(out, newline="") as f:
        assert len(list(csv.DictReader(f))) == 24
