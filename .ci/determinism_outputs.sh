#!/usr/bin/env bash
# Writes what the headless core prints for the determinism check into OUT_DIR, one file per
# command (stdout, then the exit code), running `latu` through RUNNER (a command prefix: empty
# on the host, `qemu-aarch64 -L …`, the i686 loader, or the WASI runner).
# Usage: .ci/determinism_outputs.sh OUT_DIR RUNNER…
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: determinism_outputs.sh OUT_DIR RUNNER…}
shift
runner=("$@")
mkdir -p "$out"

# Seeds and chunk indices: the first chunks, far along the track, and the last chunk there is.
seeds=(0 42 9876543210)
indices=(0 1 99999 1000000 100000000)
# Node's WASI can crash at exit after writing everything: a run killed by a signal is retried.
attempts=3

# One command's stdout into $out/NAME, followed by its exit code.
record() {
    local name=$1 try rc
    shift
    for ((try = 1; try <= attempts; try++)); do
        rc=0
        "${runner[@]}" "$@" >"$out/$name" 2>"$out/$name.stderr" || rc=$?
        ((rc < 128)) && break
    done
    printf '\nexit %s\n' "$rc" >>"$out/$name"
}

for seed in "${seeds[@]}"; do
    for index in "${indices[@]}"; do
        record "chunk-$seed-$index.json" chunk --seed "$seed" --index "$index"
    done
done
for level in 1 2 3 4 5; do
    record "chunk-level$level-2.json" chunk --level "$level" --index 2
done
for level in 1 2 3 4 5; do
    for track in 1 2 3; do
        record "course-l$level-t$track.json" course --level "$level" --track "$track"
        record "bot-l$level-t$track.json" simulate --level "$level" --track "$track" --bot \
            --out "$out/bot-l$level-t$track.replay.json"
    done
done
record "course-endless-20km.json" course --endless --length 20000
record "bot-endless.json" simulate --endless --seed 42 --bot
record "course-daily-2026-12-01.json" course --daily 2026-12-01
record "human-l3.json" simulate --level 3 --human-bot --jitter-ms 60
# Each rifle of the shop changes the shooting: the hardest level's bot run with every one.
for rifle in heavy-barrel straight-pull fitted-stock match; do
    record "bot-l5-$rifle.json" simulate --level 5 --bot --rifle "$rifle"
done
for golden in "$root"/tests/replays/*.json; do
    record "replay-$(basename "$golden")" replay "$golden"
done
for script in "$root"/tests/replays/scripts/*.json; do
    record "script-$(basename "$script")" simulate --input "$script"
done
rm -f "$out"/*.stderr
