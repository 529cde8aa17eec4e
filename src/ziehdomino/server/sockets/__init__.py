"""The WebSocket side of a room: the endpoint, each socket's frames, and what is pushed to a
room's sockets without being stored.

* :mod:`.ws` -- the endpoint ``/ws/{room_id}``: hello, the receive loop, the sender.
* :mod:`.rawsocket` -- a socket's frames sent and received with the server's own ASGI calls.
* :mod:`.reactions` -- the short phrases a seated person sends to the table.
* :mod:`.watching` -- the spectator count, told to every connection of the room.
"""
