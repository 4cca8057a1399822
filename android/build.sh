#!/bin/sh
# Build Latu's release APK with cargo-quad-apk inside the macroquad project's published docker
# image. Extra arguments go to `cargo quad-apk build` (e.g. --nosign). See android/README.md.
#
# The APK lands in target/android-artifacts/release/apk/latu.apk.
set -eu

cd "$(dirname "$0")/.."

image="${LATU_APK_IMAGE:-notfl3/cargo-apk}"
# The image pins an old Rust; the crate's dependencies need a current stable one.
toolchain="${LATU_APK_TOOLCHAIN:-stable}"

# Cargo.toml points cargo-quad-apk at assets/; aapt2 fails on a missing folder.
mkdir -p assets
# cargo-quad-apk signs with ~/.android/debug.keystore, creating it when missing; keeping it on
# the host keeps the same key from build to build, so `adb install -r` can update the app.
mkdir -p "$HOME/.android"

docker run --rm \
    -v "$PWD":/root/src -w /root/src \
    -v "$HOME/.android":/root/.android \
    -v latu-apk-rustup:/usr/local/rustup \
    -v latu-apk-cargo-registry:/usr/local/cargo/registry \
    -e HOST_UID="$(id -u)" -e HOST_GID="$(id -g)" \
    -e RUSTUP_TOOLCHAIN="$toolchain" \
    "$image" \
    sh -c '
        set -eu
        rustup toolchain install "$RUSTUP_TOOLCHAIN" --profile minimal \
            --target aarch64-linux-android --target armv7-linux-androideabi
        status=0
        cargo quad-apk build --release "$@" || status=$?
        # The container runs as root: hand what it wrote back to the caller.
        chown -R "$HOST_UID:$HOST_GID" target Cargo.lock assets /root/.android
        exit "$status"
    ' sh "$@"

echo "APK: target/android-artifacts/release/apk/latu.apk"
