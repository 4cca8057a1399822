#!/usr/bin/env python3
"""The imports between the app's rooms, and those that run back up: inside src/app imports run
downwards (screens -> run -> render; ui and platform below all three), as ARCHITECTURE.md says
and tests/library/architecture/module_graph.rs holds. Reads every `crate::app::ROOM` a room's files name in
code (comments, strings and test modules left out; grouped `use crate::app::{a, b}` read too).

Usage: tools/room_imports.py [SRC]      (default src)
Prints each room's imports by room (files naming it), each arrow running back up with its
files, and the count of arrows back up (0 when the rooms hold)."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from long_functions import code_only  # noqa: E402

ROOMS = ["screens", "run", "render", "ui", "platform"]
# What each room may not import (above it).
ABOVE = {
    "render": {"run", "screens"},
    "run": {"screens"},
    "ui": {"render", "run", "screens"},
    "platform": {"render", "run", "screens"},
    "screens": set(),
}


def named_rooms(code):
    """The rooms a file's code names after `crate::app::`, grouped imports included."""
    rooms = set()
    for m in re.finditer(r"crate::app::(\{[^}]*\}|\w+)", code):
        group = m.group(1)
        names = re.findall(r"(?:^|[{,])\s*(\w+)", group) if group.startswith("{") else [group]
        rooms.update(name for name in names if name in ROOMS)
    return rooms


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "src"
    arrows = {}
    for room in ROOMS:
        for folder, _, files in os.walk(os.path.join(src, "app", room)):
            for name in sorted(files):
                if not name.endswith(".rs"):
                    continue
                path = os.path.join(folder, name)
                code = code_only(open(path, encoding="utf-8").read()).split("#[cfg(test)]")[0]
                for other in named_rooms(code) - {room}:
                    arrows.setdefault((room, other), []).append(path)
    back_up = 0
    for (room, other), files in sorted(arrows.items()):
        up = other in ABOVE[room]
        back_up += up
        print(f"{room} -> {other}: {len(files)} files{'  BACK UP: ' + ' '.join(files) if up else ''}")
    print(f"{back_up} arrows between the app's rooms run back up")


if __name__ == "__main__":
    main()
