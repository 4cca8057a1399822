//! The [`Transport`] of a desktop and a phone: a worker thread making one blocking request at a
//! time, handing each answer back over a channel. The game's frame only ever looks at the
//! channel. What carries a request is the platform's [`Exchange`]: on a desktop `ureq` (rustls
//! for HTTPS; plain HTTP for a server on 127.0.0.1), on Android the system's own HTTP stack
//! through JNI (the window's platform glue).

use super::client::Transport;
use super::contract::{Request, Response};
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::Duration;

/// How long one request may take before it counts as no answer.
pub const TIMEOUT: Duration = Duration::from_secs(15);
/// The largest body read back (a replay is capped well below it).
pub const MAX_BODY_BYTES: u64 = 32 << 20;

/// Carries one request and waits for its answer (on the worker thread).
pub trait Exchange {
    /// `request` to the server at `server`: its answer, or why none came.
    fn exchange(&mut self, server: &str, request: &Request) -> Result<Response, String>;
}

/// Requests made on a thread of their own.
pub struct ThreadTransport {
    requests: Sender<(String, Request)>,
    answers: Receiver<Result<Response, String>>,
}

#[cfg(not(target_os = "android"))]
impl Default for ThreadTransport {
    fn default() -> Self {
        Self::new()
    }
}

impl ThreadTransport {
    /// The desktop's: `ureq` on a worker thread that ends when the transport is dropped.
    /// Redirects are never followed (as on every platform): a write's key goes only to the
    /// address the player set, and a move is told as an address that is no leaderboard.
    #[cfg(not(target_os = "android"))]
    pub fn new() -> Self {
        Self::on_thread(|| {
            Ureq(
                ureq::AgentBuilder::new()
                    .timeout(TIMEOUT)
                    .redirects(0)
                    .build(),
            )
        })
    }

    /// A worker thread whose requests go through the [`Exchange`] `make` returns there (made on
    /// the worker, as a phone's JNI needs); the thread ends when the transport is dropped.
    pub fn on_thread<E: Exchange>(make: impl FnOnce() -> E + Send + 'static) -> Self {
        let (requests, inbox) = channel::<(String, Request)>();
        let (outbox, answers) = channel();
        std::thread::spawn(move || {
            let mut carrier = make();
            for (server, request) in inbox {
                if outbox.send(carrier.exchange(&server, &request)).is_err() {
                    break;
                }
            }
        });
        Self { requests, answers }
    }
}

impl Transport for ThreadTransport {
    fn start(&mut self, server: &str, request: Request) {
        // The worker lives as long as the transport: a send fails only if it panicked, and
        // `poll` then says so.
        let _ = self.requests.send((server.to_owned(), request));
    }

    fn poll(&mut self) -> Option<Result<Response, String>> {
        match self.answers.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err("the network thread stopped".to_owned())),
        }
    }
}

/// A `Retry-After` header's seconds (the delay form; a date is not read).
pub fn retry_after_s(header: Option<&str>) -> Option<f64> {
    header.and_then(|text| text.trim().parse::<f64>().ok())
}

/// The desktop's exchange: `ureq`.
#[cfg(not(target_os = "android"))]
struct Ureq(ureq::Agent);

#[cfg(not(target_os = "android"))]
impl Exchange for Ureq {
    fn exchange(&mut self, server: &str, request: &Request) -> Result<Response, String> {
        use std::io::Read;
        let url = format!("{server}{}", request.path);
        let mut call = self.0.request(request.method, &url);
        for (name, value) in &request.headers {
            call = call.set(name, value);
        }
        let answered = if request.method == "POST" {
            call.send_bytes(&request.body)
        } else {
            call.call()
        };
        let response = match answered {
            Ok(response) | Err(ureq::Error::Status(_, response)) => response,
            Err(ureq::Error::Transport(error)) => return Err(error.to_string()),
        };
        let status = response.status();
        let retry_after_s = retry_after_s(response.header("Retry-After"));
        let mut body = Vec::new();
        response
            .into_reader()
            .take(MAX_BODY_BYTES)
            .read_to_end(&mut body)
            .map_err(|e| format!("the answer from {url} broke off: {e}"))?;
        Ok(Response {
            status,
            retry_after_s,
            body,
        })
    }
}

/// The hosts a phone may reach over plain HTTP (a developer's server through
/// `adb reverse`, the emulator's host); everywhere else only HTTPS. The same list is the APK's
/// network security config (`android/res/xml/network_security_config.xml`).
pub const CLEARTEXT_HOSTS: [&str; 3] = ["127.0.0.1", "localhost", "10.0.2.2"];

/// Why a phone will not send to `url` over plain HTTP (it is not one of [`CLEARTEXT_HOSTS`]);
/// `None` when it may (HTTPS, or plain HTTP to one of them).
pub fn cleartext_refusal(url: &str) -> Option<String> {
    let rest = url.strip_prefix("http://")?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = match authority.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => host,
        _ => authority,
    };
    (!CLEARTEXT_HOSTS.contains(&host.to_ascii_lowercase().as_str())).then(|| {
        format!(
            "{url} is plain HTTP: a phone sends to a server only over HTTPS (plain HTTP only to \
             {} or {})",
            CLEARTEXT_HOSTS[..CLEARTEXT_HOSTS.len() - 1].join(", "),
            CLEARTEXT_HOSTS[CLEARTEXT_HOSTS.len() - 1]
        )
    })
}

/// Which of a connection's streams holds the body of an answer with `status`: Java's
/// `HttpURLConnection` gives a 4xx or 5xx body only through its error stream.
pub fn body_in_error_stream(status: u16) -> bool {
    status >= 400
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_http_only_to_the_hosts_the_phone_allows() {
        for allowed in [
            "https://boards.latu.example/v1/today",
            "http://127.0.0.1:8787/v1/today",
            "http://localhost/v1/boards/endless?limit=10",
            "http://LOCALHOST:80",
            "http://10.0.2.2:8787",
        ] {
            assert_eq!(cleartext_refusal(allowed), None, "{allowed}");
        }
        for refused in [
            "http://192.168.1.20:8787/v1/today",
            "http://boards.latu.example/v1/runs",
            "http://127.0.0.1.evil.example/v1/runs",
            "http://localhost@evil.example/v1/runs",
        ] {
            let said = cleartext_refusal(refused).expect(refused);
            assert!(
                said.starts_with(refused) && said.contains("only over HTTPS"),
                "{said}"
            );
        }
    }

    #[test]
    fn the_apk_allows_plain_http_to_the_same_hosts() {
        let config = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/android/res/xml/network_security_config.xml"
        ))
        .expect("the APK's network security config");
        let domains: Vec<&str> = config
            .split("<domain ")
            .skip(1)
            .filter_map(|rest| rest.split_once('>')?.1.split_once('<'))
            .map(|(domain, _)| domain)
            .collect();
        assert_eq!(domains, CLEARTEXT_HOSTS);
        assert!(config.contains(r#"<base-config cleartextTrafficPermitted="false""#));
    }

    #[test]
    fn an_error_status_is_read_from_the_error_stream() {
        assert!(!body_in_error_stream(200) && !body_in_error_stream(201));
        assert!(body_in_error_stream(409) && body_in_error_stream(503));
    }

    #[test]
    fn retry_after_reads_seconds() {
        assert_eq!(retry_after_s(Some(" 30 ")), Some(30.0));
        assert_eq!(retry_after_s(Some("Fri, 04 Dec 2026 10:00:00 GMT")), None);
        assert_eq!(retry_after_s(None), None);
    }
}
