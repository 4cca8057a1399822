"""Writes the Android system libraries an app links against as stubs, from the symbol maps:
for one ABI and API level, each library gets a C file of empty functions and variables and a
version script, linked by clang and lld into `lib<name>.so` — the NDK makes its sysroot
libraries the same way. A stub is valid only for linking: the phone supplies the real one.

Usage: ndk_stubs.py MAPS_DIR OUT_DIR TARGET API
"""

import subprocess
import sys
from pathlib import Path

from symbol_maps import ARCH_OF_TARGET, Symbol, exports, library_maps

# The clang target triple for each Rust target (armv7 phones run Thumb-2 code).
CLANG_TARGET = {
    "aarch64-linux-android": "aarch64-linux-android",
    "armv7-linux-androideabi": "armv7a-linux-androideabi",
}
CLANG = "clang-14"


def c_source(symbols: list[Symbol]) -> str:
    lines = []
    for s in symbols:
        weak = "__attribute__((weak)) " if s.is_weak else ""
        if s.is_var:
            lines.append(f"{weak}int {s.name} = 0;")
        else:
            lines.append(f"{weak}void {s.name}(void) {{}}")
    return "\n".join(lines) + "\n"


def version_script(symbols: list[Symbol]) -> str:
    nodes: dict[str, list[str]] = {}
    for s in symbols:
        if s.version is not None:
            nodes.setdefault(s.version, []).append(s.name)
    blocks = [
        f"{node} {{\n  global:\n" + "".join(f"    {n};\n" for n in names) + "};\n"
        for node, names in nodes.items()
    ]
    return "".join(blocks)


def build_stub(soname: str, symbols: list[Symbol], target: str, api: int, out: Path) -> None:
    stem = out / soname.removesuffix(".so")
    stem.with_suffix(".c").write_text(c_source(symbols))
    stem.with_suffix(".map").write_text(version_script(symbols))
    subprocess.run(
        [
            CLANG,
            f"--target={CLANG_TARGET[target]}{api}",
            "-shared",
            "-nostdlib",
            "-fuse-ld=lld",
            "-fno-builtin",
            "-ffreestanding",
            "-w",
            f"-Wl,-soname,{soname}",
            f"-Wl,--version-script,{stem.with_suffix('.map')}",
            "-o",
            str(out / soname),
            str(stem.with_suffix(".c")),
        ],
        check=True,
    )


def main() -> int:
    if len(sys.argv) != 5 or sys.argv[3] not in ARCH_OF_TARGET:
        print(__doc__, file=sys.stderr)
        return 2
    maps_dir, out, target, api = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    maps = library_maps(maps_dir)
    if not maps:
        print(f"ndk_stubs: no *.map.txt in {maps_dir}", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    for soname, map_path in maps.items():
        symbols = exports(map_path, ARCH_OF_TARGET[target], api)
        build_stub(soname, symbols, target, api, out)
        print(f"{target} API {api}: {soname} stub, {len(symbols)} symbols")
    return 0


if __name__ == "__main__":
    sys.exit(main())
