# Sourced: where the Android symbol maps are, as `android_maps_dir ROOT`: LATU_ANDROID_MAPS if
# set; else the shared folder beside the repository (../shared/android/ndk-symbol-maps); else,
# in a clone of a repository on this machine (CI's clean clone), the shared folder beside that
# repository. Prints the first candidate when none has the maps (the caller says what is
# missing).
android_maps_dir() {
    local root=$1 beside origin
    if [ -n "${LATU_ANDROID_MAPS:-}" ]; then
        echo "$LATU_ANDROID_MAPS"
        return
    fi
    beside=$root/../shared/android/ndk-symbol-maps
    origin=$(git -C "$root" remote get-url origin 2>/dev/null || true)
    if [ ! -f "$beside/libc.map.txt" ] && [ -d "$origin" ] &&
        [ -f "$origin/../shared/android/ndk-symbol-maps/libc.map.txt" ]; then
        echo "$origin/../shared/android/ndk-symbol-maps"
        return
    fi
    echo "$beside"
}
