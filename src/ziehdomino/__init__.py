"""Ziehdomino: draw dominoes with a double-six set, free opening and one unbranched line.

The rules live in :mod:`ziehdomino.engine`; the server in :mod:`ziehdomino.server`; the
computer players in :mod:`ziehdomino.bots`; the browser app in the ``web`` folder.
"""

__version__ = "0.1.0"
