#!/usr/bin/env bash
# The App Bundle (.aab) for Google Play, from the parts android/build_apk.sh made: aapt2's
# protobuf manifest and resources (OUT/base-proto.apk), the dex and the native libraries, laid
# out as the bundle's `base` module, built by bundletool and signed by jarsigner.
#
# Usage: android/bundle_aab.sh OUT BUNDLETOOL KEYSTORE KEY_ALIAS KEY_PASS  → OUT/latu.aab
set -euo pipefail
out=$1 bundletool=$2 keystore=$3 alias=$4 pass=$5
work=$out/aab
rm -rf "$work" && mkdir -p "$work/base/manifest" "$work/base/dex" "$work/proto"
unzip -q "$out/base-proto.apk" -d "$work/proto"
mv "$work/proto/AndroidManifest.xml" "$work/base/manifest/"
mv "$work/proto/resources.pb" "$work/base/"
for part in res assets; do
    [ -d "$work/proto/$part" ] && mv "$work/proto/$part" "$work/base/"
done
cp "$out/java/classes.dex" "$work/base/dex/"
cp -r "$out/apk/lib" "$work/base/"
(cd "$work/base" && zip -q -r -X ../base.zip .)

# Keep the libraries compressed in the APKs made from the bundle, as in the APK: they are
# extracted at install (android:extractNativeLibs="true"), so their zip offsets need no 16 KB
# alignment. bundletool 1.9.0 would otherwise store them at 4 KB offsets, which a 16 KB device
# cannot map in place.
cat > "$work/BundleConfig.json" <<'JSON'
{ "optimizations": { "uncompressNativeLibraries": { "enabled": false } } }
JSON
rm -f "$out/latu.aab"
"$bundletool" build-bundle --modules="$work/base.zip" --config="$work/BundleConfig.json" \
    --output="$out/latu.aab"
jarsigner -keystore "$keystore" -storepass "$pass" -keypass "$pass" -sigalg SHA256withRSA \
    -digestalg SHA-256 "$out/latu.aab" "$alias" >/dev/null
