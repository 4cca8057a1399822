//! What only Android can tell or do, through JNI on miniquad's activity: the screen's density,
//! the app's internal files directory, and leaving to the home screen on Back at the main menu.
//! On other platforms the same calls answer as a desktop does.

use crate::phone::density::Density;
use std::cell::OnceCell;
use std::path::PathBuf;

/// The screen's density: Android's `DisplayMetrics.density` (miniquad reports none there);
/// one pixel per dp on a desktop, whose drawing units are already logical pixels. Asked once
/// and remembered: on Android it is a call through JNI, and it does not change while the game
/// runs.
pub fn screen_density() -> Density {
    thread_local! {
        static DENSITY: OnceCell<Density> = const { OnceCell::new() };
    }
    DENSITY.with(|cell| *cell.get_or_init(ask_density))
}

fn ask_density() -> Density {
    #[cfg(target_os = "android")]
    {
        jni::display_density().map_or(Density::Unknown, Density::PxPerDp)
    }
    #[cfg(not(target_os = "android"))]
    {
        Density::PxPerDp(1.0)
    }
}

/// The app's internal files directory (Android), `None` elsewhere.
pub fn files_dir() -> Option<PathBuf> {
    #[cfg(target_os = "android")]
    {
        jni::files_dir()
    }
    #[cfg(not(target_os = "android"))]
    {
        None
    }
}

/// A short buzz of `ms` milliseconds (Android's vibrator; nothing elsewhere or without one).
pub fn vibrate(ms: u32) {
    #[cfg(target_os = "android")]
    {
        jni::vibrate(i64::from(ms));
    }
    #[cfg(not(target_os = "android"))]
    {
        let _ = ms;
    }
}

/// The Android package name (from Cargo.toml's `[package.metadata.android]`).
pub const ANDROID_PACKAGE: &str = "fi.latu.game";

/// Leave the game: on Android send the activity to the background (`moveTaskToBack`, the
/// usual Back at a main menu; `order_quit` does nothing there); elsewhere quit.
pub fn leave() {
    #[cfg(target_os = "android")]
    {
        jni::move_task_to_back();
    }
    #[cfg(not(target_os = "android"))]
    {
        macroquad::miniquad::window::order_quit();
    }
}

#[cfg(target_os = "android")]
mod jni {
    use macroquad::miniquad::native::android::{attach_jni_env, ndk_sys, ACTIVITY};
    use std::ffi::CStr;
    use std::path::PathBuf;

    /// Java's `true` as a variadic argument (a `jboolean` is promoted to an int).
    const JNI_TRUE: std::ffi::c_uint = 1;

    /// `getResources().getDisplayMetrics().density`.
    pub fn display_density() -> Option<f32> {
        // SAFETY: miniquad sets ACTIVITY before the game's code runs and keeps it alive; every
        // method and field named exists on android.app.Activity / DisplayMetrics since API 1.
        unsafe {
            let env = attach_jni_env();
            let resources = call_object(
                env,
                ACTIVITY,
                c"getResources",
                c"()Landroid/content/res/Resources;",
            )?;
            let metrics = call_object(
                env,
                resources,
                c"getDisplayMetrics",
                c"()Landroid/util/DisplayMetrics;",
            )?;
            let class = ((**env).GetObjectClass.unwrap())(env, metrics);
            let field =
                ((**env).GetFieldID.unwrap())(env, class, c"density".as_ptr(), c"F".as_ptr());
            if field.is_null() {
                ((**env).ExceptionClear.unwrap())(env);
                return None;
            }
            Some(((**env).GetFloatField.unwrap())(env, metrics, field))
        }
    }

    /// `getFilesDir().getAbsolutePath()`.
    pub fn files_dir() -> Option<PathBuf> {
        // SAFETY: as in `display_density`; the string is copied before it is released.
        unsafe {
            let env = attach_jni_env();
            let dir = call_object(env, ACTIVITY, c"getFilesDir", c"()Ljava/io/File;")?;
            let path = call_object(env, dir, c"getAbsolutePath", c"()Ljava/lang/String;")?;
            let chars = ((**env).GetStringUTFChars.unwrap())(env, path, std::ptr::null_mut());
            if chars.is_null() {
                return None;
            }
            let text = CStr::from_ptr(chars).to_string_lossy().into_owned();
            ((**env).ReleaseStringUTFChars.unwrap())(env, path, chars);
            Some(PathBuf::from(text))
        }
    }

    /// `moveTaskToBack(true)`.
    pub fn move_task_to_back() {
        // SAFETY: as in `display_density`.
        unsafe {
            let env = attach_jni_env();
            let class = ((**env).GetObjectClass.unwrap())(env, ACTIVITY);
            let method = ((**env).GetMethodID.unwrap())(
                env,
                class,
                c"moveTaskToBack".as_ptr(),
                c"(Z)Z".as_ptr(),
            );
            if method.is_null() {
                ((**env).ExceptionClear.unwrap())(env);
            } else {
                ((**env).CallBooleanMethod.unwrap())(env, ACTIVITY, method, JNI_TRUE);
            }
        }
    }

    /// `((Vibrator) getSystemService("vibrator")).vibrate(ms)`: the one-shot call every API
    /// level since 1 keeps (deprecated in 26 for `VibrationEffect`, which says the same here).
    pub fn vibrate(ms: i64) {
        // SAFETY: as in `display_density`; the service name string is a local reference
        // released with the frame, and every lookup is checked for null before use.
        unsafe {
            let env = attach_jni_env();
            let name = ((**env).NewStringUTF.unwrap())(env, c"vibrator".as_ptr());
            if name.is_null() {
                return;
            }
            let class = ((**env).GetObjectClass.unwrap())(env, ACTIVITY);
            let get_service = ((**env).GetMethodID.unwrap())(
                env,
                class,
                c"getSystemService".as_ptr(),
                c"(Ljava/lang/String;)Ljava/lang/Object;".as_ptr(),
            );
            if get_service.is_null() {
                ((**env).ExceptionClear.unwrap())(env);
                return;
            }
            let vibrator = ((**env).CallObjectMethod.unwrap())(env, ACTIVITY, get_service, name);
            ((**env).DeleteLocalRef.unwrap())(env, name);
            if vibrator.is_null() {
                ((**env).ExceptionClear.unwrap())(env);
                return;
            }
            let vibrator_class = ((**env).GetObjectClass.unwrap())(env, vibrator);
            let vibrate = ((**env).GetMethodID.unwrap())(
                env,
                vibrator_class,
                c"vibrate".as_ptr(),
                c"(J)V".as_ptr(),
            );
            if vibrate.is_null() {
                ((**env).ExceptionClear.unwrap())(env);
                return;
            }
            ((**env).CallVoidMethod.unwrap())(env, vibrator, vibrate, ms);
            // A device without a vibrator (or a refused permission) throws: clear it.
            ((**env).ExceptionClear.unwrap())(env);
        }
    }

    /// Call a no-argument method returning an object; `None` if it is missing or returns null.
    unsafe fn call_object(
        env: *mut ndk_sys::JNIEnv,
        object: ndk_sys::jobject,
        name: &CStr,
        signature: &CStr,
    ) -> Option<ndk_sys::jobject> {
        let class = ((**env).GetObjectClass.unwrap())(env, object);
        let method = ((**env).GetMethodID.unwrap())(env, class, name.as_ptr(), signature.as_ptr());
        if method.is_null() {
            // A missing method leaves NoSuchMethodError pending; clear it so JNI stays usable.
            ((**env).ExceptionClear.unwrap())(env);
            return None;
        }
        let result = ((**env).CallObjectMethod.unwrap())(env, object, method);
        (!result.is_null()).then_some(result)
    }
}
