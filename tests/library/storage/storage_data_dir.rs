//! The data directory is a pure function of the platform, the environment and the directory the
//! app hands in.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use latu::storage::{choose_data_dir, DataDirError, DirSources, Platform, Store};

fn desktop(xdg: Option<&str>, home: Option<&str>) -> Result<PathBuf, DataDirError> {
    let sources = DirSources {
        xdg_data_home: xdg.map(OsString::from),
        home: home.map(OsString::from),
        ..DirSources::default()
    };
    choose_data_dir(Platform::Desktop, &sources)
}

#[test]
fn desktop_uses_xdg_data_home_when_set() {
    assert_eq!(
        desktop(Some("/xdg/data"), Some("/home/kaisa")),
        Ok(PathBuf::from("/xdg/data/latu"))
    );
    assert_eq!(
        desktop(Some("/xdg/data"), None),
        Ok(PathBuf::from("/xdg/data/latu"))
    );
}

#[test]
fn desktop_falls_back_to_home_when_xdg_is_unset_empty_or_relative() {
    let expected = Ok(PathBuf::from("/home/kaisa/.local/share/latu"));
    assert_eq!(desktop(None, Some("/home/kaisa")), expected);
    assert_eq!(desktop(Some(""), Some("/home/kaisa")), expected);
    assert_eq!(
        desktop(Some("relative/data"), Some("/home/kaisa")),
        expected
    );
}

#[test]
fn desktop_without_home_has_no_data_directory_and_says_why() {
    for (xdg, home) in [
        (None, None),
        (Some(""), Some("")),
        (Some("x"), Some("home/k")),
    ] {
        assert_eq!(
            desktop(xdg, home),
            Err(DataDirError::NoHome),
            "{xdg:?} {home:?}"
        );
    }
    let message = DataDirError::NoHome.to_string();
    assert!(
        message.contains("XDG_DATA_HOME") && message.contains("HOME"),
        "{message}"
    );
    assert!(message.contains("will not be saved"), "{message}");
}

#[test]
fn android_uses_the_apps_internal_files_directory() {
    let sources = DirSources {
        xdg_data_home: Some("/xdg".into()),
        home: Some("/home/kaisa".into()),
        android_package: Some("rust.latu".to_owned()),
        ..DirSources::default()
    };
    assert_eq!(
        choose_data_dir(Platform::Android, &sources),
        Ok(PathBuf::from("/data/data/rust.latu/files"))
    );
}

#[test]
fn a_directory_handed_in_by_the_app_wins_on_every_platform() {
    let given = Path::new("/data/user/0/rust.latu/files");
    let sources = DirSources {
        xdg_data_home: Some("/xdg".into()),
        home: Some("/home/kaisa".into()),
        app_dir: Some(given.to_path_buf()),
        android_package: Some("rust.latu".to_owned()),
    };
    for platform in [Platform::Android, Platform::Desktop] {
        assert_eq!(
            choose_data_dir(platform, &sources).as_deref(),
            Ok(given),
            "{platform:?}"
        );
    }
    let relative = DirSources {
        app_dir: Some(PathBuf::from("files")),
        ..sources
    };
    assert_eq!(
        choose_data_dir(Platform::Android, &relative),
        Ok(PathBuf::from("/data/data/rust.latu/files")),
        "a relative directory is ignored"
    );
}

#[test]
fn android_without_a_directory_or_a_valid_package_says_why() {
    let none = DirSources {
        home: Some("/home/kaisa".into()),
        ..DirSources::default()
    };
    let error = choose_data_dir(Platform::Android, &none).expect_err("no package");
    assert_eq!(error, DataDirError::NoAndroidDir { package: None });
    assert!(error.to_string().contains("package name"), "{error}");
    let bad = DirSources {
        android_package: Some("../../etc".to_owned()),
        ..none
    };
    let error = choose_data_dir(Platform::Android, &bad).expect_err("bad package");
    assert!(error.to_string().contains("\"../../etc\""), "{error}");
}

#[test]
fn the_store_for_this_platform_takes_the_apps_directory() {
    let given = PathBuf::from("/srv/latu-test-data");
    let store = Store::for_this_platform(Some(given.clone()), Some("rust.latu".to_owned()))
        .expect("an absolute directory is always usable");
    assert_eq!(store.dir(), given);
    assert_eq!(store.settings_path(), given.join("settings.json"));
    assert_eq!(store.results_path(), given.join("results.json"));
}
