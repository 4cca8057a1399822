#!/usr/bin/env python3
"""Two players online in real browsers: starts latu-server on 127.0.0.1 with a fresh SQLite
store, serving the web build from the same origin (`--web`), and opens it in two headless
Chromium profiles at once (two players: two keys, two names), driven by touch as
browser_test.py drives one, reading the game's console trace ("latu trace: ..."):
  (a) each plays today's Daily to the finish (taps through every range), types a name on the
      results and is ranked on the world board;
  (b) each sees both names on the Daily's world board, in the order of their scores;
  (c) the one ranked second picks the first on the board and races that run: the ghost is that
      run, and it is on screen during the race;
  (d) the one ranked first links a second browser (a third profile) to its player: Settings,
      Account, "Link another device" gives a code, typed on the other browser's "I have a
      code"; the other browser then plays as that name, and at the end deletes the player
      (two steps), whose entry leaves the board.
Usage: two_players_test.py BUILD_DIR LATU_SERVER [SHOT_DIR]. Without Chromium, the build or
the server binary it prints why it did not run and exits 0, unless LATU_REQUIRED_TESTS=web
(or all, as CI), where that is a failure."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import (  # noqa: E402
    clear_range, missing_for, not_run, open_game, open_page, tally,
)

# Where the buttons are at 390x844: the title's Daily and World, the Boards screen's Race
# (the second of its footer's four once an entry is picked: Watch, Race, Report, Back), a
# note's OK (the whole footer).
DAILY = (292, 564)
WORLD = (292, 622)
BOARD_RACE = (150, 800)
NOTE_OK = (195, 800)
PLAYERS = ("Aino", "Bert")
# The name the game starts with, deleted before a player's own is typed.
DEFAULT_NAME = "Player"
# Backspaces beyond the default name's letters, and the pause after each, seconds.
SPARE_BACKSPACES = 3
BACKSPACE_GAP_S = 0.3
# The code `?show=account-code` opens the field with, half typed (src/app/screens/show).
SHOWN_CODE_TYPED = "K7QX2-MR"
# How long a Daily may take in the browser, and the server to start.
DAILY_TIMEOUT_S = 1200
SERVER_START_S = 60


def start_server(binary, build, data):
    """latu-server on a free port of 127.0.0.1 with a fresh SQLite store in data, serving the
    web build: the process and its address (the first line it prints)."""
    server = subprocess.Popen(
        [binary, "--listen", "127.0.0.1:0", "--web", build,
         "--database", f"sqlite://{os.path.join(data, 'boards.sqlite3')}"],
        stdout=subprocess.PIPE, stderr=open(os.path.join(data, "server.log"), "wb"))
    lines = []
    reader = threading.Thread(target=lambda: lines.append(server.stdout.readline().decode()),
                              daemon=True)
    reader.start()
    reader.join(SERVER_START_S)
    match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", lines[0] if lines else "")
    if not match:
        server.kill()
        raise AssertionError(f"latu-server did not say where it listens: {lines}")
    return server, match.group(1)


def play_daily(page):
    """From the title: today's Daily, each range cleared, to the results."""
    mark = len(page.lines)
    page.tap(*DAILY)
    page.wait_for(r"run starts Level", 30, mark)
    index, _ = page.wait_for(r"run tick \d+ lane \d state Skiing", 120, mark)
    page.say("the Daily runs")
    deadline = time.monotonic() + DAILY_TIMEOUT_S
    while True:
        index, match = page.wait_for(r"stage Some\((\d)\)|state Finished",
                                     deadline - time.monotonic(), index)
        if "Finished" in match.group(0):
            break
        shots = clear_range(page, index)
        page.say(f"range {int(match.group(1)) + 1}: {shots} shots")
        index, _ = page.wait_for(r"stage None", 30, index)
    page.wait_for(r"screen Results", 60, index)
    page.idle(1.0)


def name_and_send(page, name):
    """Type the player's name on the first results (asked once) and keep the result: the run
    goes to the world board. Its world rank, of how many, and score."""
    mark = len(page.lines)
    # The game reads Backspace as a key down in a frame (the browser types no character for
    # it), so two in one slow frame delete one: each waits frames of its own, and more are sent
    # than there are letters (one on an empty name deletes nothing).
    for _ in range(len(DEFAULT_NAME) + SPARE_BACKSPACES):
        page.key("Backspace")
        page.idle(BACKSPACE_GAP_S)
    page.type_text(name)
    # The first Enter keeps the name and stays on the results, where the world place comes;
    # the second keeps the result and goes to the list.
    page.key("Enter")
    page.wait_for(rf"registered as {name}$", 60, mark)
    index, sent = page.wait_for(r"sent: .*World #(\d+) of (\d+) \(board (\S+), score (\d+)\)",
                                120, mark)
    page.say(page.lines[index])
    page.key("Enter")
    page.wait_for(r"result saved at place", 30, mark)
    return int(sent.group(1)), int(sent.group(2)), sent.group(3), int(sent.group(4))


def board_rows(page, board, mark):
    """The first rows of board traced at or after mark listing two entries: (rank, name,
    score, run, x, y) each."""
    index, match = page.wait_for(rf"board {board} rows: (#1 .* \| #2 [^|]*)$", 60, mark)
    rows = []
    for row in match.group(1).split(" | "):
        found = re.match(r"#(\d+) (.+) (\d+) run (\S+) at (\d+),(\d+)$", row)
        rank, who, score, run, x, y = found.groups()
        rows.append((int(rank), who, int(score), run, int(x), int(y)))
    page.say(page.lines[index])
    return rows


class Player:
    """One player's browser and what they were told."""

    def __init__(self, url, name):
        self.name = name
        self.page = open_page(url, f"{name}: ")
        self.sent = None
        self.sent_at = None
        self.error = None


def first_part(player, shots):
    page = player.page
    open_game(page)
    play_daily(page)
    if shots:
        page.screenshot(os.path.join(shots, f"results-{player.name}-390x844.png"))
    player.sent = name_and_send(page, player.name)
    player.sent_at = time.monotonic()


def in_threads(players, part, *args):
    """part(player, *args) for every player at once; an error is kept, not raised."""
    def run(player):
        try:
            part(player, *args)
        except AssertionError as error:
            player.error = str(error)
            player.page.say(f"FAIL {error}")
    threads = [threading.Thread(target=run, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def read_notices(page):
    """Tap OK under the notes the game shows (the streak's coins after a Daily) until none is
    left unread."""
    shown = [i for i, line in enumerate(page.lines) if line.startswith("notice: ")]
    read = [i for i, line in enumerate(page.lines) if line == "notices read"]
    if shown and (not read or read[-1] < shown[-1]):
        page.say(f"a note: {page.lines[shown[-1]]}")
        mark = len(page.lines)
        page.tap(*NOTE_OK)
        page.wait_for(r"^notices read$", 30, mark)
        page.idle(0.5)


def open_board(player, board):
    page = player.page
    mark = len(page.lines)
    page.key("Escape")
    page.wait_for(r"screen Title$", 30, mark)
    page.idle(0.5)
    read_notices(page)
    page.tap(*WORLD)
    page.wait_for(r"screen Boards", 30, mark)
    player.rows = board_rows(page, board, mark)


def race_the_first(page, rows, shots):
    """Pick the board's first entry and race it: the run raced, and the ghost's first trace on
    screen."""
    first = rows[0]
    mark = len(page.lines)
    page.tap(first[4], first[5])
    page.idle(0.5)
    page.tap(*BOARD_RACE)
    index, racing = page.wait_for(r"racing the world's run (\S+) \((.*)\)", 60, mark)
    page.say(page.lines[index])
    page.wait_for(r"run starts Level", 60, mark)
    index, _ = page.wait_for(r"ghost on screen at \d+,\d+", 120, mark)
    page.say(page.lines[index])
    page.idle(1.0)
    if shots:
        page.screenshot(os.path.join(shots, "race-the-world-390x844.png"))
    return racing.group(1), racing.group(2), page.lines[index]


def account_places(page, wanted, mark, timeout=60):
    """The Account screen's words and their centres from the first trace at or after mark that
    shows wanted: {word: (x, y)}."""
    deadline = time.monotonic() + timeout
    while True:
        index, match = page.wait_for(r"account words: (.*)$", deadline - time.monotonic(), mark)
        places = {}
        for part in match.group(1).split(" | "):
            word, _, at = part.rpartition("@")
            x, y = at.split(",")
            places[word] = (int(float(x)), int(float(y)))
        if wanted in places:
            return places
        mark = index + 1


def board_names(origin, board):
    with urllib.request.urlopen(f"{origin}/v1/boards/{board}?limit=100", timeout=30) as answer:
        page = json.load(answer)
    return [entry["name"] for entry in page["entries"]]


def link_and_delete(first, url, board, shots, check):
    """(d): first's browser gives a link code; a second browser of first's joins with it, takes
    the name, then deletes the player."""
    origin = url.rsplit("/", 1)[0]
    page = first.page
    page.url = f"{url}?show=account-link"
    page.navigate()
    _, linked = page.wait_for(r"account link code (\S+)$", 60)
    code = linked.group(1)
    page.say(f"link code {code}")
    page.idle(1.0)
    if shots:
        page.screenshot(os.path.join(shots, "account-link-390x844.png"))
    laptop = open_page(f"{url}?show=account-code", f"{first.name}'s second browser: ")
    try:
        laptop.navigate()
        places = account_places(laptop, "Join", 0, 120)
        for _ in range(len(SHOWN_CODE_TYPED) + SPARE_BACKSPACES):
            laptop.key("Backspace")
            laptop.idle(BACKSPACE_GAP_S)
        laptop.type_text(code)
        laptop.idle(0.5)
        mark = len(laptop.lines)
        laptop.tap(*places["Join"])
        laptop.wait_for(rf"joined as {re.escape(first.name)}$", 60, mark)
        account_places(laptop, f"Name: {first.name}", mark, 30)
        check(f"(d) a second browser joined {first.name} by a link code and shows the name", True)
        if shots:
            laptop.screenshot(os.path.join(shots, "account-joined-390x844.png"))
        laptop.url = f"{url}?show=account-delete"
        laptop.navigate()
        places = account_places(laptop, "Delete", 0, 120)
        if shots:
            laptop.screenshot(os.path.join(shots, "account-delete-390x844.png"))
        mark = len(laptop.lines)
        laptop.tap(*places["Delete"])
        _, gone = laptop.wait_for(r"deleted player (\S+)$", 60, mark)
        laptop.say(f"deleted player {gone.group(1)}")
        names = board_names(origin, board)
        check(f"(d) the second browser deleted {first.name}: gone from {board}",
              first.name not in names, f"names left {names}")
    finally:
        laptop.close()


def run_scenario(url, shots):
    results = []
    players = [Player(url, name) for name in PLAYERS]

    def check(name, ok, detail=""):
        results.append((name, ok))
        print(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)

    try:
        in_threads(players, first_part, shots)
        for player in players:
            check(f"(a) {player.name} finished the Daily and was ranked",
                  player.error is None and player.sent is not None,
                  player.error or f"World #{player.sent[0]} of {player.sent[1]}, score {player.sent[3]}")
        if any(player.error for player in players):
            return results
        board = players[0].sent[2]
        # The order the server must show: by score, an equal score by who sent it first.
        later = max(players, key=lambda p: p.sent_at)
        earlier = min(players, key=lambda p: p.sent_at)
        expected = sorted(players, key=lambda p: (-p.sent[3], p is later))
        check("(a) the later sender's rank agrees with the scores",
              later.sent[:2] == (expected.index(later) + 1, 2),
              f"{later.name} World #{later.sent[0]} of {later.sent[1]}; "
              f"scores {earlier.name} {earlier.sent[3]}, {later.name} {later.sent[3]}")
        in_threads(players, open_board, board)
        order = [(p.name, p.sent[3]) for p in expected]
        for player in players:
            rows = getattr(player, "rows", [])
            seen = [(row[1], row[2]) for row in rows]
            check(f"(b) {player.name} sees both names on {board} in order", seen == order,
                  f"seen {seen}, expected {order}")
        second = expected[1]
        if second.error or not getattr(second, "rows", None):
            return results
        run, whose, shown = race_the_first(second.page, second.rows, shots)
        first_row = second.rows[0]
        check(f"(c) {second.name} races {first_row[1]}'s run", run == first_row[3]
              and whose.startswith(first_row[1]), f"run {run} ({whose})")
        check(f"(c) the ghost is on screen during {second.name}'s race", True, shown)
        link_and_delete(expected[0], url, board, shots, check)
    except AssertionError as error:
        print(f"FAIL {error}", flush=True)
        results.append(("the scenario ran to its end", False))
    finally:
        for player in players:
            if shots:
                player.page.screenshot(os.path.join(shots, f"last-{player.name}-390x844.png"))
            player.page.close()
    return results


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    root, server_binary = sys.argv[1], sys.argv[2]
    shots = sys.argv[3] if len(sys.argv) > 3 else None
    missing = missing_for(root)
    if not missing and not os.access(server_binary, os.X_OK):
        missing = f"no latu-server at {server_binary} (cargo build -p latu-server)"
    if missing:
        return not_run("two-player browser test", missing)
    if shots:
        os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    data = tempfile.mkdtemp(prefix="latu-two-players-")
    server = None
    try:
        server, url = start_server(server_binary, root, data)
        print(f"latu-server at {url} (SQLite in {data})", flush=True)
        results = run_scenario(f"{url}/index.html", shots)
    except AssertionError as error:
        print(f"FAIL {error}")
        results = [("the server started", False)]
    finally:
        if server:
            server.kill()
            server.wait()
        shutil.rmtree(data, ignore_errors=True)
    return tally("two-player browser test", results, started)

if __name__ == "__main__":
    sys.exit(main())
