"""A token bucket per remote address, in this process: each address may make `burst` requests at
once and `rate` a second after that; beyond, the server answers 429."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

BURST = 120.0  # requests at once: a replay of 60 steps clicked through as fast as it loads
RATE = 10.0  # requests a second after the burst: 5 steps a second (a page and its picture each)
ADDRESSES = 10_000  # buckets kept; the longest unused are dropped first (a full bucket anyway, soon)


class RateLimit:
    def __init__(self, burst: float = BURST, rate: float = RATE, now: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.rate, self.now = burst, rate, now
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address -> (tokens, when)

    def allow(self, address: str) -> bool:
        """Whether `address` may make a request now (taking one token if so)."""
        now = self.now()
        tokens, when = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
        while len(self._buckets) > ADDRESSES:
            self._buckets.popitem(last=False)
        return allowed

    def retry_after(self, address: str) -> int:
        """Whole seconds until `address` has a token again."""
        tokens, _ = self._buckets.get(address, (self.burst, 0.0))
        return max(1, int((1.0 - tokens) / self.rate + 0.999))
