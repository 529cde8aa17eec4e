"""The hosts the site answers for (``--allowed-hosts`` of ``serve`` and ``haproxy-config``);
any other ``Host`` gets 400, which stops DNS rebinding (docs/deploy.md, "Allowed hosts"). Kept
out of :mod:`.server` so that ``haproxy-config`` reads it without loading the app.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from typing import Final

#: ``--allowed-hosts`` when not given: this machine's loopback names.
DEFAULT_ALLOWED_HOSTS: Final[tuple[str, ...]] = ("localhost", "127.0.0.1", "[::1]")

#: A host name or an IPv4 address, lowercased: labels of letters, digits, ``-`` and ``_``.
_NAME = re.compile(r"[a-z0-9_-]+(?:\.[a-z0-9_-]+)*")

#: Addresses that mean every address of the machine: no one name reaches them.
_ANY_ADDRESS = frozenset({"", "0.0.0.0", "::", "[::]", "*"})


def host_pattern(text: str) -> str:
    """One allowed host as ``TrustedHostMiddleware`` compares it: lowercased, an IPv6 address in
    brackets and shortened. ``*.example.com``: every name under it; ``*``: any. ``ValueError``
    for anything else, a port included."""
    pattern = text.strip().lower()
    if pattern == "*":
        return pattern
    wildcard = pattern.startswith("*.")
    name = pattern[2:] if wildcard else pattern
    if _NAME.fullmatch(name) and len(name) <= 253:
        return pattern
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
    """``--allowed-hosts``: comma-separated hosts, each once, in order; ``ValueError`` for none
    or a bad one."""
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
    """The allowed hosts when none are named: :data:`DEFAULT_ALLOWED_HOSTS`, and ``listen``
    unless it is every address of the machine."""
    if listen.strip() in _ANY_ADDRESS:
        return DEFAULT_ALLOWED_HOSTS
    try:
        own = host_pattern(listen)
    except ValueError:
        return DEFAULT_ALLOWED_HOSTS
    return DEFAULT_ALLOWED_HOSTS if own in DEFAULT_ALLOWED_HOSTS else (*DEFAULT_ALLOWED_HOSTS, own)


def check_host(hosts: Sequence[str]) -> str:
    """The ``Host`` a proxy's health checks send: the first of ``hosts`` without a wildcard
    (``localhost`` for ``*``); ``ValueError`` if all are wildcards of domains."""
    for host in hosts:
        if "*" not in host:
            return host
    if "*" in hosts:
        return "localhost"
    raise ValueError("name at least one host without '*': the health checks send it as their Host")
