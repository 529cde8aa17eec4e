"""What crosses the wire, both ways (docs/protocol.md): its codes, the shapes and texts the
server sends, and the messages a client may send.

* :mod:`.codes` -- the one table of close and error codes (mirrored to ``web/common/codes.js``).
* :mod:`.wire` -- the shapes of what the server sends, as TypedDicts.
* :mod:`.messages` -- outgoing messages encoded to JSON text: state, history, error.
* :mod:`.deltas` -- delta frames: only what changed since a connection's last state.
* :mod:`.models` -- names and every message a client may send, validated with pydantic.
* :mod:`.playmessage` -- the two messages of play, read without pydantic.
* :mod:`.profiles` -- the profiles' bodies and answers.
"""
