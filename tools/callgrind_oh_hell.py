"""Instructions per hand of the OpenSpiel comparison loop, counted by callgrind (valgrind).

Machine load changes seconds but not instructions, so this is the figure to compare engine versions
with on a busy machine. It runs ``python -m cardtable.bench.openspiel --count N`` under callgrind for N
hands and for none, and divides the difference by N: imports and the untimed set-up cancel out.

    python tools/callgrind_oh_hell.py [--hands 2080] [--side cardtable|openspiel|both] [--hash-seed 0]

Prints JSON: instructions per hand (an OpenSpiel game is one 7-trick hand) for each side, and their ratio.
2080 hands is 10 whole games of 13 hands for each of the 16 start states. Needs valgrind; takes about a
minute per side.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def instructions(side: str, count: int, hash_seed: int) -> int:
    """Instructions callgrind counts for the whole process that plays ``count`` hands of ``side``
    (string hashes from ``hash_seed``: they move dict look-ups, and so the count, by about 0.5%)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-m", "cardtable.bench.openspiel", "--count", str(count), "--side", side],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_hand(side: str, hands: int, hash_seed: int) -> float:
    return (instructions(side, hands, hash_seed) - instructions(side, 0, hash_seed)) / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2080)
    parser.add_argument("--side", choices=("cardtable", "openspiel", "both"), default="both")
    parser.add_argument("--hash-seed", type=int, default=0, help="PYTHONHASHSEED of the measured runs")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    sides = ["cardtable", "openspiel"] if args.side == "both" else [args.side]
    report: dict[str, object] = {"hands": args.hands, "hash_seed": args.hash_seed}
    for side in sides:
        report[f"{side}_instructions_per_hand"] = round(per_hand(side, args.hands, args.hash_seed))
    if args.side == "both":
        report["ratio"] = round(report["openspiel_instructions_per_hand"]  # type: ignore[operator]
                                / report["cardtable_instructions_per_hand"], 3)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
