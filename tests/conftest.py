import os
from collections.abc import Iterator

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
