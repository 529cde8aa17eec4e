"""Several server processes on one machine, for tests, demos and ``bench server --cluster``.

* :mod:`.postgres` -- a throwaway PostgreSQL from Debian's binaries.
* :mod:`.haproxy` -- the HAProxy configuration that routes every room to one process.
* :mod:`.processes` -- stopping a child process, whatever its state.
* :mod:`.run` -- a cluster: PostgreSQL, N ``ziehdomino serve`` processes, HAProxy.
* :mod:`.command` -- ``scripts/cluster``: a cluster from the shell.
* :mod:`.roomarg` -- a room's id or invitation link on an operator's command line.
* :mod:`.tls` -- a throwaway self-signed certificate for ``scripts/cluster --tls``.

Nothing here listens on any address but 127.0.0.1.
"""
