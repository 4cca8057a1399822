#!/usr/bin/env python3
"""Seconds on the mat by touch on the web build: a thumb's play of each level's first range in
headless Chromium at 390x844 with touch emulation. The page is opened on the level
(`?level=L&track=1`, as `latu play --level L`); the skier skis with a few swipes (not steered
round the obstacles: the heart arrives from the course's speed, not from crashes) to the first
range. There the thumb plays as a player who reads the scope: each glance is the game's sight
trace ("sight DX DY target K ring R ...": where the first standing target lies from the sight,
mrad), each move a drag on the lens toward it (a centimetre of finger is a target's width,
the touch assist slowing it over the ring), a tap on FIRE once the sight sits inside the ring.
Between what it sees and what it does it takes a human's reaction time on the game's own
clock (a slow software-rendered browser runs the game slower than the wall clock; the thumb
waits for the game's ticks, not the wall's). Wind is not read (a new player's first windy
range). Out of rounds with targets standing it takes the penalty loop.
Prints per level the seconds on the mat (the run's ticks from arriving to leaving), the hits,
shots, drags and taps, from the game's own trace; nothing is estimated.
Usage: mat_seconds.py BUILD_DIR [LEVEL ...] (levels 1 and 2 by default). It takes about a
minute and a half a level. Without Chromium or a build it says why it did not run and exits 0,
unless LATU_REQUIRED_TESTS lists web (or all)."""

import math
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import (  # noqa: E402
    FIRE_BUTTON, PENALTY_LOOP, missing_for, not_run, open_page, serve,
)

TICK_HZ = 60
# Where the thumb drags on the lens (clear of the buttons) and swipes on the snow.
DRAG_FROM = (195, 420)
SWIPE_FROM = (195, 640)
SWIPE_LENGTH = 40
# The game's rule at the page's density (160 dpi at a device pixel ratio of 1): a centimetre
# of finger (63 px) moves the sight one standing target's width, 2.3 mrad. The thumb starts
# from it and corrects by what it sees, as a player does.
PX_PER_MRAD = (160 / 2.54) / 2.3
# A drag is a thumb's slide: this many moves. Each touch event waits for a frame of the game,
# and a software-rendered frame is slow (the game's clock steps at most 8 ticks a frame), so a
# drag is sent in as few events as make one: down, one move, up.
DRAG_MOVES = 1
# The longest single drag, px (a thumb's comfortable slide).
LONGEST_DRAG_PX = 120
# Fire once the sight is this share of the hit zone's radius from the target's centre.
FIRE_WITHIN = 0.6
# A human's reaction between seeing and acting, game ticks (a simple visual reaction: 0.25 s).
REACTION_TICKS = TICK_HZ // 4
# The longest a level may take to reach its first range and shoot it, s (wall clock).
LEVEL_TIMEOUT_S = 600
# The longest a shot's trace may take to come after the tap, s (wall clock).
SHOT_SEEN_S = 3
SIGHT = re.compile(r"run tick (\d+) sight (-?[\d.]+) (-?[\d.]+) target (\d) ring ([\d.]+) "
                   r"assisted (\w+) can fire (\w+)")
TICK = re.compile(r"run tick (\d+)")
LEFT = re.compile(r"run tick (\d+) stage None shots (\d+) misses (\d+)")


def catch_up(page):
    """Read every event the browser has sent so far (the sight's trace comes six times a
    second: read one at a time, the lines would fall behind the game)."""
    while not page.browser.events.empty():
        page.pump(0)


def glance(page, after, not_before):
    """The first sight trace at index >= after and tick >= not_before (what the player sees
    once the reaction time has passed), as (index, tick, dx, dy, ring, can_fire); None once
    the stage is left."""
    deadline = time.monotonic() + LEVEL_TIMEOUT_S
    while time.monotonic() < deadline:
        catch_up(page)
        for index in range(after, len(page.lines)):
            line = page.lines[index]
            if "stage None" in line:
                return None
            match = SIGHT.search(line)
            if match and int(match.group(1)) >= not_before:
                return (index, int(match.group(1)), float(match.group(2)),
                        float(match.group(3)), float(match.group(5)), match.group(7) == "true")
        page.pump(0.05)
    raise AssertionError(f"no sight trace within {LEVEL_TIMEOUT_S} s; last: {page.lines[-5:]}")


def say(page, text):
    """Each move, when MAT_SECONDS_VERBOSE is set."""
    if os.environ.get("MAT_SECONDS_VERBOSE"):
        page.say(text)


def game_tick(page):
    """The game's tick in the last trace line that names one."""
    for line in reversed(page.lines):
        match = TICK.search(line)
        if match:
            return int(match.group(1))
    return 0


def drag(page, dx_px, dy_px):
    """One thumb drag on the lens by (dx, dy) px, in DRAG_MOVES moves."""
    x0, y0 = DRAG_FROM
    page.touch("touchStart", [(x0, y0)])
    for move in range(1, DRAG_MOVES + 1):
        t = move / DRAG_MOVES
        page.touch("touchMove", [(x0 + dx_px * t, y0 + dy_px * t)])
    page.touch("touchEnd", [])


def fire(page):
    """Tap FIRE; the trace index from which the next glance is taken: after the shot's own
    line (the target it flipped is not aimed at again), or after the tap if none came."""
    catch_up(page)
    mark = len(page.lines)
    page.tap(*FIRE_BUTTON)
    try:
        index, _ = page.wait_for(r"magazine \d+ spares|stage None", SHOT_SEEN_S, mark)
        return index
    except AssertionError:
        return len(page.lines)


def out_of_rounds(page, mark):
    rounds = [line for line in page.lines[mark:] if "magazine" in line]
    return bool(rounds) and re.search(r"magazine 0 spares 0 hits [0-4]$", rounds[-1])


def shoot_range(page, mark):
    """Shoot the range reached at trace index mark as a thumb; (drags, taps, the game ticks
    each drag's events took to be read) made."""
    drags = taps = 0
    drag_ticks = []
    after, not_before = mark, 0
    while True:
        catch_up(page)
        if out_of_rounds(page, mark):
            page.tap(*PENALTY_LOOP)
            taps += 1
            page.wait_for(r"stage None", SHOT_SEEN_S, mark)
            return drags, taps, drag_ticks
        seen = glance(page, after, not_before)
        if seen is None:
            return drags, taps, drag_ticks
        index, tick, dx, dy, ring, can_fire = seen
        after = index + 1
        if math.hypot(dx, dy) <= FIRE_WITHIN * ring:
            if not can_fire:
                continue
            after = fire(page)
            taps += 1
            say(page, f"tick {tick} fire at {dx:+.2f} {dy:+.2f} mrad: {page.lines[after]}")
        else:
            # Toward the target: screen y grows downwards, the aim's upwards.
            move_x, move_y = dx * PX_PER_MRAD, -dy * PX_PER_MRAD
            length = math.hypot(move_x, move_y)
            if length > LONGEST_DRAG_PX:
                move_x *= LONGEST_DRAG_PX / length
                move_y *= LONGEST_DRAG_PX / length
            catch_up(page)
            before = game_tick(page)
            drag(page, move_x, move_y)
            catch_up(page)
            drag_ticks.append(game_tick(page) - before)
            drags += 1
            say(page, f"tick {tick} off {dx:+.2f} {dy:+.2f} mrad: drag {move_x:+.0f} {move_y:+.0f} px")
        catch_up(page)
        not_before = max(tick, game_tick(page)) + REACTION_TICKS


def play_level(page, base, level):
    """Level `level` track 1 to its first range, shot by touch: the measured row."""
    page.url = f"{base}?level={level}&track=1"
    page.navigate()
    page.wait_for(r"first frame", 120)
    page.wait_for(rf"run starts Level \{{ level: {level}, track: 1,", 60)
    start, _ = page.wait_for(r"run tick \d+ lane \d state Skiing", 120)
    x, y = SWIPE_FROM
    # Left and back: the thumb's swipes on the way (the lane kept for the range).
    for way in (-1, 1):
        page.swipe(x, y, x + way * SWIPE_LENGTH, y)
        page.idle(1.0)
    index, _ = page.wait_for(r"stage Some\(0\)", LEVEL_TIMEOUT_S, start)
    arrived = int(TICK.search(page.lines[index]).group(1))
    started = time.monotonic()
    drags, taps, drag_ticks = shoot_range(page, index)
    wall_s = time.monotonic() - started
    left_at, left = page.wait_for(LEFT.pattern, SHOT_SEEN_S, index)
    shots, misses = int(left.group(2)), int(left.group(3))
    return {
        "level": level,
        "mat_s": (int(left.group(1)) - arrived) / TICK_HZ,
        "hits": shots - misses,
        "shots": shots,
        "drags": drags,
        "taps": taps,
        "wall_s": wall_s,
        "drag_s": sorted(drag_ticks)[len(drag_ticks) // 2] / TICK_HZ if drag_ticks else 0.0,
    }


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    root = sys.argv[1]
    levels = [int(arg) for arg in sys.argv[2:]] or [1, 2]
    missing = missing_for(root)
    if missing:
        return not_run("seconds on the mat", missing)
    started = time.monotonic()
    server = serve(root)
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    page = open_page(base)
    rows = []
    try:
        for level in levels:
            row = play_level(page, base, level)
            page.say(f"level {level}: {row}")
            rows.append(row)
    except AssertionError as error:
        page.say(f"FAIL {error}")
        page.screenshot(os.environ.get("MAT_SECONDS_FAILED_SHOT"))
        return 1
    finally:
        page.close()
        server.shutdown()
    print("| level | first range: seconds on the mat | hits | shots | drags | taps "
          "| game s a drag took to be read (median) | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['level']} | {row['mat_s']:.1f} | {row['hits']}/5 | {row['shots']} | "
              f"{row['drags']} | {row['taps']} | {row['drag_s']:.2f} | {row['wall_s']:.1f} |")
    print(f"seconds on the mat: {time.monotonic() - started:.0f} s for {len(rows)} level(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
