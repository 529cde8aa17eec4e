"""Puzzles ("Aufgaben", docs/puzzles.md): two-seat positions with an empty boneyard where exactly
one move wins by force.

* :mod:`.search` -- the exact search.
* :mod:`.generate` -- puzzles found in simulated rounds, written to the puzzle file.
"""
