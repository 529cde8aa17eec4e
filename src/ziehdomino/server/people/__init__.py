"""The people wing: people live outside the room (docs/profile.md). A profile without an
account is something the browser holds, like its seats: its key is the browser's holder key,
stored only as the digest its seats keep (:mod:`..storage.keyhash`); a random public id names it
on public pages. Later: levels (a pure rating function the room core calls through one seam),
friends.

* :mod:`.ids` -- a profile's public id and a guest's name.
* :mod:`.devicecodes` -- device codes: made, read as typed, kept as a digest, a key sealed under one.
* :mod:`.book` -- the profiles: entered, shown, renamed, exported, deleted, brought to another browser.
"""
