"""WebKitGTK driven over classic WebDriver (WebKitWebDriver and its MiniBrowser) on a virtual X
display (Xvfb). WebKitWebDriver serves one session at a time, so each
:class:`WebKitWindow` is a driver process and a browser of its own (an automation session:
its storage is its own and goes with it)."""

from __future__ import annotations

import base64
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from tests.support.remote_window import Handle, Window
from tests.support.server import free_port

DRIVER = os.environ.get("ZIEHDOMINO_WEBKITDRIVER", "WebKitWebDriver")
MINIBROWSER = os.environ.get("ZIEHDOMINO_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
#: The key under which WebDriver sends an element.
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
def available() -> bool:
    return all(shutil.which(p) for p in (DRIVER, "Xvfb")) and Path(MINIBROWSER).exists()


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Ends ``proc`` and whatever it started (its process group)."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


class WebKit:
    """A virtual display for WebKit windows; :meth:`close` ends it and every window."""

    def __init__(self) -> None:
        self._xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        assert self._xvfb.stdout is not None
        self.display = ":" + self._xvfb.stdout.readline().decode().strip()
        self._xvfb.stdout.close()
        self._windows: list[WebKitWindow] = []

    def window(self, width: int = 1280, height: int = 800) -> WebKitWindow:
        """A new window (its own driver and browser), its viewport ``width`` × ``height``."""
        window = WebKitWindow(self.display)
        self._windows.append(window)
        window.resize(width, height)
        return window

    def close(self) -> None:
        for window in self._windows:
            window.close()
        _stop(self._xvfb)


class WebKitWindow(Window):
    """One WebDriver session of its own WebKitWebDriver process."""

    engine = "webkit"

    def __init__(self, display: str) -> None:
        super().__init__()
        port = free_port()
        self._driver = subprocess.Popen([DRIVER, f"--port={port}"], env={**os.environ, "DISPLAY": display},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self._http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60)
        self._session = ""
        self._chrome: tuple[int, int] | None = None  # the window's size less the viewport's
        deadline = time.monotonic() + 30
        while True:
            try:
                self._http.get("/status")
                break
            except httpx.TransportError:
                if self._driver.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError(f"{DRIVER} did not start") from None
                time.sleep(0.05)
        options = {"binary": MINIBROWSER, "args": ["--automation"]}
        answer = self._command("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}})
        self._session = f"/session/{answer['sessionId']}"

    def _command(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """One WebDriver command; its ``value``. Raises RuntimeError with the driver's error."""
        reply = self._http.request(method, path, json=body).json()["value"]
        if isinstance(reply, dict) and "error" in reply:
            raise RuntimeError(f"webkit {path}: {reply['error']}: {reply.get('message')}")
        return reply

    def _do(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return self._command(method, self._session + path, body)

    def _navigate(self, url: str | None) -> None:
        if url is None:
            self._do("POST", "/refresh", {})
        else:
            self._do("POST", "/url", {"url": url})

    def run(self, function: str, *args: Any) -> Any:
        return self._do("POST", "/execute/sync", {"script": f"return ({function}).apply(null, arguments);",
                                                   "args": list(args)})

    def has_name(self, element: Handle, role: str, name: str) -> bool:
        # The role is the selector's (WebKit's computed roles are its own words, not ARIA's).
        return bool(self._do("GET", f"/element/{element[ELEMENT]}/computedlabel") == name)

    def click(self, element: Handle) -> None:
        self._do("POST", f"/element/{element[ELEMENT]}/click", {})

    def type_into(self, element: Handle, text: str) -> None:
        self._do("POST", f"/element/{element[ELEMENT]}/clear", {})
        self._do("POST", f"/element/{element[ELEMENT]}/value", {"text": text})

    def press(self, key: str) -> None:
        self._do("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._do("GET", "/screenshot")))

    def resize(self, width: int, height: int) -> None:
        # The window's size includes MiniBrowser's toolbar: the difference, measured once, is added.
        # MiniBrowser's window is at least 447 px wide: a narrower viewport is never reached.
        if self._chrome is None:
            outer = self._do("GET", "/window/rect")
            inner = self.run("() => [innerWidth, innerHeight]")
            self._chrome = (outer["width"] - inner[0], outer["height"] - inner[1])
        self._do("POST", "/window/rect", {"width": width + self._chrome[0], "height": height + self._chrome[1]})
        self.wait("(w, h) => innerWidth === w && innerHeight === h", width, height, what=f"a {width}x{height} viewport")

    def close(self) -> None:
        """Ends the session (the browser) and the driver."""
        if self._session:
            try:
                self._http.delete(self._session)
            except httpx.HTTPError:
                pass
            self._session = ""
        self._http.close()
        _stop(self._driver)
