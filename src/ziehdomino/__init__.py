"""Ziehdomino: draw dominoes with a double-six set, free opening and one unbranched line.

* :mod:`.engine` -- the rules, pure.
* :mod:`.bots` -- the computer players.
* :mod:`.levels` -- the level: a finished round's rating, pure.
* :mod:`.server` -- the online rooms server.
* :mod:`.analysis` -- a finished round's analysis.
* :mod:`.puzzles` -- the puzzles.
* :mod:`.arena` -- computer levels against each other, with confidence intervals.
* :mod:`.bench` -- the benchmarks.
* :mod:`.cluster` -- several server processes on one machine.
* :mod:`.constants` -- the product's numbers and names, once.
* :mod:`.hosts` -- the hosts the site answers for.
* :mod:`.vectors` -- the conformance vectors run against the Python engine.
* :mod:`.cli` -- the ``ziehdomino`` command.

The browser app is the ``web`` folder, no Python package.
"""

__version__ = "0.1.0"
