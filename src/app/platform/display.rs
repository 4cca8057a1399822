//! Whether the window can open on this desktop: on Linux miniquad's X11 start panics (exit 101,
//! a backtrace) when the libraries or the display named by `DISPLAY` cannot be had. The same
//! libraries and display are tried here first, so `latu play` says so and exits 2 instead.

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

#[cfg(target_os = "linux")]
mod x11 {
    use super::X11_LIBRARIES;
    use crate::app::AppError;
    use std::ffi::{c_char, c_void, CString};

    type OpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
    type CloseDisplay = unsafe extern "C" fn(*mut c_void) -> i32;

    /// Load the libraries and open (and close) the display, as miniquad is about to.
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
        let (open, close) = (symbol(x11, "XOpenDisplay"), symbol(x11, "XCloseDisplay"));
        if open.is_null() || close.is_null() {
            return Err(AppError::Window("libX11 has no XOpenDisplay".to_owned()));
        }
        // SAFETY: the symbols are libX11's, with these C signatures; a null name opens the
        // display `DISPLAY` names, and a display opened is closed at once.
        let opened = unsafe {
            let open: OpenDisplay = std::mem::transmute(open);
            let close: CloseDisplay = std::mem::transmute(close);
            let connection = open(std::ptr::null());
            let opened = !connection.is_null();
            if opened {
                close(connection);
            }
            opened
        };
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
