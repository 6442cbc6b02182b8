"""What a game keeps between positions: a work's result under a key made of everything the work reads, so
positions alike share it; the store is emptied when it holds `limit` results (memory stays bounded in long
studies and searches)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

V = TypeVar("V")


def kept(store: dict, key: Hashable, limit: int, make: Callable[[], V]) -> V:
    """The result kept in `store` under `key`, made by `make` (and kept) when there is none."""
    got = store.get(key)
    if got is None:
        if len(store) >= limit:
            store.clear()
        got = store[key] = make()
    return got
