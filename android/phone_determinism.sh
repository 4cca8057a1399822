#!/usr/bin/env bash
# Confirm on a real phone, over adb, that it prints the same bytes as CI's x86-64 reference:
# the headless `latu` (no window) built for the phone's CPU, pushed with the golden replays and
# input scripts, then every output of .ci/determinism_outputs.sh compared byte for byte.
#
# Needs: adb with one phone attached (USB debugging on). The executable is linked the way
# android/build_apk.sh links the APK's library (android/link.sh: lld, stub system libraries
# from the symbol maps, libunwind from rust-src, plus android/crt/crtbegin_dynamic.c), or with
# an NDK's clang when NDK_HOME is set. LATU_PHONE_TARGET=armv7-linux-androideabi for a 32-bit
# phone. Usage: android/phone_determinism.sh [--build-only]  (--build-only: build and check the
# executable, no phone needed)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=$root/android

target=${LATU_PHONE_TARGET:-aarch64-linux-android}
api=$(python3 android/tools/android_meta.py Cargo.toml get min_sdk_version)
case $target in
    aarch64-linux-android) clang=aarch64-linux-android$api-clang ;;
    armv7-linux-androideabi) clang=armv7a-linux-androideabi$api-clang ;;
    *) echo "unknown phone target $target" >&2; exit 2 ;;
esac
if [ -n "${NDK_HOME:-}" ]; then
    linker=$(echo "$NDK_HOME"/toolchains/llvm/prebuilt/*/bin/"$clang")
    [ -x "$linker" ] || { echo "no $clang in $NDK_HOME" >&2; exit 2; }
    link_config=(--config "target.$target.linker=\"$linker\"")
else
    source "$here/maps_dir.sh"
    maps=$(android_maps_dir "$root")
    export LATU_ANDROID_MAPS=$maps
    [ -f "$maps/libc.map.txt" ] || {
        echo "no symbol maps at $maps (set LATU_ANDROID_MAPS) and no NDK_HOME" >&2; exit 2; }
    source "$here/tools.sh"
    install_bookworm_packages
    install_rust_parts
    source "$here/link.sh"
    android_link_config "$target" "$api" "$root/target/android" "$maps" exe
    link_config=("${LINK_CONFIG[@]}")
fi

cargo build --release --no-default-features --bin latu --target "$target" "${link_config[@]}"
python3 -B android/tools/check_elf.py --exe "target/$target/release/latu" "$target" "$api" \
    "$(source "$here/maps_dir.sh"; android_maps_dir "$root")"
[ "${1:-}" = --build-only ] && exit 0
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
