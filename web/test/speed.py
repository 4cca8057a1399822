#!/usr/bin/env python3
"""Speed of the web build beside the native one, in one run: the same autoplayed level 1 for
FRAMES frames at 390x844, in headless Chromium (SwiftShader WebGL: software rendering on the
CPU) and natively under Xvfb (Mesa's llvmpipe, also software), each writing `latu play --stats`
(the web build keeps it in localStorage). Prints the first frame (the web from the page's
navigation, so download and compile count; native from the start of `latu play`), the frame
times, the frames with a missing chunk, and latu.wasm's size.
Usage: speed.py BUILD_DIR NATIVE_LATU [FRAMES]"""

import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from page import HEIGHT, WIDTH, find_chromium, open_page, serve  # noqa: E402

STATS_KEY = "stats.json"
FIELDS = ("first_frame_ms", "frame_ms_p50", "frame_ms_p99", "missing_chunk_frames", "frames")


def web_stats(root, frames):
    server = serve(root)
    page = open_page(f"http://127.0.0.1:{server.server_address[1]}/index.html"
                     f"?level=1&track=1&autoplay&frames={frames}&stats={STATS_KEY}")
    try:
        page.navigate()
        page.wait_for(r"first frame", 120)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            page.idle(1.0)
            answer = page.browser.send("Runtime.evaluate", {
                "expression": f"localStorage.getItem({json.dumps(STATS_KEY)})",
                "returnByValue": True,
            })
            value = answer["result"].get("value")
            if value:
                return json.loads(value)
        raise AssertionError("the web build wrote no stats within 600 s")
    finally:
        page.close()
        server.shutdown()


def native_stats(latu, frames):
    out = os.path.join(tempfile.mkdtemp(prefix="latu-speed-"), "stats.json")
    env = dict(os.environ, ALSA_CONFIG_PATH=os.path.abspath(".ci/asound.conf"),
               XDG_DATA_HOME=os.path.dirname(out))
    subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", latu, "play",
                    "--level", "1", "--track", "1", "--autoplay", "--frames", str(frames),
                    "--window", f"{WIDTH}x{HEIGHT}", "--stats", out],
                   check=True, env=env, timeout=600)
    with open(out) as file:
        return json.load(file)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    root, latu = sys.argv[1], sys.argv[2]
    frames = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    if find_chromium() is None:
        print("speed: did not run: no Chromium (apt-get install chromium)")
        return 0
    web = web_stats(root, frames)
    native = native_stats(latu, frames)
    print(f"speed at {WIDTH}x{HEIGHT}, level 1 autoplayed, {frames} frames")
    print(f"{'':24}{'web (SwiftShader)':>20}{'native (Xvfb)':>16}{'web/native':>12}")
    for field in FIELDS:
        ratio = web[field] / native[field] if native[field] else float("nan")
        print(f"{field:24}{web[field]:>20.1f}{native[field]:>16.1f}{ratio:>12.2f}")
    size = os.path.getsize(os.path.join(root, "latu.wasm"))
    print(f"latu.wasm: {size} bytes ({size / 1024 / 1024:.2f} MiB), optimised for size, stripped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
