#!/usr/bin/env python3
"""A misbehaving USI engine for the arena's fault tests.

Usage: fake_engine.py ENGINE MODE [N]

It runs the real engine ENGINE and relays the conversation both ways, so its moves are legal,
until the N-th `go` (default 1), where MODE takes over:

  illegal     answer `bestmove 1a1a` (never legal) and relay again afterwards
  crash       exit at once with status 3
  hang        never answer again (ignores `stop` too), but stay alive
  disconnect  close stdout and stay alive
  junk        from the start, print junk lines before every relayed line (the game goes on)
  dice        at every `go`, score the last Shogammon position 40 x the product of its roll's
              two dice (a known answer for chance labels) and answer `bestmove resign`
"""

import os
import subprocess
import sys
import threading
import time

engine, mode = sys.argv[1], sys.argv[2]
trigger = int(sys.argv[3]) if len(sys.argv) > 3 else 1
child = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
silent = threading.Event()
lock = threading.Lock()


def say(line):
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def relay_output():
    for line in child.stdout:
        if silent.is_set():
            continue
        if mode == "junk":
            say("hello from a chatty engine")
            say("bestmove")
        say(line.rstrip("\n"))


threading.Thread(target=relay_output, daemon=True).start()
goes = 0
roll = "-"
for line in sys.stdin:
    if silent.is_set():
        continue
    if mode == "dice" and line.startswith("position sfen"):
        roll = line.split()[5]
    if mode == "dice" and line.startswith("go"):
        say(f"info depth 1 score cp {40 * int(roll[0]) * int(roll[1])} pv resign")
        say("bestmove resign")
        continue
    if line.startswith("go"):
        goes += 1
        if goes == trigger:
            if mode == "illegal":
                say("info depth 1 score cp 0 pv 1a1a")
                say("bestmove 1a1a")
                continue
            if mode == "crash":
                os._exit(3)
            if mode == "hang":
                silent.set()
                continue
            if mode == "disconnect":
                silent.set()
                with lock:
                    sys.stdout.close()
                    os.close(1)
                continue
    child.stdin.write(line)
    child.stdin.flush()
    if line.strip() == "quit":
        break
while silent.is_set():
    time.sleep(1)
child.wait()
