#!/usr/bin/env bash
# Issue #34's Retry repro, played in a real window under Xvfb and driven with xdotool: a purse of
# 200, Endless played to its end by an idle skier (it crashes until its lives are gone and lets
# the second chance run out), Retry, the second run to its end, Done. Prints the purse after each
# step and what each run brought (from the saved replays). Usage: tools/retry_repro.sh [BINARY]
# (default target/release/latu). Needs Xvfb, xdotool and ImageMagick's import (the screenshots
# of each step are left in the printed folder).
set -euo pipefail
cd "$(dirname "$0")/.."
latu=$(realpath "${1:-target/release/latu}")
work=$(mktemp -d)
mkdir -p "$work/data/latu"
echo '{"coins": 200}' >"$work/data/latu/purse.json"
echo '{"name_chosen": true, "tutorial_done": true, "player_name": "Repro"}' >"$work/data/latu/settings.json"
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x1024x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=$display
XDG_DATA_HOME="$work/data" ALSA_CONFIG_PATH="$PWD/.ci/asound.conf" \
    "$latu" play --endless --window 360x800 >"$work/game.log" 2>&1 &
game=$!
purse() { tr -d ' \n' <"$work/data/latu/purse.json"; echo; }
# The window's Retry button at 360x800 (the results' footer, left cell).
retry_x=62 retry_y=760
wait_for_results() {
    # An idle Endless run: 3-2-1, four crashes (the first a stumble), the 5 s offer, the finish
    # linger; well inside 90 s at 12.5 m/s.
    sleep "$1"
    import -window root -crop 360x800+0+0 "$work/$2.png"
}
echo "purse before: $(purse)"
wait_for_results 75 first-results
window=$(xdotool search --pid "$game" | head -1)
xdotool mousemove --window "$window" "$retry_x" "$retry_y" click 1
sleep 3
import -window root -crop 360x800+0+0 "$work/second-run.png"
echo "purse after Retry (the first run banked): $(purse)"
wait_for_results 75 second-results
xdotool key --window "$window" Return
sleep 2
echo "purse after the second run: $(purse)"
for replay in "$work"/data/latu/replays/*.json; do
    python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print('run: brought', s.get('purse_brought', 0), 'ended with', s['coins'], 'won', s['coins'] - s.get('purse_brought', 0))" "$replay"
done
echo "screenshots: $work"
