"""A small DevTools-protocol client for headless Chromium over --remote-debugging-pipe (no
websocket, no port): commands as NUL-terminated JSON on fd 3, answers and events on fd 4."""

import fcntl
import json
import os
import queue
import subprocess
import threading
import time

# Where the pipe's ends are moved before they become fds 3 and 4 in the browser.
FREE_FDS_FROM = 10


class Chromium:
    """Headless Chromium with one page attached in flat mode."""

    def __init__(self, binary, profile_dir, width, height):
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        flags = [
            binary,
            "--headless=new",
            "--no-sandbox",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu-sandbox",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile_dir}",
            f"--window-size={width},{height}",
            "about:blank",
        ]
        # Chromium reads commands from fd 3 and writes to fd 4. The pipe's ends are first
        # moved clear of 3 and 4: one may already be fd 3 or 4 (dup2 onto itself would leave
        # it close-on-exec; a second browser's pipe may sit there).
        def child_fds():
            read_end = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, FREE_FDS_FROM)
            write_end = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, FREE_FDS_FROM)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            flags,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            # Not close_fds: it would close fds 3 and 4 after child_fds made them.
            close_fds=False,
            preexec_fn=child_fds,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next_id = 0
        self._answers = {}
        self._answered = threading.Condition()
        self.events = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.session = None

    def _read(self):
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self._answered:
                        self._answers[message["id"]] = message
                        self._answered.notify_all()
                else:
                    self.events.put(message)
        with self._answered:
            self._answered.notify_all()

    def send(self, method, params=None, session=True, timeout=60.0):
        """Send a command (to the page's session unless session=False) and wait for its answer."""
        self._next_id += 1
        ident = self._next_id
        message = {"id": ident, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._answered:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise TimeoutError(f"no answer to {method} within {timeout} s")
                self._answered.wait(left)
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def attach_page(self):
        targets = self.send("Target.getTargets", session=False)["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send(
            "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}, session=False
        )["sessionId"]

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
