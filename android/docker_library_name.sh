#!/bin/sh
# Run by android/build.sh inside the docker image, after `cargo quad-apk build`: fixes the APK
# so that it does not crash at launch. cargo-quad-apk (rev e6ce7cd) writes
# System.loadLibrary("<last part of package_name>") = "game" into the activity but packages the
# library as lib<target name>.so = liblatu.so: on a phone, UnsatisfiedLinkError at start. This
# renames the packaged library to what the activity loads, then zip-aligns and signs again with
# the same debug key (unless --nosign was given: then sign it yourself, see README.md).
set -eu
apk=target/android-artifacts/release/apk/latu.apk
package=$(sed -n 's/^package_name = "\(.*\)"$/\1/p' Cargo.toml)
loaded=${package##*.}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

unzip -q "$apk" 'lib/*' -d "$work"
for so in "$work"/lib/*/liblatu.so; do
    mv "$so" "$(dirname "$so")/lib$loaded.so"
done
cp "$apk" "$work/renamed.apk"
zip -q -d "$work/renamed.apk" 'lib/*'
(cd "$work" && zip -q -r renamed.apk lib)
zipalign -f 4 "$work/renamed.apk" "$apk"
case " $* " in
    *" --nosign "*) echo "APK libraries renamed to lib$loaded.so (unsigned)" ;;
    *)
        apksigner sign --ks "$HOME/.android/debug.keystore" --ks-key-alias androiddebugkey \
            --ks-pass pass:android --key-pass pass:android "$apk"
        echo "APK libraries renamed to lib$loaded.so, signed again with the debug key" ;;
esac
