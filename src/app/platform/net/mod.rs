//! The network seams of each platform for [`crate::online`]: the transport that carries the
//! leaderboard's requests without blocking a frame, randomness for a new key, and a browser
//! page's own origin (its default server).
//!
//! - Desktop and Android: [`crate::online::http::ThreadTransport`] (a worker thread; the
//!   desktop with `ureq` and rustls, Android through the system's `HttpURLConnection` and its
//!   TLS: [`android_http`]).
//! - Browser: the page's `fetch`, through the `latu_fetch_*` imports of `web/latu.js`.

#[cfg(target_os = "android")]
mod android_http;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod web_fetch;

use crate::online::{Transport, SECRET_BYTES};

/// This platform's transport.
pub fn transport() -> Box<dyn Transport> {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return Box::new(web_fetch::FetchTransport::default());
    // The Java VM is found here, on the game's thread; the worker attaches itself with it.
    #[cfg(target_os = "android")]
    let http = android_http::SystemHttp::from_game_thread();
    #[cfg(target_os = "android")]
    return Box::new(crate::online::http::ThreadTransport::on_thread(move || {
        http
    }));
    #[cfg(not(any(
        target_os = "android",
        all(target_arch = "wasm32", target_os = "unknown")
    )))]
    return Box::new(crate::online::http::ThreadTransport::new());
}

/// 32 bytes of the platform's randomness for a new key (`getrandom` on every platform; in a
/// browser its source is the page's `crypto.getRandomValues`, registered in [`web_fetch`]).
pub fn fresh_secret() -> std::io::Result<[u8; SECRET_BYTES]> {
    crate::online::fresh_secret()
}

/// A browser page's own origin (`https://latu.example`), the server it was served from; `None`
/// elsewhere.
pub fn page_origin() -> Option<String> {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return web_fetch::origin();
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return None;
}
