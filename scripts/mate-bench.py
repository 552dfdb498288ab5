#!/usr/bin/env python3
"""Checkmate-solver benchmark: Tetsugaku's `go mate` against another USI tsume solver.

Reads a problem file (default scripts/mate-problems.tsv): `#` comment lines and blank lines
are skipped, every other line is `name<TAB>plies<TAB>sfen<TAB>source` (plies: the published
length, a non-negative integer). Each problem is solved by Tetsugaku and, with --other, by the
other engine (e.g. KomoringHeights): one fresh engine process per problem and engine, one at a
time, the engine that goes first alternating from problem to problem. Each engine gets
`setoption name USI_Hash value <--hash>`, `Threads 1` (when it lists that option),
`USI_Variant shogi` (when it lists that option), the --other-option / --engine-option
settings, then `isready`, `usinewgame`, `position sfen <sfen>` and `go mate <--time-ms>`.

Recorded per problem and engine:
  result       mate / nomate / timeout / error (an engine that dies, prints
               `info string error`, or gives no `checkmate` line within the time limit + 30 s
               -- it is then killed)
  length       plies of the `checkmate` line
  first-proof  ms of the first proof, from the engine's own `time` field:
               - KomoringHeights: its first `info` line whose `string` says
                 `# 1st result: mate in L(upper_bound:U)` (any ordinal; a `result: {disproof...}`
                 line is not a proof);
               - Tetsugaku (and any other engine): its first `info` line with `score mate <n>`,
                 n > 0. An engine that prints no such line but answers a mate gets its total ms
                 instead, marked `*` in the table.
  total        ms from writing `go` to reading the `checkmate` line, measured by this script
  nodes        from the last `info` line that has `nodes`

Output: a Markdown table and one summary line per engine (problems solved, sum of first-proof
times, and for problems both engines mated: how often Tetsugaku's first proof is within 2x of
the other's -- times below 1 ms count as 1 ms -- and how often its line is no longer than the
other's). --json writes every record, with the engines' answer and first-proof lines.

Example:
  scripts/mate-bench.py --other /path/to/KomoringHeights-by-gcc --time-ms 60000
"""

import argparse
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KH_PROOF = re.compile(r"#\s*\w+ result: mate in (\d+)")


class ProblemFileError(Exception):
    pass


def read_problems(path):
    problems = []
    seen = set()
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ProblemFileError(f"{path}: cannot read: {e.strerror}")
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path}:{number}"
        fields = line.split("\t")
        if len(fields) != 4:
            raise ProblemFileError(
                f"{where}: expected 4 tab-separated fields (name, plies, sfen, source), "
                f"found {len(fields)}: {line!r}")
        name, plies, sfen, source = (x.strip() for x in fields)
        if not name:
            raise ProblemFileError(f"{where}: empty name")
        if name in seen:
            raise ProblemFileError(f"{where}: name {name!r} used twice")
        seen.add(name)
        if not re.fullmatch(r"\d+", plies):
            raise ProblemFileError(f"{where}: plies must be a non-negative integer, got {plies!r}")
        if len(sfen.split()) < 3:
            raise ProblemFileError(f"{where}: sfen needs board, side and hand, got {sfen!r}")
        problems.append({"name": name, "plies": int(plies), "sfen": sfen, "source": source})
    if not problems:
        raise ProblemFileError(f"{path}: no problems")
    return problems


class Engine:
    """One USI engine process; its stdout read line by line by a thread into a queue."""

    def __init__(self, path):
        self.path = path
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            cwd=os.path.dirname(os.path.abspath(path)) or None)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self._keep_stderr), daemon=True).start()

    @staticmethod
    def _pump(stream, sink):
        for raw in iter(stream.readline, b""):
            # KomoringHeights' disproof strings are Japanese UTF-8 (金, 歩 ...); never fail on bytes.
            sink(raw.decode("utf-8", "replace").rstrip("\r\n"))
        sink(None)

    def _keep_stderr(self, line):
        if line is not None:
            self.stderr = (self.stderr + [line])[-20:]

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def readline(self, deadline):
        """The next line, None at end of output; raises TimeoutError after `deadline`."""
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        try:
            return self.lines.get(timeout=left)
        except queue.Empty:
            raise TimeoutError

    def until(self, predicate, deadline):
        while True:
            line = self.readline(deadline)
            if line is None:
                raise EOFError
            if predicate(line):
                return line

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def kill(self):
        self.proc.kill()
        self.proc.wait()


def field(tokens, name):
    """The integer after `name` in an info line's tokens (before any `string`/`pv`), or None."""
    for i, token in enumerate(tokens[:-1]):
        if token in ("string", "pv"):
            break
        if token == name:
            try:
                return int(tokens[i + 1])
            except ValueError:
                return None
    return None


def solve(path, options, problem, time_ms, guard_s):
    """Runs one problem in a fresh process of the engine at `path`; returns its record."""
    record = {"result": "error", "length": None, "first_ms": None, "first_fallback": False,
              "total_ms": None, "nodes": None, "answer": None, "first_line": None, "detail": ""}
    start = time.monotonic()
    try:
        engine = Engine(path)
    except OSError as e:
        record["detail"] = f"cannot start {path}: {e.strerror}"
        return record, None
    name = os.path.basename(path)
    try:
        setup_deadline = start + max(30.0, guard_s)
        engine.send("usi")
        listed = set()
        while True:
            line = engine.until(lambda l: True, setup_deadline)
            if line.startswith("id name "):
                name = line[len("id name "):].strip()
            elif line.startswith("option name "):
                listed.add(line.split()[2])
            elif line.strip() == "usiok":
                break
        settings = [("USI_Hash", str(options["hash"]))]
        if "Threads" in listed:
            settings.append(("Threads", "1"))
        if "USI_Variant" in listed:
            settings.append(("USI_Variant", "shogi"))
        settings += options["extra"]
        for option, value in settings:
            engine.send(f"setoption name {option} value {value}")
        kh = name.startswith("KomoringHeights")
        engine.send("isready")
        engine.until(lambda l: l.strip() == "readyok", setup_deadline)
        engine.send("usinewgame")
        engine.send(f"position sfen {problem['sfen']}")
        go = time.monotonic()
        engine.send(f"go mate {time_ms}")
        deadline = go + time_ms / 1000 + guard_s
        while True:
            line = engine.readline(deadline)
            if line is None:
                raise EOFError
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == "checkmate":
                record["total_ms"] = round((time.monotonic() - go) * 1000)
                record["answer"] = line
                rest = tokens[1:]
                if rest in (["nomate"], ["timeout"]):
                    record["result"] = rest[0]
                elif rest and rest[0] not in ("notimplemented",):
                    record["result"] = "mate"
                    record["length"] = len(rest)
                else:
                    record["detail"] = f"answer {line!r}"
                break
            if tokens[0] != "info":
                continue
            if "string" in tokens and " ".join(tokens[tokens.index("string") + 1:]).startswith("error"):
                record["detail"] = line
                break
            nodes = field(tokens, "nodes")
            if nodes is not None:
                record["nodes"] = nodes
            if record["first_ms"] is None and is_first_proof(tokens, line, kh):
                record["first_ms"] = field(tokens, "time")
                record["first_line"] = line
        engine.close()
    except TimeoutError:
        engine.kill()
        record["detail"] = f"no answer within {time_ms / 1000 + guard_s:.0f} s: killed"
    except EOFError:
        engine.kill()
        record["detail"] = "engine exited" + (": " + engine.stderr[-1] if engine.stderr else "")
    except (OSError, BrokenPipeError) as e:
        engine.kill()
        record["detail"] = f"pipe: {e}"
    if record["result"] == "mate" and record["first_ms"] is None:
        record["first_ms"] = record["total_ms"]
        record["first_fallback"] = True
    return record, name


def is_first_proof(tokens, line, kh):
    """KomoringHeights: `string # 1st result: mate in L(...)`; others: `score mate <n>`, n > 0."""
    if kh:
        return "string" in tokens and bool(KH_PROOF.search(line.split(" string ", 1)[-1]))
    for i, token in enumerate(tokens[:-2]):
        if token == "score" and tokens[i + 1] == "mate":
            try:
                return int(tokens[i + 2]) > 0
            except ValueError:
                return False
    return False


def ms(record, key="first_ms"):
    value = record[key]
    if value is None:
        return "-"
    return f"{value:,}" + ("*" if key == "first_ms" and record["first_fallback"] else "")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("problems", nargs="?", default=os.path.join(ROOT, "scripts", "mate-problems.tsv"),
                        help="problem file (default scripts/mate-problems.tsv)")
    parser.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "tetsugaku"),
                        help="tetsugaku binary (default target/release/tetsugaku of this repository)")
    parser.add_argument("--other", help="another USI mate solver, e.g. KomoringHeights-by-gcc")
    parser.add_argument("--time-ms", type=int, default=60000, help="go mate <ms> (default 60000)")
    parser.add_argument("--hash", type=int, default=256, help="USI_Hash in MiB for both (default 256)")
    parser.add_argument("--other-option", action="append", default=[], metavar="NAME=VALUE",
                        help="setoption for the other engine (repeatable)")
    parser.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE",
                        help="setoption for tetsugaku (repeatable)")
    parser.add_argument("--guard-s", type=float, default=30.0,
                        help="seconds beyond --time-ms before a silent engine is killed (default 30)")
    parser.add_argument("--filter", help="only problems whose name matches this regular expression")
    parser.add_argument("--json", help="write the raw results to this file")
    args = parser.parse_args()

    def pairs(items):
        out = []
        for item in items:
            if "=" not in item:
                parser.error(f"option {item!r} is not NAME=VALUE")
            out.append(tuple(item.split("=", 1)))
        return out

    if args.time_ms < 0 or args.hash < 1:
        parser.error("--time-ms must be >= 0 and --hash >= 1")
    try:
        problems = read_problems(args.problems)
    except ProblemFileError as e:
        sys.exit(f"mate-bench: {e}")
    if args.filter:
        try:
            pattern = re.compile(args.filter)
        except re.error as e:
            parser.error(f"--filter: {e}")
        problems = [p for p in problems if pattern.search(p["name"])]
        if not problems:
            sys.exit(f"mate-bench: no problem name matches {args.filter!r}")
    engine_extra, other_extra = pairs(args.engine_option), pairs(args.other_option)
    if other_extra and not args.other:
        parser.error("--other-option needs --other")
    engines = [("tetsugaku", args.engine, {"hash": args.hash, "extra": engine_extra})]
    if args.other:
        engines.append(("other", args.other, {"hash": args.hash, "extra": other_extra}))
    for _, path, _ in engines:
        if not os.access(path, os.X_OK):
            sys.exit(f"mate-bench: {path} is not an executable file")

    names = {key: os.path.basename(path) for key, path, _ in engines}
    full_names = dict(names)
    results = []
    for index, problem in enumerate(problems):
        order = engines if index % 2 == 0 else engines[::-1]
        row = {"problem": problem, "order": [key for key, _, _ in order]}
        for key, path, options in order:
            record, name = solve(path, options, problem, args.time_ms, args.guard_s)
            if name:
                full_names[key] = name
                names[key] = name.split()[0]
            row[key] = record
            print(f"{problem['name']}: {names[key]}: {record['result']}"
                  + (f" in {record['length']}" if record["length"] else "")
                  + f", first {ms(record)} ms, total {ms(record, 'total_ms')} ms"
                  + (f" ({record['detail']})" if record["detail"] else ""), file=sys.stderr, flush=True)
        results.append(row)

    keys = [key for key, _, _ in engines]
    header = ["problem", "plies"]
    for key in keys:
        short = names[key]
        header += [f"{short} result", "length", "first ms", "total ms", "nodes"]
    print(f"\ngo mate {args.time_ms} ms, USI_Hash {args.hash} MiB, Threads 1; "
          + ", ".join(f"{names[k]}: {full_names[k]} ({path})" for k, path, _ in engines) + "\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["--:"] + ["---", "--:", "--:", "--:", "--:"] * len(keys)) + "|")
    for row in results:
        cells = [row["problem"]["name"], str(row["problem"]["plies"])]
        for key in keys:
            r = row[key]
            cells += [r["result"], str(r["length"]) if r["length"] else "-", ms(r), ms(r, "total_ms"),
                      f"{r['nodes']:,}" if r["nodes"] is not None else "-"]
        print("| " + " | ".join(cells) + " |")
    print()
    fallback = any(row[key]["first_fallback"] for row in results for key in keys)
    for key in keys:
        rs = [row[key] for row in results]
        mates = [r for r in rs if r["result"] == "mate"]
        solved = sum(r["result"] in ("mate", "nomate") for r in rs)
        first_sum = sum(r["first_ms"] for r in mates)
        marked = "*" if any(r["first_fallback"] for r in mates) else ""
        line = (f"- {names[key]}: solved {solved}/{len(rs)} ({len(mates)} mate, "
                f"{sum(r['result'] == 'nomate' for r in rs)} nomate, "
                f"{sum(r['result'] == 'timeout' for r in rs)} timeout, "
                f"{sum(r['result'] == 'error' for r in rs)} error); "
                f"sum of first-proof times {first_sum:,}{marked} ms")
        if key == "tetsugaku" and len(keys) == 2:
            both = [(row["tetsugaku"], row["other"]) for row in results
                    if row["tetsugaku"]["result"] == "mate" and row["other"]["result"] == "mate"]
            within = sum(t["first_ms"] <= 2 * max(o["first_ms"], 1) for t, o in both)
            shorter = sum(t["length"] <= o["length"] for t, o in both)
            t_sum = sum(t["first_ms"] for t, _ in both)
            o_sum = sum(o["first_ms"] for _, o in both)
            line += (f"; on the {len(both)} both mated: first proof within 2x of {names['other']}'s "
                     f"{within}/{len(both)}, length <= {names['other']}'s {shorter}/{len(both)}, "
                     f"first-proof sums {t_sum:,}{marked} against {o_sum:,} ms")
        print(line)
    if fallback:
        print("\n`*`: the engine printed no `info ... score mate <n>` line at its first proof, so its "
              "first-proof time is the total ms (an upper bound).")
    errors = [(row["problem"]["name"], names[key], row[key]["detail"]) for row in results for key in keys
              if row[key]["detail"]]
    for name, engine, detail in errors:
        print(f"- {name}, {engine}: {detail}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"time_ms": args.time_ms, "hash_mib": args.hash,
                       "engines": {key: {"path": path, "name": full_names[key], "options": options["extra"]}
                                   for key, path, options in engines},
                       "results": results}, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
