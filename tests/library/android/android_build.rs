//! The NDK-less Android build's own tools (android/build_apk.sh and what it runs): the scripts
//! parse and are executable, the symbol-map reader applies the NDK's rules, and the manifest
//! writer follows `[package.metadata.android]` and rejects bad input with exit code 2.
//!
//! The tools are Python 3 and bash, which every machine here has; without python3 the Python
//! tests say that they did not run (and fail where CI requires them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::not_run::{not_run, Need};

const SCRIPTS: [&str; 7] = [
    "android/build_apk.sh",
    "android/check_apk.sh",
    "android/bundle_aab.sh",
    "android/dex.sh",
    "android/libunwind.sh",
    "android/docker_library_name.sh",
    "android/phone_determinism.sh",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn python(args: &[&str]) -> Option<Output> {
    match Command::new("python3")
        .args(args)
        .current_dir(root())
        .output()
    {
        Ok(output) => Some(output),
        Err(err) => {
            not_run(Need::Tools, "android_build", &format!("no python3 ({err})"));
            None
        }
    }
}

#[test]
fn the_build_scripts_parse_and_are_executable() {
    for script in SCRIPTS {
        let path = root().join(script);
        let status = Command::new("bash")
            .arg("-n")
            .arg(&path)
            .status()
            .expect("bash runs");
        assert!(status.success(), "{script} does not parse");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect(script).permissions().mode();
            assert!(mode & 0o111 != 0, "{script} is not executable");
        }
    }
}

/// A map with one symbol for each rule, in the AOSP format.
const SAMPLE_MAP: &str = "\
LIBX {
  global:
    always;
    newer; # introduced=28
    arm_only; # arm
    arm_later; # introduced=21 introduced-arm=29
    vendor_only; # llndk
    data; # var
    late_versioned; # versioned=28
    codename; # introduced=Tiramisu
  local:
    *;
};

LIBX_N { # introduced=24
  global:
    in_n;
} LIBX;

LIBX_Q { # introduced=29
  global:
    in_q;
} LIBX_N;

LIBX_PRIVATE {
  global:
    private_one;
};
";

/// `name@version` (or `name` when unversioned) of what the map exports, `+var` for data.
fn sample_exports(arch: &str, api: u32) -> Option<Vec<String>> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let map = dir.path().join("libx.map.txt");
    std::fs::write(&map, SAMPLE_MAP).expect("the map is written");
    let script = format!(
        "import sys; sys.path.insert(0, 'android/tools'); import symbol_maps as m\n\
         for s in m.exports(__import__('pathlib').Path(sys.argv[1]), '{arch}', {api}):\n\
         \x20   print(s.name + ('@' + s.version if s.version else '') + ('+var' if s.is_var else ''))"
    );
    let output = python(&["-B", "-c", &script, map.to_str().expect("a UTF-8 path")])?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    Some(text.lines().map(str::to_owned).collect())
}

#[test]
fn the_symbol_maps_are_read_by_the_ndk_rules() {
    let Some(arm64) = sample_exports("arm64", 26) else {
        return;
    };
    assert_eq!(
        arm64,
        [
            "always@LIBX",
            "arm_later@LIBX",
            "data@LIBX+var",
            "late_versioned",
            "in_n@LIBX_N"
        ]
    );
    let arm = sample_exports("arm", 26).expect("python3 ran once");
    assert_eq!(
        arm,
        [
            "always@LIBX",
            "arm_only@LIBX",
            "data@LIBX+var",
            "late_versioned",
            "in_n@LIBX_N"
        ]
    );
    let arm64_later = sample_exports("arm64", 33).expect("python3 ran once");
    assert_eq!(
        arm64_later,
        [
            "always@LIBX",
            "newer@LIBX",
            "arm_later@LIBX",
            "data@LIBX+var",
            "late_versioned@LIBX",
            "codename@LIBX",
            "in_n@LIBX_N",
            "in_q@LIBX_Q"
        ]
    );
}

fn meta(cargo_toml: &Path, args: &[&str]) -> Option<Output> {
    let tool = root().join("android/tools/android_meta.py");
    let mut all = vec![
        "-B",
        tool.to_str().expect("UTF-8"),
        cargo_toml.to_str().expect("UTF-8"),
    ];
    all.extend_from_slice(args);
    python(&all)
}

#[test]
fn the_manifest_says_what_cargo_toml_says() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let manifest: PathBuf = dir.path().join("AndroidManifest.xml");
    let Some(output) = meta(
        &root().join("Cargo.toml"),
        &["manifest", manifest.to_str().expect("UTF-8")],
    ) else {
        return;
    };
    assert!(output.status.success(), "{output:?}");
    let xml = std::fs::read_to_string(&manifest).expect("the manifest is written");
    for expected in [
        r#"package="fi.latu.game""#,
        r#"android:minSdkVersion="26""#,
        r#"android:targetSdkVersion="36""#,
        r#"android:name=".MainActivity""#,
        r#"android:screenOrientation="portrait""#,
        r#"android:enableOnBackInvokedCallback="false""#,
        r#"<uses-permission android:name="android.permission.VIBRATE" />"#,
        r#"android:theme="@android:style/Theme.NoTitleBar.Fullscreen""#,
        r#"android:extractNativeLibs="true""#,
    ] {
        assert!(xml.contains(expected), "{expected} missing:\n{xml}");
    }
}

#[test]
fn a_cargo_toml_without_the_android_section_is_bad_input() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let cargo_toml = dir.path().join("Cargo.toml");
    std::fs::write(&cargo_toml, "[package]\nname = \"x\"\n").expect("written");
    let Some(output) = meta(&cargo_toml, &["get", "min_sdk_version"]) else {
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("Cargo.toml") && message.contains("no [package.metadata.android]"),
        "{message}"
    );
}
