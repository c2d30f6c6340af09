"""The written rules stay true to the code: every citation of docs/RULES.md names a heading it has,
nothing cites a file outside the repository, and each game's option table in docs/RULES.md lists
exactly the engine's options and defaults."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import GAMES

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
SKIP_DIRS = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".ruff_cache", ".pytest_cache",
             ".hypothesis", "node_modules"}
TEXT_SUFFIXES = {".py", ".md", ".sh", ".toml", ".cfg", ".txt"}
CODE_SUFFIXES = {".py", ".sh", ".toml", ".cfg"}

# docs/RULES.md, then a heading in quotes and optionally more, each a heading inside the first one's
# section: docs/RULES.md, "Go-Stop", "Scoring" or docs/RULES.md, "Tractor": "Card order", "Leads".
QUOTED = r'"[^"\n]+"'
CITATION = re.compile(rf'docs/RULES\.md(?:[,:]?\s+|,\s*)((?:{QUOTED})(?:(?:\s*[,:>]\s*|\s+and\s+){QUOTED})*)')
BARE = re.compile(r"(?<![\w/.-])RULES\.md")
MD_PATH = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.md)\b")
SELF = Path(__file__).resolve()  # its examples are wrong on purpose
ABSOLUTE = re.compile(r"(?<![\w.])/(?:work|home|Users|root)/[\w./-]+")


def repo_files(suffixes: set[str]) -> Iterator[Path]:
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(p in SKIP_DIRS or p.endswith(".egg-info") for p in parts[:-1]):
            continue
        if path.is_file() and path.suffix in suffixes:
            yield path


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every markdown heading, in order (fenced code skipped)."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"(#{1,6})\s+(.+?)\s*$", line)):
            found.append((len(match.group(1)), match.group(2)))
    return found


def section(text: str, title: str) -> list[tuple[int, str]]:
    """The headings inside the section headed ``title`` (up to the next heading of its level or higher)."""
    marks = headings(text)
    for i, (level, name) in enumerate(marks):
        if name == title:
            inside = []
            for deeper, sub in marks[i + 1:]:
                if deeper <= level:
                    break
                inside.append((deeper, sub))
            return inside
    raise KeyError(title)


def citation_problems(text: str, rules: str, code: bool = True) -> list[str]:
    """What is wrong with the docs/RULES.md citations in ``text``: each names headings of ``rules``, and
    in ``code`` none leaves out the folder (a folder listing in a markdown file may)."""
    titles = {name for _, name in headings(rules)}
    problems = []
    for match in CITATION.finditer(text):
        names = re.findall(r'"([^"\n]+)"', match.group(1))
        first, rest = names[0], names[1:]
        if first not in titles:
            problems.append(f'"{first}" is not a heading of docs/RULES.md')
            continue
        inside = {name for _, name in section(rules, first)}
        problems += [f'"{name}" is not a heading under "{first}" in docs/RULES.md' for name in rest
                     if name not in inside]
    for match in BARE.finditer(text) if code else ():
        start = match.start()
        if text[max(0, start - 5):start] != "docs/":
            problems.append("RULES.md is cited without its place: write docs/RULES.md")
    return problems


def outside_references(path: Path, text: str) -> list[str]:
    """Files ``text`` (of ``path``) cites that are not in the repository."""
    missing = []
    for name in MD_PATH.findall(text):  # from the repository's root, the file's folder, or docs/
        if not any((base / name).is_file() for base in (ROOT, path.parent, ROOT / "docs")):
            missing.append(name)
    missing += ABSOLUTE.findall(text)
    return missing


def test_rules_citations_name_headings_that_exist() -> None:
    rules = RULES.read_text()
    problems = {}
    for path in repo_files(TEXT_SUFFIXES):
        if path in (RULES, SELF):
            continue
        found = citation_problems(path.read_text(errors="replace"), rules, code=path.suffix in CODE_SUFFIXES)
        if found:
            problems[str(path.relative_to(ROOT))] = found
    assert not problems, problems


def test_the_citation_check_catches_a_wrong_heading() -> None:
    rules = "# Rules\n## Tractor\n### Leads\n## Spit\n### Deal\n"
    assert citation_problems('see docs/RULES.md, "Tractor": "Leads"', rules) == []
    assert citation_problems('see docs/RULES.md, "Spit", "Deal" and docs/RULES.md "Tractor"', rules) == []
    assert citation_problems('see docs/RULES.md, "Tractor", "Deal"', rules) == [
        '"Deal" is not a heading under "Tractor" in docs/RULES.md']
    assert citation_problems('see docs/RULES.md, "Bridge"', rules) == ['"Bridge" is not a heading of docs/RULES.md']
    assert citation_problems('(RULES.md, "Spit")', rules) == ["RULES.md is cited without its place: write docs/RULES.md"]


def test_code_cites_no_file_outside_the_repository() -> None:
    missing = {}
    for path in repo_files(CODE_SUFFIXES):
        if path == SELF:
            continue
        found = outside_references(path, path.read_text(errors="replace"))
        if found:
            missing[str(path.relative_to(ROOT))] = found
    assert not missing, f"cited but not in the repository: {missing}"


def test_the_outside_check_catches_a_missing_file() -> None:
    here = ROOT / "engine" / "core.py"
    assert outside_references(here, "see docs/DESIGN.md and docs/PROTOCOL.md") == []
    assert outside_references(here, "(see ARCADE_IFACE.md for the contract)") == ["ARCADE_IFACE.md"]
    assert outside_references(here, "run /work/shared/tools/lan_sandbox.sh first") == [
        "/work/shared/tools/lan_sandbox.sh"]


def written(value: Any) -> str:
    """An option value as the tables write it: JSON (true, 3, "up")."""
    return f"`{json.dumps(value)}`"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_option_tables_list_the_engine_options_and_defaults(name: str) -> None:
    game = GAMES[name]
    text = RULES.read_text()
    start = text.index(f"\n## {game.title}\n")
    end = text.find("\n## ", start + 1)
    part = text[start:end if end > 0 else None]
    table = part[part.index("\n### Options\n"):]
    rows = re.findall(r"^\| `(\w+)` \| (`[^`]*`) \|", table, flags=re.M)
    assert dict(rows) == {option: written(default) for option, default in game.options.items()}
