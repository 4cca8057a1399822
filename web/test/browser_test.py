#!/usr/bin/env python3
"""The web build in a real browser: serves the build folder on 127.0.0.1, opens it in headless
Chromium (SwiftShader WebGL) at 390x844 with touch emulation, and drives it with DevTools touch
events, reading what the game logs to the console ("latu trace: ..."), not pixels:
  (a) the title is drawn (its screenshot is not blank), with Play and no Quit button (a browser
      tab is closed, not quit),
  (b) level 1 starts; swipes left, up and down change the lane, jump and duck; from the right
      lane one long swipe left (a whole lane's width of screen and more) lands in the middle,
  (c) taps on the range's fire button fire its rounds; drags on the sight only aim,
  (d) after the finish the result is saved, and a reload finds it kept.
Usage: browser_test.py BUILD_DIR [SHOT_DIR]. Without Chromium it prints why it did not run and
exits 0, unless LATU_REQUIRED_TESTS=web (or all, as CI), where that is a failure."""

import os
import re
import struct
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import (  # noqa: E402
    clear_range, missing_for, not_run, open_game, open_page, serve, tally,
)


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


# Where the buttons are at 390x844 (page.py has those every test taps).
TRACKS = (97, 564)
LEVEL_1_TRACK_1 = (105, 196)
RESULTS_DONE = (317, 800)
# Swipes start low in the middle of the screen, clear of the HUD's buttons. The game swipes
# after 7% of the screen's short side (27 px here), once however long the swipe.
SWIPE_FROM = (195, 640)
SWIPE_LENGTH = 40
# The long swipe: from the right of the screen most of the way to its left, in many moves.
LONG_SWIPE_FROM = (340, 640)
LONG_SWIPE_LENGTH = 300
LONG_SWIPE_STEPS = 15
# A drag on the sight.
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

    open_game(page)
    title = page.screenshot(os.path.join(shots, "title-390x844.png") if shots else None)
    colours = len(distinct_colours(title))
    check("(a) the title is drawn", colours > 20, f"{colours} distinct colours on screen")
    index, _ = page.wait_for(r"title shows: ", 30)
    words = page.lines[index].split("title shows: ", 1)[1].split(" | ")
    check("(a) the title offers Play and no Quit", "Play" in words and "Quit" not in words,
          " | ".join(words))

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
    shots = clear_range(page, mark)
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
    missing = missing_for(root)
    if missing:
        return not_run("browser test", missing)
    if shots:
        os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    server = serve(root)
    page = open_page(f"http://127.0.0.1:{server.server_address[1]}/index.html")
    try:
        results = run_scenario(page, shots)
    except AssertionError as error:
        page.say(f"FAIL {error}")
        results = [("the scenario ran to its end", False)]
    finally:
        page.close()
        server.shutdown()
    return tally("browser test", results, started)

if __name__ == "__main__":
    sys.exit(main())
