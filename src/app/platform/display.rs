//! Whether the window can open on this desktop: on Linux miniquad's X11 start panics (exit 101,
//! a backtrace) when the libraries or the display named by `DISPLAY` cannot be had. The same
//! libraries and display are tried here first, so `latu play` says so and exits 2 instead.
//! A display can still go between that check and miniquad's own open (its server stopped):
//! [`opened_or_display_lost`] turns that one panic into the same error.

use crate::app::AppError;

/// Libraries miniquad's X11 start loads, each under the names it tries (any one will do).
#[cfg(target_os = "linux")]
const X11_LIBRARIES: [&[&str]; 3] = [
    &["libX11.so.6", "libX11.so"],
    &["libxkbcommon.so.0", "libxkbcommon.so"],
    &["libXi.so.6", "libXi.so"],
];

/// `Ok` if the window can open here: on Linux an X display named by `DISPLAY` that opens.
pub fn check_display() -> Result<(), AppError> {
    #[cfg(target_os = "linux")]
    {
        let display = std::env::var("DISPLAY").unwrap_or_default();
        if display.is_empty() {
            return Err(AppError::NoDisplay);
        }
        x11::check(&display)?;
    }
    Ok(())
}

/// What miniquad's X11 start panics with when `XOpenDisplay` fails.
#[cfg(target_os = "linux")]
const LOST_DISPLAY_PANIC: &str = "XOpenDisplay";

/// Run `window` (the window's whole life). On Linux, miniquad's panic when the display has gone
/// since [`check_display`] (said by no backtrace) becomes [`AppError::Display`]; every other
/// panic goes on as a panic.
pub fn opened_or_display_lost(window: impl FnOnce()) -> Result<(), AppError> {
    #[cfg(target_os = "linux")]
    {
        use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
        quiet_lost_display_panic();
        if let Err(payload) = catch_unwind(AssertUnwindSafe(window)) {
            if panic_text(payload.as_ref()).contains(LOST_DISPLAY_PANIC) {
                let display = std::env::var("DISPLAY").unwrap_or_default();
                return Err(AppError::Display(display));
            }
            resume_unwind(payload);
        }
    }
    #[cfg(not(target_os = "linux"))]
    window();
    Ok(())
}

/// A panic's message, when it has one.
#[cfg(target_os = "linux")]
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or_default()
}

/// Keep the lost display's panic from printing a panic's message (it is said as an error);
/// installed once, wrapping the hook before it.
#[cfg(target_os = "linux")]
fn quiet_lost_display_panic() {
    static HOOK: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    HOOK.get_or_init(|| {
        crate::app::platform::log::keep_quiet_about_panics(|info| {
            let in_miniquad = info
                .location()
                .is_some_and(|l| l.file().contains("miniquad"));
            in_miniquad && panic_text(info.payload()).contains(LOST_DISPLAY_PANIC)
        });
    });
}

#[cfg(target_os = "linux")]
mod x11 {
    use super::X11_LIBRARIES;
    use crate::app::AppError;
    use std::ffi::{c_char, c_void, CString};

    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type InitThreads = unsafe extern "C" fn() -> i32;

    /// How often the display is tried, and the wait between tries.
    const OPEN_TRIES: u32 = 5;
    const OPEN_RETRY_WAIT: std::time::Duration = std::time::Duration::from_millis(100);

    /// Load the libraries and open the display, as miniquad is about to. The connection stays
    /// open for the process's life: closed, it was the X server's last client, and a server
    /// that resets when its last client leaves (Xvfb under `xvfb-run`, by default) reset
    /// miniquad's own connection a moment later (ECONNRESET, on about a third of starts).
    pub fn check(display: &str) -> Result<(), AppError> {
        let mut x11: *mut c_void = std::ptr::null_mut();
        for names in X11_LIBRARIES {
            let handle = names.iter().map(|name| load(name)).find(|h| !h.is_null());
            let Some(handle) = handle else {
                return Err(AppError::Window(format!("{} is not installed", names[0])));
            };
            if x11.is_null() {
                x11 = handle;
            }
        }
        let (open, init_threads) = (symbol(x11, "XOpenDisplay"), symbol(x11, "XInitThreads"));
        if open.is_null() || init_threads.is_null() {
            return Err(AppError::Window("libX11 has no XOpenDisplay".to_owned()));
        }
        // SAFETY: the symbols are libX11's, with these C signatures.
        let (init_threads, open) = unsafe {
            (
                std::mem::transmute::<*mut c_void, InitThreads>(init_threads),
                std::mem::transmute::<*mut c_void, OpenDisplay>(open),
            )
        };
        // SAFETY: Xlib asks for XInitThreads before any other call (miniquad calls it again,
        // which does nothing).
        unsafe { init_threads() };
        // A server resetting after its last client left (the game before this one) refuses
        // connections for a moment: a few tries, a moment apart.
        let opened = (0..OPEN_TRIES).any(|tried| {
            if tried > 0 {
                std::thread::sleep(OPEN_RETRY_WAIT);
            }
            // SAFETY: a null name opens the display `DISPLAY` names; the connection is kept.
            !unsafe { open(std::ptr::null()) }.is_null()
        });
        if opened {
            Ok(())
        } else {
            Err(AppError::Display(display.to_owned()))
        }
    }

    /// A library's handle (null if it cannot be loaded). Left loaded: miniquad loads it next.
    fn load(name: &str) -> *mut c_void {
        let name = CString::new(name).expect("library names hold no NUL");
        // SAFETY: a NUL-terminated name; dlopen returns null on failure.
        unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_LAZY | libc::RTLD_LOCAL) }
    }

    fn symbol(library: *mut c_void, name: &str) -> *mut c_void {
        let name = CString::new(name).expect("symbol names hold no NUL");
        // SAFETY: a handle from dlopen and a NUL-terminated name; null on failure.
        unsafe { libc::dlsym(library, name.as_ptr()) }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_display_lost_before_miniquad_opens_it_is_an_error() {
        let lost = opened_or_display_lost(|| panic!("XOpenDisplay() failed!"));
        assert!(matches!(lost, Err(AppError::Display(_))), "{lost:?}");
        assert!(matches!(opened_or_display_lost(|| ()), Ok(())));
    }

    #[test]
    fn any_other_panic_stays_a_panic() {
        let other = std::panic::catch_unwind(|| opened_or_display_lost(|| panic!("a bug")));
        let payload = other.expect_err("the panic goes on");
        assert_eq!(panic_text(payload.as_ref()), "a bug");
    }
}
