//! The desktop's [`Transport`]: a worker thread making one blocking request at a time with
//! `ureq` (rustls for HTTPS; plain HTTP for a server on 127.0.0.1), handing each answer back
//! over a channel. The game's frame only ever looks at the channel.

use super::client::Transport;
use super::contract::{Request, Response};
use std::io::Read;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::time::Duration;

/// How long one request may take before it counts as no answer.
const TIMEOUT: Duration = Duration::from_secs(15);
/// The largest body read back (a replay is capped well below it).
const MAX_BODY_BYTES: u64 = 32 << 20;

/// Requests made on a thread of their own.
pub struct ThreadTransport {
    requests: Sender<(String, Request)>,
    answers: Receiver<Result<Response, String>>,
}

impl Default for ThreadTransport {
    fn default() -> Self {
        Self::new()
    }
}

impl ThreadTransport {
    /// Start the worker thread; it ends when the transport is dropped.
    pub fn new() -> Self {
        let (requests, inbox) = channel::<(String, Request)>();
        let (outbox, answers) = channel();
        let agent = ureq::AgentBuilder::new().timeout(TIMEOUT).build();
        std::thread::spawn(move || {
            for (server, request) in inbox {
                if outbox.send(exchange(&agent, &server, &request)).is_err() {
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

/// One request, waited for (on the worker thread).
fn exchange(agent: &ureq::Agent, server: &str, request: &Request) -> Result<Response, String> {
    let url = format!("{server}{}", request.path);
    let mut call = agent.request(request.method, &url);
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
    let retry_after_s = response
        .header("Retry-After")
        .and_then(|text| text.trim().parse::<f64>().ok());
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
