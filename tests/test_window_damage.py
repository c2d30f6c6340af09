"""The window keeps the last frame (arcade/tables/parts/damage.py): a table frame puts its kept layer
back only where the last frame drew over it or the layer changed, and the pixels are those of copying
the whole layer each frame, through new views, the pause menu, a resize and drawing that is not tracked."""

from __future__ import annotations

import pygame
import pytest

from cardtable.arcade.tables.parts import damage


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()


def test_a_tracked_window_keeps_where_each_operation_drew() -> None:
    window = pygame.Surface((200, 100))
    keeper = damage.Damage()
    card = pygame.Surface((10, 20))
    with keeper.frame(window) as tracked:
        tracked.blit(card, (5, 6))
        tracked.fblits([(card, (50, 60))])
        tracked.fill((1, 2, 3), (100, 10, 4, 4))
        pygame.draw.rect(tracked, (200, 0, 0), (150, 50, 10, 10))  # type: ignore[arg-type]
        tracked.restore(pygame.Surface((200, 100)), "layer", None)  # (a layer restored: the frame counts)
        tracked.blit(card, (30, 30))
        pygame.draw.circle(tracked, (0, 200, 0), (120, 70), 5)  # type: ignore[arg-type]
    assert window.get_at((125, 70))[:3] == (0, 0, 0) and window.get_at((120, 70))[:3] == (0, 200, 0)
    assert [tuple(b) for b in keeper.boxes] == [(30, 30, 10, 20), (114, 64, 12, 12)]  # since the restore
    assert keeper.layer == "layer"
    pygame.draw.rect(window, (9, 9, 9), (0, 0, 5, 5))  # outside a frame pygame.draw is itself again
    assert window.get_at((1, 1))[:3] == (9, 9, 9)


def test_drawing_that_is_not_tracked_makes_the_next_frame_copy_the_whole_layer() -> None:
    window = pygame.Surface((200, 100))
    layer = pygame.Surface((200, 100))
    layer.fill((10, 80, 40))
    keeper = damage.Damage()
    with keeper.frame(window) as tracked:
        tracked.restore(layer, "layer", None)
        tracked.subsurface((0, 0, 50, 50)).fill((255, 255, 255))  # drawn around the stand-in
    assert keeper.layer is None
    with keeper.frame(window) as tracked:
        tracked.restore(layer, "layer", [])  # nothing changed on the layer, nothing known drawn over it
    assert window.get_at((10, 10))[:3] == (10, 80, 40)  # copied whole: the untracked fill is gone


def _frames(game: str, track: bool, frames: int = 96, every: int = 6) -> tuple[list[bytes], int]:
    """A bot-played stretch of ``game``'s table at 960x540 (the bench's busiest moment) with the pause
    menu open for a few frames and the window resized midway: each frame's pixels, and how many frames
    put the layer back only in part."""
    from cardtable.arcade.app import App
    from cardtable.arcade.loop import TICK
    from cardtable.arcade.scenes.table import TableScene
    from cardtable.arcade.settings import Settings
    from cardtable.arcade.shot import direct_session
    from cardtable.bench import frame

    app = App(size=(960, 540), fullscreen=False, settings=Settings())
    session = direct_session(game, frame.SEED, None, frame.BUSIEST[game][0](frame.trace(game, limit=400)))
    app.session = session
    scene = TableScene(app)
    scene.tracks_damage = track
    app.push(scene)
    partial = 0
    restore = damage.Tracked.restore

    def counting(tracked: damage.Tracked, layer: pygame.Surface, owner: object, patches: list | None) -> None:
        nonlocal partial
        partial += patches is not None and tracked.damage.layer is owner
        restore(tracked, layer, owner, patches)

    out = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(damage.Tracked, "restore", counting)
        for i in range(frames):
            if i % every == every - 1 and session.result is None:
                session.bot_step()
            if i == 30:
                scene.pause()
            if i == 36:
                app.pop()
            if i == 60:
                app.resize((1000, 560))
            app.tick(TICK)
            if scene.table is not None:
                scene.table.warmup.stand_in = lambda *_: None  # every face drawn at once: both runs alike
            app.render((i % 10) / 10)
            out.append(pygame.image.tobytes(app.screen, "RGB"))
            if app.scene is not scene and i not in range(30, 36):
                break
    app.shutdown_quietly()
    return out, partial


@pytest.mark.parametrize("game", ["speed", "go_stop", "tractor"])
def test_a_table_frame_restored_in_part_is_the_frame_copied_whole(game: str) -> None:
    tracked, partial = _frames(game, True)
    whole, none = _frames(game, False)
    assert len(tracked) == len(whole)
    assert [i for i, (a, b) in enumerate(zip(tracked, whole, strict=True)) if a != b] == []
    assert none == 0 and partial > len(tracked) * 0.8  # most frames restore only what changed


def test_a_window_event_makes_the_next_table_frame_copy_the_whole_layer(play_app) -> None:
    """The window shown again or resized by the system may hold new pixels: what the last frame
    drew is forgotten (other events leave it)."""
    from cardtable.arcade.loop import TICK

    app = play_app((960, 540), "Tester")
    for event, kept in ((pygame.event.Event(pygame.KEYUP, key=pygame.K_a), True),
                        (pygame.event.Event(pygame.WINDOWEXPOSED), False)):
        app.damage.layer, app.damage.boxes = "layer", [pygame.Rect(0, 0, 5, 5)]
        app.post(event)
        app.tick(TICK)
        assert (app.damage.layer == "layer") is kept
