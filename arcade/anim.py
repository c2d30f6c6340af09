"""Tweening for the tables: things glide from where they were to where the latest view puts them.

The tables run :meth:`Motion.tick` at the fixed tick rate and draw with :meth:`Motion.pos`, which
interpolates between the previous and the current tick by ``alpha`` (the loop's accumulator
fraction), so motion is smooth at any frame rate.

>>> m = Motion(duration=0.1)
>>> m.place("AS", (100.0, 0.0), origin=(0.0, 0.0))
>>> for _ in range(12): m.tick(1 / 120)
>>> m.pos("AS", 1.0)
(100.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

Vec = tuple[float, float]


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping back into the hand."""
    t = min(1.0, max(0.0, t))
    c = 1.9
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: Vec, b: Vec, t: float) -> Vec:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass(slots=True)
class Tween:
    start: Vec
    end: Vec
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    back: bool = False
    now: Vec = (0.0, 0.0)
    before: Vec = (0.0, 0.0)

    def __post_init__(self) -> None:
        self.now = self.before = self.start if self.duration > 0 else self.end

    def tick(self, dt: float) -> None:
        self.before = self.now
        self.elapsed += dt
        t = (self.elapsed - self.delay) / self.duration if self.duration > 0 else 1.0
        ease = ease_out_back if self.back else ease_out_cubic
        self.now = self.end if t >= 1 else lerp(self.start, self.end, ease(t))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration and self.before == self.end

    def at(self, alpha: float) -> Vec:
        return lerp(self.before, self.now, alpha)


class Motion:
    """Keyed positions that tween to new targets. Keys are anything hashable (card codes, slots)."""

    def __init__(self, duration: float = 0.22) -> None:
        self.duration = duration
        self._tweens: dict[object, Tween] = {}
        self._targets: dict[object, Vec] = {}

    def place(
        self,
        key: object,
        target: Vec,
        origin: Vec | None = None,
        duration: float | None = None,
        delay: float = 0.0,
        back: bool = False,
        glide: bool = True,
    ) -> None:
        """Send ``key`` to ``target``: from where it is now, or from ``origin`` if it is new. Not
        ``glide``: a key at rest is put there at once (one on its way, or new, still goes there in time)."""
        target = (float(target[0]), float(target[1]))
        old = self._targets.get(key)
        if old == target:
            return
        self._targets[key] = target
        tween = self._tweens.get(key)
        if not glide and tween is None and old is not None:
            return
        if tween is not None:
            start = tween.now
        elif old is not None:
            start = old
        elif origin is not None:
            start = (float(origin[0]), float(origin[1]))
        else:
            return
        if start == target:
            self._tweens.pop(key, None)
            return
        span = self.duration if duration is None else duration
        self._tweens[key] = Tween(start, target, span, delay, back=back)

    def jump(self, key: object, target: Vec) -> None:
        """Put ``key`` at ``target`` at once (resizes, first layouts)."""
        self._targets[key] = (float(target[0]), float(target[1]))
        self._tweens.pop(key, None)

    def retain(self, keys: Iterable[object]) -> None:
        """Forget every key not in ``keys`` (cards that left the table)."""
        keep = set(keys)
        for key in [k for k in self._targets if k not in keep]:
            del self._targets[key]
            self._tweens.pop(key, None)

    def forget(self, key: object) -> None:
        self._targets.pop(key, None)
        self._tweens.pop(key, None)

    def known(self, key: object) -> bool:
        return key in self._targets

    def tick(self, dt: float) -> None:
        finished = []
        for key, tween in self._tweens.items():
            tween.tick(dt)
            if tween.done:
                finished.append(key)
        for key in finished:
            del self._tweens[key]

    def pos(self, key: object, alpha: float = 1.0) -> Vec | None:
        tween = self._tweens.get(key)
        if tween is not None:
            return tween.at(alpha)
        return self._targets.get(key)

    def current(self, key: object) -> Vec | None:
        tween = self._tweens.get(key)
        return tween.now if tween is not None else self._targets.get(key)

    @property
    def moving(self) -> bool:
        return bool(self._tweens)

    def moving_keys(self) -> set[object]:
        return set(self._tweens)

    def clear(self) -> None:
        self._tweens.clear()
        self._targets.clear()


@dataclass(slots=True)
class Effect:
    """A short-lived overlay: a banner ("Spit!"), a floating label, a flash, a shake."""

    kind: str  # "banner" | "float" | "flash" | "shake"
    text: str = ""
    pos: Vec = (0.0, 0.0)
    colour: tuple[int, int, int] = (255, 255, 255)
    duration: float = 1.0
    age: float = 0.0
    size: float = 1.0  # text height as a fraction of the table's base unit
    key: object = None  # for "shake": what shakes

    @property
    def progress(self) -> float:
        return min(1.0, self.age / self.duration) if self.duration > 0 else 1.0


@dataclass
class Effects:
    items: list[Effect] = field(default_factory=list)

    def add(self, effect: Effect) -> Effect:
        if effect.kind == "banner":
            self.items = [e for e in self.items if e.kind != "banner"]
        self.items.append(effect)
        return effect

    def tick(self, dt: float) -> None:
        for effect in self.items:
            effect.age += dt
        self.items = [e for e in self.items if e.age < e.duration]

    def shake_offset(self, key: object) -> float:
        """Horizontal offset in units of the shake amplitude for a shaking ``key`` (0 when still)."""
        for effect in self.items:
            if effect.kind == "shake" and effect.key == key:
                p = effect.progress
                return (1 - p) * (1 if int(effect.age * 40) % 2 == 0 else -1)
        return 0.0

    def clear(self) -> None:
        self.items.clear()
