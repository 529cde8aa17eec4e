"""The people wing: people live outside the room (docs/profile.md). A profile without an account,
keyed by the browser's holder key (stored as the digest its seats keep). Later: levels, friends.

* :mod:`.ids` -- a profile's public id and a guest's name.
* :mod:`.devicecodes` -- device codes: made, read as typed, kept as a digest, a key sealed under one.
* :mod:`.book` -- the profiles: entered, shown, renamed, exported, deleted, brought to another browser.
"""
