"""The room core: a room as a value, the changes to it, the one writer per room that stores
then announces them to its connections' outboxes, and the rooms this process holds (docs/architecture.md, ideas 3, 4, 11).

* :mod:`.room` -- a room as a value: its seats, its own state, its match, its finished rounds.
* :mod:`.roomstate` -- what a room keeps beside its match: turn clock, presence, ready marks.
* :mod:`.changes` -- each change a pure function of the room: the next value, its write, what it owes.
* :mod:`.writer` -- one writer per room: lock, change, store, swap, publish, notify.
* :mod:`.batch` -- the changes that queued meanwhile, run and stored together.
* :mod:`.roomtexts` -- a room's state as the texts its connections are sent, made once per value.
* :mod:`.connection` -- one socket's outbox between the room's writer and its sender; a room's open ones.
* :mod:`.rooms` -- the rooms this process holds: taking, changing and letting them go.
* :mod:`.cleanup` -- the sweep for ended and abandoned rooms.
* :mod:`.computer` -- the computer seats, a listener of every writer.
* :mod:`.credentials` -- room ids and seat secrets, stored hashed.
* :mod:`.replays` -- the records of finished rounds and the replay a client may fetch.
* :mod:`.openers` -- the rooms each address keeps open, for its limit.
"""
