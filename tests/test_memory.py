"""The client keeps the memory it frees for its next surfaces (arcade/memory.py)."""

from __future__ import annotations

import sys

import pytest

from cardtable.arcade import memory


def test_both_thresholds_are_asked_for_and_a_refusal_is_reported() -> None:
    asked: list[tuple[int, int]] = []

    def mallopt(param: int, value: int) -> int:
        asked.append((param, value))
        return 1

    assert memory.keep_freed_memory(mallopt)
    assert asked == [(memory.M_MMAP_THRESHOLD, memory.MMAP_THRESHOLD), (memory.M_TRIM_THRESHOLD, memory.TRIM_THRESHOLD)]
    assert not memory.keep_freed_memory(lambda param, value: 0 if param == memory.M_TRIM_THRESHOLD else 1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_glibc_takes_the_thresholds() -> None:
    import platform

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("not glibc")
    assert memory.keep_freed_memory()
