"""The serving process around the app: options, connections, security, limits, heap, logs, timings.

* :mod:`.settings` -- the options of ``ziehdomino serve``, one frozen record.
* :mod:`.gate` -- every TCP connection before the app: deadlines, caps, the open-file limit.
* :mod:`.security` -- response headers, the same-site rule, the Origin check (HTTP and WebSocket).
* :mod:`.ratelimit` -- rate limits per socket and per client address.
* :mod:`.heap` -- when the garbage collector looks at long-lived objects.
* :mod:`.quiet` -- log lines a client can cause, kept short and rare.
* :mod:`.metrics` -- timings of accepted actions, for ``ziehdomino bench server``.
"""
