//! Serving connections so that idle or slow clients cannot lock others out: at most
//! `total` connections at once and `per_address` from one address (more are closed at once), a
//! request's headers within [`HEADER_READ_TIMEOUT`] (also how long a kept-alive connection may
//! wait for its next request), and no connection silent for [`IDLE_TIMEOUT`] in the middle of a
//! request (a body that stops coming, an answer nobody reads). Each of these is told in the log
//! (warnings at most once a second per kind, with a count of the ones in between).

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// A request's headers must arrive within this (slowloris), and a kept-alive connection's next
/// request must begin within it.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// A connection with no byte either way for this long is closed. Longer than the slowest
/// answer: a 10 s body, a 10 s re-play and the database's 3 s.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// How long the listener rests after an accept fails (out of file descriptors).
const ACCEPT_RETRY: Duration = Duration::from_millis(100);
/// At most one warning of a kind this often.
const TELL_EVERY: Duration = Duration::from_secs(1);

/// Connections allowed at once.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub total: usize,
    pub per_address: usize,
}

/// Serve `app` on `listener` within `caps` until the task is dropped.
pub async fn serve(listener: TcpListener, app: Router, caps: Caps) -> io::Result<()> {
    let open = Arc::new(Open::default());
    let told = Arc::new(Told::default());
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                told.accept_failed
                    .warn(|more| format!("cannot accept a connection: {e}{more}"));
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        let slot = match open.admit(peer.ip(), caps) {
            Ok(slot) => slot,
            Err(refusal) => {
                told.refused.warn(|more| {
                    format!(
                        "closed a new connection from {}: {refusal}{more}",
                        peer.ip()
                    )
                });
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service =
            tower::ServiceExt::map_request(app.clone(), move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let told = Arc::clone(&told);
        tokio::spawn(async move {
            let (io, mid_request) = Idle::new(stream);
            let served = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ_TIMEOUT)
                .serve_connection(TokioIo::new(io), TowerToHyperService::new(service))
                .await;
            if let Err(e) = served {
                tell_ended(&told, peer.ip(), &e, mid_request.load(Ordering::Relaxed));
            }
            drop(slot);
        });
    }
}

/// Say why a connection ended early, when it is the server's doing.
fn tell_ended(told: &Told, ip: IpAddr, error: &hyper::Error, mid_request: bool) {
    if error.is_timeout() && mid_request {
        told.slow_headers.warn(|more| {
            format!(
                "closed a connection from {ip}: its request's headers did not arrive within {} s{more}",
                HEADER_READ_TIMEOUT.as_secs()
            )
        });
    } else if error.is_timeout() {
        tracing::debug!("closed an idle kept-alive connection from {ip}");
    } else if is_idle_timeout(error) {
        told.idle.warn(|more| {
            format!(
                "closed a connection from {ip}: nothing came or went for {} s in the middle of a \
                 request{more}",
                IDLE_TIMEOUT.as_secs()
            )
        });
    } else {
        tracing::debug!("a connection from {ip} ended: {error}");
    }
}

fn is_idle_timeout(error: &hyper::Error) -> bool {
    let mut source = std::error::Error::source(error);
    while let Some(e) = source {
        if e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::TimedOut)
        {
            return true;
        }
        source = e.source();
    }
    false
}

/// The connections open now, in all and by address.
#[derive(Default)]
struct Open {
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// One admitted connection: counted until dropped.
struct Slot {
    open: Arc<Open>,
    ip: IpAddr,
}

impl Open {
    fn admit(self: &Arc<Self>, ip: IpAddr, caps: Caps) -> Result<Slot, String> {
        let mut by_address = self.by_address.lock().expect("not poisoned");
        let total: usize = by_address.values().sum();
        if total >= caps.total {
            return Err(format!(
                "{total} connections are open, the most allowed (--max-connections)"
            ));
        }
        let mine = by_address.entry(ip).or_insert(0);
        if *mine >= caps.per_address {
            return Err(format!(
                "that address has {mine} connections open, the most allowed \
                 (--max-connections-per-address)"
            ));
        }
        *mine += 1;
        Ok(Slot {
            open: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut by_address = self.open.by_address.lock().expect("not poisoned");
        if let Some(count) = by_address.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                by_address.remove(&self.ip);
            }
        }
    }
}

/// The kinds of warning, each told at most once every [`TELL_EVERY`].
#[derive(Default)]
struct Told {
    accept_failed: Warning,
    refused: Warning,
    slow_headers: Warning,
    idle: Warning,
}

#[derive(Default)]
struct Warning {
    last: Mutex<Option<std::time::Instant>>,
    /// Occurrences not told since the last warning.
    quiet: AtomicU64,
}

impl Warning {
    /// Warn with `sentence(more)` (`more`: the count left untold since the last one, if any),
    /// unless one was told within [`TELL_EVERY`].
    fn warn(&self, sentence: impl FnOnce(String) -> String) {
        let mut last = self.last.lock().expect("not poisoned");
        if last.is_some_and(|at| at.elapsed() < TELL_EVERY) {
            self.quiet.fetch_add(1, Ordering::Relaxed);
            return;
        }
        *last = Some(std::time::Instant::now());
        let more = match self.quiet.swap(0, Ordering::Relaxed) {
            0 => String::new(),
            n => format!(" (and {n} more like it since the last warning)"),
        };
        tracing::warn!("{}", sentence(more));
    }
}

/// A TCP stream that fails with `TimedOut` once no byte has gone either way for
/// [`IDLE_TIMEOUT`], and tells whether a request has begun (bytes read since the last answer).
struct Idle {
    stream: TcpStream,
    deadline: Pin<Box<Sleep>>,
    mid_request: Arc<AtomicBool>,
}

impl Idle {
    fn new(stream: TcpStream) -> (Self, Arc<AtomicBool>) {
        let mid_request = Arc::new(AtomicBool::new(false));
        let idle = Self {
            stream,
            deadline: Box::pin(tokio::time::sleep(IDLE_TIMEOUT)),
            mid_request: Arc::clone(&mid_request),
        };
        (idle, mid_request)
    }

    fn moved(&mut self) {
        self.deadline.as_mut().reset(Instant::now() + IDLE_TIMEOUT);
    }

    /// `Pending`, unless the connection has been idle too long.
    fn idle_too_long<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the connection was idle too long",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Idle {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.moved();
                    this.mid_request.store(true, Ordering::Relaxed);
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => this.idle_too_long(cx),
            failed => failed,
        }
    }
}

impl AsyncWrite for Idle {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    this.moved();
                    this.mid_request.store(false, Ordering::Relaxed);
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending => this.idle_too_long(cx),
            failed => failed,
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// The file descriptors this process may open (Linux's `/proc/self/limits`), if known.
pub fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}
