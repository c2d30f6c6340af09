"""Card art, sounds and tweening of the table renderers (headless)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import sound
from cardtable.arcade.anim import Effect, Effects, Motion
from cardtable.arcade.cardart import CardArt, card_size
from cardtable.engine.cards import standard_deck

ALL_54 = [*standard_deck(), "BJ", "RJ"]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("height", [40, 70, 96, 150])
@pytest.mark.parametrize("four", [False, True])
def test_every_card_renders_at_its_size(height: int, four: bool) -> None:
    art = CardArt(four_colour=four)
    size = card_size(height)
    faces = {}
    for code in ALL_54:
        face = art.face(code, size)
        assert face.get_size() == size
        faces[code] = pygame.image.tobytes(face, "RGBA")
    assert len(set(faces.values())) == 54, "two cards drew the same face"
    assert art.back(size).get_size() == size
    assert art.face("QS", size, flipped=True).get_size() == size


def test_faces_are_cached_and_redrawn_per_size() -> None:
    art = CardArt()
    small, large = card_size(70), card_size(140)
    assert art.face("7H", small) is art.face("7H", small)
    assert art.face("7H", large).get_size() == large
    assert art.face("7H", large) is not art.face("7H", small)


def test_four_colour_changes_diamonds_and_clubs_only() -> None:
    art = CardArt()
    size = card_size(100)
    before = {c: pygame.image.tobytes(art.face(c, size), "RGBA") for c in ("AS", "AH", "AD", "AC")}
    art.set_four_colour(True)
    after = {c: pygame.image.tobytes(art.face(c, size), "RGBA") for c in ("AS", "AH", "AD", "AC")}
    assert before["AS"] == after["AS"] and before["AH"] == after["AH"]
    assert before["AD"] != after["AD"] and before["AC"] != after["AC"]
    assert art.suit_colour("D") != art.suit_colour("H")


def test_red_and_black_are_where_they_belong() -> None:
    art = CardArt()
    size = card_size(120)
    heart = art.face("AH", size)
    spade = art.face("AS", size)
    centre = (size[0] // 2, size[1] // 2)
    r, g, b, _ = heart.get_at(centre)
    assert r > 150 and g < 90 and b < 90
    r, g, b, _ = spade.get_at(centre)
    assert r < 60 and g < 60 and b < 60


def test_unknown_codes_still_draw() -> None:
    art = CardArt()
    for code in ("01B", "12R", "J2", "JK"):
        assert art.face(code, card_size(90)).get_size() == card_size(90)


def test_sounds_build_and_play_with_the_dummy_driver() -> None:
    sounds = sound.Sounds(volume=0.5)
    for name in sound.RECIPES:
        sounds.play(name)
    sounds.play("no such sound")
    data = sound.wav_bytes(sound.RECIPES["slap"]())
    assert data[:4] == b"RIFF" and len(data) > 1000


def test_sounds_stay_silent_when_the_mixer_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = sound.Sounds()
    assert not sounds.available
    sounds.play("play")
    sounds.preload()


def test_motion_tweens_and_interpolates() -> None:
    motion = Motion(duration=0.1)
    motion.place("AS", (0, 0))
    assert motion.pos("AS") == (0.0, 0.0)
    motion.place("AS", (100, 0))
    motion.tick(0.05)
    half = motion.pos("AS", 1.0)
    assert 0 < half[0] < 100
    between = motion.pos("AS", 0.5)
    assert 0 < between[0] < half[0]
    for _ in range(20):
        motion.tick(1 / 120)
    assert motion.pos("AS") == (100.0, 0.0)
    assert not motion.moving
    motion.place("KD", (5, 5), origin=(50, 50))
    assert motion.pos("KD") == (50.0, 50.0)
    motion.retain(["AS"])
    assert motion.pos("KD") is None


def test_effects_expire() -> None:
    effects = Effects()
    effects.add(Effect("banner", "Spit!", duration=0.2))
    effects.add(Effect("shake", key="7H", duration=0.2))
    assert effects.shake_offset("7H") != 0
    effects.tick(0.3)
    assert not effects.items
    assert effects.shake_offset("7H") == 0
