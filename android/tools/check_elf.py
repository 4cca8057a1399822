"""Checks a native library built for an APK, from readelf's view of it (fails on the first
finding, exit code 1; bad arguments exit 2):

- every LOAD segment aligned to 16 KB, its file offset congruent to its address (Google
  Play's rule for Android 15+ targets);
- a library: a SONAME, equal to the file's name; an executable (`--exe`): position-independent,
  with Android's dynamic linker as its interpreter;
- NEEDED names only Android system libraries;
- every undefined symbol is exported to apps by the library and version node it is bound to,
  on this ABI at minSdk, as the symbol maps say; an unversioned undefined symbol must be weak
  (the library runs without it, as std does with `getrandom`) or exported unversioned.

Usage: check_elf.py [--exe] FILE RUST_TARGET MIN_SDK MAPS_DIR
"""

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from symbol_maps import ARCH_OF_TARGET, exports, library_maps

PAGE_16K = 0x4000
DYNAMIC_LINKER = {"aarch64-linux-android": "/system/bin/linker64", "armv7-linux-androideabi": "/system/bin/linker"}
SYSTEM_LIBRARIES = {
    "libc.so",
    "libm.so",
    "libdl.so",
    "liblog.so",
    "libandroid.so",
    "libOpenSLES.so",
    "libEGL.so",
    "libGLESv2.so",
    "libGLESv3.so",
}


class Finding(Exception):
    """The library breaks one of the rules."""


def readelf(*args: str) -> str:
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


def load_segments(lib: Path) -> list[tuple[int, int, int]]:
    """(file offset, virtual address, alignment) of each LOAD segment."""
    return [
        (int(f[1], 16), int(f[2], 16), int(f[-1], 16))
        for f in (line.split() for line in readelf("-l", str(lib)).splitlines())
        if f[:1] == ["LOAD"]
    ]


def dynamic(lib: Path, tag: str) -> list[str]:
    return re.findall(rf"\({tag}\)\s+\S+ \S+: \[(.*?)\]", readelf("-d", str(lib)))


def version_needs(lib: Path) -> dict[int, tuple[str, str]]:
    """Version index → (library file, version node) from .gnu.version_r."""
    needs: dict[int, tuple[str, str]] = {}
    file = None
    for line in readelf("-V", str(lib)).splitlines():
        named = re.search(r"File: (\S+)", line)
        if named:
            file = named.group(1)
        node = re.search(r"Name: (\S+)\s+Flags: \S+\s+Version: (\d+)", line)
        if node and file:
            needs[int(node.group(2))] = (file, node.group(1))
    return needs


def undefined(lib: Path) -> list[tuple[str, str, int | None]]:
    """(name, binding, version index or None) of each undefined dynamic symbol."""
    found = []
    for line in readelf("--dyn-syms", str(lib)).splitlines():
        fields = line.split()
        if len(fields) < 8 or fields[6] != "UND" or not fields[0].endswith(":"):
            continue
        name, _, rest = " ".join(fields[7:]).partition("@")
        index = re.search(r"\((\d+)\)", rest)
        found.append((name, fields[4], int(index.group(1)) if index else None))
    return found


def library_shape(lib: Path) -> str:
    sonames = dynamic(lib, "SONAME")
    if sonames != [lib.name]:
        raise Finding(f"SONAME is {sonames}, not [{lib.name}]")
    return f"SONAME {sonames[0]}"


def executable_shape(exe: Path, target: str) -> str:
    header = readelf("-h", str(exe))
    if not re.search(r"Type:\s+DYN", header):
        raise Finding("not position-independent (Android runs PIE executables only)")
    interpreter = re.findall(r"\[Requesting program interpreter: (.*?)\]", readelf("-l", str(exe)))
    if interpreter != [DYNAMIC_LINKER[target]]:
        raise Finding(f"interpreter {interpreter}, not {DYNAMIC_LINKER[target]}")
    return f"PIE, interpreter {interpreter[0]}"


def check(lib: Path, target: str, api: int, maps_dir: Path, is_exe: bool) -> list[str]:
    report = []
    segments = load_segments(lib)
    aligns = [align for _, _, align in segments]
    if not aligns or any(a % PAGE_16K for a in aligns):
        raise Finding(f"LOAD segments not all 16 KB aligned: {[hex(a) for a in aligns]}")
    # A 16 KB page maps a segment only where its file offset and address agree modulo 16 KB.
    if any(offset % PAGE_16K != vaddr % PAGE_16K for offset, vaddr, _ in segments):
        raise Finding("a LOAD segment's file offset and address differ modulo 16 KB")
    report.append(f"{len(segments)} LOAD segments, all aligned to {hex(PAGE_16K)}")
    report.append(executable_shape(lib, target) if is_exe else library_shape(lib))
    needed = dynamic(lib, "NEEDED")
    if not set(needed) <= SYSTEM_LIBRARIES:
        raise Finding(f"NEEDED names non-system libraries: {sorted(set(needed) - SYSTEM_LIBRARIES)}")
    report.append(f"NEEDED {' '.join(needed)}")

    arch = ARCH_OF_TARGET[target]
    maps = library_maps(maps_dir)
    exported = {
        soname: {(s.name, s.version) for s in exports(path, arch, api)} for soname, path in maps.items()
    }
    needs = version_needs(lib)
    per_node: Counter = Counter()
    weak_absent = []
    for name, binding, index in undefined(lib):
        if index is not None and index in needs:
            file, node = needs[index]
            if file not in exported:
                raise Finding(f"{name}@{node} comes from {file}, which has no symbol map")
            if (name, node) not in exported[file]:
                raise Finding(f"{name}@{node} is not exported by {file} at API {api} on {arch}")
            per_node[f"{file}:{node}"] += 1
        elif any((name, None) in exported.get(lib_name, set()) for lib_name in needed):
            per_node["unversioned"] += 1
        elif binding == "WEAK":
            weak_absent.append(name)
        else:
            raise Finding(f"{name} is undefined, unversioned and not weak: no system library at API {api} has it")
    total = sum(per_node.values()) + len(weak_absent)
    report.append(
        f"{total} undefined symbols: "
        + ", ".join(f"{n} {k}" for k, n in sorted(per_node.items()))
        + (f"; weak, absent at API {api} (looked up at run time): {' '.join(weak_absent)}" if weak_absent else "")
    )
    return report


def main() -> int:
    args = sys.argv[1:]
    is_exe = args[:1] == ["--exe"]
    args = args[1:] if is_exe else args
    if len(args) != 4 or args[1] not in ARCH_OF_TARGET:
        print(__doc__, file=sys.stderr)
        return 2
    lib, target, api, maps_dir = Path(args[0]), args[1], int(args[2]), Path(args[3])
    if not lib.is_file():
        print(f"check_elf: no library at {lib}", file=sys.stderr)
        return 2
    if not library_maps(maps_dir):
        print(f"check_elf: no symbol maps (*.map.txt) in {maps_dir}: the symbol check needs them", file=sys.stderr)
        return 2
    try:
        for line in check(lib, target, api, maps_dir, is_exe):
            print(f"{lib.parent.name}/{lib.name}: {line}")
    except Finding as finding:
        print(f"{lib}: {finding}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
