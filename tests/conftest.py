import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True, scope="session")
def _user_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test writes into the real user's folders (subprocesses inherit these too)."""
    base = tmp_path_factory.mktemp("user")
    names = {"CARDTABLE_CONFIG_DIR": "config", "CARDTABLE_DATA_DIR": "data", "CARDTABLE_CACHE_DIR": "cache"}
    saved = {name: os.environ.get(name) for name in names}
    for name, folder in names.items():
        os.environ[name] = str(base / folder)
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture()
def lan_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless client on 127.0.0.1 with its own config and data folders (tests/lan.py)."""
    from tests.lan import make_app

    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    application = make_app()
    yield application
    application.shutdown_quietly()


@pytest.fixture()
def play_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Makes headless clients for tests that play at tables (``play_app(size, name)``): their own config
    folder, strict mode, instant bots, loopback only; each is shut down after the test."""
    monkeypatch.setenv("CARDTABLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("CARDTABLE_STRICT", "1")
    made: list[Any] = []

    def make(size: tuple[int, int] = (1280, 720), name: str = "Tester") -> Any:
        from cardtable.arcade.app import App
        from cardtable.arcade.settings import Settings

        application = App(size=size, fullscreen=False, settings=Settings(name=name, bot_speed="instant"))
        application.lan_interfaces = ["127.0.0.1"]
        made.append(application)
        return application

    yield make
    for application in made:
        application.shutdown_quietly()
