"""What the browser tests share: Chromium found and opened on a page with touch emulation, the
page's console read as the game's trace ("latu trace: ..."), touches and keys sent through the
DevTools protocol, a static server for a build folder, and the moves of a run every test makes
(skip the tutorial, clear a range by tapping its fire button)."""

import base64
import http.server
import os
import queue
import re
import shutil
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402

WIDTH, HEIGHT = 390, 844
TRACE = "latu trace: "

# Where the buttons are at 390x844 (the layout scales with the screen; a change there moves
# these, and the screen traced after each tap says at once which one was missed).
SKIP_TUTORIAL = (252, 120)
PENALTY_LOOP = (288, 728)
# The range's fire button (bottom right, under a right thumb).
FIRE_BUTTON = (280, 800)


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def serve(root):
    """A static server of the folder root on 127.0.0.1 (a free port), in a thread."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm",
        }

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Page:
    """One browser's page: its trace lines, and touches and keys sent to it. `who` prefixes
    what it says (two players at once)."""

    def __init__(self, browser, url, profile, who=""):
        self.browser = browser
        self.url = url
        self.profile = profile
        self.who = who
        self.lines = []
        # Every line since the browser opened, across reloads.
        self.history = []
        self.started = time.monotonic()

    def say(self, text):
        print(f"[{time.monotonic() - self.started:6.1f}s] {self.who}{text}", flush=True)

    def pump(self, timeout):
        try:
            event = self.browser.events.get(timeout=timeout)
        except queue.Empty:
            return
        method = event.get("method")
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in event["params"]["args"])
            if text.startswith(TRACE):
                self.lines.append(text[len(TRACE):])
                self.history.append(text[len(TRACE):])
            elif event["params"]["type"] in ("error", "warning"):
                self.history.append(f"console {text}")
                self.say(f"console {event['params']['type']}: {text[:300]}")
        elif method == "Log.entryAdded":
            entry = event["params"]["entry"]
            if entry["level"] in ("error", "warning"):
                text = entry["text"] + (" " + entry["url"] if entry.get("url") else "")
                self.lines.append("browser " + text)
                self.history.append("browser " + text)
                # Until the first touch the browser refuses each sound: expected, not shown.
                if "AudioContext was not allowed to start" not in text:
                    self.say(f"browser {entry['level']}: {text[:300]}")
        elif method == "Runtime.exceptionThrown":
            details = event["params"]["exceptionDetails"]
            raise AssertionError(f"page exception: {details.get('exception', {}).get('description', details)}")

    def wait_for(self, pattern, timeout, after=0):
        """The first trace line at index >= after matching pattern, waiting up to timeout s."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            for index in range(after, len(self.lines)):
                match = regex.search(self.lines[index])
                if match:
                    return index, match
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.who}no trace matching /{pattern}/ within {timeout} s; "
                                     f"last: {self.lines[-8:]}")
            self.pump(0.2)

    def idle(self, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(0.05)

    def touch(self, kind, points):
        self.browser.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": 1} for x, y in points],
        })

    def tap(self, x, y):
        # Each event waits for a frame to take it: no pause between them, or a slow frame
        # would make the tap too long to count as one.
        self.touch("touchStart", [(x, y)])
        self.touch("touchEnd", [])

    def swipe(self, x0, y0, x1, y1, steps=2):
        self.touch("touchStart", [(x0, y0)])
        for step in range(1, steps + 1):
            t = step / steps
            self.touch("touchMove", [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)])
        self.touch("touchEnd", [])

    def key(self, code, text=None):
        """A key pressed and let go (`code` as the browser names it: "KeyA", "Enter"), typing
        `text` if given. Each waits a frame, so the game sees each press."""
        down = {"type": "keyDown", "code": code, "key": text or code}
        if text:
            down["text"] = text
        self.browser.send("Input.dispatchKeyEvent", down)
        self.idle(0.1)
        self.browser.send("Input.dispatchKeyEvent", {"type": "keyUp", "code": code, "key": text or code})
        self.idle(0.1)

    def type_text(self, text):
        """Letters typed one key at a time."""
        for letter in text:
            self.key(f"Key{letter.upper()}", letter)

    def screenshot(self, path):
        data = base64.b64decode(self.browser.send("Page.captureScreenshot")["data"])
        if path:
            with open(path, "wb") as out:
                out.write(data)
        return data

    def navigate(self):
        self.lines.clear()
        self.browser.send("Page.navigate", {"url": self.url})

    def close(self):
        self.browser.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def open_page(url, who=""):
    """Chromium on a profile of its own, at WIDTHxHEIGHT with touch, its page to open at url
    (not navigated yet)."""
    profile = tempfile.mkdtemp(prefix="latu-chromium-")
    browser = Chromium(find_chromium(), profile, WIDTH, HEIGHT)
    browser.attach_page()
    for method in ("Runtime.enable", "Page.enable", "Log.enable"):
        browser.send(method)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    return Page(browser, url, profile, who)


def open_game(page):
    """Navigate to the game and skip the tutorial a first visit starts with, to the title."""
    page.navigate()
    _, first = page.wait_for(r"first frame (\d+) ms", 120)
    page.say(f"first frame {first.group(1)} ms after navigation")
    page.wait_for(r"screen Run\(Tutorial\)", 30)
    page.idle(1.0)
    page.tap(*SKIP_TUTORIAL)
    page.wait_for(r"screen Title$", 30)
    page.idle(1.0)


def clear_range(page, mark, timeout=240):
    """At a range reached at trace index mark: tap the fire button until the magazine and spares
    are spent, then the penalty loop if targets stand, until the skier leaves. The rounds fired."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any("stage None" in line for line in page.lines[mark:]):
            break
        rounds = [line for line in page.lines[mark:] if "magazine" in line]
        if rounds and rounds[-1].endswith(tuple(f"magazine 0 spares 0 hits {h}" for h in range(5))):
            page.tap(*PENALTY_LOOP)
        else:
            page.tap(*FIRE_BUTTON)
        page.idle(0.4)
    rounds = [int(m.group(1)) for m in
              (re.search(r"magazine (\d+)", line) for line in page.lines[mark:]) if m]
    return sum(1 for before, after in zip(rounds, rounds[1:]) if after < before)


def missing_for(root):
    """Why a browser test cannot run on the build in root (no Chromium, no build), or None."""
    if find_chromium() is None:
        return "no Chromium (apt-get install chromium)"
    if not os.path.isfile(os.path.join(root, "latu.wasm")):
        return f"no web build in {root} (web/build.sh {root})"
    return None


def not_run(what, missing):
    """Say that the test `what` did not run and why: its exit code, a failure when browser
    tests are required (LATU_REQUIRED_TESTS lists `web` or says `all`, as CI does; the same
    rule as the Rust tests' tests/not_run/mod.rs)."""
    print(f"test `{what}` did not run (web): {missing}")
    listed = os.environ.get("LATU_REQUIRED_TESTS", "").split(",")
    if any(need.strip() in ("web", "all") for need in listed):
        print("0 passed, 1 failed")
        return 1
    return 0


def tally(what, results, started):
    """Print how long `what` took and its passes and failures: its exit code (a failure when
    anything failed or nothing was checked)."""
    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    print(f"{what}: {time.monotonic() - started:.0f} s at {WIDTH}x{HEIGHT}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1
