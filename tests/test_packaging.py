"""The installed import names live under ``cardtable`` and clash with no other project.

The repository keeps its folders (engine/, netplay/, arcade/, bench/, assets/); pyproject.toml maps each to
``cardtable.<folder>``. These tests check the map is complete, that no module imports a folder by its bare
name (which would only work from a checkout, and would load a second copy of the module), and that
packages called ``arcade``, ``engine``, ``netplay``, ``assets`` or ``bench`` elsewhere on the path change
nothing. With ``CARDTABLE_INSTALL_TEST=1`` (set by .ci/run) a fresh venv installs the project beside the
Python Arcade library, both as a wheel and editable, and imports both.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "netplay", "arcade", "bench", "assets")
BARE_NAMES = set(FOLDERS)


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _source_files() -> list[Path]:
    files: list[Path] = []
    for folder in (*FOLDERS, "cardtable", "tools", "tests"):
        files += sorted((ROOT / folder).rglob("*.py"))
    return files


def test_every_package_folder_is_mapped_in_pyproject() -> None:
    setuptools = _pyproject()["tool"]["setuptools"]
    package_dir: dict[str, str] = setuptools["package-dir"]
    packages = set(setuptools["packages"])
    assert {package_dir[f"cardtable.{folder}"] for folder in FOLDERS} == set(FOLDERS)
    expected = {"cardtable"}
    for name, folder in package_dir.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            relative = init.parent.relative_to(ROOT / folder).parts
            expected.add(".".join((name, *relative)))
    assert packages == expected


def test_no_module_imports_a_folder_by_its_bare_name() -> None:
    offenders = []
    for path in _source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names if n.split(".")[0] in BARE_NAMES]
    assert offenders == []


def test_packages_with_the_same_bare_names_elsewhere_change_nothing(tmp_path: Path) -> None:
    for name in BARE_NAMES:
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(f"MARK = {name!r}\n", encoding="utf-8")
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        import cardtable
        for info in pkgutil.walk_packages(cardtable.__path__, prefix="cardtable."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)
        for sub in ("engine", "netplay", "arcade", "bench"):
            for info in pkgutil.walk_packages(importlib.import_module("cardtable." + sub).__path__,
                                              prefix=f"cardtable.{sub}."):
                importlib.import_module(info.name)
        import arcade, engine, assets
        assert arcade.MARK == "arcade" and engine.MARK == "engine" and assets.MARK == "assets"
        from cardtable.cli import main
        assert main(["sim", "--game", "speed", "--games", "1", "--quiet"]) == 0
        """
    )
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.skipif(os.environ.get("CARDTABLE_INSTALL_TEST") != "1",
                    reason="installs into a fresh venv from the package index; .ci/run sets CARDTABLE_INSTALL_TEST=1")
@pytest.mark.parametrize("editable", [False, True], ids=["wheel", "editable"])
def test_a_fresh_venv_imports_cardtable_beside_the_arcade_library(tmp_path: Path, editable: bool) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=240)
    python = venv / "bin" / "python"
    target = ["-e", str(ROOT)] if editable else [str(ROOT)]
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "arcade", *target],
                             capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stderr[-3000:]
    check = textwrap.dedent(
        """
        import arcade, cardtable.arcade.app, cardtable.engine, cardtable.netplay.host
        assert hasattr(arcade, "Window"), arcade.__file__
        assert arcade.__file__ != cardtable.arcade.__file__ and hasattr(cardtable.arcade.app, "App")
        from cardtable.cli import main
        raise SystemExit(main(["sim", "--game", "oh_hell", "--games", "1", "--quiet"]))
        """
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([str(python), "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    cli = subprocess.run([str(venv / "bin" / "cardtable"), "sim", "--game", "speed", "--games", "1", "--quiet"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert cli.returncode == 0, cli.stderr[-3000:]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text[text.index("## Quick start"):text.index("## Commands")]
    return [block.split("```", 1)[0].strip() for block in quick.split("```sh\n")[1:]]


def test_ci_runs_the_readme_test_command_as_written() -> None:
    play, test = _readme_commands()
    assert "cardtable" in play and "pytest" in test
    run_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in run_lines
