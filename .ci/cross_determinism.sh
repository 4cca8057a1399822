#!/usr/bin/env bash
# Cross-platform determinism: the headless `latu` (no window feature) built for the CPUs the game
# ships on — aarch64 and armv7 (phones, under qemu-user), i686 (32-bit x86, through its loader)
# and wasm32-wasip1 (under Node's WASI) — must print byte for byte what x86-64 prints: chunks,
# courses (every level and track, 20 km of Endless), bot runs and the replays they write, every
# golden replay's verdict and summary, and the input scripts played. Then the core's own tests
# run under qemu for aarch64 and armv7. A negative control shows the comparison catches a change.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/cross-determinism
started=$SECONDS

say() { printf '[%4ds] %s\n' "$((SECONDS - started))" "$*"; }

install_tools() {
    local missing=()
    command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
    command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
    command -v arm-linux-gnueabihf-gcc >/dev/null || missing+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross)
    command -v i686-linux-gnu-gcc >/dev/null || missing+=(gcc-i686-linux-gnu libc6-dev-i386-cross)
    command -v node >/dev/null || missing+=(nodejs)
    if ((${#missing[@]})); then
        apt-get update -qq
        apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    rustup target add aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf \
        i686-unknown-linux-gnu wasm32-wasip1 >/dev/null 2>&1
}

# Target triple, its C linker (empty: none needed), and how to run its binaries.
targets=(aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf i686-unknown-linux-gnu wasm32-wasip1)
declare -A linker=(
    [aarch64-unknown-linux-gnu]=aarch64-linux-gnu-gcc
    [armv7-unknown-linux-gnueabihf]=arm-linux-gnueabihf-gcc
    [i686-unknown-linux-gnu]=i686-linux-gnu-gcc
    [wasm32-wasip1]=
    [x86_64-unknown-linux-gnu]=
)
runner_for() {
    case $1 in
        aarch64-unknown-linux-gnu) echo "qemu-aarch64 -L /usr/aarch64-linux-gnu" ;;
        armv7-unknown-linux-gnueabihf) echo "qemu-arm -L /usr/arm-linux-gnueabihf" ;;
        i686-unknown-linux-gnu) echo "/usr/i686-linux-gnu/lib/ld-linux.so.2 --library-path /usr/i686-linux-gnu/lib" ;;
        wasm32-wasip1) echo "node --no-warnings $root/.ci/wasi_run.mjs" ;;
    esac
}

build() {
    local target=$1 config=()
    [ -n "${linker[$target]}" ] && config=(--config "target.$target.linker=\"${linker[$target]}\"")
    cargo build --quiet --release --no-default-features --bin latu --target "$target" "${config[@]}"
}

binary_of() {
    case $1 in
        wasm32-wasip1) echo "$root/target/$1/release/latu.wasm" ;;
        *) echo "$root/target/$1/release/latu" ;;
    esac
}

compare() { .ci/compare_outputs.sh "$@"; }

# Numbers in the reference outputs (each compared as its exact decimal text).
count_numbers() { cat "$1"/* | grep -oE -- '-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?' | wc -l; }

install_tools
say "tools ready"
rm -rf "$work" && mkdir -p "$work"

host=x86_64-unknown-linux-gnu
build "$host"
.ci/determinism_outputs.sh "$work/x86_64" "$(binary_of "$host")"
files=$(ls "$work/x86_64" | wc -l)
numbers=$(count_numbers "$work/x86_64")
bytes=$(cat "$work/x86_64"/* | wc -c)
say "x86_64 reference: $files outputs, $bytes bytes, $numbers numbers"
if grep -L '^exit 0$' "$work/x86_64"/* | grep -v replay.json | grep -q .; then
    echo "a reference command failed:"; grep -L '^exit 0$' "$work/x86_64"/*; exit 1
fi

failed=()
for target in "${targets[@]}"; do
    build "$target"
    read -ra runner <<<"$(runner_for "$target")"
    .ci/determinism_outputs.sh "$work/$target" "${runner[@]}" "$(binary_of "$target")"
    if compare "$work/x86_64" "$work/$target"; then
        say "$target: all $files outputs byte-identical to x86_64"
    else
        say "$target: DIFFERS from x86_64"
        failed+=("$target")
    fi
done

# Negative control: one digit changed in one float of one chunk must be caught.
control=$work/negative-control
cp -r "$work/x86_64" "$control"
perl -0pi -e 's/(\d)(,)/(($1 + 1) % 10) . $2/e' "$control/chunk-42-99999.json"
if cmp -s "$work/x86_64/chunk-42-99999.json" "$control/chunk-42-99999.json"; then
    echo "negative control: the perturbation did not change the file"; exit 1
fi
if compare "$work/x86_64" "$control" >/dev/null; then
    echo "negative control: a changed float was NOT caught"; exit 1
fi
say "negative control: a one-digit change in chunk-42-99999.json is caught (as it must be)"

# The core's own tests on the phones' CPUs: the library's unit tests and the integration tests
# that drive the library (tests/library/; those that run the `latu` binary or need a window are
# left out: the binary they would start is the guest's).
library_tests=(--test library --test storage_disk_full)
# These start the test binary again as another user (setpriv): under qemu-user that binary is
# the guest's, which the host cannot execute. They run natively in `cargo test`.
as_another_user=(
    --skip storage_recovery::a_lock_file_of_mode_0200_or_0000_is_set_aside_and_remade
    --skip storage_recovery::a_mode_000_replays_folder_costs_only_the_replay_said_in_one_sentence
    --skip storage_recovery::a_purse_that_cannot_be_read_keeps_the_coins_waiting_until_it_can_be
    --skip storage_matrix::every_file_damaged_every_way_loses_no_coin_run_or_replay
)
# The release build of the tests and their run under qemu: 2-4 min a target here, cold.
core_tests_limit_s=900
for target in aarch64-unknown-linux-gnu armv7-unknown-linux-gnueabihf; do
    read -ra runner <<<"$(runner_for "$target")"
    runner_toml=$(printf '"%s",' "${runner[@]}")
    log=$work/tests-$target.log
    # Bounded, and its progress shown as it goes (each test binary, each result, any test
    # running over 60 s, cargo waiting on a lock): a test that hangs under qemu fails the step
    # and names itself.
    if ! timeout --kill-after=30 "$core_tests_limit_s" \
        cargo test --release --no-default-features --target "$target" \
        --config "target.$target.linker=\"${linker[$target]}\"" \
        --config "target.$target.runner=[${runner_toml%,}]" \
        --lib "${library_tests[@]}" -- "${as_another_user[@]}" 2>&1 | tee "$log" |
        grep --line-buffered -E '^ +Running |^test result|running for over|Blocking'; then
        tail -40 "$log"
        echo "core tests FAILED (or ran over ${core_tests_limit_s} s) under qemu for $target"
        exit 1
    fi
    say "$target: core tests passed under qemu ($(grep -c '^test result: ok' "$log") test binaries)"
done

if ((${#failed[@]})); then
    echo "determinism FAILED on: ${failed[*]}"
    exit 1
fi
say "determinism: ${#targets[@]} platforms × $files outputs ($numbers numbers) identical to x86_64"
