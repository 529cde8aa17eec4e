"""What an operator types for a cluster is checked before anything starts: the HAProxy
configuration's inputs and the serve options for PostgreSQL, each refused in one clear line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ziehdomino.cluster.haproxy import Backend, config, local_backends
from ziehdomino.server.process.settings import Settings


@pytest.mark.parametrize("kw", [{"http_rate": 0}, {"http_rate": -5}, {"maxconn": 0}, {"bind": "junk"},
                                {"bind": "127.0.0.1:70000"}, {"bind": "a b:80"}, {"per_address": 0},
                                {"request_timeout": 0}, {"http_bind": "127.0.0.1:80"},
                                {"tls": Path("/etc/my site.pem")}, {"tls": Path("a.pem"), "http_bind": "x"},
                                {"tls": Path("a.pem"), "bind": "127.0.0.1:8443", "http_bind": "127.0.0.1:8443"},
                                {"allowed_hosts": ["play.example:443"]}, {"allowed_hosts": ["*.example.org"]},
                                {"allowed_hosts": ["a b"]}, {"allowed_hosts": []}])
def test_haproxy_config_refuses_options_that_would_break_it(kw: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        config(local_backends(3), **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", [Backend("p1", "127.0.0.1", 65536), Backend("p1", "a b", 8001),
                                     Backend("p1", "127.0.0.1\n    server x 1.2.3.4", 8001),
                                     Backend("p 1", "127.0.0.1", 8001)])
def test_haproxy_config_refuses_a_backend_that_is_not_one(backend: Backend) -> None:
    with pytest.raises(ValueError):
        config([backend])


def test_haproxy_config_routes_rooms_and_drops_a_clients_forwarded_header() -> None:
    text = config(local_backends(2, 9001), bind="127.0.0.1:9000", http_rate=60)
    assert "server p1 127.0.0.1:9001 check" in text and "server p2 127.0.0.1:9002 check" in text
    assert "hash-type consistent" in text and "http-request del-header X-Forwarded-For" in text
    assert text.index("del-header X-Forwarded-For") < text.index("use_backend rooms")


def test_haproxy_config_checks_with_an_allowed_host_and_counts_only_the_sites_own_hosts() -> None:
    """The processes answer a Host they do not serve 400 (HAProxy's default check sends none):
    the health check names the first allowed host without a wildcard; a creation or join is
    counted only when its Host (lowercased, its port left out) is one of the allowed hosts."""
    text = config(local_backends(2), allowed_hosts=["*.example.org", "Play.example", "::1"])
    assert "http-check send meth GET uri /api/health/serving ver HTTP/1.1 hdr host play.example\n" in text
    assert "acl host_allowed var(txn.hostname) -m str play.example [::1]\n" in text
    assert "acl host_allowed var(txn.hostname) -m end .example.org\n" in text
    assert "set-var(txn.hostname) req.hdr(host),lower,regsub(:[0-9]+$,)" in text
    own = next(line for line in text.splitlines() if "set-var(txn.own_site)" in line)
    assert own.split(" if ", 1)[1].split(" || ") == ["host_allowed origin_own fetch_none",
                                                    "host_allowed origin_own fetch_same",
                                                    "host_allowed origin_none fetch_same"]
    default = config(local_backends(1))
    assert "hdr host localhost\n" in default and "-m str localhost 127.0.0.1 [::1]\n" in default
    assert "acl host_allowed always_true" in config(local_backends(1), allowed_hosts=["*"])


@pytest.mark.parametrize("kw", [True, False])
def test_haproxy_accepts_the_configuration_with_and_without_tls(tmp_path: Path, kw: bool) -> None:
    """HAProxy itself checks the text (``haproxy -c``): with TLS on a throwaway certificate, a
    redirect from plain HTTP and HSTS; without, plain HTTP. Both close a connection that sends
    no complete request within the processes' request timeout and cap connections per address."""
    from ziehdomino.cluster.tls import self_signed

    tls = self_signed(tmp_path).combined if kw else None
    text = config(local_backends(2), bind="127.0.0.1:8443", tls=tls, http_bind="127.0.0.1:8080" if kw else None,
                  per_address=300, request_timeout=5, allowed_hosts=["play.example", "*.example.org", "[::1]"])
    assert "timeout http-request 5000ms" in text and "option http-buffer-request" in text
    assert "sc_conn_cur(1) gt 300" in text
    if kw:
        assert f"bind 127.0.0.1:8443 ssl crt {tls}" in text and "bind 127.0.0.1:8080" in text
        assert "Strict-Transport-Security" in text and "redirect code 301 location https://" in text
        assert "X-Forwarded-Proto https" in text
    else:
        assert "ssl" not in text and "X-Forwarded-Proto http" in text  # a client cannot pick the links' scheme
    (tmp_path / "haproxy.cfg").write_text(text)
    done = subprocess.run(["haproxy", "-c", "-f", str(tmp_path / "haproxy.cfg")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "Configuration file is valid" in done.stdout + done.stderr, done.stderr


@pytest.mark.parametrize("kw", [{"database": "postgresql://[::1"}, {"database": "mysql://x/y"},
                                {"database": "postgresql:///nohost"}, {"process_name": "my proc"},
                                {"process_name": ""}, {"process_name": "x" * 41}, {"lease_seconds": 1.0},
                                {"request_timeout": 0.0}, {"request_timeout": 601.0},
                                {"max_connections_per_address": 0}, {"allowed_hosts": ("play.example:443",)}])
def test_serve_options_for_a_cluster_are_checked(kw: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Settings(data_dir=Path("unused"), **kw)  # type: ignore[arg-type]


def test_an_unreachable_database_is_one_line_and_a_failing_exit(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "ziehdomino.cli", "serve", "--port", "1", "--data", str(tmp_path),
                           "--database", "postgresql://nobody@127.0.0.1:1/none"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "PostgreSQL at postgresql://nobody@127.0.0.1:1/none cannot be used" in lines[0], done.stderr
