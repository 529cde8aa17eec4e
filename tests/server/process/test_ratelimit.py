"""Rate windows (server/process/ratelimit.py): counted per key, with the time to retry."""

from __future__ import annotations

import time

from ziehdomino.server.process.ratelimit import Limiter


def test_limits_count_per_key_and_tell_when_to_retry() -> None:
    limiter = Limiter(per_second=2, per_minute=1)
    assert limiter.allow_request("x") and not limiter.allow_request("x")
    assert limiter.allow_request("y")  # addresses are separate
    assert 59 <= limiter.retry_after("x") <= 60
    assert limiter.retry_after("z") == 1
    bucket = limiter.message_bucket()
    assert bucket.allow() and bucket.allow() and not bucket.allow()
    assert limiter.message_bucket().allow()  # every connection has its own bucket
    time.sleep(0.6)  # refilled at 2 per second
    assert bucket.allow() and not bucket.allow()
