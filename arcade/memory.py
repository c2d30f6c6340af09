"""How the client process asks the C allocator for memory.

A frame makes and drops surfaces of hundreds of kilobytes (text of a long line, a panel, a composed
banner, a card on its shadow). glibc's malloc serves blocks over its mmap threshold (128 KiB at first,
raised as such blocks are freed) with fresh pages from the kernel and gives them back when they are
freed; it also gives back the free memory at the top of its heap past its trim threshold. Each page
taken again is a page fault and a page zeroed: Go-Stop's frames after a move took about 150 of them
each (up to 600, about 2 us apiece here), for memory the process had just let go. With both
thresholds fixed high, freed memory stays in the process and the next surface reuses it.

Only where the C library is glibc (it has ``mallopt``); elsewhere nothing changes.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20  # glibc's largest on 64-bit: blocks under it come from the heap
TRIM_THRESHOLD = 128 << 20  # free memory kept at the top of the heap before any goes back


def keep_freed_memory(mallopt: Callable[[int, int], int] | None = None) -> bool:
    """Fix the C allocator's thresholds (see the module docstring); True when the C library took both.
    ``mallopt`` stands in for the C library's (tests)."""
    if mallopt is None:
        try:
            mallopt = ctypes.CDLL(None).mallopt  # the C library the interpreter runs on
        except (OSError, AttributeError, TypeError):  # not glibc: macOS, Windows, musl
            return False
    return all([mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1, mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1])
