//! A standard error that refuses every write (a full device such as `/dev/full`, a full disk's
//! file that takes no byte) is pointed at the null device before anything is printed: a
//! library's `eprintln!` (miniquad's "Not implemented for X11", say) panics on a failed write,
//! which would stop the game with exit 101 over a message no one could read anyway.

/// Check standard error once, with a write of no bytes (it changes nothing, but a device or
/// file that refuses writes refuses it too); if it is refused, send standard error to the null
/// device from now on. A closed standard error is left closed: Rust's prints skip it quietly.
pub fn keep_writable() {
    #[cfg(unix)]
    {
        const STDERR: libc::c_int = 2;
        let nothing: &[u8] = &[];
        // SAFETY: a write of zero bytes from a valid pointer to a descriptor we only test.
        let written = unsafe { libc::write(STDERR, nothing.as_ptr().cast(), 0) };
        if written >= 0 {
            return;
        }
        let error = std::io::Error::last_os_error();
        let passing = [libc::EBADF, libc::EAGAIN, libc::EINTR];
        if error
            .raw_os_error()
            .is_some_and(|code| passing.contains(&code))
        {
            return;
        }
        let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") else {
            return;
        };
        // SAFETY: both descriptors are open; dup2 replaces descriptor 2 atomically, and `null`
        // is closed when it drops (descriptor 2 keeps its own copy).
        unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), STDERR) };
    }
}
