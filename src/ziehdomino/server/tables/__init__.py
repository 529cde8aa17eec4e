"""Open tables and the lobby: tables that wait for people, "Schnell spielen" and the live list
"Offene Tische" (docs/rules.md, "Open tables").

* :mod:`.opentables` -- open tables as values: filling with computers, freeing seats, a table's line.
* :mod:`.openseats` -- the seats each address holds at waiting tables, and its claims.
* :mod:`.quickplay` -- "Schnell spielen": a seat at once, the open tables' deadlines, a start at once.
* :mod:`.lobby` -- the live list "Offene Tische", a listener of every writer.
"""
