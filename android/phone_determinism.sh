#!/usr/bin/env bash
# Confirm on a real phone, over adb, that it prints the same bytes as CI's x86-64 reference:
# the headless `latu` (no window) built for the phone's CPU, pushed with the golden replays and
# input scripts, then every output of .ci/determinism_outputs.sh compared byte for byte.
#
# Needs: an Android NDK (NDK_HOME), adb with one phone attached (USB debugging on), and the
# Rust target (rustup target add aarch64-linux-android, or armv7-linux-androideabi with
# LATU_PHONE_TARGET). Usage: android/phone_determinism.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

target=${LATU_PHONE_TARGET:-aarch64-linux-android}
api=${LATU_PHONE_API:-26}
ndk=${NDK_HOME:?set NDK_HOME to the Android NDK}
case $target in
    aarch64-linux-android) clang=aarch64-linux-android$api-clang ;;
    armv7-linux-androideabi) clang=armv7a-linux-androideabi$api-clang ;;
    *) echo "unknown phone target $target" >&2; exit 2 ;;
esac
linker=$(echo "$ndk"/toolchains/llvm/prebuilt/*/bin/"$clang")
[ -x "$linker" ] || { echo "no $clang in $ndk" >&2; exit 2; }

cargo build --release --no-default-features --bin latu --target "$target" \
    --config "target.$target.linker=\"$linker\""
cargo build --release --no-default-features --bin latu

# The phone keeps the same layout under /data/local/tmp/latu, so the same paths work there.
device=/data/local/tmp/latu
adb shell "rm -rf $device && mkdir -p $device/tests $device/out"
adb push "target/$target/release/latu" "$device/latu" >/dev/null
adb push tests/replays "$device/tests/" >/dev/null
adb shell chmod 755 "$device/latu"

work=$root/target/phone-determinism
rm -rf "$work" && mkdir -p "$work"
.ci/determinism_outputs.sh "$work/x86_64" target/release/latu
# On the phone, latu runs from the pushed copy: android/adb_latu.sh rewrites the host paths.
LATU_HOST_ROOT=$root LATU_HOST_OUT=$work/phone LATU_DEVICE=$device \
    .ci/determinism_outputs.sh "$work/phone" android/adb_latu.sh
adb pull "$device/out/." "$work/phone/" >/dev/null
.ci/compare_outputs.sh "$work/x86_64" "$work/phone"
echo "the phone ($target) printed every output byte for byte as x86-64"
