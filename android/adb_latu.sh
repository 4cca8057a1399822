#!/usr/bin/env bash
# Runs `latu ARGS…` on the phone over adb, with host paths under LATU_HOST_OUT and LATU_HOST_ROOT
# rewritten to their copies on the phone (LATU_DEVICE/out and LATU_DEVICE). A runner for
# .ci/determinism_outputs.sh, used by android/phone_determinism.sh.
set -euo pipefail
args=()
for arg in "$@"; do
    case $arg in
        "$LATU_HOST_OUT"/*) arg="$LATU_DEVICE/out/${arg#"$LATU_HOST_OUT"/}" ;;
        "$LATU_HOST_ROOT"/*) arg="$LATU_DEVICE/${arg#"$LATU_HOST_ROOT"/}" ;;
    esac
    args+=("$arg")
done
# adb's shell protocol (adb 7+) passes the exit code back and the bytes unchanged (no terminal).
exec adb shell "cd $LATU_DEVICE && ./latu ${args[*]}"
