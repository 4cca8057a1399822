#!/usr/bin/env bash
# Compare two folders of determinism outputs file by file, byte for byte: print what differs
# (the first differing values) and exit 1 if anything does.
# Usage: .ci/compare_outputs.sh REFERENCE_DIR OTHER_DIR
set -uo pipefail
reference=${1:?usage: compare_outputs.sh REFERENCE_DIR OTHER_DIR}
other=${2:?usage: compare_outputs.sh REFERENCE_DIR OTHER_DIR}
bad=0
for file in "$reference"/*; do
    name=$(basename "$file")
    if [ ! -f "$other/$name" ]; then
        echo "  MISSING: $name"
        bad=1
    elif ! cmp -s "$file" "$other/$name"; then
        echo "  DIFFERS: $name"
        diff <(tr ',' '\n' <"$file") <(tr ',' '\n' <"$other/$name") | head -4 | sed 's/^/    /'
        bad=1
    fi
done
for file in "$other"/*; do
    [ -e "$reference/$(basename "$file")" ] || { echo "  EXTRA: $(basename "$file")"; bad=1; }
done
exit $bad
