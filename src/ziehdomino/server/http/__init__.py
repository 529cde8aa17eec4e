"""The HTTP side: the ASGI app, its routes and pages.

* :mod:`.app` -- the Starlette app: routes, start-up and shutdown, :func:`~.app.serve`.
* :mod:`.api` -- the rooms' HTTP API: create, summarise, join, rounds, the QR code.
* :mod:`.lobbyapi` -- the routes of open tables and of one's own rooms.
* :mod:`.pages` -- the pages, error pages, static files and their cache headers.
* :mod:`.minified` -- modules and style sheets served without comments.
* :mod:`.invite` -- the invitation link and its QR code.
* :mod:`.profileapi` -- the profiles' routes: ``/api/profile``, its device codes, ``/api/p/{id}``.
"""
