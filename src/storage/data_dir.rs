//! Where the game keeps its files: a pure choice from the platform, the environment variables and
//! the directory the app layer hands in, so every case can be tested without touching the disk.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// The game's folder under the desktop's XDG data directory.
pub const APP_FOLDER: &str = "latu";

/// The XDG data directory under `$HOME` when `$XDG_DATA_HOME` is unset, empty or relative.
const XDG_DATA_HOME_DEFAULT: &str = ".local/share";

/// Where Android keeps an app's private data; its internal files dir is `<this>/<package>/files`.
const ANDROID_APP_DATA: &str = "/data/data";

/// The internal files directory's name inside an Android app's private data.
const ANDROID_FILES_FOLDER: &str = "files";

/// The platform families whose data directory rules differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    /// Linux and other desktops: the XDG data directory.
    Desktop,
    /// Android: the app's internal storage.
    Android,
}

impl Platform {
    /// The platform this build runs on.
    pub const fn current() -> Self {
        if cfg!(target_os = "android") {
            Self::Android
        } else {
            Self::Desktop
        }
    }
}

/// Everything the data directory may be chosen from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DirSources {
    /// `$XDG_DATA_HOME`; used when it is an absolute path (the XDG rule: ignore relative ones).
    pub xdg_data_home: Option<OsString>,
    /// `$HOME`; used when it is an absolute path.
    pub home: Option<OsString>,
    /// A directory the app layer hands in (on Android the activity's internal files dir). When
    /// given and absolute it wins on every platform.
    pub app_dir: Option<PathBuf>,
    /// The Android package name, used for `/data/data/<package>/files` when no `app_dir` is given.
    pub android_package: Option<String>,
}

impl DirSources {
    /// The process environment's `XDG_DATA_HOME` and `HOME`, with the app layer's directory and
    /// package name (either may be `None`).
    pub fn from_env(app_dir: Option<PathBuf>, android_package: Option<String>) -> Self {
        Self {
            xdg_data_home: std::env::var_os("XDG_DATA_HOME"),
            home: std::env::var_os("HOME"),
            app_dir,
            android_package,
        }
    }
}

/// Why no data directory could be chosen. The game goes on without saving.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DataDirError {
    /// Desktop: neither `$XDG_DATA_HOME` nor `$HOME` is an absolute path.
    NoHome,
    /// Android: no directory was handed in and the package name is missing or malformed.
    NoAndroidDir { package: Option<String> },
}

impl fmt::Display for DataDirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoHome => f.write_str(
                "no data directory: neither XDG_DATA_HOME nor HOME is set to an absolute path; \
                 settings, results and replays will not be saved",
            ),
            Self::NoAndroidDir { package: None } => f.write_str(
                "no data directory: the app gave neither its files directory nor its package \
                 name; settings, results and replays will not be saved",
            ),
            Self::NoAndroidDir {
                package: Some(package),
            } => write!(
                f,
                "no data directory: \"{package}\" is not a valid Android package name and no \
                 files directory was given; settings, results and replays will not be saved"
            ),
        }
    }
}

impl std::error::Error for DataDirError {}

/// The data directory for `platform` from `sources`:
/// - a given absolute `app_dir`, on every platform;
/// - desktop: `$XDG_DATA_HOME/latu` if absolute, else `$HOME/.local/share/latu` if absolute;
/// - Android: `/data/data/<package>/files` (already private to the app, so no subfolder).
pub fn choose_data_dir(platform: Platform, sources: &DirSources) -> Result<PathBuf, DataDirError> {
    if let Some(dir) = sources.app_dir.as_deref().filter(|d| d.is_absolute()) {
        return Ok(dir.to_path_buf());
    }
    match platform {
        Platform::Desktop => desktop_dir(sources),
        Platform::Android => android_dir(sources.android_package.as_deref()),
    }
}

fn desktop_dir(sources: &DirSources) -> Result<PathBuf, DataDirError> {
    if let Some(xdg) = absolute(sources.xdg_data_home.as_ref()) {
        return Ok(xdg.join(APP_FOLDER));
    }
    absolute(sources.home.as_ref())
        .map(|home| home.join(XDG_DATA_HOME_DEFAULT).join(APP_FOLDER))
        .ok_or(DataDirError::NoHome)
}

fn absolute(value: Option<&OsString>) -> Option<&Path> {
    value.map(Path::new).filter(|path| path.is_absolute())
}

fn android_dir(package: Option<&str>) -> Result<PathBuf, DataDirError> {
    match package {
        Some(name) if is_package_name(name) => Ok(Path::new(ANDROID_APP_DATA)
            .join(name)
            .join(ANDROID_FILES_FOLDER)),
        _ => Err(DataDirError::NoAndroidDir {
            package: package.map(str::to_owned),
        }),
    }
}

/// Android's rule: two or more dot-separated segments, each a letter followed by letters,
/// digits or underscores. Keeps `..` and `/` out of the path.
fn is_package_name(name: &str) -> bool {
    let segments: Vec<&str> = name.split('.').collect();
    segments.len() >= 2
        && segments.iter().all(|segment| {
            let mut chars = segment.chars();
            chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_follow_androids_rule() {
        assert!(is_package_name("rust.latu"));
        assert!(is_package_name("fi.latu_game.app2"));
        for bad in [
            "latu",
            "",
            "rust..latu",
            "rust.2latu",
            "../x.y",
            "rust/latu.x",
            "a.b-c",
        ] {
            assert!(!is_package_name(bad), "{bad}");
        }
    }

    #[test]
    fn the_platform_follows_the_build_target() {
        assert_eq!(
            Platform::current() == Platform::Android,
            cfg!(target_os = "android")
        );
    }
}
