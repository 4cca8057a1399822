//! Android's [`Exchange`]: the system's own `java.net.HttpURLConnection` through the `jni` crate
//! (checked calls: each method's signature is checked when the game is compiled, its arguments
//! against it when called), on the transport's worker thread (Android refuses network calls on
//! the main thread). HTTPS goes through the system's TLS and certificate store; no TLS or
//! certificates are bundled. Plain HTTP goes only to the hosts the APK's network security config
//! allows, and the game says so before it asks ([`cleartext_refusal`]).
//!
//! The Java VM is found once from the thread that makes the transport (the game's, which
//! miniquad attached); the worker attaches itself through `jni`, which detaches it as the
//! thread ends (a thread ending attached aborts the app). Each request runs in a local frame of
//! its own, so a long-lived worker never piles up local references. Every Java exception is
//! caught, cleared and turned into a sentence: its class and its message, as `toString()` says.

use crate::online::http::{
    body_in_error_stream, cleartext_refusal, retry_after_s, Exchange, MAX_BODY_BYTES, TIMEOUT,
};
use crate::online::{Request, Response};
use jni::errors::Error;
use jni::objects::{JByteArray, JObject, JString};
use jni::signature::MethodSignature;
use jni::strings::JNIStr;
use jni::{jni_sig, jni_str, AttachGuard, Env, JValue, JValueOwned, JavaVM};
use macroquad::miniquad::native::android::attach_jni_env;

/// Local references one request may hold at once (JNI guarantees 16 without asking).
const LOCAL_REFS: usize = 64;
/// Bytes read from the answer at a time.
const CHUNK_BYTES: usize = 16 * 1024;

/// HTTP through the system's stack, on the worker thread.
pub struct SystemHttp {
    /// The app's Java VM, or why it could not be found (each request then says so).
    vm: Result<JavaVM, String>,
}

impl SystemHttp {
    /// The system's HTTP through the Java VM of the calling thread, which miniquad has attached
    /// (the game's thread: make this there, then move it to the worker).
    pub fn from_game_thread() -> Self {
        // SAFETY: miniquad keeps the VM for the app's lifetime and attaches this thread (a no-op
        // when it already is); the guard lives on this stack frame only and does not own the
        // attachment, so dropping it leaves miniquad's thread attached.
        let vm = unsafe {
            let mut guard = AttachGuard::from_unowned(attach_jni_env().cast());
            guard.borrow_env_mut().get_java_vm()
        };
        Self {
            vm: vm.map_err(|error| format!("the system's HTTP cannot be reached: {error}")),
        }
    }
}

impl Exchange for SystemHttp {
    fn exchange(&mut self, server: &str, request: &Request) -> Result<Response, String> {
        let url = format!("{server}{}", request.path);
        if let Some(why) = cleartext_refusal(&url) {
            return Err(why);
        }
        let vm = self.vm.as_ref().map_err(Clone::clone)?;
        // Attached once for the worker's life (`jni` detaches it as the thread ends); every
        // reference made in the frame goes with it (the answer is copied into Rust first).
        vm.attach_current_thread(|env| {
            env.with_local_frame(LOCAL_REFS, |env| send(env, &url, request))
        })
        .map_err(|Failure(why)| why)
    }
}

/// Why a request failed, in a sentence.
struct Failure(String);

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Self(said(error, "the system's HTTP failed"))
    }
}

/// An error as a sentence: a Java exception as its class and message, anything else after
/// `what` was being done.
fn said(error: Error, what: &str) -> String {
    match error {
        Error::CaughtJavaException { name, msg, .. } if msg.is_empty() => name,
        Error::CaughtJavaException { name, msg, .. } => format!("{name}: {msg}"),
        other => format!("{what}: {other}"),
    }
}

/// `act` on `env`; its error (a pending Java exception caught and cleared first) as a
/// [`Failure`] saying `what` was being done.
fn attempt<'local, T>(
    env: &mut Env<'local>,
    what: &str,
    act: impl FnOnce(&mut Env<'local>) -> jni::errors::Result<T>,
) -> Result<T, Failure> {
    act(env).map_err(|error| {
        let error = match error {
            Error::JavaException => env.exception_catch().err().unwrap_or(error),
            other => other,
        };
        Failure(said(error, what))
    })
}

/// `object.name(args)`, checked against `signature`.
fn call<'local, 'sig, 'args>(
    env: &mut Env<'local>,
    object: &JObject,
    name: &JNIStr,
    signature: impl AsRef<MethodSignature<'sig, 'args>>,
    args: &[JValue],
) -> Result<JValueOwned<'local>, Failure> {
    attempt(env, &format!("{name} failed"), |env| {
        env.call_method(object, name, signature, args)
    })
}

/// `new URL(url).openConnection()`, set up, sent and read back.
fn send(env: &mut Env, url: &str, request: &Request) -> Result<Response, Failure> {
    let text = attempt(env, "the address cannot be passed on", |env| {
        env.new_string(url)
    })?;
    let address = attempt(env, &format!("{url} is not a URL"), |env| {
        env.new_object(
            jni_str!("java/net/URL"),
            jni_sig!("(Ljava/lang/String;)V"),
            &[JValue::Object(&text)],
        )
    })?;
    let connection = call(
        env,
        &address,
        jni_str!("openConnection"),
        jni_sig!("()Ljava/net/URLConnection;"),
        &[],
    )?
    .l()?;
    let answer = exchange(env, &connection, request);
    // Whatever happened, the connection is let go (its socket may be reused).
    let _ = call(
        env,
        &connection,
        jni_str!("disconnect"),
        jni_sig!("()V"),
        &[],
    );
    answer
}

/// The request on `connection` (method, headers, body) and its answer.
fn exchange(env: &mut Env, connection: &JObject, request: &Request) -> Result<Response, Failure> {
    set_up(env, connection, request)?;
    if request.method == "POST" {
        send_body(env, connection, &request.body)?;
    }
    let status = call(
        env,
        connection,
        jni_str!("getResponseCode"),
        jni_sig!("()I"),
        &[],
    )?
    .i()?;
    let status = u16::try_from(status)
        .map_err(|_| Failure("the server's answer has no status".to_owned()))?;
    let retry = retry_after(env, connection)?;
    let stream = if body_in_error_stream(status) {
        jni_str!("getErrorStream")
    } else {
        jni_str!("getInputStream")
    };
    let input = call(
        env,
        connection,
        stream,
        jni_sig!("()Ljava/io/InputStream;"),
        &[],
    )?
    .l()?;
    Ok(Response {
        status,
        retry_after_s: retry_after_s(retry.as_deref()),
        body: read_body(env, &input)?,
    })
}

/// Time-outs, no redirects, the method and the headers, set on `connection`.
fn set_up(env: &mut Env, connection: &JObject, request: &Request) -> Result<(), Failure> {
    let timeout_ms = JValue::Int(i32::try_from(TIMEOUT.as_millis()).unwrap_or(i32::MAX));
    let set_int = jni_sig!("(I)V");
    call(
        env,
        connection,
        jni_str!("setConnectTimeout"),
        &set_int,
        &[timeout_ms],
    )?;
    call(
        env,
        connection,
        jni_str!("setReadTimeout"),
        &set_int,
        &[timeout_ms],
    )?;
    // Never followed, as on every platform: a write's key goes only to the address set.
    call(
        env,
        connection,
        jni_str!("setInstanceFollowRedirects"),
        jni_sig!("(Z)V"),
        &[JValue::Bool(false)],
    )?;
    let method = attempt(env, "the method", |env| env.new_string(request.method))?;
    call(
        env,
        connection,
        jni_str!("setRequestMethod"),
        jni_sig!("(Ljava/lang/String;)V"),
        &[JValue::Object(&method)],
    )?;
    for (name, value) in &request.headers {
        let name = attempt(env, "a header", |env| env.new_string(name))?;
        let value = attempt(env, "a header", |env| env.new_string(value))?;
        call(
            env,
            connection,
            jni_str!("setRequestProperty"),
            jni_sig!("(Ljava/lang/String;Ljava/lang/String;)V"),
            &[JValue::Object(&name), JValue::Object(&value)],
        )?;
    }
    Ok(())
}

/// The answer's `Retry-After` header, if it has one.
fn retry_after(env: &mut Env, connection: &JObject) -> Result<Option<String>, Failure> {
    let header = attempt(env, "a header", |env| env.new_string("Retry-After"))?;
    let value = call(
        env,
        connection,
        jni_str!("getHeaderField"),
        jni_sig!("(Ljava/lang/String;)Ljava/lang/String;"),
        &[JValue::Object(&header)],
    )?
    .l()?;
    if value.is_null() {
        return Ok(None);
    }
    let value = attempt(env, "a header", |env| env.cast_local::<JString>(value))?;
    Ok(Some(attempt(env, "a header", |env| {
        value.try_to_string(env)
    })?))
}

/// The body, written with its length known (no chunking).
fn send_body(env: &mut Env, connection: &JObject, body: &[u8]) -> Result<(), Failure> {
    let length = i32::try_from(body.len())
        .map_err(|_| Failure("the body is too long to send".to_owned()))?;
    call(
        env,
        connection,
        jni_str!("setDoOutput"),
        jni_sig!("(Z)V"),
        &[JValue::Bool(true)],
    )?;
    call(
        env,
        connection,
        jni_str!("setFixedLengthStreamingMode"),
        jni_sig!("(I)V"),
        &[JValue::Int(length)],
    )?;
    let bytes = attempt(env, "no room for the body", |env| {
        let bytes = JByteArray::new(env, body.len())?;
        let signed: Vec<i8> = body.iter().map(|&byte| byte as i8).collect();
        bytes.set_region(env, 0, &signed)?;
        Ok(bytes)
    })?;
    let output = call(
        env,
        connection,
        jni_str!("getOutputStream"),
        jni_sig!("()Ljava/io/OutputStream;"),
        &[],
    )?
    .l()?;
    call(
        env,
        &output,
        jni_str!("write"),
        jni_sig!("([B)V"),
        &[JValue::Object(&bytes)],
    )?;
    call(env, &output, jni_str!("close"), jni_sig!("()V"), &[])?;
    Ok(())
}

/// Everything `input` holds (none for a null stream: an error status without a body), up to
/// [`MAX_BODY_BYTES`].
fn read_body(env: &mut Env, input: &JObject) -> Result<Vec<u8>, Failure> {
    let mut body = Vec::new();
    if input.is_null() {
        return Ok(body);
    }
    let chunk = attempt(env, "no room to read the answer", |env| {
        JByteArray::new(env, CHUNK_BYTES)
    })?;
    let mut buffer = vec![0i8; CHUNK_BYTES];
    let read = loop {
        let got = match call(
            env,
            input,
            jni_str!("read"),
            jni_sig!("([B)I"),
            &[JValue::Object(&chunk)],
        )
        .and_then(|got| Ok(got.i()?))
        {
            Ok(got) => got,
            Err(Failure(why)) => break Err(Failure(format!("the answer broke off: {why}"))),
        };
        let Ok(got @ 1..) = usize::try_from(got) else {
            break Ok(());
        };
        if let Err(failure) = attempt(env, "the answer", |env| {
            chunk.get_region(env, 0, &mut buffer[..got])
        }) {
            break Err(failure);
        }
        body.extend(buffer[..got].iter().map(|&byte| byte as u8));
        if body.len() as u64 > MAX_BODY_BYTES {
            break Err(Failure(format!(
                "the answer is over {MAX_BODY_BYTES} bytes"
            )));
        }
    };
    let _ = call(env, input, jni_str!("close"), jni_sig!("()V"), &[]);
    read.map(|()| body)
}
