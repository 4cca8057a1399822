"use strict";
// The page's side of Latu's web build, a miniquad plugin: the clock, the query string and
// localStorage for the game (imports `latu_*`, see src/app/platform/web.rs), and the audio
// unlocked on the player's first touch. Load it before mq_js_bundle.js.
(function () {
    // Answers that are not a length (web.rs: MISSING, FULL, UNAVAILABLE).
    const MISSING = -1;
    const FULL = -2;
    const UNAVAILABLE = -3;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    // The last text answered, until latu_take copies it into wasm memory.
    let held = new Uint8Array(0);

    function text(ptr, len) {
        return decoder.decode(new Uint8Array(wasm_memory.buffer, ptr, len));
    }
    function hold(value) {
        held = encoder.encode(value);
        return held.length;
    }
    function isQuotaError(error) {
        return error instanceof DOMException &&
            (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED");
    }
    function storage() {
        try {
            return window.localStorage;
        } catch (error) {
            return null;
        }
    }

    // The leaderboard's requests (src/app/platform/net/web_fetch.rs): each answer is kept by its
    // ticket as "STATUS\nRETRY_AFTER\nBODY" (status 0: no answer, the body says why) until
    // asked for.
    const answers = new Map();
    let nextTicket = 0;
    function bytes(ptr, len) {
        return new Uint8Array(wasm_memory.buffer, ptr, len).slice();
    }

    function register_plugin(importObject) {
        const env = importObject.env;
        env.latu_fetch_start = function (mPtr, mLen, uPtr, uLen, hPtr, hLen, bPtr, bLen) {
            const ticket = nextTicket++;
            const method = text(mPtr, mLen);
            // Redirects are never followed, as on every platform: a write's key goes only to
            // the address set. fetch hides a redirect's status: it is told as 300 (a move).
            const init = { method, headers: JSON.parse(text(hPtr, hLen)), redirect: "manual" };
            if (method !== "GET") init.body = bytes(bPtr, bLen);
            fetch(text(uPtr, uLen), init)
                .then((response) => response.type === "opaqueredirect"
                    ? answers.set(ticket, "300\n\n")
                    : response.text().then((body) => {
                        const retry = response.headers.get("Retry-After") || "";
                        answers.set(ticket, response.status + "\n" + retry + "\n" + body);
                    }))
                .catch((error) => answers.set(ticket, "0\n\n" + String(error)));
            return ticket;
        };
        env.latu_fetch_poll = function (ticket) {
            if (!answers.has(ticket)) return MISSING;
            const answer = answers.get(ticket);
            answers.delete(ticket);
            return hold(answer);
        };
        env.latu_origin = function () {
            return hold(window.location.origin);
        };
        env.latu_random = function (ptr, len) {
            if (!window.crypto || !window.crypto.getRandomValues) return UNAVAILABLE;
            window.crypto.getRandomValues(new Uint8Array(wasm_memory.buffer, ptr, len));
            return 0;
        };
        env.latu_now_ms = function () {
            return performance.now();
        };
        // Whether the device has a touch screen: the game speaks of swipes and taps from its
        // first frame there, before the first touch.
        env.latu_touch_screen = function () {
            return navigator.maxTouchPoints > 0 || "ontouchstart" in window ? 1 : 0;
        };
        env.latu_query = function () {
            return hold(window.location.search.replace(/^\?/, ""));
        };
        env.latu_take = function (ptr, len) {
            new Uint8Array(wasm_memory.buffer, ptr, len).set(held.subarray(0, len));
            held = new Uint8Array(0);
        };
        env.latu_storage_get = function (keyPtr, keyLen) {
            const store = storage();
            if (store === null) return UNAVAILABLE;
            try {
                const value = store.getItem(text(keyPtr, keyLen));
                return value === null ? MISSING : hold(value);
            } catch (error) {
                return UNAVAILABLE;
            }
        };
        env.latu_storage_set = function (keyPtr, keyLen, valuePtr, valueLen) {
            const store = storage();
            if (store === null) return UNAVAILABLE;
            try {
                store.setItem(text(keyPtr, keyLen), text(valuePtr, valueLen));
                return 0;
            } catch (error) {
                return isQuotaError(error) ? FULL : UNAVAILABLE;
            }
        };
        env.latu_storage_remove = function (keyPtr, keyLen) {
            const store = storage();
            if (store === null) return UNAVAILABLE;
            try {
                store.removeItem(text(keyPtr, keyLen));
                return 0;
            } catch (error) {
                return UNAVAILABLE;
            }
        };
        env.latu_storage_keys = function () {
            const store = storage();
            if (store === null) return UNAVAILABLE;
            try {
                const keys = [];
                for (let i = 0; i < store.length; i++) keys.push(store.key(i));
                return hold(keys.join("\n"));
            } catch (error) {
                return UNAVAILABLE;
            }
        };
    }

    // quad-snd resumes its AudioContext on the first touchstart and then stops listening, but a
    // browser lets audio start only on an activating event (touchend, pointerup, keydown,
    // click): the contexts the bundle makes are tracked here (this script runs before it) and
    // resumed on those events until they run.
    const contexts = [];
    const Original = window.AudioContext || window.webkitAudioContext;
    if (Original) {
        class Tracked extends Original {
            constructor(...options) {
                super(...options);
                contexts.push(this);
            }
        }
        window.AudioContext = Tracked;
        window.webkitAudioContext = Tracked;
    }
    const UNLOCKING = ["touchend", "pointerup", "mousedown", "keydown", "click"];
    function unlockAudio() {
        const waiting = contexts.filter((context) => context.state !== "running");
        if (contexts.length > 0 && waiting.length === 0) {
            UNLOCKING.forEach((name) => document.removeEventListener(name, unlockAudio, true));
            return;
        }
        waiting.forEach((context) =>
            context.resume().then(() => console.info("latu trace: audio " + context.state)));
    }
    UNLOCKING.forEach((name) => document.addEventListener(name, unlockAudio, true));

    // Registered by the page once the bundle (which defines miniquad_add_plugin) is loaded.
    window.latu_plugin = { name: "latu", version: 1, register_plugin };
})();
