#!/usr/bin/env bash
# Turn the APK built by android/build.sh into an Android App Bundle (.aab) for Google Play, and
# sign it: cargo-quad-apk makes APKs only, and Play takes bundles.
#
# Needs: aapt2 (Android build-tools 36), bundletool (a jar: set BUNDLETOOL=/path/bundletool.jar),
# a JDK (java, jarsigner) and unzip/zip. The release key: LATU_KEYSTORE (default
# ~/.android/latu-release.jks) and LATU_KEY_ALIAS (default latu); jarsigner asks for the password.
#
# Steps: aapt2 converts the APK's manifest and resources to the protobuf format bundles use; the
# parts are laid out as the bundle's `base` module (manifest/, dex/, res/, lib/, assets/,
# resources.pb); bundletool builds the bundle; jarsigner signs it; bundletool validates it.
# The output lands in target/android-artifacts/release/latu.aab.
set -euo pipefail
cd "$(dirname "$0")/.."

apk=${1:-target/android-artifacts/release/apk/latu.apk}
out=target/android-artifacts/release/latu.aab
bundletool=${BUNDLETOOL:?set BUNDLETOOL to the bundletool jar}
keystore=${LATU_KEYSTORE:-$HOME/.android/latu-release.jks}
alias=${LATU_KEY_ALIAS:-latu}
aapt2=${AAPT2:-aapt2}

[ -f "$apk" ] || { echo "no APK at $apk: run android/build.sh first" >&2; exit 2; }
[ -f "$keystore" ] || { echo "no release keystore at $keystore (see android/README.md, Sign)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$aapt2" convert --output-format proto -o "$work/proto.apk" "$apk"
mkdir -p "$work/base/manifest" "$work/base/dex" "$work/unpacked"
unzip -q "$work/proto.apk" -d "$work/unpacked"
mv "$work/unpacked/AndroidManifest.xml" "$work/base/manifest/"
mv "$work/unpacked/resources.pb" "$work/base/"
mv "$work/unpacked"/classes*.dex "$work/base/dex/"
for part in res lib assets; do
    [ -d "$work/unpacked/$part" ] && mv "$work/unpacked/$part" "$work/base/"
done
(cd "$work/base" && zip -q -r ../base.zip .)

rm -f "$out"
java -jar "$bundletool" build-bundle --modules="$work/base.zip" --output="$out"
jarsigner -keystore "$keystore" -sigalg SHA256withRSA -digestalg SHA-256 "$out" "$alias"
java -jar "$bundletool" validate --bundle="$out" >/dev/null
echo "App Bundle: $out (signed with $alias from $keystore)"
