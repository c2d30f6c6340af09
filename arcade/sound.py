"""Short table sounds synthesised in pure Python (no numpy, no files): play, slap, flip, trick, round.

Each sound is built once as 16-bit mono samples, wrapped in an in-memory WAV and loaded with
``pygame.mixer.Sound`` (SDL converts it to whatever format the mixer opened with). When the mixer
cannot start (no audio device, ``SDL_AUDIODRIVER=dummy`` trouble, pygame built without it) every
call is a silent no-op.

Building them takes about 0.2 s of pure Python (the chimes most), far too long for a frame: the app
builds them in a background thread at start (:meth:`Sounds.prepare`), and keeps the WAVs in the user's
cache folder (named after this file's contents, so a changed recipe is built anew), so later starts
only read them.

>>> sounds = Sounds(volume=0.0)
>>> sounds.play("slap")  # never raises, even without an audio device
"""

from __future__ import annotations

import hashlib
import io
import math
import random
import threading
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

import pygame

RATE = 22050


def _samples(duration: float) -> int:
    return int(RATE * duration)


def _envelope(i: int, n: int, attack: float, decay: float) -> float:
    t = i / RATE
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay) * (1 - i / n) ** 0.5


def _noise_burst(duration: float, decay: float, tone: float, tone_mix: float, seed: int, gain: float) -> list[float]:
    rng = random.Random(seed)
    n = _samples(duration)
    out = []
    low = 0.0
    for i in range(n):
        white = rng.uniform(-1, 1)
        low += (white - low) * 0.35  # a soft low-pass: papery rather than hissy
        body = math.sin(2 * math.pi * tone * i / RATE) * tone_mix
        out.append((low * (1 - tone_mix) + body) * _envelope(i, n, 0.002, decay) * gain)
    return out


def _chime(freqs: list[float], step: float, ring: float, gain: float) -> list[float]:
    n = _samples(step * (len(freqs) - 1) + ring)
    out = [0.0] * n
    for k, freq in enumerate(freqs):
        start = int(k * step * RATE)
        length = n - start
        for i in range(length):
            env = _envelope(i, length, 0.004, ring / 3)
            phase = 2 * math.pi * freq * i / RATE
            out[start + i] += (math.sin(phase) + 0.3 * math.sin(2 * phase) + 0.1 * math.sin(3 * phase)) * env * gain
    return out


def _buzz(gain: float) -> list[float]:
    out: list[float] = []
    for _ in range(2):
        n = _samples(0.07)
        out += [
            (1 if math.sin(2 * math.pi * 150 * i / RATE) > 0 else -1) * 0.5 * _envelope(i, n, 0.003, 0.05) * gain
            for i in range(n)
        ]
        out += [0.0] * _samples(0.04)
    return out


RECIPES: dict[str, Callable[[], list[float]]] = {
    "play": lambda: _noise_burst(0.07, 0.018, 180, 0.25, 1, 0.8),
    "deal": lambda: _noise_burst(0.05, 0.012, 220, 0.15, 2, 0.5),
    "flip": lambda: _noise_burst(0.05, 0.01, 400, 0.1, 3, 0.45),
    "slap": lambda: _noise_burst(0.16, 0.045, 95, 0.45, 4, 1.0),
    "trick": lambda: _chime([659.3, 880.0], 0.09, 0.3, 0.35),
    "round": lambda: _chime([523.3, 659.3, 784.0, 1046.5], 0.1, 0.55, 0.3),
    "tick": lambda: _chime([880.0], 0.0, 0.09, 0.3),
    "go": lambda: _chime([1318.5], 0.0, 0.18, 0.35),
    "reject": lambda: _buzz(0.35),
    "spit": lambda: _noise_burst(0.12, 0.03, 300, 0.3, 5, 0.8),
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono WAV data for ``samples`` in [-1, 1] (clipped)."""
    pcm = array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


_WAVS: dict[str, bytes] = {}  # name -> WAV data, built or read once per process
_PREPARING: threading.Thread | None = None


def _cache_folder() -> Path | None:
    try:
        from cardtable.userdirs import cache_dir

        version = hashlib.sha1(Path(__file__).read_bytes()).hexdigest()[:12]
        return cache_dir() / f"sounds-{version}"
    except Exception:  # noqa: BLE001 - no cache: the sounds are built in memory
        return None


def wav(name: str) -> bytes:
    """The WAV data of sound ``name``: from memory, the cache folder, or built (and cached) now."""
    data = _WAVS.get(name)
    if data is not None:
        return data
    folder = _cache_folder()
    path = folder / f"{name}.wav" if folder is not None else None
    if path is not None and path.is_file():
        data = path.read_bytes()
    else:
        data = wav_bytes(RECIPES[name]())
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
            except OSError:
                pass
    _WAVS[name] = data
    return data


class Sounds:
    """The table sounds. ``play(name)`` for a name in :data:`RECIPES`; unknown names are ignored."""

    def __init__(self, volume: float = 0.7) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            return bool(pygame.mixer.get_init())
        except (pygame.error, NotImplementedError, OSError):
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, volume))
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is None and self.available and name in RECIPES:
            try:
                sound = pygame.mixer.Sound(file=io.BytesIO(wav(name)))
            except (pygame.error, NotImplementedError, OSError):
                self.available = False
                return None
            sound.set_volume(self.volume)
            self._sounds[name] = sound
        return sound

    def preload(self) -> None:
        for name in RECIPES:
            self._load(name)

    def warm_one(self) -> bool:
        """Turn one more prepared WAV into a mixer sound (a millisecond: tables do it on idle ticks, so
        the first play of a sound costs nothing). False when there is nothing left to do."""
        if not self.available:
            return False
        for name in RECIPES:
            if name not in self._sounds and name in _WAVS:
                self._load(name)
                return True
        return len(self._sounds) < len(RECIPES) and _PREPARING is not None and _PREPARING.is_alive()

    def warm_ready(self) -> bool:
        """Turn one more WAV that is ready (built or read already) into a mixer sound: False when none
        is waiting (the rest may still be in the making, see :meth:`warm_one`)."""
        if not self.available:
            return False
        for name in RECIPES:
            if name not in self._sounds and name in _WAVS:
                return self._load(name) is not None
        return False

    def prepare(self) -> None:
        """Build (or read) every sound's WAV in a background thread, once per process, so that no
        frame waits for one the first time it plays."""
        global _PREPARING
        if _PREPARING is None and self.available:
            _PREPARING = threading.Thread(target=lambda: [wav(name) for name in RECIPES], name="sounds", daemon=True)
            _PREPARING.start()

    def play(self, name: str) -> None:
        if not self.available or self.volume <= 0:
            return
        sound = self._load(name)
        if sound is not None:
            try:
                sound.play()
            except pygame.error:
                self.available = False


_shared: Sounds | None = None


def get_sounds() -> Sounds:
    """The process-wide :class:`Sounds` (the settings scene calls ``get_sounds().set_volume(v)``)."""
    global _shared
    if _shared is None:
        _shared = Sounds(volume=_saved_volume())
    return _shared


def _saved_volume() -> float:
    """The volume from the player's settings (0.7 when they cannot be read)."""
    try:
        from cardtable.arcade.settings import Settings

        return Settings.load().volume / 100
    except Exception:  # noqa: BLE001 - settings are optional here; sound must never fail to start
        return 0.7
