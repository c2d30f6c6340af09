"""The client's screens. Each is a :class:`arcade.scenes.base.Scene` run by :class:`arcade.app.App`."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any


def scene_classes() -> dict[str, type[Any]]:
    """Every screen of the client by its ``name``: each module of this package is imported and the
    :class:`~arcade.scenes.base.Scene` subclasses defined there are collected (a scene added later
    is found with no list to update). Tests walk these with each class's ``examples()``."""
    from cardtable.arcade.scenes.base import MenuScene, Scene

    classes: list[type[Any]] = []
    for module in pkgutil.iter_modules(__path__):
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        classes += [value for value in vars(loaded).values()
                    if isinstance(value, type) and issubclass(value, Scene) and value not in (Scene, MenuScene)
                    and value.__module__ == loaded.__name__]
    # a class other screens of its module extend (the setup scenes' SetupScene) is a base, not a screen of
    # its own; one extended from another module (TableScene by Learn's LearnScene) is still a screen
    return {cls.name: cls for cls in classes
            if not any(other is not cls and issubclass(other, cls) and other.__module__ == cls.__module__
                       for other in classes)}
