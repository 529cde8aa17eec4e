"""A browser window driven over a WebDriver protocol (Firefox's BiDi, WebKit's classic HTTP
one), for the browser tests beyond Chromium: the few things a test does with a page, in one
shape for both engines. Elements are found by role and accessible name as the engine itself
computes it, clicked and typed into with the protocol's own input (real events, not
``element.click()`` in a script)."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

#: An element as the protocol refers to it (a BiDi shared reference, a WebDriver element);
#: it can be passed to :meth:`Window.run` as an argument.
Handle = dict[str, str]

#: Whether an element is on screen: laid out, not inside something hidden, not invisible.
VISIBLE_JS = """(el) => el.getClientRects().length > 0 && !el.closest('[hidden]')
  && getComputedStyle(el).visibility !== 'hidden'"""

#: The elements that may have each role, in a page of this game: the candidates whose
#: accessible name is then asked of the engine.
ROLE_SELECTORS = {
    "button": "button, [role=button]",
    "textbox": "input:not([type]), input[type=text], textarea",
    "combobox": "select",
    "switch": "[role=switch]",
    "region": "section[aria-labelledby], section[aria-label], [role=region]",
    "group": "fieldset, [role=group]",
}

#: The visible candidates for a role inside ``within`` (or the page), those whose text or label
#: says the name first: each costs a round trip to have its name computed.
CANDIDATES_JS = f"""(within, name, sel) => {{
  const visible = {VISIBLE_JS};
  const all = [...(within || document).querySelectorAll(sel)].filter(visible);
  const guess = (el) => (el.getAttribute('aria-label') || el.textContent).replace(/\\s+/g, ' ').trim();
  return [...all.filter((el) => guess(el) === name), ...all.filter((el) => guess(el) !== name)];
}}"""

#: Collects the page's uncaught errors and rejections in ``window.__errors``: some reach no
#: protocol's log (the "ResizeObserver loop" error reaches window.onerror only).
ERROR_TRAP_JS = """() => {
  if (window.__errors) return;
  window.__errors = [];
  addEventListener('error', (e) => window.__errors.push(`error: ${e.message}`));
  addEventListener('unhandledrejection', (e) => window.__errors.push(`rejection: ${e.reason}`));
}"""


class Window(ABC):
    """One window (with its own storage) of a browser driven by a test."""

    engine = ""

    def __init__(self) -> None:
        self._left_errors: list[str] = []  # the errors of the pages this window left

    @abstractmethod
    def _navigate(self, url: str | None) -> None:
        """Loads ``url`` (None: the page again) and returns once the page has loaded."""

    def goto(self, url: str) -> None:
        """Loads ``url`` and returns once the page has loaded."""
        self._leave()
        self._navigate(url)
        self.run(ERROR_TRAP_JS)

    def reload(self) -> None:
        """Reloads the page and returns once it has loaded."""
        self._leave()
        self._navigate(None)
        self.run(ERROR_TRAP_JS)

    def _leave(self) -> None:
        self._left_errors += self.run("() => window.__errors || []")

    @abstractmethod
    def run(self, function: str, *args: Any) -> Any:
        """Calls the JavaScript function expression ``function`` with ``args`` (JSON values or
        handles) in the page; returns its JSON result (a promise is awaited; elements come back
        as handles)."""

    @abstractmethod
    def has_name(self, element: Handle, role: str, name: str) -> bool:
        """Whether the engine gives ``element`` the ARIA ``role`` and the accessible name ``name``."""

    @abstractmethod
    def click(self, element: Handle) -> None:
        """Clicks the middle of ``element`` (scrolled into view) with the mouse."""

    @abstractmethod
    def type_into(self, element: Handle, text: str) -> None:
        """Replaces the text of the field ``element`` by typing ``text``."""

    @abstractmethod
    def press(self, key: str) -> None:
        """Presses and releases ``key`` (one character) on the keyboard, wherever the focus is."""

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """Saves the visible part of the page as a PNG file."""

    @abstractmethod
    def resize(self, width: int, height: int) -> None:
        """Sets the size of the page's viewport in CSS pixels."""

    def logged_errors(self) -> list[str]:
        """The errors the protocol's own log reported (none where it has no log)."""
        return []

    def errors(self) -> list[str]:
        """The script errors (uncaught errors, console errors) seen so far."""
        return self.logged_errors() + self._left_errors + list(self.run("() => window.__errors || []"))

    # --- built on the above -----------------------------------------------------------------

    def find(self, role: str, name: str, within: Handle | None = None) -> Handle | None:
        """The first visible element of ARIA ``role`` whose accessible name is ``name`` (inside
        ``within`` if given), or None."""
        for element in self.run(CANDIDATES_JS, within, name, ROLE_SELECTORS[role]):
            if self.has_name(element, role, name):
                return dict(element)
        return None

    def wait(self, function: str, *args: Any, timeout: float = 20.0, what: str = "") -> Any:
        """Calls ``function`` until it returns something truthy; returns that. Raises
        AssertionError after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: waited {timeout:.0f}s for {what or function}; {self.where()}")
            time.sleep(0.05)

    def where(self) -> str:
        """Where the window is, for a failure's message: its address, the focused element, what
        its alerts and its status say, its heading, the classes on its root and the errors it
        logged."""
        return str(self.run("""() => `at ${location.href}, focus on ${document.activeElement?.outerHTML.slice(0, 80)}, alerts: `
            + [...document.querySelectorAll('[role=alert]')].map((a) => a.textContent.trim()).filter(Boolean).join(' | ')
            + `; status: ${[...document.querySelectorAll('[role=status]')].map((a) => a.textContent.trim()).filter(Boolean).join(' | ').slice(0, 300)}`
            + `; heading: ${document.querySelector('h2.table-h')?.innerText ?? 'no table'}; seats: `
            + `${document.querySelector('#seat-list')?.innerText.replace(/\\s+/g, ' ').slice(0, 200)}`
            + `; root: ${document.documentElement.className}`""")) \
            + f"; errors: {self.errors()}"

    def get(self, role: str, name: str, within: Handle | None = None, timeout: float = 20.0) -> Handle:
        """Like :meth:`find`, waiting up to ``timeout`` seconds for the element to appear."""
        deadline = time.monotonic() + timeout
        while True:
            element = self.find(role, name, within)
            if element is not None:
                return element
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: no {role} named {name!r} within {timeout:.0f}s")
            time.sleep(0.05)

    def click_button(self, name: str, within: Handle | None = None) -> None:
        """Clicks the button named ``name`` once it is there and enabled."""
        button = self.get("button", name, within)
        self.wait("(el) => !el.disabled", button, what=f"{name!r} to be enabled")
        self.click(button)

    def fill(self, label: str, text: str, within: Handle | None = None) -> None:
        """Types ``text`` into the text field labelled ``label``; returns once it says so."""
        field = self.get("textbox", label, within)
        # A page still starting may fill in a default between the clearing and the typing (the
        # local game's "Gast"): typed again until the field says exactly ``text``.
        for _ in range(3):
            self.type_into(field, text)
            try:
                self.wait("(el, text) => el.value === text", field, text, timeout=3.0)
                return
            except AssertionError:
                continue
        value = self.run("(el) => el.value", field)
        raise AssertionError(f"{self.engine}: {label!r} says {value!r} after typing {text!r} three times; {self.where()}")

    def select(self, label: str, value: str, within: Handle | None = None) -> None:
        """Picks the option of value ``value`` in the list labelled ``label``."""
        field = self.get("combobox", label, within)
        self.run("(el, v) => { el.value = v; el.dispatchEvent(new Event('change', {bubbles: true})); }", field, value)

    def text(self, selector: str) -> str:
        """The visible text of the first element matching the CSS ``selector`` ('' if none)."""
        return str(self.run("(s) => document.querySelector(s)?.innerText ?? ''", selector))
