#!/usr/bin/env bash
# The checks on what android/build_apk.sh made; the first that fails stops the build (exit 1).
#   APK: apksigner verify (v2 or v3), zipalign -c 4, aapt dump badging (package, versions,
#   min/target SDK as in Cargo.toml, both ABIs, the launcher activity), each packaged library
#   (android/tools/check_elf.py: 16 KB LOAD segments, SONAME, system NEEDED only, every
#   undefined symbol exported at minSdk), the dex's System.loadLibrary name = the packaged .so.
#   AAB: jarsigner -verify, bundletool validate, the same libraries and dex inside, and the
#   split APKs bundletool makes from it keep the libraries compressed.
#
# Usage: android/check_apk.sh APK AAB LIB_NAME BUNDLETOOL   (AAPT2 in the environment)
# Reads the symbol maps from LATU_ANDROID_MAPS (default ../shared/android/ndk-symbol-maps).
set -euo pipefail
cd "$(dirname "$0")/.."
apk=$1 aab=$2 lib=$3 bundletool=$4
source android/maps_dir.sh
maps=$(android_maps_dir "$PWD")
meta() { python3 android/tools/android_meta.py Cargo.toml get "$1"; }
fail() { echo "check: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

signed=$(apksigner verify --verbose "$apk") || fail "apksigner verify failed on $apk"
echo "$signed" | grep -E '^Verif' | sed 's/^/apksigner: /'
grep -qE 'v[23] scheme.*: true' <<< "$signed" || fail "$apk has no v2/v3 signature"
zipalign -c 4 "$apk" || fail "$apk is not zip-aligned"

badging=$(aapt dump badging "$apk")
echo "$badging" | grep -E "^(package|sdkVersion|targetSdkVersion|native-code|launchable-activity|uses-permission):" \
    | sed 's/^/aapt: /'
expect() { grep -qxF -- "$1" <<< "$badging" || fail "aapt dump badging lacks: $1"; }
expect "sdkVersion:'$(meta min_sdk_version)'"
expect "targetSdkVersion:'$(meta target_sdk_version)'"
grep -q "^package: name='$(meta package_name)' versionCode='$(meta version_code)' versionName='$(meta version_name)'" <<< "$badging" \
    || fail "aapt dump badging: package line is not $(meta package_name) $(meta version_code) $(meta version_name)"
# The leaderboard: INTERNET, and plain HTTP kept to the hosts of the network security config.
expect "uses-permission: name='android.permission.INTERNET'"
aapt dump xmltree "$apk" AndroidManifest.xml | grep -q "android:networkSecurityConfig" \
    || fail "$apk's manifest names no network security config"
unzip -p "$apk" res/xml/network_security_config.xml | grep -q . \
    || fail "$apk has no res/xml/network_security_config.xml"
echo "network: INTERNET, res/xml/network_security_config.xml (plain HTTP to 127.0.0.1, localhost, 10.0.2.2 only)"
abis=""
for target in $(meta build_targets); do
    case $target in
        aarch64-linux-android) abi=arm64-v8a ;;
        armv7-linux-androideabi) abi=armeabi-v7a ;;
        *) fail "no ABI known for $target" ;;
    esac
    abis="$abis '$abi'"
    unzip -q -o "$apk" "lib/$abi/lib$lib.so" -d "$work/apk" || fail "$apk has no lib/$abi/lib$lib.so"
    python3 android/tools/check_elf.py "$work/apk/lib/$abi/lib$lib.so" "$target" "$(meta min_sdk_version)" "$maps" \
        || fail "lib/$abi/lib$lib.so"
    unzip -q -o "$aab" "base/lib/$abi/lib$lib.so" -d "$work/aab" || fail "$aab has no base/lib/$abi/lib$lib.so"
    cmp -s "$work/apk/lib/$abi/lib$lib.so" "$work/aab/base/lib/$abi/lib$lib.so" \
        || fail "the APK's and the AAB's lib/$abi/lib$lib.so differ"
done
expect "native-code:$abis"
[ "$(unzip -Z1 "$apk" 'lib/*' | wc -l)" = "$(meta build_targets | wc -w)" ] \
    || fail "$apk has other native libraries: $(unzip -Z1 "$apk" 'lib/*' | tr '\n' ' ')"

# The name the activity loads, read back from the dex: the const-string just before the call.
unzip -q -o "$apk" classes.dex -d "$work/apk"
loaded=$(dexdump -d "$work/apk/classes.dex" \
    | grep -B1 'Ljava/lang/System;.loadLibrary:(Ljava/lang/String;)V' \
    | sed -n 's/.*const-string v[0-9]*, "\(.*\)" \/\/ string@.*/\1/p')
[ "$loaded" = "$lib" ] || fail "the dex loads '$loaded', the APK packages lib$lib.so"
echo "dex: System.loadLibrary(\"$loaded\") → lib/*/lib$lib.so, packaged for$abis"
unzip -q -o "$aab" base/dex/classes.dex -d "$work/aab"
cmp -s "$work/apk/classes.dex" "$work/aab/base/dex/classes.dex" || fail "the APK's and the AAB's dex differ"

jarsigner -verify "$aab" >/dev/null || fail "$aab: jarsigner -verify failed"
"$bundletool" validate --bundle="$aab" >/dev/null || fail "bundletool validate failed on $aab"
# The APKs bundletool makes from the bundle (as Play does, with its own version) keep the
# libraries compressed and extracted at install, so no 16 KB zip alignment is needed.
"$bundletool" build-apks --bundle="$aab" --output="$work/latu.apks" --aapt2="$AAPT2" >/dev/null 2>&1 \
    || fail "bundletool build-apks failed on $aab"
unzip -q "$work/latu.apks" splits/base-arm64_v8a.apk splits/base-master.apk -d "$work/apks"
# (Outputs are read whole before grep -q: under pipefail, grep closing the pipe early fails.)
split_lib=$(unzip -v "$work/apks/splits/base-arm64_v8a.apk" "lib/arm64-v8a/lib$lib.so")
grep -q " Defl:" <<< "$split_lib" || fail "bundletool's arm64 split stores lib$lib.so uncompressed"
split_manifest=$(aapt dump xmltree "$work/apks/splits/base-master.apk" AndroidManifest.xml)
grep -q 'extractNativeLibs.*0xffffffff' <<< "$split_manifest" \
    || fail "bundletool's split does not extract the libraries"
echo "aab: signed, bundletool validate ok; its split APKs keep lib$lib.so compressed (extractNativeLibs true)"
