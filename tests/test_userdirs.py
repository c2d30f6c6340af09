"""The user's folders: the platform's places, overridable, and the old settings file moved once."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cardtable import userdirs
from cardtable.arcade.settings import Settings


def test_overrides_name_each_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable, function in (("CARDTABLE_CONFIG_DIR", userdirs.config_dir), ("CARDTABLE_DATA_DIR", userdirs.data_dir),
                               ("CARDTABLE_CACHE_DIR", userdirs.cache_dir)):
        monkeypatch.setenv(variable, str(tmp_path / variable))
        assert function() == tmp_path / variable


def test_without_overrides_the_folders_are_the_platforms(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("CARDTABLE_CONFIG_DIR", "CARDTABLE_DATA_DIR", "CARDTABLE_CACHE_DIR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xc"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xd"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xk"))
    assert userdirs.config_dir() == tmp_path / "xc" / "cardtable"
    assert userdirs.data_dir() == tmp_path / "xd" / "cardtable"
    assert userdirs.cache_dir() == tmp_path / "xk" / "cardtable"


def test_old_settings_move_to_the_platform_folder_once(tmp_path: Path) -> None:
    legacy, target = tmp_path / "legacy", tmp_path / "new"
    legacy.mkdir()
    Settings(name="Ann", volume=30).save(legacy / "settings.json")
    assert userdirs.migrate_settings(legacy, target)
    assert not (legacy / "settings.json").exists()
    assert Settings.load(target / "settings.json").name == "Ann"
    (legacy / "settings.json").write_text(json.dumps({"name": "Old"}), encoding="utf-8")
    assert not userdirs.migrate_settings(legacy, target)  # the platform folder's own file wins
    assert Settings.load(target / "settings.json").name == "Ann"
    assert not userdirs.migrate_settings(target, target)


def test_a_private_folder_and_every_folder_made_on_the_way_are_0700(tmp_path: Path) -> None:
    import stat

    from cardtable.userdirs import private_dir

    old = os.umask(0o022)
    try:
        (tmp_path / "there").mkdir(mode=0o755)
        made = private_dir(tmp_path / "there" / "a" / "b")
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "there", made.parent, made)}
    assert modes == {"there": 0o755, "a": 0o700, "b": 0o700}  # what was there is not touched
