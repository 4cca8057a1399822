//! The page's side of the web build: functions `web/latu.js` adds to the wasm module's imports
//! (the clock, the query string, `localStorage`). Texts cross as UTF-8 bytes in wasm memory:
//! a call that answers with text returns its length in bytes (negative: none) and holds it until
//! [`take`] copies it out.

use crate::files::keyed::KeyedRefusal;

extern "C" {
    fn latu_now_ms() -> f64;
    fn latu_query() -> i32;
    fn latu_touch_screen() -> i32;
    fn latu_storage_get(key: *const u8, key_len: usize) -> i32;
    fn latu_storage_set(key: *const u8, key_len: usize, value: *const u8, value_len: usize) -> i32;
    fn latu_storage_remove(key: *const u8, key_len: usize) -> i32;
    fn latu_storage_keys() -> i32;
    fn latu_take(into: *mut u8, len: usize);
}

/// What the page answers instead of a length: nothing under that key.
const MISSING: i32 = -1;
/// The page's storage answered "full" (a `QuotaExceededError`).
const FULL: i32 = -2;
/// The page's storage cannot be used at all (blocked by the browser).
const UNAVAILABLE: i32 = -3;

/// Lets the page's script check it is paired with this build (miniquad's plugin check).
#[no_mangle]
pub extern "C" fn latu_crate_version() -> u32 {
    1
}

/// Whether the page runs on a device with a touch screen (`navigator.maxTouchPoints`).
pub fn touch_screen() -> bool {
    // SAFETY: a plain call into the page's script, no memory shared.
    unsafe { latu_touch_screen() != 0 }
}

/// Milliseconds since the page's navigation (`performance.now()`).
pub fn now_ms() -> f64 {
    // SAFETY: a plain call into the page's script, no memory shared.
    unsafe { latu_now_ms() }
}

/// The page's query string without its `?`.
pub fn query() -> String {
    // SAFETY: the page holds the text until `take` copies it.
    let len = unsafe { latu_query() };
    take(len).unwrap_or_default()
}

/// Copy the text the page holds, `len` bytes (none when `len` is negative).
fn take(len: i32) -> Option<String> {
    let len = usize::try_from(len).ok()?;
    let mut bytes = vec![0_u8; len];
    // SAFETY: `bytes` has room for exactly `len` bytes, the length the page reported.
    unsafe { latu_take(bytes.as_mut_ptr(), len) };
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// What an answer that is not a length means.
fn refusal(answer: i32) -> Option<KeyedRefusal> {
    match answer {
        FULL => Some(KeyedRefusal::Full),
        UNAVAILABLE => Some(KeyedRefusal::Unavailable),
        _ => None,
    }
}

/// `localStorage.getItem`.
pub fn storage_get(key: &str) -> Result<Option<String>, KeyedRefusal> {
    // SAFETY: the key is read during the call only.
    let answer = unsafe { latu_storage_get(key.as_ptr(), key.len()) };
    match refusal(answer) {
        Some(refused) => Err(refused),
        None if answer == MISSING => Ok(None),
        None => Ok(take(answer)),
    }
}

/// `localStorage.setItem`.
pub fn storage_set(key: &str, value: &str) -> Result<(), KeyedRefusal> {
    // SAFETY: key and value are read during the call only.
    let answer = unsafe { latu_storage_set(key.as_ptr(), key.len(), value.as_ptr(), value.len()) };
    refusal(answer).map_or(Ok(()), Err)
}

/// `localStorage.removeItem`.
pub fn storage_remove(key: &str) -> Result<(), KeyedRefusal> {
    // SAFETY: the key is read during the call only.
    let answer = unsafe { latu_storage_remove(key.as_ptr(), key.len()) };
    refusal(answer).map_or(Ok(()), Err)
}

/// Every key in `localStorage`.
pub fn storage_keys() -> Result<Vec<String>, KeyedRefusal> {
    // SAFETY: the page holds the text until `take` copies it.
    let answer = unsafe { latu_storage_keys() };
    if let Some(refused) = refusal(answer) {
        return Err(refused);
    }
    let joined = take(answer).unwrap_or_default();
    Ok(joined
        .split('\n')
        .filter(|key| !key.is_empty())
        .map(str::to_owned)
        .collect())
}
