#!/usr/bin/env python3
"""The soak table: every arena record under the given directories, counted per variant.

Reads what `scripts/soak.sh` leaves in a run directory, one match per variant and clock:

- `<stem>.games`, the arena record: the match header (`Variant`, rule options, `EngineLimit`,
  `Seed`) and per game `Result`, `Termination`, `Reason`, `IllegalMove`, `Trouble`, `moves`;
- `<stem>.err`, arena's stderr: progress lines (ignored), its warnings (unexpected output,
  refused commands, restarts) and, because soak.sh runs it with `RUST_LOG=warn,arena::engine=debug`,
  every line the engines wrote to stderr (tetsugaku's warnings and errors, panics);
- `<stem>.meta`, written by soak.sh when the match ended: `key=value` lines (`games` asked for,
  `status` of arena, `seconds` of wall time, `concurrency`, the one-minute load average at its
  start and end, `load_start` and `load_end`, shown with its faulty games: time losses on a
  machine loaded beyond its cores are the machine's);
- `run.meta`, one per run: `wall`, `jobs`, `seed`, the load average, ...

and runs `arena replay` on every record. Writes `summary.md` (the tables and the faults) and
`faults.txt` (every faulty game with its `position` command, to reproduce it) into --out and
prints the summary. Records of earlier runs merge by being named together: the directories are
searched recursively. Exit status: 0 when nothing went wrong, 1 on any illegal move, time loss,
crash, INVALID replay, protocol trouble, engine stderr or arena warning, failed or incomplete
match; 2 when there is nothing to read.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys

TERMINATIONS = ("rules", "time", "illegal", "crash", "resign", "adjudication")
# Terminations that are faults of an engine (the others end games normally).
FAULT_TERMINATIONS = ("time", "illegal", "crash")
# Match-header keys that are not rule options (tools/arena/README.md, "Record format").
MATCH_KEYS = {
    "Match", "Variant", "Seed", "Games", "Format", "Openings", "OpeningsDigest", "Engine",
    "EngineLimit", "EngineSetup", "Adjudication", "Sprt", "Slice",
}
HEADER = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
REPLAY = re.compile(r"^game (\d+): .* vs .*?: (ok|INVALID: .*)$")
PROGRESS = re.compile(r"^\[ *\d+/\d+\] game \d+: ")
# Lines of each kind listed in summary.md; faults.txt has them all.
SHOWN = 12


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def parse_record(path):
    """The match header (key -> list of values) and the games (key -> value, plus `items`)."""
    match, games, block = {}, [], collections.defaultdict(list)
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.rstrip("\n")
            found = HEADER.match(line)
            if found:
                block[found.group(1)].append(unescape(found.group(2)))
            elif line == "match":
                match, block = dict(block), collections.defaultdict(list)
            elif line == "moves" or line.startswith("moves "):
                game = {key: values[0] for key, values in block.items()}
                game["items"] = line.split()[1:]
                games.append(game)
                block = collections.defaultdict(list)
            elif line.strip():
                raise ValueError(f"{path}: cannot read line {line[:60]!r}")
    return match, games


def read_meta(path):
    meta = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                key, _, value = line.rstrip("\n").partition("=")
                meta[key] = value
    return meta


def replay(arena, path):
    """`arena replay` of one record: (game number -> 'ok' or 'INVALID: why', error or None)."""
    done = subprocess.run([arena, "replay", path], capture_output=True, text=True, check=False)
    verdicts = {}
    for line in done.stdout.splitlines():
        found = REPLAY.match(line)
        if found:
            verdicts[int(found.group(1))] = found.group(2)
    error = None
    if done.returncode not in (0, 1):
        error = f"arena replay exited with status {done.returncode}: {done.stderr.strip()[:200]}"
    return verdicts, error


def log_lines(path):
    """The lines of an arena stderr log that are not progress lines."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as lines:
        return [line.rstrip("\n") for line in lines if line.strip() and not PROGRESS.match(line)]


def group_of(match, game):
    """The variant with its non-default rule options: `makyek (MakyekWin=all-but-one)`."""
    variant = (match.get("Variant") or [game.get("Variant", "?")])[0]
    rules = [f"{key}={values[0]}" for key, values in match.items() if key not in MATCH_KEYS]
    return variant + (f" ({', '.join(rules)})" if rules else "")


class Row:
    def __init__(self):
        self.games = 0
        self.results = collections.Counter()
        self.plies = 0
        self.terminations = collections.Counter()
        self.max_plies = 0
        self.unexpected = 0
        self.refused = 0
        self.log = 0
        self.ok = 0
        self.invalid = 0
        self.matches = 0
        self.seconds = 0.0
        self.slot_seconds = 0.0
        self.failed_matches = 0
        self.missing = 0

    def add(self, other):
        for key, value in vars(other).items():
            if isinstance(value, collections.Counter):
                getattr(self, key).update(value)
            else:
                setattr(self, key, getattr(self, key) + value)

    def faults(self):
        return (sum(self.terminations[t] for t in FAULT_TERMINATIONS) + self.unexpected + self.refused
                + self.log + self.invalid + self.failed_matches + self.missing)


def plies_of(game):
    """Moves played (dice rolls, which are items of two digits in Shogammon, excluded)."""
    items = game["items"]
    if game.get("Variant") == "shogammon":
        return sum(1 for item in items if not re.fullmatch(r"[1-6]{2}", item))
    return len(items)


def fmt_seconds(seconds):
    seconds = int(round(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+", help="run directories (searched recursively)")
    parser.add_argument("--arena", required=True, help="the arena binary (for arena replay)")
    parser.add_argument("--out", required=True, help="where summary.md and faults.txt go")
    parser.add_argument("--order", default="", help="variants in table order, comma-separated")
    parser.add_argument("--jobs", type=int, default=2, help="replays at once")
    args = parser.parse_args()

    records, runs = [], []
    for top in args.dirs:
        if not os.path.isdir(top):
            print(f"soak: no directory {top}", file=sys.stderr)
            return 2
        for here, dirs, files in os.walk(top):
            dirs.sort()
            # A match is its record, or its .meta alone when arena failed before writing one.
            records += [os.path.join(here, name.rsplit(".", 1)[0] + ".games") for name in files
                        if name.endswith((".games", ".meta")) and name != "run.meta"]
            if "run.meta" in files:
                runs.append((here, read_meta(os.path.join(here, "run.meta"))))
    records = sorted(set(os.path.normpath(path) for path in records))
    if not records:
        print(f"soak: no match records (.games or .meta) in {' '.join(args.dirs)}", file=sys.stderr)
        return 2

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        present = [path for path in records if os.path.exists(path)]
        replays = dict(zip(present, pool.map(lambda path: replay(args.arena, path), present)))

    rows = collections.defaultdict(Row)  # group -> Row
    clocks = collections.defaultdict(Row)  # clock -> Row
    parallelism = collections.defaultdict(set)  # clock -> {jobs x concurrency of its runs}
    run_of = {os.path.normpath(here): meta for here, meta in runs}
    faults, logs, problems, repro = [], [], [], []
    seen = collections.defaultdict(list)  # (group, clock, seed) -> records
    for path in records:
        stem = path[: -len(".games")]
        meta = read_meta(stem + ".meta")
        try:
            match, games = parse_record(path) if os.path.exists(path) else ({}, [])
        except (OSError, ValueError) as error:
            problems.append(f"{path}: unreadable: {error}")
            continue
        if not games and "variant" in meta:
            match = {"Variant": [meta["variant"]], "EngineLimit": [meta.get("clock", "?")]}
        run = run_of.get(os.path.dirname(path), {})
        group = group_of(match, games[0] if games else {})
        clock = (match.get("EngineLimit") or [games[0].get("FirstLimit", "?") if games else "?"])[0]
        seen[(group, clock, (match.get("Seed") or ["?"])[0])].append(path)
        row = Row()
        row.matches = 1
        verdicts, replay_error = replays[path] if os.path.exists(path) else ({}, None)
        if replay_error:
            problems.append(f"{path}: {replay_error}")
            row.failed_matches += 1
        for game in games:
            row.games += 1
            row.results[game.get("Result", "?")] += 1
            row.plies += plies_of(game)
            termination = game.get("Termination", "?")
            row.terminations[termination] += 1
            reason = game.get("Reason", "")
            if termination == "adjudication" and reason.startswith("max plies"):
                row.max_plies += 1
            trouble = [int(n) for n in game.get("Trouble", "0 0 0 0").split()]
            row.unexpected += trouble[0] + trouble[2]
            row.refused += trouble[1] + trouble[3]
            number = int(game.get("Game", "0"))
            verdict = verdicts.get(number, "INVALID: not replayed")
            row.ok += verdict == "ok"
            row.invalid += verdict != "ok"
            faulty = termination in FAULT_TERMINATIONS or any(trouble) or verdict != "ok"
            if faulty:
                what = termination if termination in FAULT_TERMINATIONS else "trouble" if any(trouble) else "invalid"
                load = f", load {meta['load_start']} / {meta['load_end']}" if "load_start" in meta else ""
                line = (f"{path}: game {number} ({group}, {clock}, {game.get('First')} vs {game.get('Second')},"
                        f" {plies_of(game)} plies{load}): {what}: {game.get('Result')} {termination} ({reason})")
                if "IllegalMove" in game:
                    line += f", illegal move {game['IllegalMove']}"
                if any(trouble):
                    line += f", Trouble {' '.join(map(str, trouble))}"
                if verdict != "ok":
                    line += f", replay {verdict}"
                faults.append(line)
                repro.append(f"{line}\n  variant {group.split()[0]}\n  position {game.get('Start', 'startpos')}"
                             f" moves {' '.join(game['items'])}\n")
        if not meta and run:
            problems.append(f"{path}: no {os.path.basename(stem)}.meta: the match did not finish")
        asked = int(meta.get("games") or run.get("games") or row.games)
        if row.games < asked:
            row.missing = asked - row.games
            problems.append(f"{path}: {row.games} of {asked} games recorded")
        if meta.get("status", "0") != "0":
            row.failed_matches += 1
            problems.append(f"{path}: arena match exited with status {meta['status']} (see {stem}.err)")
        for line in log_lines(stem + ".err"):
            row.log += 1
            logs.append(f"{stem}.err: {line}")
        if "seconds" in meta:
            row.seconds = float(meta["seconds"])
            row.slot_seconds = row.seconds * int(meta.get("concurrency", "1"))
        if "jobs" in run:
            parallelism[clock].add(int(run["jobs"]) * int(meta.get("concurrency", "1")))
        rows[group].add(row)
        clocks[clock].add(row)

    order = [v for v in args.order.split(",") if v]
    rank = {variant: i for i, variant in enumerate(order)}
    groups = sorted(rows, key=lambda g: (rank.get(g.split()[0], len(order)), g))
    total = Row()
    for row in rows.values():
        total.add(row)

    def cells(name, row):
        r = row.results
        return [name, row.games, r["1-0"], r["1/2-1/2"], r["0-1"],
                f"{row.plies / row.games:.0f}" if row.games else "-",
                *(row.terminations[t] for t in TERMINATIONS), row.max_plies,
                row.unexpected, row.refused, row.log, row.ok, row.invalid]

    out = ["# Soak: tetsugaku against itself in every variant", ""]
    wall = sum(float(meta.get("wall", 0)) for _, meta in runs)
    out.append(f"{total.games} games in {len(records)} matches from {len(runs)} run(s);"
               f" wall time {fmt_seconds(wall)}"
               + (f", {total.games * 3600 / wall:.0f} games/hour" if wall else "") + ".")
    out.append("")
    header = ["variant", "games", "1-0", "½-½", "0-1", "plies/game", *TERMINATIONS, "of which max-plies",
              "unexpected lines", "refused cmds", "log lines", "replay ok", "INVALID"]
    body = [cells(group, rows[group]) for group in groups]
    body.append(cells("**total**", total))
    out += table(header, body)
    out += ["", "Columns time, illegal and crash are the time losses, illegal moves and crashes;"
            " unexpected lines and refused commands are the records' `Trouble` headers; log lines are"
            " arena warnings and engine stderr lines in the `.err` logs; replay is `arena replay`.", ""]

    out += ["## Per clock", ""]
    clock_rows = []
    for clock in sorted(clocks):
        row = clocks[clock]
        per_game = row.slot_seconds / row.games if row.games and row.slot_seconds else 0
        slots = parallelism.get(clock, set())
        at = ""
        if per_game and len(slots) == 1:
            (n,) = slots
            at = f"{n * 3600 / per_game:.0f} ({n} at once)"
        clock_rows.append([clock, row.games, row.matches, f"{row.plies / row.games:.0f}" if row.games else "-",
                           fmt_seconds(row.seconds) if row.seconds else "-",
                           f"{per_game:.2f}" if per_game else "-",
                           f"{3600 / per_game:.0f}" if per_game else "-", at or "-", row.faults()])
    out += table(["clock", "games", "matches", "plies/game", "match time", "s/game", "games/h per slot",
                  "games/h", "faults"], clock_rows)
    out += ["", "Match time is the sum of the matches' wall times; s/game is match time × games at once"
            " per match ÷ games (a slot is one game in progress: two engine processes, one thinking);"
            " games/h multiplies by the slots of the run (jobs × concurrency).", ""]

    if runs:
        out += ["## Runs", ""]
        out += table(["directory", "started", "wall", "jobs", "concurrency", "seed", "clocks", "load (start / end)"],
                     [[here, meta.get("started", "?"), fmt_seconds(float(meta.get("wall", 0))), meta.get("jobs", "?"),
                       meta.get("concurrency", "?"), meta.get("seed", "?"), meta.get("clocks", "?"),
                       f"{meta.get('load_start', '?')} / {meta.get('load_end', '?')}"] for here, meta in runs])
        out.append("")

    for here, meta in runs:
        if "wall" not in meta:
            problems.append(f"{here}: the run did not finish ({'interrupted' if 'interrupted' in meta else 'still running?'}):"
                            " the matches it had not started are missing")
    repeats = [paths for paths in seen.values() if len(paths) > 1]
    if repeats:
        out += ["## Notes", ""]
        out += [f"- same variant, clock and seed (same openings and dice) in: {', '.join(paths)}" for paths in repeats]
        out.append("")

    status = 0
    if faults or logs or problems:
        status = 1
        out += ["## Faults", ""]
        for title, lines in (("Games", faults), ("Matches", problems), ("Log lines", logs)):
            if lines:
                out.append(f"{title} ({len(lines)}):")
                out += [f"- {line}" for line in lines[:SHOWN]]
                if len(lines) > SHOWN:
                    out.append(f"- ... {len(lines) - SHOWN} more in faults.txt")
                out.append("")
        out.append("FAIL: illegal moves, time losses, crashes, trouble, INVALID replays or log lines (above).")
    else:
        out.append("PASS: no illegal move, time loss, crash, protocol trouble, log line or INVALID replay.")

    os.makedirs(args.out, exist_ok=True)
    text = "\n".join(out) + "\n"
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as file:
        file.write(text)
    with open(os.path.join(args.out, "faults.txt"), "w", encoding="utf-8") as file:
        file.write("".join(repro))
        file.writelines(line + "\n" for line in problems + logs)
    print(text, end="")
    return status


if __name__ == "__main__":
    sys.exit(main())
