#!/usr/bin/env python3
"""Runs an `arena match` as shards on a Ray cluster, and labels records for `arena tune` there.

    scripts/ray-match.py match [options] -- <arena match arguments>
    scripts/ray-match.py label [options] RECORD... -- <arena tune labelling arguments>

`match` plays shard I of N (`arena match --shard I/N`) as one Ray task per shard, copies each
shard's record back into --out, merges them with `arena merge` and prints the merged summary.
With `--sprt` among the match arguments it plays the shards in waves (as many shards at once as
the cluster has room for) and stops scheduling once the merged SPRT decides.

`label` runs `arena tune RECORD --passes 0 --save-labels ...` as one Ray task per record file
(the shards of a match are such files) and copies each label file back; the fit itself is one
descent over all positions, run where the labels are (`arena tune --labels DIR/*.labels ...`).

Ray is connected to with --address (`auto` for the cluster this machine belongs to,
`ray://HOST:10001` for a remote one); without it a local Ray instance with --num-cpus CPUs is
started. Every machine of a cluster must reach the arena and engine programs at the paths given
(a shared file system or the same image); records travel back through Ray. docs/distributed.md
describes clusters, Slurm job arrays and Kubernetes indexed Jobs.

Without Ray installed, the script creates target/ray-venv (or $RAY_VENV) with Ray from PyPI at
the version of scripts/requirements-ray.txt and runs itself there.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(REPO, "scripts", "requirements-ray.txt")


def ensure_ray():
    """Imports Ray, or re-runs this script in a virtualenv that has it."""
    try:
        import ray  # noqa: F401
        return
    except ImportError:
        pass
    venv = os.environ.get("RAY_VENV", os.path.join(REPO, "target", "ray-venv"))
    python = os.path.join(venv, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        sys.exit(f"error: {venv} has no usable Ray; remove it to have it made again")
    if not os.path.exists(python):
        print(f"== creating {venv} with Ray from PyPI ({REQUIREMENTS})", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "-r", REQUIREMENTS], check=True)
    os.execv(python, [python, os.path.abspath(__file__), *sys.argv[1:]])


def release_arena():
    """The release build's arena, built first (cargo build --release)."""
    print("== cargo build --release", file=sys.stderr)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=REPO, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    return os.path.join(os.path.abspath(target), "release", "arena")


def die_with_parent():
    """Linux only: the arena gets SIGKILL when the Ray worker that started it dies, so a task
    that Ray retries after its worker died does not leave its first try playing on."""
    import ctypes
    import signal
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run_arena(arena, args, cwd, output):
    """Runs `arena ARGS` in `cwd` (when this machine has it); returns what a task reports back:
    the exit status, stdout, the end of stderr, the text of `output` and the seconds taken."""
    import ray
    start = time.monotonic()
    proc = subprocess.run([arena, *args], cwd=cwd if os.path.isdir(cwd) else None,
                          capture_output=True, text=True,
                          preexec_fn=die_with_parent if sys.platform.startswith("linux") else None)
    text = ""
    if os.path.exists(output):
        with open(output, encoding="utf-8") as file:
            text = file.read()
    return {"status": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr[-3000:],
            "text": text, "seconds": time.monotonic() - start,
            "node": ray.util.get_node_ip_address()}


def play_shard(arena, match_args, shard, cpus, cwd):
    """One Ray task: `arena match ... --shard I/N` into a temporary record, returned as text."""
    with tempfile.TemporaryDirectory(prefix="arena-shard-") as tmp:
        record = os.path.join(tmp, "shard.games")
        args = ["match", *match_args, "--shard", shard, "--concurrency", str(cpus), "--record", record]
        return run_arena(arena, args, cwd, record)


def label_record(arena, record_text, name, label_args, cwd):
    """One Ray task: labels one record's positions (`arena tune --save-labels`)."""
    with tempfile.TemporaryDirectory(prefix="arena-label-") as tmp:
        record = os.path.join(tmp, name)
        with open(record, "w", encoding="utf-8") as file:
            file.write(record_text)
        labels = os.path.join(tmp, "positions.labels")
        args = ["tune", record, "--passes", "0", *label_args, "--save-labels", labels]
        return run_arena(arena, args, cwd, labels)


def connect(options):
    import ray
    if options.address:
        ray.init(address=options.address, log_to_driver=False)
    else:
        ray.init(num_cpus=options.num_cpus, include_dashboard=False, log_to_driver=False,
                 object_store_memory=200 * 1024 * 1024)
    return ray


def refuse(args, flags):
    for flag in flags:
        if flag in args:
            sys.exit(f"error: {flag} is the script's to set, not the match's")


def collect(ray, pending, save):
    """Waits for the tasks `pending` ({object ref: what it is}), calling `save` as each ends;
    stops at the first failed task."""
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        what = pending.pop(ready[0])
        result = ray.get(ready[0])
        if result["status"] != 0:
            for ref in pending:
                ray.cancel(ref, force=True)
            sys.exit(f"error: {what} failed (exit status {result['status']}) on {result['node']}:\n"
                     f"{result['stdout']}{result['stderr']}")
        save(what, result)


def merge(arena, shards, record, partial):
    args = [arena, "merge", *shards, "--record", record] + (["--partial"] if partial else [])
    proc = subprocess.run(args, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"error: arena merge failed:\n{proc.stdout}{proc.stderr}")
    return proc.stdout


def match(options, match_args):
    refuse(match_args, ["--record", "--shard", "--openings-range", "--concurrency"])
    arena = os.path.abspath(options.arena) if options.arena else release_arena()
    os.makedirs(options.out, exist_ok=True)
    ray = connect(options)
    task = ray.remote(num_cpus=options.cpus_per_shard)(play_shard)
    count = options.shards
    names = [os.path.join(options.out, f"shard-{i}-of-{count}.games") for i in range(1, count + 1)]
    sprt = "--sprt" in match_args
    room = max(1, int(ray.cluster_resources().get("CPU", 1) // options.cpus_per_shard))
    wave = options.wave or (room if sprt else count)
    print(f"== {count} shards on {ray.cluster_resources().get('CPU', 0):g} CPUs, "
          f"{min(wave, count)} at a time{' (SPRT waves)' if sprt else ''}", file=sys.stderr)
    start = time.monotonic()

    def save(shard, result):
        index = int(shard.split("/")[0])
        with open(names[index - 1], "w", encoding="utf-8") as file:
            file.write(result["text"])
        first = result["stdout"].splitlines()[0] if result["stdout"] else ""
        print(f"shard {shard} done on {result['node']} in {result['seconds']:.1f} s: {first}",
              file=sys.stderr)

    done = 0
    summary = ""
    while done < count:
        wave_end = min(count, done + wave)
        pending = {task.remote(arena, match_args, f"{i}/{count}", options.cpus_per_shard, os.getcwd()):
                   f"{i}/{count}" for i in range(done + 1, wave_end + 1)}
        collect(ray, pending, save)
        done = wave_end
        summary = merge(arena, names[:done], options.record, partial=done < count)
        decided = re.search(r"SPRT .*: (H[01] accepted)", summary)
        if sprt:
            line = next((l.strip() for l in summary.splitlines() if "SPRT" in l), "")
            print(f"after {done}/{count} shards: {line}", file=sys.stderr)
        if decided:
            print(f"== {decided.group(1)}: no more shards are scheduled", file=sys.stderr)
            break
    print(summary, end="")
    print(f"Wall time {time.monotonic() - start:.1f} s for {done} shards", file=sys.stderr)


def label(options, label_args):
    refuse(label_args, ["--save-labels", "--labels"])
    arena = os.path.abspath(options.arena) if options.arena else release_arena()
    os.makedirs(options.out, exist_ok=True)
    ray = connect(options)
    task = ray.remote(num_cpus=options.cpus_per_shard)(label_record)
    pending = {}
    for record in options.records:
        with open(record, encoding="utf-8") as file:
            text = file.read()
        name = os.path.basename(record)
        pending[task.remote(arena, text, name, label_args, os.getcwd())] = name

    def save(name, result):
        path = os.path.join(options.out, os.path.splitext(name)[0] + ".labels")
        with open(path, "w", encoding="utf-8") as file:
            file.write(result["text"])
        labelled = re.search(r"labelled \d+ of \d+[^\n]*", result["stdout"])
        print(f"{name} done on {result['node']} in {result['seconds']:.1f} s: "
              f"{labelled.group(0) if labelled else ''} -> {path}", file=sys.stderr)

    collect(ray, pending, save)
    print(f"Labels in {options.out}; fit them with: {arena} tune --labels "
          f"{os.path.join(options.out, '*.labels')} --gradient 2000 ...")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="Arguments after -- go to arena as they are.")
    parser.add_argument("--arena", help="the arena program (default: build and use target/release/arena)")
    parser.add_argument("--address", help="the Ray cluster to join (auto, ray://HOST:10001); "
                                          "default: start a local Ray instance")
    parser.add_argument("--num-cpus", type=int, default=os.cpu_count(),
                        help="CPUs of the local Ray instance (default: this machine's)")
    parser.add_argument("--cpus-per-shard", type=int, default=1,
                        help="CPUs a task reserves; a shard plays this many games at once (1)")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("match", help="play a match as shards and merge them")
    play.add_argument("--shards", type=int, default=8, help="shards of the match (8)")
    play.add_argument("--wave", type=int, help="shards scheduled at once (default: all; with "
                                               "--sprt as many as the cluster has room for)")
    play.add_argument("--out", default="target/ray-match", help="where shard records are copied")
    play.add_argument("--record", default="arena.games", help="the merged record (arena.games)")
    tune = commands.add_parser("label", help="label records' positions for arena tune")
    tune.add_argument("records", nargs="+", help="record files, one task each")
    tune.add_argument("--out", default="target/ray-labels", help="where label files are copied")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    options = parser.parse_args(argv[:split])
    passed = argv[split + 1:]
    if not passed:
        parser.error("give the arena arguments after --")
    ensure_ray()
    if options.command == "match":
        match(options, passed)
    else:
        label(options, passed)


if __name__ == "__main__":
    main()
