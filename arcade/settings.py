"""The player's settings, kept as ``settings.json`` in the user's config directory.

The directory is the platform's (:func:`cardtable.userdirs.config_dir`; ``CARDTABLE_CONFIG_DIR``
overrides it, tests use a temporary one). A missing or broken file gives the defaults; unknown keys are
dropped and bad values replaced by their default.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from cardtable.userdirs import config_dir

CARD_SIZES = ("small", "medium", "large")
BOT_SPEEDS = ("relaxed", "normal", "fast", "instant")
# two players on one screen in Spit and Speed: side by side (a couch) or face to face (a tablet between them)
COUCH_LAYOUTS = ("side", "facing")


def clean_name(text: str) -> str:
    """A player name: printable, single line, 1-20 characters."""
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()[:20]
    return cleaned or "Player"


@dataclass
class Settings:
    name: str = "Player"
    volume: int = 70  # percent
    fullscreen: bool = False
    four_colour: bool = False
    card_size: str = "medium"
    bot_speed: str = "normal"
    last_game: str = "oh_hell"
    last_address: str = ""
    couch_layout: str = "side"

    def validated(self) -> Settings:
        defaults = Settings()
        self.name = clean_name(self.name) if isinstance(self.name, str) else defaults.name
        if not isinstance(self.volume, int) or isinstance(self.volume, bool):
            self.volume = defaults.volume
        self.volume = max(0, min(100, self.volume))
        for flag in ("fullscreen", "four_colour"):
            if not isinstance(getattr(self, flag), bool):
                setattr(self, flag, getattr(defaults, flag))
        if self.card_size not in CARD_SIZES:
            self.card_size = defaults.card_size
        if self.bot_speed not in BOT_SPEEDS:
            self.bot_speed = defaults.bot_speed
        if self.couch_layout not in COUCH_LAYOUTS:
            self.couch_layout = defaults.couch_layout
        for text in ("last_game", "last_address"):
            if not isinstance(getattr(self, text), str):
                setattr(self, text, getattr(defaults, text))
        return self

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or config_dir() / "settings.json"
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known}).validated()

    def save(self, path: Path | None = None) -> None:
        path = path or config_dir() / "settings.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
            tmp.replace(path)
        except OSError:
            pass  # settings are a comfort, never a reason to crash

    def card_scale(self) -> float:
        return {"small": 0.85, "medium": 1.0, "large": 1.2}[self.card_size]

    def bot_delay_factor(self) -> float:
        return {"relaxed": 1.6, "normal": 1.0, "fast": 0.35, "instant": 0.0}[self.bot_speed]
