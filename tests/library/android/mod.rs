//! The Android build: the APK's tools, screen densities, launcher icons and manifest.

mod android_build;
mod android_density;
mod android_icons;
mod android_manifest;
