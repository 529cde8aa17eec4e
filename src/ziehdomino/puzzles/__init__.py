"""Puzzles ("Aufgaben", docs/puzzles.md): two-seat positions with an empty boneyard where exactly
one move wins by force. :mod:`.search` finds the winning moves and the longest resistance,
:mod:`.generate` finds such positions in simulated rounds and writes the puzzle file."""
