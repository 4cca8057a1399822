//! Does an output device open the way quad-snd will open it?

/// What the game can play into. Only the Linux probe can tell the last two apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub enum Output {
    /// A device that plays (or at least paces) the sound.
    Device,
    /// ALSA's null device: it discards the sound; the game plays silently.
    NullDevice,
    /// None could be opened.
    None,
}

/// On Linux, quad-snd tries ALSA's "default" then "pipewire" PCM and needs interleaved
/// float stereo at 44.1 kHz with a 4096-frame buffer; it panics if any step fails.
///
/// A "default" that is ALSA's null device (as under Xvfb in CI) discards the sound and never
/// blocks, so quad-snd's mixer would spin a whole core: then the game plays silently and
/// quad-snd is given a configuration it cannot open ([`silence_quad_snd`]).
#[cfg(target_os = "linux")]
pub fn output_device() -> Output {
    use quad_alsa_sys as alsa;
    const DEVICES: [&[u8]; 2] = [b"default\0", b"pipewire\0"];
    // SAFETY: swaps this thread's ALSA error handler (restored below) for one that ignores
    // its arguments; quad-snd reports the same failures again on its own thread.
    let previous = unsafe { alsa::snd_lib_error_set_local(Some(ignore_alsa_error)) };
    let mut discards = false;
    let found = DEVICES.iter().any(|device| match probe_device(device) {
        Answer::Plays => true,
        Answer::Discards => {
            discards = true;
            false
        }
        Answer::Refuses => false,
    });
    // SAFETY: puts back the handler this thread had before the probe.
    unsafe { alsa::snd_lib_error_set_local(previous) };
    if found {
        return Output::Device;
    }
    if !discards {
        return Output::None;
    }
    crate::app::platform::log::tell_developers(
        "latu: the audio output is ALSA's null device (it discards sound and never waits); \
         playing without sound",
    );
    silence_quad_snd();
    Output::NullDevice
}

/// How one ALSA device answered the probe.
#[cfg(target_os = "linux")]
enum Answer {
    /// It opens with quad-snd's configuration.
    Plays,
    /// It is ALSA's null device.
    Discards,
    /// It does not open, or not with quad-snd's configuration.
    Refuses,
}

/// Open `device` (a NUL-terminated ALSA name) for playback as quad-snd will, and close it.
#[cfg(target_os = "linux")]
fn probe_device(device: &[u8]) -> Answer {
    use quad_alsa_sys as alsa;
    // SAFETY: plain ALSA calls on a handle this function opens and closes; the device name
    // is NUL-terminated and every pointer passed lives across the call.
    unsafe {
        let mut pcm = std::ptr::null_mut();
        let name = device.as_ptr().cast();
        if alsa::snd_pcm_open(&mut pcm, name, alsa::SND_PCM_STREAM_PLAYBACK, 0) < 0 {
            return Answer::Refuses;
        }
        let answer = if alsa::snd_pcm_type(pcm) == alsa::SND_PCM_TYPE_NULL {
            Answer::Discards
        } else if takes_quad_snd_format(pcm) {
            Answer::Plays
        } else {
            Answer::Refuses
        };
        alsa::snd_pcm_close(pcm);
        answer
    }
}

/// Whether an open PCM takes quad-snd's configuration: interleaved float stereo at 44.1 kHz
/// with a 4096-frame buffer.
///
/// # Safety
/// `pcm` is a handle `snd_pcm_open` opened and nothing has closed.
#[cfg(target_os = "linux")]
unsafe fn takes_quad_snd_format(pcm: *mut quad_alsa_sys::snd_pcm_t) -> bool {
    use quad_alsa_sys as alsa;
    const RATE: u32 = 44_100;
    const CHANNELS: u32 = 2;
    const BUFFER_FRAMES: std::os::raw::c_ulong = 4096;
    let mut params = std::ptr::null_mut();
    let mut rate = RATE;
    let ok = alsa::snd_pcm_hw_params_malloc(&mut params) >= 0
        && alsa::snd_pcm_hw_params_any(pcm, params) >= 0
        && alsa::snd_pcm_hw_params_set_access(pcm, params, alsa::SND_PCM_ACCESS_RW_INTERLEAVED)
            >= 0
        && alsa::snd_pcm_hw_params_set_format(pcm, params, alsa::SND_PCM_FORMAT_FLOAT_LE) >= 0
        && alsa::snd_pcm_hw_params_set_buffer_size(pcm, params, BUFFER_FRAMES) >= 0
        && alsa::snd_pcm_hw_params_set_channels(pcm, params, CHANNELS) >= 0
        && alsa::snd_pcm_hw_params_set_rate_near(pcm, params, &mut rate, std::ptr::null_mut()) >= 0;
    if !params.is_null() {
        alsa::snd_pcm_hw_params_free(params);
    }
    ok
}

/// An ALSA configuration whose "default" is a null device that takes no float samples:
/// quad-snd opens it, fails to set its float format (quietly: ALSA prints nothing for a
/// refused parameter) and its thread stops, instead of mixing flat out into the null device.
#[cfg(target_os = "linux")]
const SILENT_ALSA_CONFIG: &str = "pcm.!default { type linear slave { pcm { type null } \
    format S16_LE } }\npcm.!pipewire { type linear slave { pcm { type null } format S16_LE } }\n";

/// Point ALSA at [`SILENT_ALSA_CONFIG`] before quad-snd's thread opens the device.
#[cfg(target_os = "linux")]
fn silence_quad_snd() {
    use quad_alsa_sys as alsa;
    let Some(path) = silent_config() else {
        // Without the file quad-snd keeps the null device: silent, only busier.
        return;
    };
    // Called before the window opens, while this is the only thread: nothing reads the
    // environment meanwhile.
    std::env::set_var("ALSA_CONFIG_PATH", &path);
    // SAFETY: drops ALSA's cached configuration so the next open reads the new path; no
    // ALSA handle is open (the probe closed its own).
    unsafe { alsa::snd_config_update_free_global() };
}

/// [`SILENT_ALSA_CONFIG`] in a file of this process alone: a memory file (no name on
/// disk, so no other user's file can be in the way and nothing is left behind), read by
/// ALSA through `/proc/self/fd`. A fixed name in the shared temp folder was another user's
/// file for the second user on a machine: the rename failed and the mixer spun.
#[cfg(target_os = "linux")]
fn silent_config() -> Option<std::path::PathBuf> {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    // SAFETY: a valid C string; the descriptor returned is owned by the file made from it.
    let fd = unsafe { libc::memfd_create(c"latu-silent-alsa".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return None;
    }
    // SAFETY: `fd` was just opened and is owned by nothing else.
    let mut file = unsafe { std::fs::File::from_raw_fd(fd) };
    file.write_all(SILENT_ALSA_CONFIG.as_bytes()).ok()?;
    let path = std::path::PathBuf::from(format!("/proc/self/fd/{fd}"));
    let readable = std::fs::read(&path).is_ok_and(|bytes| bytes == SILENT_ALSA_CONFIG.as_bytes());
    // Kept open for the process's life: ALSA reads the path whenever it reloads.
    std::mem::forget(file);
    readable.then_some(path)
}

/// Drops one ALSA error message (the probe's failures are expected, and would otherwise be
/// printed twice: once here and once by quad-snd).
#[cfg(target_os = "linux")]
unsafe extern "C" fn ignore_alsa_error(
    _file: *const std::os::raw::c_char,
    _line: std::os::raw::c_int,
    _function: *const std::os::raw::c_char,
    _errno: std::os::raw::c_int,
    _format: *const std::os::raw::c_char,
    _arguments: *mut quad_alsa_sys::__va_list_tag,
) {
}

/// Elsewhere (Android's OpenSL ES, macOS, Windows) an output is assumed; a failing audio
/// thread is still caught by the panic hook.
#[cfg(not(target_os = "linux"))]
pub fn output_device() -> Output {
    Output::Device
}
