"""Card art people recognise: court figures, jokers by colour, hwatu month pictures (headless)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade import sound
from cardtable.arcade.cardart import CardArt, card_size
from cardtable.arcade.hwatu_art import HwatuArt, hwatu_size
from cardtable.engine import hwatu


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def colours(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(0, h, 2) for x in range(0, w, 2)
            if surface.get_at((x, y))[3] > 200]


def share(surface: pygame.Surface, test) -> float:
    pixels = colours(surface)
    return sum(1 for c in pixels if test(c)) / len(pixels)


def reddish(c: tuple[int, int, int]) -> bool:
    return c[0] > 150 and c[1] < 90 and c[2] < 90


def skin(c: tuple[int, int, int]) -> bool:
    return abs(c[0] - 246) < 12 and abs(c[1] - 214) < 16 and abs(c[2] - 178) < 16


@pytest.mark.parametrize("height", [70, 150])
def test_the_red_joker_is_red_and_the_black_joker_has_no_red(height: int) -> None:
    art = CardArt()
    size = card_size(height)
    assert share(art.face("RJ", size), reddish) > 0.02
    assert share(art.face("BJ", size), reddish) == 0.0


@pytest.mark.parametrize("height", [70, 150])
def test_court_cards_show_a_face(height: int) -> None:
    """A figure with a face (skin-coloured pixels) on every court card, big or small; never on a pip card."""
    for four in (False, True):
        art = CardArt(four_colour=four)
        size = card_size(height)
        for code in ("KS", "QH", "JD", "KC", "QD", "JS"):
            assert share(art.face(code, size), skin) > 0.01, code
        assert share(art.face("9H", size), skin) == 0.0


def test_the_kings_queens_and_jacks_of_a_suit_differ_in_their_figures() -> None:
    art = CardArt()
    size = card_size(150)
    faces = [pygame.image.tobytes(art.face(r + "H", size), "RGBA") for r in "KQJ"]
    assert len(set(faces)) == 3


def test_every_hwatu_special_card_has_its_own_picture() -> None:
    """The brights, animals, ribbons and double junk each look unlike their month's plain junk, and no
    two special cards look the same."""
    art = HwatuArt()
    size = hwatu_size(120)
    faces = {code: pygame.image.tobytes(art.face(code, size), "RGBA") for code in hwatu.CARDS}
    special = [c for c in hwatu.CARDS if hwatu.kind(c) in "BARD"]
    assert len({faces[c] for c in special}) == len(special)
    for code in special:
        plain = f"{code[:2]}P1"
        assert plain not in faces or faces[code] != faces[plain], code
    plants = {faces[f"{m:02d}P1"] for m in range(1, 12)}  # December has no plain junk card
    assert len(plants) == 11


def test_sounds_are_built_once_and_kept_in_the_cache_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARDTABLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(sound, "_WAVS", {})
    data = sound.wav("tick")
    cached = list(tmp_path.rglob("tick.wav"))
    assert len(cached) == 1 and cached[0].read_bytes() == data
    monkeypatch.setattr(sound, "_WAVS", {})
    monkeypatch.setattr(sound, "wav_bytes", lambda samples: pytest.fail("built again instead of read"))
    assert sound.wav("tick") == data
