"""The examples in the engine's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardtable.engine

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(cardtable.engine.__path__, prefix="cardtable.engine.")
) + ["cardtable.engine"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
