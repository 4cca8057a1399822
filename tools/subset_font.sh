#!/usr/bin/env bash
# Cut the game's font from the full DejaVu Sans Bold (tools/fonts/): only the characters in
# tools/fonts/latu-charset.txt, no hinting (fontdue does not hint), the kerning tables and the
# glyphs' bounds kept as they are (so text lands on the same pixels: a few anti-aliased pixels
# of some strings differ from the full font's). The full font has 6 196 glyphs and takes
# ≈ 40 ms to parse at start-up; the game uses a few hundred. Rerun after changing the charset and
# commit the result; tests/library/app/font_subset.rs checks it. Needs fonttools (pip install fonttools).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v pyftsubset >/dev/null; then
    echo "pyftsubset not found: pip install fonttools (a venv works: python3 -m venv v && v/bin/pip install fonttools)" >&2
    exit 2
fi
unicodes=$(grep -v '^#' tools/fonts/latu-charset.txt | sed 's/^U+//; s/-U+/-/' | paste -sd, -)
pyftsubset tools/fonts/DejaVuSans-Bold.ttf \
    --unicodes="$unicodes" \
    --layout-features=kern \
    --legacy-kern \
    --no-recalc-bounds \
    --no-hinting \
    --output-file=assets/fonts/DejaVuSans-Bold-Latu.ttf
ls -l tools/fonts/DejaVuSans-Bold.ttf assets/fonts/DejaVuSans-Bold-Latu.ttf
