//! A browser's transport: the page's `fetch` through `web/latu.js` (`latu_fetch_*`). A request
//! starts at once and answers later; each frame asks whether it has come. The page holds the
//! answer as text, `STATUS\nRETRY_AFTER\nBODY` (status 0: no answer, the body says why), until
//! `latu_take` copies it into wasm memory. Also the page's origin, and `crypto.getRandomValues`
//! as getrandom's source.

use crate::online::{Request, Response, Transport};

extern "C" {
    fn latu_fetch_start(
        method: *const u8,
        method_len: usize,
        url: *const u8,
        url_len: usize,
        headers: *const u8,
        headers_len: usize,
        body: *const u8,
        body_len: usize,
    ) -> i32;
    fn latu_fetch_poll(ticket: i32) -> i32;
    fn latu_origin() -> i32;
    fn latu_random(into: *mut u8, len: usize) -> i32;
    fn latu_take(into: *mut u8, len: usize);
}

/// What `latu_fetch_poll` answers while the request is on its way.
const PENDING: i32 = -1;

/// The page's fetch, one request at a time.
#[derive(Default)]
pub struct FetchTransport {
    ticket: Option<i32>,
}

impl Transport for FetchTransport {
    fn start(&mut self, server: &str, request: Request) {
        let url = format!("{server}{}", request.path);
        let headers: Vec<(&str, &str)> = request
            .headers
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        let headers = serde_json::to_string(&headers).expect("headers are strings: always JSON");
        // SAFETY: every text and the body are read during the call only.
        let ticket = unsafe {
            latu_fetch_start(
                request.method.as_ptr(),
                request.method.len(),
                url.as_ptr(),
                url.len(),
                headers.as_ptr(),
                headers.len(),
                request.body.as_ptr(),
                request.body.len(),
            )
        };
        self.ticket = Some(ticket);
    }

    fn poll(&mut self) -> Option<Result<Response, String>> {
        let ticket = self.ticket?;
        // SAFETY: a plain call; the page holds the answer until `take` copies it.
        let len = unsafe { latu_fetch_poll(ticket) };
        if len == PENDING {
            return None;
        }
        self.ticket = None;
        let text = take(len).unwrap_or_default();
        let mut parts = text.splitn(3, '\n');
        let status: u16 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let retry_after_s = parts.next().and_then(|s| s.trim().parse().ok());
        let body = parts.next().unwrap_or("").as_bytes().to_vec();
        if status == 0 {
            return Some(Err(String::from_utf8_lossy(&body).into_owned()));
        }
        Some(Ok(Response {
            status,
            retry_after_s,
            body,
        }))
    }
}

/// The page's origin (`location.origin`).
pub fn origin() -> Option<String> {
    // SAFETY: the page holds the text until `take` copies it.
    let len = unsafe { latu_origin() };
    take(len).filter(|origin| origin.starts_with("http"))
}

// getrandom's source in a browser (wasm32-unknown-unknown has no system call for it): the
// page's `crypto.getRandomValues`. Every key, on every platform, comes through getrandom.
getrandom::register_custom_getrandom!(page_random);

/// Fill `into` from `crypto.getRandomValues`.
fn page_random(into: &mut [u8]) -> Result<(), getrandom::Error> {
    // SAFETY: the page writes exactly `into.len()` bytes into `into` during the call.
    let filled = unsafe { latu_random(into.as_mut_ptr(), into.len()) };
    match filled {
        0 => Ok(()),
        // The page has no `crypto.getRandomValues`.
        _ => Err(getrandom::Error::UNSUPPORTED),
    }
}

/// Copy the text the page holds, `len` bytes (none when `len` is negative).
fn take(len: i32) -> Option<String> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0_u8; len];
    // SAFETY: `bytes` has room for exactly `len` bytes, the length the page reported.
    unsafe { latu_take(bytes.as_mut_ptr(), len) };
    Some(String::from_utf8_lossy(&bytes).into_owned())
}
