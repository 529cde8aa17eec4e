"""Firefox ESR driven over WebDriver BiDi, which it speaks itself (no geckodriver): a headless
browser on a fresh temporary profile, each :class:`FirefoxWindow` in a user context of its own
(separate cookies and localStorage, as another person's browser)."""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tests.support.remote_window import Handle, Window
from tests.support.server import free_port

BINARY = os.environ.get("ZIEHDOMINO_FIREFOX", "firefox-esr")
START_TIMEOUT = 60.0


def available() -> bool:
    return shutil.which(BINARY) is not None


def _to_bidi(value: Any) -> dict[str, Any]:
    """A Python value (JSON-like, or a handle) as a BiDi LocalValue."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, list):
        return {"type": "array", "value": [_to_bidi(v) for v in value]}
    if "sharedId" in value:
        return value
    return {"type": "object", "value": [[k, _to_bidi(v)] for k, v in value.items()]}


def _from_bidi(remote: dict[str, Any]) -> Any:
    """A BiDi RemoteValue as a Python value (an element as its handle)."""
    kind = remote["type"]
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "number", "boolean"):
        return remote["value"]
    if kind in ("array", "nodelist", "htmlcollection"):
        return [_from_bidi(v) for v in remote.get("value", [])]
    if kind == "object":
        return {k: _from_bidi(v) for k, v in remote.get("value", [])}
    if kind == "node":
        return {"sharedId": remote["sharedId"]}
    return repr(remote)


class Firefox:
    """A headless Firefox ESR on a fresh profile; :meth:`close` ends it and removes the profile."""

    def __init__(self) -> None:
        self._profile = tempfile.mkdtemp(prefix="ziehdomino-firefox-")
        self._stack = ExitStack()
        port = free_port()
        self._proc = subprocess.Popen(
            [BINARY, "--headless", "--no-remote", "--profile", self._profile, "--remote-debugging-port", str(port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self._ws: ClientConnection | None = None
        self._next_id = 0
        self.log: dict[str, list[str]] = {}  # errors by browsing context
        deadline = time.monotonic() + START_TIMEOUT
        while self._ws is None:
            try:
                self._ws = self._stack.enter_context(connect(f"ws://127.0.0.1:{port}/session", max_size=64 * 1024 * 1024))
            except OSError:
                if self._proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    raise RuntimeError(f"{BINARY} did not open its WebDriver BiDi port") from None
                time.sleep(0.1)
        self.call("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})
        self.call("session.subscribe", {"events": ["log.entryAdded"]})

    def call(self, method: str, params: dict[str, Any]) -> Any:
        """Sends one command and returns its result; raises RuntimeError with the browser's error."""
        assert self._ws is not None
        self._next_id += 1
        ask = self._next_id
        self._ws.send(json.dumps({"id": ask, "method": method, "params": params}))
        while True:
            message = json.loads(self._ws.recv(timeout=60))
            if message.get("type") == "event":
                self._event(message)
            elif message.get("id") == ask:
                if message.get("type") == "error":
                    raise RuntimeError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def _event(self, message: dict[str, Any]) -> None:
        entry = message["params"]
        if message["method"] == "log.entryAdded" and entry.get("level") == "error":
            context = entry.get("source", {}).get("context", "")
            self.log.setdefault(context, []).append(f"{entry.get('type')}: {entry.get('text')}")

    def window(self, width: int = 1280, height: int = 800) -> FirefoxWindow:
        """A new window with storage of its own, its viewport ``width`` × ``height``."""
        user = self.call("browser.createUserContext", {})["userContext"]
        context = self.call("browsingContext.create", {"type": "window", "userContext": user})["context"]
        window = FirefoxWindow(self, context)
        window.resize(width, height)
        return window

    def close(self) -> None:
        """Ends the browser (its whole process group) and removes the profile."""
        self._stack.close()
        if self._proc.poll() is None:
            os.killpg(self._proc.pid, signal.SIGTERM)
            try:
                self._proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self._proc.pid, signal.SIGKILL)
                self._proc.wait()
        shutil.rmtree(self._profile, ignore_errors=True)


class FirefoxWindow(Window):
    """A top-level browsing context of :class:`Firefox`."""

    engine = "firefox"

    def __init__(self, browser: Firefox, context: str) -> None:
        super().__init__()
        self.browser = browser
        self.context = context

    def _navigate(self, url: str | None) -> None:
        if url is None:
            self.browser.call("browsingContext.reload", {"context": self.context, "wait": "complete"})
        else:
            self.browser.call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def run(self, function: str, *args: Any) -> Any:
        answer = self.browser.call("script.callFunction", {
            "functionDeclaration": function, "arguments": [_to_bidi(a) for a in args],
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"})
        if answer["type"] == "exception":
            raise RuntimeError(f"firefox: {answer['exceptionDetails'].get('text')}")
        return _from_bidi(answer["result"])

    def has_name(self, element: Handle, role: str, name: str) -> bool:
        found = self.browser.call("browsingContext.locateNodes", {
            "context": self.context, "startNodes": [element], "maxNodeCount": 1,
            "locator": {"type": "accessibility", "value": {"role": role, "name": name}}})["nodes"]
        return bool(found) and found[0]["sharedId"] == element["sharedId"]

    def click(self, element: Handle) -> None:
        self.run("(el) => el.scrollIntoView({block: 'center'})", element)
        self.browser.call("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": element}},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})

    def type_into(self, element: Handle, text: str) -> None:
        self.run("(el) => { el.focus(); el.select(); }", element)
        self._keys(text)

    def press(self, key: str) -> None:
        self._keys(key)

    def _keys(self, text: str) -> None:
        keys = [{"type": kind, "value": ch} for ch in text for kind in ("keyDown", "keyUp")]
        self.browser.call("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": keys}]})

    def screenshot(self, path: Path) -> None:
        data = self.browser.call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        path.write_bytes(base64.b64decode(data))

    def resize(self, width: int, height: int) -> None:
        self.browser.call("browsingContext.setViewport",
                          {"context": self.context, "viewport": {"width": width, "height": height}})

    def logged_errors(self) -> list[str]:
        return list(self.browser.log.get(self.context, []))
