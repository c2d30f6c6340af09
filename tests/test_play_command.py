"""``cardtable play``'s command line: ``--interface`` pins where the window looks for tables and opens its
own (a tester keeps zeroconf on 127.0.0.1); without it the window keeps to every LAN interface."""

from __future__ import annotations

import pygame
import pytest

from cardtable.cli import main


@pytest.fixture()
def opened(tmp_path, monkeypatch) -> dict:
    """Runs ``cardtable play`` with the window's loop replaced by: open a local table to the LAN from
    the pause menu (only when the window kept to loopback, so a broken flag advertises nowhere)."""
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    from cardtable.arcade.app import App
    from cardtable.arcade.scenes.pause import PauseScene

    seen: dict = {}

    def run(app: App, max_fps: int = 240) -> None:
        seen["interfaces"] = app.lan_interfaces
        if app.lan_interfaces != ["127.0.0.1"]:
            return
        pause = next(PauseScene.examples(app))
        app.push(pause)
        pause.open_to_lan()
        seen["address"] = app.session.lan_address
        seen["advertised_on"] = app.session.local_table._advertiser.interfaces
        app.shutdown_quietly()

    monkeypatch.setattr(App, "run", run)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fonts cached for later tests stay valid
    return seen


def test_play_interface_keeps_the_windows_lan_to_that_address(opened) -> None:
    assert main(["play", "--size", "960x540", "--interface", "127.0.0.1"]) == 0
    assert opened["interfaces"] == ["127.0.0.1"]
    assert opened["advertised_on"] == ["127.0.0.1"]
    assert opened["address"].startswith("127.0.0.1:")


def test_play_without_interface_keeps_every_lan_interface(opened) -> None:
    assert main(["play", "--size", "960x540"]) == 0
    assert opened == {"interfaces": None}


def test_play_interface_names_a_bad_address(opened, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--interface", "localhost.lan"])
    assert "not an IPv4 address: 'localhost.lan'" in capsys.readouterr().err
    assert opened == {}
