"""Several server processes on one machine, for tests, demos and ``bench server --cluster``.

* :mod:`.postgres` -- a throwaway PostgreSQL from Debian's binaries (loopback, temporary folder).
* :mod:`.haproxy` -- the HAProxy configuration that routes every room to one process.
* :mod:`.run` -- a cluster: PostgreSQL, N ``ziehdomino serve`` processes, HAProxy; one process
  stopped, started or restarted on its own.
* :mod:`.command` -- ``scripts/cluster``: a cluster from the shell, its processes one by one, its logs.

Nothing here listens on any address but 127.0.0.1.
"""
