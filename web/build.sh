#!/usr/bin/env bash
# The web build: `web/build.sh [OUT]` compiles the game for wasm32-unknown-unknown (the `web`
# profile: optimised for size, stripped) and writes a folder any static server can serve —
# index.html, macroquad's JS bundle (taken from the macroquad crate the build used), the page's
# plugin latu.js, latu.wasm and the game's assets. OUT defaults to target/web.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/web}

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --profile web --target wasm32-unknown-unknown --bin latu

# The bundle of the macroquad version in Cargo.lock, from cargo's own copy of the crate.
version=$(cargo metadata --format-version 1 --locked 2>/dev/null |
    python3 -c 'import json,sys; print(next(p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"]=="macroquad"))')
bundle=$(dirname "$version")/js/mq_js_bundle.js
test -f "$bundle" || { echo "web/build.sh: no mq_js_bundle.js beside $version" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out"
cp web/index.html web/latu.js "$bundle" "$out/"
cp target/wasm32-unknown-unknown/web/latu.wasm "$out/latu.wasm"
cp -r assets "$out/assets"
echo "web/build.sh: $out ($(du -sh "$out" | cut -f1); latu.wasm $(stat -c %s "$out/latu.wasm") bytes)"
