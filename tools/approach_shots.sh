#!/usr/bin/env bash
# Screenshots of `latu play --show approach` for each obstacle class at the given distances, with
# their `--stats` (the probe) beside them: OUT_DIR/<kind>-<ahead>-<WxH>.png and .json.
# Usage: tools/approach_shots.sh OUT_DIR [WxH] [AHEAD …] (default 360x800, 60 80). Needs
# xvfb-run; the binary is $LATU or target/debug/latu. Extra flags for `latu play` in $LATU_ARGS.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: tools/approach_shots.sh OUT_DIR [WxH] [AHEAD ...]}
size=${2:-360x800}
shift $(($# >= 2 ? 2 : 1))
distances=("${@:-60 80}")
read -r -a distances <<<"${distances[*]}"
latu=${LATU:-target/debug/latu}
mkdir -p "$out"
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
for ahead in "${distances[@]}"; do
    for kind in jump duck dodge; do
        name="$out/$kind-$ahead-$size"
        rm -rf "${data:?}"/*
        # shellcheck disable=SC2086 # LATU_ARGS is a list of flags
        XDG_DATA_HOME="$data" ALSA_CONFIG_PATH="$PWD/.ci/asound.conf" \
            xvfb-run -a -s "-screen 0 1280x1024x24" "$latu" play --show approach --kind "$kind" \
            --ahead "$ahead" --frames 2 --window "$size" ${LATU_ARGS:-} \
            --screenshot "$name.png" --stats "$name.json" >/dev/null 2>"$name.log" ||
            echo "failed: $kind at $ahead m (see $name.log)"
    done
done
