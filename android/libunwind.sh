#!/usr/bin/env bash
# Build the static libunwind.a that Rust's std links on Android (`-lunwind`; the NDK ships it,
# this machine has none): LLVM's libunwind as the rust-src component carries it
# (lib/rustlib/src/rust/src/llvm-project/libunwind), compiled by Debian's clang. The C library
# headers it includes (stdio.h, stdlib.h, link.h, …) are Debian's glibc cross headers
# (libc6-dev-arm64-cross, libc6-dev-armhf-cross): libunwind reads only the dl_phdr_info fields
# that glibc and bionic share, and every function it calls must be exported by the phone's libc
# at minSdk, which android/tools/check_symbols.py checks on the linked game library.
#
# Usage: android/libunwind.sh RUST_TARGET API OUT_DIR   → OUT_DIR/libunwind.a
set -euo pipefail

target=$1 api=$2 out=$3
src="$(rustc --print sysroot)/lib/rustlib/src/rust/src/llvm-project/libunwind"
[ -d "$src/src" ] || { echo "libunwind.sh: no $src (rustup component add rust-src)" >&2; exit 2; }

shim=$out/shim-include
mkdir -p "$out/obj" "$shim/gnu"
case $target in
    aarch64-linux-android)
        clang_target=aarch64-linux-android$api
        glibc=/usr/aarch64-linux-gnu/include
        arch_flags=() ;;
    armv7-linux-androideabi)
        clang_target=armv7a-linux-androideabi$api
        glibc=/usr/arm-linux-gnueabihf/include
        # Android's armv7 ABI is softfp: the armhf headers then ask for gnu/stubs-soft.h, a
        # list of unimplemented functions that matters to nobody here.
        : > "$shim/gnu/stubs-soft.h"
        arch_flags=(-mthumb) ;;
    *) echo "libunwind.sh: unknown target $target" >&2; exit 2 ;;
esac
[ -d "$glibc" ] || { echo "libunwind.sh: no $glibc (apt-get install the libc6-dev cross package)" >&2; exit 2; }

# The one name glibc's headers get wrong for bionic: errno is `*__errno()` there, not
# `*__errno_location()`; the error numbers themselves are the kernel's, the same in both.
cat > "$shim/errno.h" <<'HEADER'
#include_next <errno.h>
#undef errno
#ifdef __cplusplus
extern "C"
#endif
int *__errno(void);
#define errno (*__errno())
HEADER

# No threads: Rust's unwinding needs no lock in libunwind's cache of unwind tables on these
# paths (the DWARF FDE cache is not built for a non-Apple target). Hidden visibility keeps
# _Unwind_* inside the game library, as the NDK's static libunwind does.
common=(--target="$clang_target" "${arch_flags[@]}" -O2 -fPIC -fvisibility=hidden
    -funwind-tables -D_LIBUNWIND_HAS_NO_THREADS -D_LIBUNWIND_IS_NATIVE_ONLY -DNDEBUG
    -I "$src/include" -isystem "$shim" -isystem "$glibc")
objects=()
for file in libunwind.cpp Unwind-EHABI.cpp UnwindLevel1.c UnwindLevel1-gcc-ext.c Unwind-sjlj.c \
    UnwindRegistersSave.S UnwindRegistersRestore.S; do
    case $file in
        *.cpp) lang=(-std=c++17 -fno-exceptions -fno-rtti -nostdinc++) ;;
        *.c) lang=(-std=c99) ;;
        *.S) lang=() ;;
    esac
    obj=$out/obj/${file%.*}.o
    clang-14 "${common[@]}" "${lang[@]}" -c "$src/src/$file" -o "$obj"
    objects+=("$obj")
done
rm -f "$out/libunwind.a"
llvm-ar-14 rcs "$out/libunwind.a" "${objects[@]}"
