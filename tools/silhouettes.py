#!/usr/bin/env python3
"""How unlike each other the three obstacle classes look in greyscale, from the screenshots and
probes `tools/approach_shots.sh` makes (DIR/<kind>-<ahead>-<WxH>.png and .json).

Usage: tools/silhouettes.py DIR [WxH] [AHEAD ...]   (default 360x800, 60 80)
Needs ImageMagick's `convert` (greyscale and crops); nothing else beyond Python 3.

For each class a window the same size in lane spacings is cut around the obstacle's base on
screen (the probe's `base_px`, the middle of its lanes on the snow): 4 lane spacings wide (the
three lanes and the shoulders) and 1.2 tall (3 m: above the tallest obstacle), scaled to one
size and turned to grey (Rec. 709 luma). Two figures per pair of classes, then their mean:
- grey: the mean absolute difference of the two windows' grey levels, % of full scale;
- shape: 1 - IoU of their silhouettes (pixels darker than 70 % of the window's median grey,
  the snow), %: 0 when the shapes coincide, 100 when they share no pixel.
Prints one JSON object per distance.
"""

import json
import statistics
import subprocess
import sys
from itertools import combinations
from pathlib import Path

KINDS = ("jump", "duck", "dodge")
# The window, in lane spacings (2.5 m): across, above the base, below it.
WIDE, ABOVE, BELOW = 4.0, 1.2, 0.08
# Every window is scaled to this many pixels before comparing.
SIZE = (96, 30)
# A pixel belongs to the silhouette when darker than this share of the window's median (the snow).
DARK_SHARE = 0.7


def window(png: Path, probe: dict) -> list[int]:
    """The grey levels of the class's window, row by row, SIZE pixels."""
    spacing = probe["lane_spacing_px"]
    x, y = probe["base_px"]
    left, top = round(x - WIDE / 2 * spacing), round(y - ABOVE * spacing)
    width, height = round(WIDE * spacing), round((ABOVE + BELOW) * spacing)
    crop = f"{width}x{height}{left:+d}{top:+d}"
    raw = subprocess.run(
        ["convert", str(png), "-crop", crop, "+repage", "-resize", "{}x{}!".format(*SIZE),
         "-colorspace", "Gray", "-depth", "8", "gray:-"],
        check=True, capture_output=True,
    ).stdout
    if len(raw) != SIZE[0] * SIZE[1]:
        sys.exit(f"silhouettes: {png}: expected {SIZE[0] * SIZE[1]} grey pixels, got {len(raw)}")
    return list(raw)


def silhouette(grey: list[int]) -> set[int]:
    snow = statistics.median(grey)
    return {i for i, g in enumerate(grey) if g < DARK_SHARE * snow}


def compare(directory: Path, size: str, ahead: str) -> dict:
    windows = {}
    for kind in KINDS:
        stem = directory / f"{kind}-{ahead}-{size}"
        stats = json.loads(stem.with_suffix(".json").read_text())
        windows[kind] = window(stem.with_suffix(".png"), stats["probe"])
    pairs = {}
    for a, b in combinations(KINDS, 2):
        grey = sum(abs(p - q) for p, q in zip(windows[a], windows[b])) / len(windows[a]) / 2.55
        sa, sb = silhouette(windows[a]), silhouette(windows[b])
        union = len(sa | sb)
        shape = 100.0 * (1.0 - len(sa & sb) / union) if union else 0.0
        pairs[f"{a}-{b}"] = {"grey": round(grey, 1), "shape": round(shape, 1)}
    return {
        "ahead_m": int(ahead),
        "window": size,
        "pairs": pairs,
        "mean_grey": round(statistics.mean(p["grey"] for p in pairs.values()), 1),
        "mean_shape": round(statistics.mean(p["shape"] for p in pairs.values()), 1),
        "dark_px": {k: len(silhouette(w)) for k, w in windows.items()},
    }


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    directory = Path(sys.argv[1])
    size = sys.argv[2] if len(sys.argv) > 2 else "360x800"
    for ahead in sys.argv[3:] or ["60", "80"]:
        print(json.dumps(compare(directory, size, ahead)))


if __name__ == "__main__":
    main()
