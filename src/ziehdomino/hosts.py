"""The hosts the site answers for: the ``Host`` names that ``ziehdomino serve --allowed-hosts``
lets through Starlette's ``TrustedHostMiddleware`` (every other one is answered 400 on every
route and the WebSocket), and that ``ziehdomino haproxy-config --allowed-hosts`` counts and
checks the processes with (docs/deploy.md, "Allowed hosts").

Why: a page elsewhere whose own name is made to resolve to this server (DNS rebinding) is
same-origin with it in the browser: its requests carry its own name as ``Host`` and as
``Origin``, so the same-site rule (:mod:`.server.process.security`) cannot tell them from the site's.
Only the ``Host`` can: it names the attacker's domain.

Kept out of :mod:`.server` so that ``haproxy-config`` reads the list without loading the app.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from typing import Final

#: ``--allowed-hosts`` when not given: the names of this machine's loopback, by which a browser
#: on it reaches a server on 127.0.0.1 or ::1 (an IPv6 address in brackets, as a ``Host`` has it).
DEFAULT_ALLOWED_HOSTS: Final[tuple[str, ...]] = ("localhost", "127.0.0.1", "[::1]")

#: A host name or an IPv4 address, lowercased: labels of letters, digits, ``-`` and ``_``.
_NAME = re.compile(r"[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")

#: Addresses that mean every address of the machine (``serve --host``): no one name reaches them.
_ANY_ADDRESS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})


def host_pattern(text: str) -> str:
    """One allowed host in the form ``TrustedHostMiddleware`` compares: lowercased, without a
    port (it is not compared), an IPv6 address in brackets and shortened (``::1`` and
    ``[0:0::1]`` are ``[::1]``). ``*.example.com`` allows every name under that domain (not the
    domain itself); ``*`` allows any host (the check off).

    Raises:
        ValueError: empty, with a port, or not a host name, an address or such a wildcard.
    """
    pattern = text.strip().lower()
    if pattern == "*":
        return pattern
    wildcard = pattern.startswith("*.")
    name = pattern[2:] if wildcard else pattern
    if _NAME.fullmatch(name) and len(name) <= 253:
        return pattern  # a name or an IPv4 address, or a wildcard of a name
    if not wildcard:
        inner = name[1:-1] if name.startswith("[") and name.endswith("]") else name
        try:
            address = ipaddress.IPv6Address(inner)
        except ValueError:
            pass
        else:
            if address.scope_id is None:
                return f"[{address.compressed}]"
    head, _, port = name.rpartition(":")
    if head and port.isascii() and port.isdigit():
        try:
            host_pattern(head)
        except ValueError:
            pass
        else:
            raise ValueError(f"{text!r}: a host without its port (the port is not compared)")
    raise ValueError(f"{text!r}: not a host name, an address, '*.domain' or '*'")


def parse_hosts(text: str) -> tuple[str, ...]:
    """``--allowed-hosts``: comma-separated hosts (:func:`host_pattern`), each once, in order.

    Raises:
        ValueError: none given, or one that is not a host (the message names the option).
    """
    hosts: list[str] = []
    for part in text.split(","):
        if part.strip():
            try:
                pattern = host_pattern(part)
            except ValueError as exc:
                raise ValueError(f"--allowed-hosts {exc}") from None
            if pattern not in hosts:
                hosts.append(pattern)
    if not hosts:
        raise ValueError("--allowed-hosts must name at least one host")
    return tuple(hosts)


def default_hosts(listen: str) -> tuple[str, ...]:
    """The allowed hosts of a server listening on ``listen`` (``serve --host``) when none are
    named: :data:`DEFAULT_ALLOWED_HOSTS`, and ``listen`` itself when it is one address or name
    (a browser reaches such a server by it; a rebinding page's ``Host`` is a name of its own).
    Every address of the machine (``0.0.0.0``, ``::``) adds nothing."""
    if listen.strip() in _ANY_ADDRESS:
        return DEFAULT_ALLOWED_HOSTS
    try:
        own = host_pattern(listen)
    except ValueError:
        return DEFAULT_ALLOWED_HOSTS
    return DEFAULT_ALLOWED_HOSTS if own in DEFAULT_ALLOWED_HOSTS else (*DEFAULT_ALLOWED_HOSTS, own)


def check_host(hosts: Sequence[str]) -> str:
    """The ``Host`` a proxy's health check sends to the processes: the first of ``hosts``
    without a wildcard (``localhost`` when ``*`` allows any).

    Raises:
        ValueError: ``hosts`` holds only wildcards of domains (``*.example.com``).
    """
    for host in hosts:
        if "*" not in host:
            return host
    if "*" in hosts:
        return "localhost"
    raise ValueError("name at least one host without '*': the health checks send it as their Host")
