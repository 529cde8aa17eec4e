"""Puzzles ("Aufgaben", docs/puzzles.md): two-seat positions with an empty boneyard where exactly
one move wins by force.

* :mod:`.search` -- the winning moves and the longest resistance, by exact search.
* :mod:`.generate` -- such positions found in simulated rounds, written to the puzzle file.
"""
