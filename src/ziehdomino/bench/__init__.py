"""Benchmarks run by ``ziehdomino bench NAME``: each prints figures and ends with a JSON line.

* :mod:`.engine` -- whole random rounds per second through the rules engines.
* :mod:`.batch` -- the numpy batch engine: many rounds in lockstep.
* :mod:`.server` -- our server's CPU per action against the transport's floor.
* :mod:`.cluster` -- the server benchmark through HAProxy onto several processes.
* :mod:`.floor` -- the floor: a broadcast server that only moves frames.
* :mod:`.rules_floor` -- the durable floor that also plays by the rules.
* :mod:`.wsclient` -- a lean WebSocket client, the scripted players.
* :mod:`.core` -- the room core's CPU per action, in-process.
* :mod:`.parts` -- each part of an action, ours beside the rules floor's.
* :mod:`.frames` -- bytes per change and viewer, full states against deltas.
* :mod:`.lobby` -- what the live list "Offene Tische" costs per change.
* :mod:`.quick` -- "Schnell spielen" to a dealt round, on a real server.
* :mod:`.browser` -- one headless Chromium page, for the browser timings.
* :mod:`.bots` -- how long "stark" takes per decision, in each language.
* :mod:`.render` -- one action applied and rendered in a local game in Chromium.
* :mod:`.analysis` -- how long "Runde analysieren" takes per round.
* :mod:`.prose` -- prose per line of code.
"""
