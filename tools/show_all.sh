#!/usr/bin/env bash
# Screenshots of every `latu play --show` screen at the given sizes, for before/after checks and
# contact sheets. Usage: tools/show_all.sh OUT_DIR [WxH …] (default 540x960). Needs xvfb-run and
# a release build (`cargo build --release`), or the binary named by $LATU.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/show_all.sh OUT_DIR [WxH ...]}
shift
sizes=("${@:-540x960}")
screens=(menu levels loading tutorial tutorial-jump tutorial-range run countdown near-miss range range-standing shot-miss shot-hit stumble penalty finish pause results results-medal results-list settings shop guide ghost watch)
mkdir -p "$out"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
latu=${LATU:-target/release/latu}
for size in "${sizes[@]}"; do
    for screen in "${screens[@]}"; do
        rm -rf "${data:?}"/*
        # A screen is shot after a few frames; the loading screen on its first.
        frames=5
        [ "$screen" = loading ] && frames=1
        XDG_DATA_HOME="$data" ALSA_CONFIG_PATH="$PWD/.ci/asound.conf" \
            xvfb-run -a -s "-screen 0 1920x1200x24" "$latu" play \
            --show "$screen" --frames "$frames" --window "$size" --screenshot "$out/$screen-$size.png" \
            >/dev/null 2>"$out/$screen-$size.log" || echo "failed: $screen $size (see $out/$screen-$size.log)"
    done
done
# The approach of each obstacle class, 40 m ahead, with its probe beside the shot.
for size in "${sizes[@]}"; do
    for kind in jump duck dodge; do
        rm -rf "${data:?}"/*
        XDG_DATA_HOME="$data" ALSA_CONFIG_PATH="$PWD/.ci/asound.conf" \
            xvfb-run -a -s "-screen 0 1920x1200x24" "$latu" play \
            --show approach --kind "$kind" --frames 2 --window "$size" \
            --screenshot "$out/approach-$kind-$size.png" --stats "$out/approach-$kind-$size.json" \
            >/dev/null 2>"$out/approach-$kind-$size.log" || echo "failed: approach $kind $size"
    done
done
