//! Android's [`Exchange`]: the system's own `java.net.HttpURLConnection` through JNI, on the
//! transport's worker thread (Android refuses network calls on the main thread). HTTPS goes
//! through the system's TLS and certificate store; no TLS or certificates are bundled. Plain
//! HTTP goes only to the hosts the APK's network security config allows, and the game says so
//! before it asks ([`cleartext_refusal`]).
//!
//! The worker attaches itself to the Java VM once and detaches when the transport is dropped
//! (a thread ending attached aborts the app). Each request runs in a local frame of its own,
//! so a long-lived worker never piles up local references. Every Java exception is cleared and
//! turned into the sentence its `toString()` gives.

use crate::online::http::{
    body_in_error_stream, cleartext_refusal, retry_after_s, Exchange, MAX_BODY_BYTES, TIMEOUT,
};
use crate::online::{Request, Response};
use macroquad::miniquad::native::android::{attach_jni_env, ndk_sys};
use std::ffi::{CStr, CString};

use ndk_sys::{jobject, jvalue, JNIEnv};

/// Local references one request may hold at once (JNI guarantees 16 without asking).
const LOCAL_REFS: i32 = 64;
/// Bytes read from the answer at a time.
const CHUNK_BYTES: i32 = 16 * 1024;
/// Java's `true`, as JNI passes a `jboolean`.
const JNI_TRUE: u8 = 1;
/// Java's `false`.
const JNI_FALSE: u8 = 0;

/// HTTP through the system's stack, on the thread that made it.
pub struct SystemHttp {
    env: *mut JNIEnv,
}

impl SystemHttp {
    /// Attach the calling thread (the transport's worker) to the Java VM.
    pub fn attach() -> Self {
        // SAFETY: miniquad keeps the VM for the app's lifetime; attaching is per thread and
        // this value never leaves the worker thread it was made on.
        Self {
            env: unsafe { attach_jni_env() },
        }
    }
}

impl Drop for SystemHttp {
    fn drop(&mut self) {
        // SAFETY: the env belongs to this thread; detaching as it ends is what JNI asks.
        unsafe {
            let mut vm: *mut ndk_sys::JavaVM = std::ptr::null_mut();
            if ((**self.env).GetJavaVM.unwrap())(self.env, &mut vm) == 0 && !vm.is_null() {
                ((**vm).DetachCurrentThread.unwrap())(vm);
            }
        }
    }
}

impl Exchange for SystemHttp {
    fn exchange(&mut self, server: &str, request: &Request) -> Result<Response, String> {
        let url = format!("{server}{}", request.path);
        if let Some(why) = cleartext_refusal(&url) {
            return Err(why);
        }
        let jni = Jni(self.env);
        // SAFETY: the env is this thread's; every reference made in the frame is dropped with
        // it, and nothing made in it outlives it (the answer is copied into Rust first).
        unsafe {
            if (jni.f().PushLocalFrame.unwrap())(jni.0, LOCAL_REFS) != 0 {
                return Err(jni.thrown("JNI could not make room for a request"));
            }
            let answer = jni.request(&url, request);
            (jni.f().PopLocalFrame.unwrap())(jni.0, std::ptr::null_mut());
            answer
        }
    }
}

/// The thread's JNI env, with the few calls a request needs; every call that can throw is
/// checked, and the exception becomes an `Err` with its sentence.
struct Jni(*mut JNIEnv);

impl Jni {
    unsafe fn f(&self) -> &ndk_sys::JNINativeInterface {
        &**self.0
    }

    /// The pending exception's `toString()`, cleared; `fallback` when none is pending.
    unsafe fn thrown(&self, fallback: &str) -> String {
        let f = self.f();
        if (f.ExceptionCheck.unwrap())(self.0) == 0 {
            return fallback.to_owned();
        }
        let error = (f.ExceptionOccurred.unwrap())(self.0);
        (f.ExceptionClear.unwrap())(self.0);
        let said = self
            .call_object(error, c"toString", c"()Ljava/lang/String;", &[])
            .ok()
            .and_then(|text| self.string(text));
        (f.ExceptionClear.unwrap())(self.0);
        said.unwrap_or_else(|| fallback.to_owned())
    }

    /// `Err` with the pending exception, if any.
    unsafe fn checked(&self, what: &str) -> Result<(), String> {
        if (self.f().ExceptionCheck.unwrap())(self.0) != 0 {
            return Err(self.thrown(what));
        }
        Ok(())
    }

    unsafe fn method(
        &self,
        object: jobject,
        name: &CStr,
        signature: &CStr,
    ) -> Result<ndk_sys::jmethodID, String> {
        let f = self.f();
        let class = (f.GetObjectClass.unwrap())(self.0, object);
        let method = (f.GetMethodID.unwrap())(self.0, class, name.as_ptr(), signature.as_ptr());
        if method.is_null() {
            return Err(self.thrown(&format!("no method {name:?}")));
        }
        Ok(method)
    }

    unsafe fn call_object(
        &self,
        object: jobject,
        name: &CStr,
        signature: &CStr,
        args: &[jvalue],
    ) -> Result<jobject, String> {
        let method = self.method(object, name, signature)?;
        let result = (self.f().CallObjectMethodA.unwrap())(self.0, object, method, args.as_ptr());
        self.checked(&format!("{name:?} failed"))?;
        Ok(result)
    }

    unsafe fn call_void(
        &self,
        object: jobject,
        name: &CStr,
        signature: &CStr,
        args: &[jvalue],
    ) -> Result<(), String> {
        let method = self.method(object, name, signature)?;
        (self.f().CallVoidMethodA.unwrap())(self.0, object, method, args.as_ptr());
        self.checked(&format!("{name:?} failed"))
    }

    unsafe fn call_int(
        &self,
        object: jobject,
        name: &CStr,
        signature: &CStr,
        args: &[jvalue],
    ) -> Result<i32, String> {
        let method = self.method(object, name, signature)?;
        let result = (self.f().CallIntMethodA.unwrap())(self.0, object, method, args.as_ptr());
        self.checked(&format!("{name:?} failed"))?;
        Ok(result)
    }

    /// A Java string of `text` (which holds no NUL: URLs, header names and values).
    unsafe fn java_string(&self, text: &str) -> Result<jobject, String> {
        let text = CString::new(text).map_err(|_| format!("{text:?} holds a NUL"))?;
        let made = (self.f().NewStringUTF.unwrap())(self.0, text.as_ptr());
        self.checked("a string could not be made")?;
        Ok(made)
    }

    /// A Java string's text; `None` for null.
    unsafe fn string(&self, text: jobject) -> Option<String> {
        if text.is_null() {
            return None;
        }
        let f = self.f();
        let chars = (f.GetStringUTFChars.unwrap())(self.0, text, std::ptr::null_mut());
        if chars.is_null() {
            (f.ExceptionClear.unwrap())(self.0);
            return None;
        }
        let owned = CStr::from_ptr(chars).to_string_lossy().into_owned();
        (f.ReleaseStringUTFChars.unwrap())(self.0, text, chars);
        Some(owned)
    }

    /// `new URL(url).openConnection()`, set up, sent and read back.
    unsafe fn request(&self, url: &str, request: &Request) -> Result<Response, String> {
        let f = self.f();
        let class = (f.FindClass.unwrap())(self.0, c"java/net/URL".as_ptr());
        self.checked("java.net.URL is missing")?;
        let init = (f.GetMethodID.unwrap())(
            self.0,
            class,
            c"<init>".as_ptr(),
            c"(Ljava/lang/String;)V".as_ptr(),
        );
        self.checked("java.net.URL(String) is missing")?;
        let text = self.java_string(url)?;
        let address = (f.NewObjectA.unwrap())(self.0, class, init, [jvalue { l: text }].as_ptr());
        self.checked(&format!("{url} is not a URL"))?;
        let connection = self.call_object(
            address,
            c"openConnection",
            c"()Ljava/net/URLConnection;",
            &[],
        )?;
        let answer = self.exchange(connection, request);
        // Whatever happened, the connection is let go (its socket may be reused).
        let _ = self.call_void(connection, c"disconnect", c"()V", &[]);
        answer
    }

    unsafe fn exchange(&self, connection: jobject, request: &Request) -> Result<Response, String> {
        let timeout_ms = jvalue {
            i: i32::try_from(TIMEOUT.as_millis()).unwrap_or(i32::MAX),
        };
        self.call_void(connection, c"setConnectTimeout", c"(I)V", &[timeout_ms])?;
        self.call_void(connection, c"setReadTimeout", c"(I)V", &[timeout_ms])?;
        // Never followed, as on every platform: a write's key goes only to the address set.
        self.call_void(
            connection,
            c"setInstanceFollowRedirects",
            c"(Z)V",
            &[jvalue { z: JNI_FALSE }],
        )?;
        let method = self.java_string(request.method)?;
        self.call_void(
            connection,
            c"setRequestMethod",
            c"(Ljava/lang/String;)V",
            &[jvalue { l: method }],
        )?;
        for (name, value) in &request.headers {
            let (name, value) = (self.java_string(name)?, self.java_string(value)?);
            self.call_void(
                connection,
                c"setRequestProperty",
                c"(Ljava/lang/String;Ljava/lang/String;)V",
                &[jvalue { l: name }, jvalue { l: value }],
            )?;
        }
        if request.method == "POST" {
            self.send_body(connection, &request.body)?;
        }
        let status = self.call_int(connection, c"getResponseCode", c"()I", &[])?;
        let status = u16::try_from(status).map_err(|_| "the server's answer has no status")?;
        let header = self.java_string("Retry-After")?;
        let retry = self.call_object(
            connection,
            c"getHeaderField",
            c"(Ljava/lang/String;)Ljava/lang/String;",
            &[jvalue { l: header }],
        )?;
        let stream = if body_in_error_stream(status) {
            c"getErrorStream"
        } else {
            c"getInputStream"
        };
        let input = self.call_object(connection, stream, c"()Ljava/io/InputStream;", &[])?;
        Ok(Response {
            status,
            retry_after_s: retry_after_s(self.string(retry).as_deref()),
            body: self.read_body(input)?,
        })
    }

    /// The body, written with its length known (no chunking).
    unsafe fn send_body(&self, connection: jobject, body: &[u8]) -> Result<(), String> {
        let length = i32::try_from(body.len()).map_err(|_| "the body is too long to send")?;
        self.call_void(
            connection,
            c"setDoOutput",
            c"(Z)V",
            &[jvalue { z: JNI_TRUE }],
        )?;
        self.call_void(
            connection,
            c"setFixedLengthStreamingMode",
            c"(I)V",
            &[jvalue { i: length }],
        )?;
        let f = self.f();
        let bytes = (f.NewByteArray.unwrap())(self.0, length);
        self.checked("no room for the body")?;
        (f.SetByteArrayRegion.unwrap())(self.0, bytes, 0, length, body.as_ptr().cast());
        let output = self.call_object(
            connection,
            c"getOutputStream",
            c"()Ljava/io/OutputStream;",
            &[],
        )?;
        self.call_void(output, c"write", c"([B)V", &[jvalue { l: bytes }])?;
        self.call_void(output, c"close", c"()V", &[])
    }

    /// Everything `input` holds (none for a null stream: an error status without a body), up
    /// to [`MAX_BODY_BYTES`].
    unsafe fn read_body(&self, input: jobject) -> Result<Vec<u8>, String> {
        let mut body = Vec::new();
        if input.is_null() {
            return Ok(body);
        }
        let f = self.f();
        let chunk = (f.NewByteArray.unwrap())(self.0, CHUNK_BYTES);
        self.checked("no room to read the answer")?;
        let mut buffer = vec![0i8; CHUNK_BYTES as usize];
        let read = loop {
            let got = match self.call_int(input, c"read", c"([B)I", &[jvalue { l: chunk }]) {
                Ok(got) => got,
                Err(why) => break Err(format!("the answer broke off: {why}")),
            };
            let Ok(got @ 1..) = usize::try_from(got) else {
                break Ok(());
            };
            (f.GetByteArrayRegion.unwrap())(self.0, chunk, 0, got as i32, buffer.as_mut_ptr());
            body.extend(buffer[..got].iter().map(|&byte| byte as u8));
            if body.len() as u64 > MAX_BODY_BYTES {
                break Err(format!("the answer is over {MAX_BODY_BYTES} bytes"));
            }
        };
        let _ = self.call_void(input, c"close", c"()V", &[]);
        read.map(|()| body)
    }
}
