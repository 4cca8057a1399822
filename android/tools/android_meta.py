"""Reads `[package.metadata.android]` of Cargo.toml (the keys cargo-quad-apk reads) for
android/build_apk.sh: prints one value (`get KEY`), or writes the AndroidManifest.xml both
routes give the app (`manifest OUT`): the same manifest cargo-quad-apk writes, with miniquad's
`.MainActivity` as the launcher activity.

Usage: android_meta.py CARGO_TOML get KEY | manifest OUT
Bad input (a missing or mistyped key, a key this route does not build): a message naming
Cargo.toml and the key, exit code 2.
"""

import sys
import tomllib
from pathlib import Path
from xml.sax.saxutils import quoteattr

ANDROID_NS = "http://schemas.android.com/apk/res/android"
# cargo-quad-apk's defaults for keys Cargo.toml may leave out.
DEFAULTS = {
    "opengles_version_major": 2,
    "opengles_version_minor": 0,
    "fullscreen": False,
}
# Keys cargo-quad-apk reads that this route does not build (a service, extra Java, another
# binary): said plainly rather than dropped.
UNSUPPORTED = ("bin", "example", "java_packages", "java_crates", "service")
# The theme cargo-quad-apk gives a full-screen app.
FULLSCREEN_THEME = "@android:style/Theme.NoTitleBar.Fullscreen"
# What miniquad's activity handles itself instead of being restarted.
CONFIG_CHANGES = "orientation|keyboardHidden|screenSize"


class BadInput(Exception):
    """Cargo.toml's Android section cannot be built as it is."""


def load(cargo_toml: Path) -> dict:
    try:
        data = tomllib.loads(cargo_toml.read_text())
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise BadInput(f"cannot read it: {err}") from err
    android = data.get("package", {}).get("metadata", {}).get("android")
    if not isinstance(android, dict):
        raise BadInput("no [package.metadata.android] section")
    for key in UNSUPPORTED:
        if key in android:
            raise BadInput(f"`{key}` is not built by android/build_apk.sh")
    return {**DEFAULTS, **android}


def value(android: dict, key: str, kind: type):
    if key not in android:
        raise BadInput(f"[package.metadata.android] has no `{key}`")
    found = android[key]
    if not isinstance(found, kind) or (kind is int and isinstance(found, bool)):
        raise BadInput(f"`{key}` should be a {kind.__name__}, not {found!r}")
    return found


def attributes(pairs: dict, indent: str) -> str:
    return "".join(f"\n{indent}{name}={quoteattr(str(v))}" for name, v in pairs.items())


def manifest(android: dict) -> str:
    gles = (value(android, "opengles_version_major", int) << 16) | value(
        android, "opengles_version_minor", int
    )
    app = {
        "android:label": value(android, "label", str),
        "android:hasCode": "true",
        # The libraries stay compressed in the APK and are extracted at install, so their
        # offsets in the zip need no 16 KB alignment (their LOAD segments have it).
        "android:extractNativeLibs": "true",
    }
    if "icon" in android:
        app["android:icon"] = value(android, "icon", str)
    if value(android, "fullscreen", bool):
        app["android:theme"] = FULLSCREEN_THEME
    app.update(android.get("application_attributes", {}))
    activity = {
        "android:name": ".MainActivity",
        "android:label": app["android:label"],
        "android:configChanges": CONFIG_CHANGES,
        **android.get("activity_attributes", {}),
    }
    permissions = "".join(
        f"\n    <uses-permission android:name={quoteattr(value(p, 'name', str))} />"
        for p in android.get("permission", [])
    )
    features = "".join(
        f"\n    <uses-feature android:name={quoteattr(value(f, 'name', str))}"
        f" android:required={quoteattr(str(f.get('required', True)).lower())} />"
        for f in android.get("feature", [])
    )
    return f"""<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="{ANDROID_NS}"
    package={quoteattr(value(android, "package_name", str))}
    android:versionCode="{value(android, "version_code", int)}"
    android:versionName={quoteattr(value(android, "version_name", str))}>
    <uses-sdk android:minSdkVersion="{value(android, "min_sdk_version", int)}"
        android:targetSdkVersion="{value(android, "target_sdk_version", int)}" />
    <uses-feature android:glEsVersion="0x{gles:08x}" android:required="true" />{features}{permissions}
    <application{attributes(app, " " * 8)}>
        <activity{attributes(activity, " " * 12)}>
            <intent-filter>
                <action android:name="android.intent.action.MAIN" />
                <category android:name="android.intent.category.LAUNCHER" />
            </intent-filter>
        </activity>
    </application>
</manifest>
"""


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[2] not in ("get", "manifest"):
        print(__doc__, file=sys.stderr)
        return 2
    cargo_toml, command, arg = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    try:
        android = load(cargo_toml)
        if command == "get":
            found = android.get(arg)
            if found is None:
                raise BadInput(f"[package.metadata.android] has no `{arg}`")
            print(" ".join(found) if isinstance(found, list) else found)
        else:
            Path(arg).write_text(manifest(android))
    except BadInput as err:
        print(f"{cargo_toml}: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
