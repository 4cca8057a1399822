#!/usr/bin/env bash
# Endless soak: play Endless with the bot for a number of frames in a virtual X server and
# sample the game's resident memory (VmRSS) every few seconds, to show that a long run neither
# panics nor grows its memory footprint.
#
# Usage: tools/endless_soak.sh [FRAMES] [SAMPLE_SECONDS] [OUT_DIR]
#   FRAMES          frames to play (default 36000: ten minutes at 60 frames per second)
#   SAMPLE_SECONDS  seconds between memory samples (default 30)
#   OUT_DIR         where the log, the samples and the stats go (default /tmp/endless_soak)
# Needs xvfb-run; builds the release binary first. Exit status: the game's.
set -euo pipefail

frames="${1:-36000}"
sample_s="${2:-30}"
out="${3:-/tmp/endless_soak}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"

cargo build --release --manifest-path "$repo/Cargo.toml"
# A private copy, so a rebuild during the soak does not swap the binary under it.
binary="$out/latu"
cp "$repo/target/release/latu" "$binary"

export ALSA_CONFIG_PATH="$repo/.ci/asound.conf"
cd "$repo"
xvfb-run -a -s "-screen 0 1280x1024x24" \
    "$binary" play --endless --autoplay --frames "$frames" \
    --stats "$out/stats.json" --screenshot "$out/last.png" \
    >"$out/game.log" 2>&1 &
runner=$!

# xvfb-run starts the game as its child: wait for the game's own process.
game=""
for _ in $(seq 1 100); do
    game="$(pgrep -n -f "^$binary play" || true)"
    [ -n "$game" ] && break
    sleep 0.2
done
if [ -z "$game" ]; then
    echo "the game did not start; see $out/game.log" >&2
    wait "$runner"
    exit 1
fi

samples="$out/rss.tsv"
printf 'elapsed_s\tvmrss_kb\n' >"$samples"
start=$(date +%s)
while kill -0 "$game" 2>/dev/null; do
    rss="$(awk '/^VmRSS:/ {print $2}' "/proc/$game/status" 2>/dev/null || true)"
    [ -n "$rss" ] && printf '%s\t%s\n' "$(($(date +%s) - start))" "$rss" | tee -a "$samples"
    sleep "$sample_s"
done

status=0
wait "$runner" || status=$?
echo "exit status $status after $(($(date +%s) - start)) s"
if grep -q "panicked" "$out/game.log"; then
    echo "PANIC: see $out/game.log" >&2
    status=101
fi
awk -F'\t' 'NR == 2 { first = $2 } NR > 1 { last = $2; if ($2 > max) max = $2 }
    END { printf "VmRSS first %.1f MiB, last %.1f MiB, highest %.1f MiB\n", first / 1024, last / 1024, max / 1024 }' "$samples"
echo "samples: $samples   stats: $out/stats.json"
exit "$status"
