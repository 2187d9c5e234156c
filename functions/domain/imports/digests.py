"""A set of 64-bit digests in about a third of a Python set's memory, for what an import pass
keeps per row.

A Python `set` of large ints costs about 60 bytes a member (a 32-byte int object and its share of
the hash table), so the references of a 100,000-row file took ~6 MB, the most of what grew with
the file. Here the members live in one `array('Q')` used as an open-addressing hash table with
linear probing, kept at most half full: 16-32 bytes a member, and while it doubles the old table
too. Digests are already uniformly distributed, so their low bits pick the slot; 0 marks an
empty slot and is stored as 1 (a digest collision of 1 in 2^64, like any other).
"""

from __future__ import annotations

from array import array

_EMPTY = 0
_START = 1024


class DigestSet:
    def __init__(self) -> None:
        self._slots = array("Q", [_EMPTY]) * _START
        self._mask = _START - 1
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def __contains__(self, digest: int) -> bool:
        return self._find(digest or 1)[1]

    def add(self, digest: int) -> bool:
        """Add `digest`; True when it was not there before."""
        digest = digest or 1
        slot, present = self._find(digest)
        if present:
            return False
        self._slots[slot] = digest
        self._count += 1
        if 2 * self._count > len(self._slots):
            self._grow()
        return True

    def _find(self, digest: int) -> tuple[int, bool]:
        slots, mask = self._slots, self._mask
        slot = digest & mask
        while True:
            held = slots[slot]
            if held == digest:
                return slot, True
            if held == _EMPTY:
                return slot, False
            slot = (slot + 1) & mask

    def _grow(self) -> None:
        old = self._slots
        self._slots = array("Q", [_EMPTY]) * (2 * len(old))
        self._mask = len(self._slots) - 1
        for digest in old:
            if digest != _EMPTY:
                self._slots[self._find(digest)[0]] = digest
