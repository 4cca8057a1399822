#!/bin/sh
# Build Latu's release APK: the standard `cargo quad-apk build --release` in the macroquad
# project's published docker image (notfl3/cargo-apk), brought up to date by android/Dockerfile.
# Extra arguments go to `cargo quad-apk build` (e.g. --nosign). See android/README.md.
# Without docker, android/build_apk.sh builds and checks the APK and the App Bundle here.
#
# The APK lands in target/android-artifacts/release/apk/latu.apk.
set -eu

cd "$(dirname "$0")/.."

image="${LATU_APK_IMAGE:-latu-apk}"

if [ -z "${LATU_APK_IMAGE:-}" ]; then
    docker build --tag "$image" android
fi

# Cargo.toml points cargo-quad-apk at assets/; aapt2 fails on a missing folder.
mkdir -p assets
# cargo-quad-apk signs with ~/.android/debug.keystore, creating it when missing; keeping it on
# the host keeps the same key from build to build, so `adb install -r` can update the app.
mkdir -p "$HOME/.android"

docker run --rm \
    -v "$PWD":/root/src -w /root/src \
    -v "$HOME/.android":/root/.android \
    -v latu-apk-cargo-registry:/usr/local/cargo/registry \
    -e HOST_UID="$(id -u)" -e HOST_GID="$(id -g)" \
    "$image" \
    sh -c '
        status=0
        cargo quad-apk build --release "$@" || status=$?
        [ "$status" = 0 ] && android/docker_library_name.sh "$@" || status=$?
        # The container runs as root: hand what it wrote back to the caller.
        chown -R "$HOST_UID:$HOST_GID" target Cargo.lock assets /root/.android
        exit "$status"
    ' sh "$@"

apk=target/android-artifacts/release/apk/latu.apk

# Google Play (Android 15+ targets) requires every native library's LOAD segments aligned to
# 16 KB (0x4000); .cargo/config.toml links for it. Fail here rather than at the store.
libs=$(mktemp -d)
trap 'rm -rf "$libs"' EXIT
unzip -q -o "$apk" 'lib/*' -d "$libs"
found=0
for so in "$libs"/lib/*/*.so; do
    found=1
    if readelf -lW "$so" | awk '$1 == "LOAD" && $NF != "0x4000" { bad = 1 } END { exit bad }'; then
        echo "16 KB pages: ${so#"$libs"/} ok"
    else
        echo "16 KB pages: ${so#"$libs"/} has a LOAD segment not aligned to 0x4000:" >&2
        readelf -lW "$so" | grep LOAD >&2
        exit 1
    fi
done
[ "$found" = 1 ] || { echo "no native library in $apk" >&2; exit 1; }

echo "APK: $apk"
