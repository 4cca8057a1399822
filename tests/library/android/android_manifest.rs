//! `[package.metadata.android]` in Cargo.toml, read by Cargo's own TOML parser (`cargo
//! metadata`) and checked against what cargo-quad-apk parses.
//!
//! cargo-quad-apk flattens most of its keys into one serde struct, so its
//! `deny_unknown_fields` does not bite: a misspelt key (`resources` for `res`, `package` for
//! `package_name`) is dropped without a word. The key list below is its `src/config.rs`
//! (`TomlAndroid` and `TomlAndroidTarget`) at not-fl3/cargo-quad-apk commit
//! [`QUAD_APK_COMMIT`] (0.1.4), the commit `android/Dockerfile` installs.

use latu::phone::icon::{DENSITIES, ICON_FILE, RES_DIR};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The cargo-quad-apk commit the keys were read from and the build image installs.
const QUAD_APK_COMMIT: &str = "e6ce7cd736b8b087c640fdd4729b604e249c728d";

const QUAD_APK_KEYS: [&str; 23] = [
    "android_version",
    "target_sdk_version",
    "min_sdk_version",
    "build_targets",
    "bin",
    "example",
    "java_packages",
    "java_crates",
    "package_name",
    "label",
    "version_code",
    "version_name",
    "icon",
    "assets",
    "res",
    "fullscreen",
    "application_attributes",
    "activity_attributes",
    "opengles_version_major",
    "opengles_version_minor",
    "feature",
    "permission",
    "service",
];

/// The build targets cargo-quad-apk's `AndroidBuildTarget` accepts.
const QUAD_APK_TARGETS: [&str; 4] = [
    "armv7-linux-androideabi",
    "aarch64-linux-android",
    "i686-linux-android",
    "x86_64-linux-android",
];

/// The oldest API level the NDK that Rust supports still builds for.
const RUST_MIN_SDK: u64 = 21;
/// From this target API level an activity with an intent filter must say `android:exported`.
const EXPORTED_REQUIRED_FROM_SDK: u64 = 31;
/// From this target API level the back key reaches the app only with predictive back off.
const PREDICTIVE_BACK_DEFAULT_FROM_SDK: u64 = 36;

fn package_metadata() -> (String, Value) {
    let root = env!("CARGO_MANIFEST_DIR");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(Path::new(root).join("Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata is JSON");
    let package = &json["packages"][0];
    let version = package["version"].as_str().expect("a version").to_owned();
    (version, package["metadata"]["android"].clone())
}

fn uint(android: &Value, key: &str) -> u64 {
    android[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} is a whole number: {}", android[key]))
}

#[test]
fn every_key_is_one_cargo_quad_apk_reads() {
    let (_, android) = package_metadata();
    let table = android
        .as_object()
        .expect("[package.metadata.android] exists");
    for key in table.keys() {
        assert!(QUAD_APK_KEYS.contains(&key.as_str()), "unknown key {key}");
    }
}

#[test]
fn the_app_is_named_versioned_and_fullscreen() {
    let (version, android) = package_metadata();
    assert_eq!(android["label"], "Latu");
    assert!(android["package_name"]
        .as_str()
        .is_some_and(|p| p.contains('.')));
    assert!(uint(&android, "version_code") >= 1);
    assert_eq!(
        android["version_name"],
        version.as_str(),
        "in step with the crate"
    );
    assert_eq!(android["fullscreen"], true);
}

#[test]
fn both_arm_abis_are_built() {
    let (_, android) = package_metadata();
    let targets: Vec<&str> = android["build_targets"]
        .as_array()
        .expect("build_targets is a list")
        .iter()
        .map(|t| t.as_str().expect("a target triple"))
        .collect();
    for target in &targets {
        assert!(QUAD_APK_TARGETS.contains(target), "{target}");
    }
    assert!(targets.contains(&"aarch64-linux-android"));
    assert!(targets.contains(&"armv7-linux-androideabi"));
}

#[test]
fn sdk_levels_are_ordered_and_current() {
    let (_, android) = package_metadata();
    let (min, target, compile) = (
        uint(&android, "min_sdk_version"),
        uint(&android, "target_sdk_version"),
        uint(&android, "android_version"),
    );
    assert!(RUST_MIN_SDK <= min && min <= target && target <= compile);
    assert!(target >= PREDICTIVE_BACK_DEFAULT_FROM_SDK);
}

#[test]
fn the_activity_is_exported_portrait_and_keeps_the_back_key() {
    let (_, android) = package_metadata();
    let activity = &android["activity_attributes"];
    assert!(uint(&android, "target_sdk_version") >= EXPORTED_REQUIRED_FROM_SDK);
    assert_eq!(activity["android:exported"], "true");
    assert_eq!(activity["android:screenOrientation"], "portrait");
    assert_eq!(
        android["application_attributes"]["android:enableOnBackInvokedCallback"],
        "false"
    );
}

#[test]
fn the_app_is_a_game_so_large_screens_keep_the_portrait_lock() {
    let (_, android) = package_metadata();
    assert_eq!(
        android["application_attributes"]["android:appCategory"],
        "game"
    );
}

#[test]
fn the_vibrator_and_the_internet_may_be_used_and_nothing_else_is_asked() {
    let (_, android) = package_metadata();
    let permissions = android["permission"].as_array().expect("a permission list");
    let names: Vec<&str> = permissions
        .iter()
        .map(|p| p["name"].as_str().expect("a permission has a name"))
        .collect();
    assert_eq!(
        names,
        ["android.permission.VIBRATE", "android.permission.INTERNET"]
    );
}

/// The `rustflags = …` line of `[target.TARGET]` in `.cargo/config.toml`.
fn android_rustflags(target: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(".cargo/config.toml");
    let text = std::fs::read_to_string(&path).expect(".cargo/config.toml exists");
    let header = format!("[target.{target}]");
    text.lines()
        .skip_while(|line| *line != header)
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .find(|line| line.starts_with("rustflags"))
        .unwrap_or_else(|| panic!("{header} has no rustflags in {}", path.display()))
        .to_owned()
}

#[test]
fn both_abis_link_for_16_kb_pages_as_google_play_requires() {
    for target in ["aarch64-linux-android", "armv7-linux-androideabi"] {
        let flags = android_rustflags(target);
        // Two arguments, so that a clang driver passes them on as lld does (a joined
        // `-zmax-page-size=16384` is an unknown argument to clang).
        assert!(
            flags.contains(r#""-C", "link-arg=-z", "-C", "link-arg=max-page-size=16384""#),
            "{target}: {flags}"
        );
    }
}

#[test]
fn the_build_script_checks_16_kb_alignment_and_the_bundle_script_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let build = std::fs::read_to_string(root.join("android/build.sh")).expect("build.sh");
    assert!(build.contains("readelf") && build.contains("0x4000"));
    for script in ["android/bundle.sh", "android/phone_determinism.sh"] {
        let status = Command::new("bash")
            .arg("-n")
            .arg(root.join(script))
            .status()
            .expect("bash runs");
        assert!(status.success(), "{script} does not parse");
    }
}

#[test]
fn resources_and_icon_point_at_the_generated_icons() {
    let (_, android) = package_metadata();
    assert_eq!(android["res"], RES_DIR);
    assert_eq!(android["assets"], "assets");
    let stem = ICON_FILE.strip_suffix(".png").expect("the icon is a PNG");
    assert_eq!(android["icon"], format!("@mipmap/{stem}").as_str());
    let res = Path::new(env!("CARGO_MANIFEST_DIR")).join(RES_DIR);
    for density in DENSITIES {
        let icon = res.join(density.relative_path());
        assert!(icon.is_file(), "{} is missing", icon.display());
    }
}

#[test]
fn the_build_script_is_an_executable_shell_script() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("android/build.sh");
    let status = Command::new("sh")
        .arg("-n")
        .arg(&script)
        .status()
        .expect("sh runs");
    assert!(status.success(), "{} does not parse", script.display());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&script)
            .expect("the build script exists")
            .permissions()
            .mode();
        assert!(mode & 0o111 != 0, "{} is not executable", script.display());
    }
}

#[test]
fn the_build_image_extends_the_published_one_with_the_checked_cargo_quad_apk() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("android/Dockerfile");
    let dockerfile = std::fs::read_to_string(&path).expect("android/Dockerfile exists");
    assert!(
        dockerfile
            .lines()
            .any(|line| line == "FROM notfl3/cargo-apk"),
        "{} builds on the published image",
        path.display()
    );
    assert!(
        dockerfile.contains(&format!("QUAD_APK_REV={QUAD_APK_COMMIT}")),
        "{} installs cargo-quad-apk at {QUAD_APK_COMMIT}",
        path.display()
    );
}

/// The online key is a secret: neither a cloud backup nor a device transfer copies it
/// (android/README.md, "Backup"); everything else in the data directory may go.
#[test]
fn backups_copy_the_game_s_files_but_never_the_online_key() {
    let (_, android) = package_metadata();
    let attributes = &android["application_attributes"];
    assert_eq!(
        attributes["android:dataExtractionRules"],
        "@xml/data_extraction_rules"
    );
    assert_eq!(attributes["android:fullBackupContent"], "@xml/backup_rules");
    let xml = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(RES_DIR)
        .join("xml");
    let key = format!(
        r#"<exclude domain="file" path="{}" />"#,
        latu::storage::IDENTITY_FILE
    );
    let rules = std::fs::read_to_string(xml.join("data_extraction_rules.xml")).expect("rules");
    for part in ["<cloud-backup>", "<device-transfer>"] {
        let section = rules.split(part).nth(1).expect(part);
        let section = section.split("</").next().unwrap_or_default();
        assert!(
            section.contains(&key),
            "{part} keeps out the key: {section}"
        );
    }
    let old = std::fs::read_to_string(xml.join("backup_rules.xml")).expect("rules");
    assert!(old.contains(&key), "Android 8-11 keeps out the key: {old}");
}
