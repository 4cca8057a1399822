# Sourced by android/build_apk.sh and android/phone_determinism.sh: how cargo links for an
# Android target with no NDK. lld is called directly (as cargo-quad-apk does) against stub
# system libraries made from the symbol maps (android/tools/ndk_stubs.py) and libunwind.a built
# from rust-src (android/libunwind.sh); an executable also gets the C start object
# (android/crt/crtbegin_dynamic.c) and the dynamic linker's path. With NDK_HOME set, the NDK's
# sysroot libraries and libunwind.a are used instead of the stubs.
#
# android_link_config TARGET MIN_SDK OUT_DIR MAPS_DIR lib|exe → sets LINK_CONFIG, the cargo
# --config arguments (linker and rustflags) for TARGET.

android_link_dirs() {
    local target=$1 min_sdk=$2 out=$3 maps=$4
    if [ -n "${NDK_HOME:-}" ]; then
        local triple=$target sysroot unwind
        [ "$target" = armv7-linux-androideabi ] && triple=arm-linux-androideabi
        sysroot=$(echo "$NDK_HOME"/toolchains/llvm/prebuilt/*/sysroot)
        unwind=$(ls "$NDK_HOME"/toolchains/llvm/prebuilt/*/lib*/clang/*/lib/linux/"${triple%%-*}"/libunwind.a \
            "$sysroot/usr/lib/$triple/libunwind.a" 2>/dev/null | head -1)
        [ -n "$unwind" ] || { echo "android link: no libunwind.a for $target in $NDK_HOME" >&2; exit 2; }
        echo "$sysroot/usr/lib/$triple/$min_sdk $(dirname "$unwind")"
    else
        python3 "$here/tools/ndk_stubs.py" "$maps" "$out/stubs/$target" "$target" "$min_sdk" >&2
        "$here/libunwind.sh" "$target" "$min_sdk" "$out/unwind/$target"
        echo "$out/stubs/$target $out/unwind/$target"
    fi
}

android_link_config() {
    local target=$1 min_sdk=$2 out=$3 maps=$4 kind=$5 dirs flags=() dir
    read -r -a dirs <<< "$(android_link_dirs "$target" "$min_sdk" "$out" "$maps")"
    for dir in "${dirs[@]}"; do flags+=("\"-C\", \"link-arg=-L$dir\""); done
    if [ "$kind" = exe ]; then
        local crt=$out/crt/$target/crtbegin_dynamic.o linker=/system/bin/linker64
        [ "$target" = armv7-linux-androideabi ] && linker=/system/bin/linker
        mkdir -p "$(dirname "$crt")"
        clang-14 --target="$(clang_target "$target")$min_sdk" -O2 -fPIE -c \
            "$here/crt/crtbegin_dynamic.c" -o "$crt"
        flags+=("\"-C\", \"link-arg=$crt\"" "\"-C\", \"link-arg=--dynamic-linker=$linker\"")
    fi
    mkdir -p "$out/bin"
    # rustc knows lld's command line by the name ld.lld (Debian calls it ld.lld-14).
    ln -sfn "$(readlink -f "$(command -v ld.lld-14)")" "$out/bin/ld.lld"
    LINK_CONFIG=(--config "target.$target.linker=\"$out/bin/ld.lld\""
        --config "target.$target.rustflags=[$(IFS=,; echo "${flags[*]}")]")
}

clang_target() {
    case $1 in
        aarch64-linux-android) echo aarch64-linux-android ;;
        armv7-linux-androideabi) echo armv7a-linux-androideabi ;;
    esac
}
