"""Commit messages read as history (CONTRIBUTING.md, "Commits"): every commit since the rule was written
down has a subject of at most 72 characters and a blank line after it. Skipped outside a git checkout
and where the history does not reach back to the baseline (a shallow clone, an unpacked archive)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The parent of 43bf569 ("docs/RULES.md: ..."), the first commit landed under the rule: history before
# it is not rewritten.
BASELINE = "45783bd65535aaadb58f3b56fcbfabedcc53ba20"
# Landed after the baseline before this check reached main (main's history is never rewritten).
KNOWN = {
    "4c56c5e054168634dc3609446a2865d89c12e454": "a subject of 73 characters",
    "48f1e7bfb16b930779f721dd7862bd755d7a96b0": "a subject of 77 characters",
    "1b29fb851832b4eefca4f6d544e3ba68b920e3b4": "a subject of 73 characters",
    "2e28434daf5e04163197a5ce5ec3b953d5cef6c3": "a subject of 76 characters",
    "4983cc3ca237be5fd9d33fd0c79f6407561c52fc": "a subject of 73 characters",
    "1f666cd13a747822f1b3b6941b854296432e47fa": "a subject of 77 characters",
    "30b46a3c468e538aa581f34b3b4694801a331b37": "a subject of 73 characters",
}
SUBJECT_MAX = 72


def problems(message: str) -> list[str]:
    """What is wrong with one commit message: a missing or long subject, no blank line after it."""
    lines = message.rstrip("\n").split("\n")
    subject = lines[0]
    found = []
    if not subject.strip():
        found.append("no subject")
    if len(subject) > SUBJECT_MAX:
        found.append(f"a subject of {len(subject)} characters (at most {SUBJECT_MAX})")
    if len(lines) > 1 and lines[1].strip():
        found.append("no blank line after the subject")
    return found


def git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


def commits_since_baseline() -> list[tuple[str, str]]:
    """(hash, message) of every commit after BASELINE up to HEAD, or a skip saying why there are none."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    if git("rev-parse", "--is-inside-work-tree").stdout.strip() != "true":
        pytest.skip("not a git checkout")
    if git("cat-file", "-e", f"{BASELINE}^{{commit}}").returncode != 0:
        pytest.skip(f"the history does not reach the baseline {BASELINE[:7]} (a shallow clone?)")
    if git("merge-base", "--is-ancestor", BASELINE, "HEAD").returncode != 0:
        pytest.skip(f"HEAD does not descend from the baseline {BASELINE[:7]}")
    log = git("log", "--format=%H%x00%B%x1e", f"{BASELINE}..HEAD")
    assert log.returncode == 0, log.stderr
    entries = [entry.strip("\n") for entry in log.stdout.split("\x1e") if entry.strip()]
    return [tuple(entry.split("\x00", 1)) for entry in entries]  # type: ignore[misc]


def test_commit_messages_since_the_baseline_read_as_history() -> None:
    commits = commits_since_baseline()
    assert commits, "no commit after the baseline"
    bad = {sha[:7]: found for sha, message in commits if sha not in KNOWN and (found := problems(message))}
    assert not bad, f"commit messages that break CONTRIBUTING.md, 'Commits': {bad}"


def test_the_check_catches_a_long_subject_and_a_missing_blank_line() -> None:
    assert problems("Oh Hell: one rule for legal and apply\n\nWhy, and the figures.\n") == []
    assert problems("A subject alone") == []
    assert problems("x" * 72) == []
    assert problems("x" * 73) == ["a subject of 73 characters (at most 72)"]
    assert problems("A subject\nthe body straight after it") == ["no blank line after the subject"]
    assert problems("\n\nA body with no subject") == ["no subject"]


def test_known_exceptions_are_real_commits_that_break_the_rule() -> None:
    """An exception names a commit after the baseline that really breaks the rule (none is stale)."""
    commits = dict(commits_since_baseline())
    for sha, why in KNOWN.items():
        assert sha in commits, f"{sha[:7]} is not after the baseline"
        assert why in problems(commits[sha])[0], (sha[:7], problems(commits[sha]))
