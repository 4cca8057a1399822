#!/usr/bin/env bash
# The app's dex: miniquad's activity (MainActivity.java, QuadNative.java from the miniquad crate,
# with the package and library names filled in as cargo-quad-apk does) compiled by JDK 17
# against API 23's android.jar plus android/java-stubs/ (compile-only stand-ins for the
# API 28-30 members miniquad uses), then dexed by dx. Checks: every stand-in constant that API
# 23 has equals it; no android.* class in the dex; the dex loads lib$LIB_NAME.
#
# Usage: android/dex.sh WORK_DIR PACKAGE LIB_NAME  → WORK_DIR/classes.dex
# Needs ANDROID_JAR and DX_JAR (android/tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$1 package=$2 lib=$3
java_dir=$(cargo metadata --format-version 1 --quiet | python3 -c '
import json, pathlib, sys
meta = json.load(sys.stdin)
miniquad = next(p for p in meta["packages"] if p["name"] == "miniquad")
print(pathlib.Path(miniquad["manifest_path"]).parent / "java")')

rm -rf "$work" && mkdir -p "$work/src/quad_native" "$work/src/${package//.//}" "$work/stubs" "$work/classes"
# `//%` lines are miniquad's hooks for plugins; with none they go (as cargo-quad-apk does).
sed -e "s/TARGET_PACKAGE_NAME/$package/" -e "s/\"LIBRARY_NAME\"/\"$lib\"/" -e '/^ *\/\/%/d' \
    "$java_dir/MainActivity.java" > "$work/src/${package//.//}/MainActivity.java"
cp "$java_dir/QuadNative.java" "$work/src/quad_native/"

javac -nowarn -Xlint:-options -source 8 -target 8 -bootclasspath "$ANDROID_JAR" -d "$work/stubs" \
    $(find android/java-stubs -name '*.java')
# javac copies constants into the caller: a stand-in's must be the platform's.
(cd "$work/stubs" && find . -name '*.class' | sed 's|^\./||; s|\.class$||; s|/|.|g') | while read -r class; do
    while read -r constant; do
        name=$(echo "$constant" | sed 's/ =.*//; s/.* //')
        platform=$(javap -constants -cp "$ANDROID_JAR" "$class" 2>/dev/null | grep -F " $name = " || true)
        if [ -z "$platform" ]; then
            echo "dex: $class.$name is newer than API 23; its value is the stand-in's: ${constant##* = }"
        elif [ "$(echo $platform)" != "$(echo $constant)" ]; then
            echo "dex: stand-in $class: '$constant', API 23: '$platform'" >&2
            exit 1
        fi
    done < <(javap -constants -cp "$work/stubs" "$class" | grep 'static final .* = ')
done

javac -nowarn -Xlint:-options -source 8 -target 8 -bootclasspath "$work/stubs:$ANDROID_JAR" \
    -d "$work/classes" $(find "$work/src" -name '*.java')
java -cp "$DX_JAR" com.android.dx.command.Main --dex --min-sdk-version=26 \
    --output="$work/classes.dex" "$work/classes"

classes=$(dexdump "$work/classes.dex" | grep "Class descriptor")
if grep -q "'Landroid/" <<< "$classes"; then
    echo "dex: a stand-in class of android.* was dexed" >&2
    exit 1
fi
