#!/usr/bin/env python3
"""The web build in a real browser: serves the build folder on 127.0.0.1, opens it in headless
Chromium (SwiftShader WebGL) at 390x844 with touch emulation, and drives it with DevTools touch
events, reading what the game logs to the console ("latu trace: ..."), not pixels:
  (a) the title is drawn (its screenshot is not blank),
  (b) level 1 starts; swipes left, up and down change the lane, jump and duck; from the right
      lane one long swipe left (a whole lane's width of screen and more) lands in the middle,
  (c) taps on the range's fire button fire its rounds; drags on the sight only aim,
  (d) after the finish the result is saved, and a reload finds it kept.
Usage: browser_test.py BUILD_DIR [SHOT_DIR]. Without Chromium it prints why it did not run and
exits 0, unless LATU_WEB_TESTS=required (CI), where that is a failure."""

import base64
import functools
import http.server
import os
import queue
import re
import shutil
import struct
import sys
import tempfile
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402

WIDTH, HEIGHT = 390, 844
TRACE = "latu trace: "


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def serve(root):
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


def png_pixels(data):
    """(width, height, rows of RGB(A) bytes) of an 8-bit non-interlaced PNG (Chromium's)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = {2: 3, 6: 4}[color]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            a = row[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, channels, rows


def distinct_colours(data):
    width, height, channels, rows = png_pixels(data)
    seen = set()
    for row in rows[::8]:
        for x in range(0, width * channels, channels * 8):
            seen.add(row[x:x + 3])
    return seen


class Page:
    def __init__(self, browser, url):
        self.browser = browser
        self.url = url
        self.lines = []
        # Every line since the browser opened, across reloads.
        self.history = []
        self.started = time.monotonic()

    def say(self, text):
        print(f"[{time.monotonic() - self.started:6.1f}s] {text}", flush=True)

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
                raise AssertionError(f"no trace matching /{pattern}/ within {timeout} s; "
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

    def screenshot(self, path):
        data = base64.b64decode(self.browser.send("Page.captureScreenshot")["data"])
        if path:
            with open(path, "wb") as out:
                out.write(data)
        return data

    def navigate(self):
        self.lines.clear()
        self.browser.send("Page.navigate", {"url": self.url})


def start_browser(root):
    server = serve(root)
    profile = tempfile.mkdtemp(prefix="latu-chromium-")
    browser = Chromium(find_chromium(), profile, WIDTH, HEIGHT)
    browser.attach_page()
    for method in ("Runtime.enable", "Page.enable", "Log.enable"):
        browser.send(method)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
    browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    return server, browser, profile, Page(browser, url)


# Where the buttons are at 390x844 (the layout scales with the screen; a change there moves
# these, and the screen traced after each tap says at once which one was missed).
SKIP_TUTORIAL = (252, 120)
TRACKS = (97, 564)
LEVEL_1_TRACK_1 = (105, 196)
PENALTY_LOOP = (288, 728)
RESULTS_DONE = (317, 800)
# Swipes start low in the middle of the screen, clear of the HUD's buttons. The game swipes
# after 7% of the screen's short side (27 px here), once however long the swipe.
SWIPE_FROM = (195, 640)
SWIPE_LENGTH = 40
# The long swipe: from the right of the screen most of the way to its left, in many moves.
LONG_SWIPE_FROM = (340, 640)
LONG_SWIPE_LENGTH = 300
LONG_SWIPE_STEPS = 15
# The range's fire button (bottom right, under a right thumb) and a drag on the sight.
FIRE_BUTTON = (280, 800)
SIGHT_DRAG_FROM = (195, 400)


def skiing(page, after):
    """Wait until the skier skis (not jumping, ducking or stumbling) as of trace index after."""
    states = [i for i in range(after + 1) if " state " in page.lines[i]]
    if states and page.lines[states[-1]].endswith("state Skiing"):
        return states[-1]
    index, _ = page.wait_for(r"state Skiing", 30, after + 1)
    return index


def long_swipe(page, check):
    """From the right lane, one long swipe left lands in the middle lane (one lane change)."""
    x, y = SWIPE_FROM
    for _ in range(2):
        mark = len(page.lines)
        page.swipe(x, y, x + SWIPE_LENGTH, y)
        index, _ = page.wait_for(r"lane (\d)$", 10, mark)
        skiing(page, index)
        page.idle(0.3)
    lanes = [m.group(1) for m in (re.search(r"lane (\d)$", line) for line in page.lines) if m]
    page.say(f"in lane {lanes[-1]} before the long swipe")
    mark = len(page.lines)
    x0, y0 = LONG_SWIPE_FROM
    page.swipe(x0, y0, x0 - LONG_SWIPE_LENGTH, y0, steps=LONG_SWIPE_STEPS)
    page.idle(2.0)
    changes = [line for line in page.lines[mark:] if re.search(r"lane \d$", line)]
    page.say(f"long swipe {LONG_SWIPE_LENGTH} px left in {LONG_SWIPE_STEPS} moves: {changes}")
    landed = changes[-1][-1] if changes else lanes[-1]
    check("(b) from the right lane one long swipe left lands in the middle",
          lanes[-1] == "2" and len(changes) == 1 and landed == "1",
          f"from lane {lanes[-1]}: {len(changes)} lane change(s), now lane {landed}")


def run_scenario(page, shots):
    results = []

    def check(name, ok, detail=""):
        results.append((name, ok))
        page.say(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")

    page.navigate()
    _, first = page.wait_for(r"first frame (\d+) ms", 120)
    page.say(f"first frame {first.group(1)} ms after navigation")
    page.wait_for(r"screen Run\(Tutorial\)", 30)
    page.idle(1.0)
    page.tap(*SKIP_TUTORIAL)
    page.wait_for(r"screen Title$", 30)
    page.idle(1.0)
    title = page.screenshot(os.path.join(shots, "title-390x844.png") if shots else None)
    colours = len(distinct_colours(title))
    check("(a) the title is drawn", colours > 20, f"{colours} distinct colours on screen")

    page.tap(*TRACKS)
    page.wait_for(r"screen Levels", 30)
    page.idle(0.5)
    mark = len(page.lines)
    page.tap(*LEVEL_1_TRACK_1)
    page.wait_for(r"run starts Level \{ level: 1, track: 1,", 30, mark)
    start, _ = page.wait_for(r"run tick \d+ lane (\d) state Skiing", 120, mark)
    lane = int(re.search(r"lane (\d)", page.lines[start]).group(1))
    page.say(f"level 1 runs, skier in lane {lane}")
    page.idle(0.5)

    mark = len(page.lines)
    x, y = SWIPE_FROM
    page.swipe(x, y, x - SWIPE_LENGTH, y)
    index, match = page.wait_for(r"lane (\d)$", 10, mark)
    check("(b) a swipe left changes lane", int(match.group(1)) == lane - 1, page.lines[index])
    skiing(page, index)
    page.idle(0.3)

    mark = len(page.lines)
    page.swipe(x, y, x, y - SWIPE_LENGTH)
    index, _ = page.wait_for(r"state Jumping", 10, mark)
    check("(b) a swipe up jumps", True, page.lines[index])
    skiing(page, index)
    page.idle(0.3)

    mark = len(page.lines)
    page.swipe(x, y, x, y + SWIPE_LENGTH)
    index, _ = page.wait_for(r"state Ducking", 10, mark)
    check("(b) a swipe down ducks", True, page.lines[index])
    page.screenshot(os.path.join(shots, "run-390x844.png") if shots else None)
    skiing(page, index)
    page.idle(0.3)
    long_swipe(page, check)

    index, _ = page.wait_for(r"stage Some\(0\)", 300, index)
    page.say("at the range: a drag on the sight, then the fire button")
    mark = index
    page.wait_for(r"magazine 5", 30, mark)
    page.idle(2.0)
    x, y = SIGHT_DRAG_FROM
    # There and back: the aim ends where it began, and the run goes on as before.
    page.swipe(x, y, x + 60, y - 20, steps=12)
    page.swipe(x + 60, y - 20, x, y, steps=12)
    page.tap(*SIGHT_DRAG_FROM)
    page.idle(1.0)
    fired = [line for line in page.lines[mark:] if "magazine 4" in line]
    check("(c) a drag and a touch on the sight do not fire", not fired,
          fired[0] if fired else "magazine still 5")
    deadline = time.monotonic() + 240
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
    shots = sum(1 for before, after in zip(rounds, rounds[1:]) if after < before)
    left = any("stage None" in line for line in page.lines[mark:])
    check("(c) taps through the range fire its rounds and leave it", shots >= 5 and left,
          f"{shots} shots fired, {'left the range' if left else 'still at the range'}")
    page.wait_for(r"state Finished", 300, mark)
    page.wait_for(r"screen Results", 60, mark)
    page.idle(1.0)
    mark = len(page.lines)
    page.tap(*RESULTS_DONE)
    index, saved = page.wait_for(r"result saved at place (.*)", 30, mark)
    check("(d) the finished run is saved", saved.group(1).startswith("Some("), page.lines[index])

    page.navigate()
    index, loaded = page.wait_for(r"results loaded: level 1 track 1 best score (.*)", 120)
    check("(d) a reload finds the result kept", loaded.group(1).startswith("Some("),
          page.lines[index])
    page.wait_for(r"first frame", 60)
    page.idle(1.0)

    everything = "\n".join(page.history)
    check("audio runs after the first touch", "audio running" in everything)
    deleted = [line for line in page.history if "already deleted" in line]
    check("WebGL never binds a deleted texture", not deleted, deleted[0] if deleted else "")
    return results


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    root = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    required = os.environ.get("LATU_WEB_TESTS") == "required"
    missing = None
    if find_chromium() is None:
        missing = "no Chromium (apt-get install chromium)"
    elif not os.path.isfile(os.path.join(root, "latu.wasm")):
        missing = f"no web build in {root} (web/build.sh {root})"
    if missing:
        print(f"browser test did not run: {missing}")
        if required:
            print("0 passed, 1 failed")
            return 1
        return 0
    if shots:
        os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    server, browser, profile, page = start_browser(root)
    try:
        results = run_scenario(page, shots)
    except AssertionError as error:
        page.say(f"FAIL {error}")
        results = [("the scenario ran to its end", False)]
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    passed = sum(1 for _, ok in results if ok)
    failed = len(results) - passed
    print(f"browser test: {time.monotonic() - started:.0f} s at {WIDTH}x{HEIGHT}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
