"""A throwaway self-signed certificate for ``127.0.0.1`` and ``localhost`` (``scripts/cluster
--tls``), made by ``openssl``. Never for a real deployment: its key lies unencrypted in the
cluster's temporary folder.
"""

from __future__ import annotations

import shutil
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Certificate:
    """``combined``: certificate then key (HAProxy's ``crt``); ``certificate``: the certificate
    alone (what a client trusts, :meth:`client_context`)."""

    combined: Path
    certificate: Path

    def client_context(self) -> ssl.SSLContext:
        """A client TLS context that trusts this certificate alone (and checks the host name)."""
        return ssl.create_default_context(cafile=str(self.certificate))


def self_signed(folder: Path, days: int = 2) -> Certificate:
    """Make the certificate in ``folder``; ``FileNotFoundError`` without ``openssl``,
    ``RuntimeError`` with its message if it fails."""
    openssl = shutil.which("openssl")
    if openssl is None:
        raise FileNotFoundError("the openssl command is not installed (apt-get install openssl)")
    key, cert = folder / "tls-key.pem", folder / "tls-cert.pem"
    done = subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                           "-nodes", "-keyout", str(key), "-out", str(cert), "-days", str(days),
                           "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"openssl could not make a certificate: {done.stderr.strip()}")
    combined = folder / "tls.pem"
    combined.write_text(cert.read_text() + key.read_text())
    combined.chmod(0o600)
    key.unlink()
    return Certificate(combined, cert)
