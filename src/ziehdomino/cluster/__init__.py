"""Several server processes on one machine, for tests, demos and ``bench server --cluster``.

* :mod:`.postgres` -- a throwaway PostgreSQL from Debian's binaries (loopback, temporary folder).
* :mod:`.haproxy` -- the HAProxy configuration that routes every room to one process.
* :mod:`.run` -- ``scripts/cluster``: PostgreSQL, N ``ziehdomino serve`` processes, HAProxy.

Nothing here listens on any address but 127.0.0.1.
"""
