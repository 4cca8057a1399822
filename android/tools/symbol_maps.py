"""Reads Android's symbol-version lists (AOSP `*.map.txt`): which symbols a system library
exports to apps, in which version node, for one ABI at one API level.

The rules are those the NDK applies to make its sysroot stubs: version nodes ending in
`_PRIVATE` or `_PLATFORM`, and symbols or nodes tagged `platform-only`, `llndk`, `apex` or
`systemapi`, are not for apps; arch tags limit a symbol or node to those ABIs; `introduced=N`
(or `introduced-ARCH=N`, which wins) is the first API level that has it, on a node it holds
for every symbol without its own; `versioned=N` means the symbol carries its version only
from API N on (before that it is exported unversioned); `var` marks data, `weak` a weak
symbol.
"""

import re
from dataclasses import dataclass
from pathlib import Path

# The map's ABI names for the Rust targets the game ships.
ARCH_OF_TARGET = {
    "aarch64-linux-android": "arm64",
    "armv7-linux-androideabi": "arm",
}
ARCHES = {"arm", "arm64", "x86", "x86_64", "riscv64", "mips", "mips64"}
NOT_FOR_APPS = {"platform-only", "llndk", "apex", "systemapi"}
# Codenames the maps use for API levels released under a letter.
CODENAMES = {
    "O": 26,
    "O-MR1": 27,
    "P": 28,
    "Q": 29,
    "R": 30,
    "S": 31,
    "Sv2": 32,
    "Tiramisu": 33,
    "UpsideDownCake": 34,
    "VanillaIceCream": 35,
    "Baklava": 36,
}
# Not yet released: never available at any level an app can target here.
FUTURE = 10_000

# The library each map describes, by file name: libc.map.txt → libc.so.
MAP_SUFFIX = ".map.txt"


@dataclass(frozen=True)
class Symbol:
    """One exported symbol: its name, version node (None: unversioned), and kind."""

    name: str
    version: str | None
    is_var: bool
    is_weak: bool


def _tags(comment: str) -> list[str]:
    return comment.split()


def _api(value: str) -> int:
    if value.isdigit():
        return int(value)
    return CODENAMES.get(value, FUTURE)


def _introduced(tags: list[str], arch: str) -> int | None:
    """The API level a tag list says, the arch-specific one first; None when it says none."""
    general = None
    for tag in tags:
        key, _, value = tag.partition("=")
        if key == f"introduced-{arch}":
            return _api(value)
        if key == "introduced":
            general = _api(value)
    return general


def _versioned(tags: list[str]) -> int | None:
    for tag in tags:
        key, _, value = tag.partition("=")
        if key == "versioned":
            return _api(value)
    return None


def _for_arch(tags: list[str], arch: str) -> bool:
    named = [t for t in tags if t in ARCHES]
    return not named or arch in named


def _for_apps(tags: list[str]) -> bool:
    return not NOT_FOR_APPS.intersection(tags)


NODE_OPEN = re.compile(r"^([A-Za-z0-9_]+)\s*\{")
SYMBOL = re.compile(r"^([A-Za-z_][A-Za-z0-9_.$]*)\s*;")


def exports(map_path: Path, arch: str, api: int) -> list[Symbol]:
    """The symbols `map_path`'s library exports to an app on `arch` at API level `api`."""
    found: list[Symbol] = []
    node: str | None = None
    node_tags: list[str] = []
    in_cxx_block = False
    for raw in map_path.read_text().splitlines():
        code, _, comment = raw.partition("#")
        code = code.strip()
        tags = _tags(comment)
        if not code:
            continue
        opened = NODE_OPEN.match(code)
        if node is None and opened:
            node, node_tags = opened.group(1), tags
            continue
        if code.startswith("extern"):
            in_cxx_block = True
            continue
        if code.startswith("}"):
            if in_cxx_block:
                in_cxx_block = False
            else:
                node = None
            continue
        if node is None or in_cxx_block or code.endswith(":"):
            continue
        symbol = SYMBOL.match(code)
        if not symbol or symbol.group(1) == "local":
            continue
        if not _node_for_apps(node, node_tags, arch):
            continue
        if not (_for_arch(tags, arch) and _for_apps(tags)):
            continue
        introduced = _introduced(tags, arch) or _introduced(node_tags, arch) or 0
        if introduced > api:
            continue
        versioned = _versioned(tags)
        version = node if versioned is None or api >= versioned else None
        found.append(Symbol(symbol.group(1), version, "var" in tags, "weak" in tags))
    return found


def _node_for_apps(name: str, tags: list[str], arch: str) -> bool:
    if name.endswith("_PRIVATE") or name.endswith("_PLATFORM"):
        return False
    return _for_arch(tags, arch) and _for_apps(tags)


def library_maps(maps_dir: Path) -> dict[str, Path]:
    """Each library's soname (`libc.so`) and its map file."""
    return {
        p.name[: -len(MAP_SUFFIX)] + ".so": p
        for p in sorted(maps_dir.glob("*" + MAP_SUFFIX))
    }

