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

rm -f "$out/latu.aab"
"$bundletool" build-bundle --modules="$work/base.zip" --output="$out/latu.aab"
# Keep the libraries compressed in the APKs made from the bundle, as in the APK: they are
# extracted at install (android:extractNativeLibs="true"), so their zip offsets need no 16 KB
# alignment. Left to its defaults bundletool stores them uncompressed and forces
# extractNativeLibs="false", and 1.9.0 aligns them to 4 KB only, which a 16 KB device cannot
# map in place. The setting is BundleConfig.optimizations.uncompress_native_libraries with
# `enabled` false; this native build of bundletool cannot read a --config JSON file, so it is
# appended to BundleConfig.pb as protobuf (an appended message merges into the one before):
# field 2 (optimizations), length 2, holding field 2 (uncompress_native_libraries), length 0.
(cd "$work" && unzip -q -o "$out/latu.aab" BundleConfig.pb \
    && printf '\x12\x02\x12\x00' >> BundleConfig.pb && zip -q "$out/latu.aab" BundleConfig.pb)
jarsigner -keystore "$keystore" -storepass "$pass" -keypass "$pass" -sigalg SHA256withRSA \
    -digestalg SHA-256 "$out/latu.aab" "$alias" >/dev/null
