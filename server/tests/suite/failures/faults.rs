//! Faults told and survived at the edges: flags no server can run with and databases it must
//! not start on are refused at start (exit 2, one sentence); a damaged SQLite file is named with
//! SQLite's own words last; silent, slow and too many connections are closed and told in the log.

use crate::support::{cheat_row, scratch, Server, SERVER};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long a closed connection may take to be seen closed (above the 10 s header time-out).
const CLOSED_WITHIN: Duration = Duration::from_secs(30);

/// How long a refusing server may take to exit (its integrity check included).
const REFUSES_WITHIN: Duration = Duration::from_secs(60);

/// Start `latu-server` with `args` and expect it to refuse: exit 2; its stderr.
fn refused(args: &[&str]) -> String {
    let dir = scratch("refused");
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = Command::new(SERVER)
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .stdout(std::fs::File::create(&out).expect("a file"))
        .stderr(std::fs::File::create(&err).expect("a file"))
        .spawn()
        .expect("latu-server runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waited") {
            break status;
        }
        if started.elapsed() > REFUSES_WITHIN {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?}: the server started instead of refusing");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    assert!(stdout.is_empty(), "{args:?} never listened: {stdout}");
    stderr
}

/// Its last line.
fn last_line(stderr: &str) -> &str {
    stderr.trim().lines().last().unwrap_or_default()
}

pub fn impossible_flags() {
    let dir = scratch("flags");
    let file = format!("sqlite://{}", dir.join("b.sqlite3").display());
    let cases: [(&[&str], &str); 8] = [
        (&["--workers", "18446744073709551615"], "from 1 to 512"),
        (&["--workers", "0"], "from 1 to 512"),
        (&["--queue", "99999999999"], "from 0 to 65536"),
        (&["--verify-time-limit-s", "0"], "from 1 to 600"),
        (&["--max-connections", "0"], "a whole number"),
        (&["--database", "sqlite://"], "names no file"),
        (&["--database", "sqlite::memory:"], "in-memory"),
        (&["--database", &format!("{file}?mode=memory")], "in-memory"),
    ];
    for (args, says) in cases {
        let stderr = refused(args);
        // clap's sentence is its first line, ours the last.
        cheat_row(
            database_of(args),
            &format!("starting with {}", args.join(" ")),
            "exit 2",
            stderr.trim().lines().next().unwrap_or_default(),
        );
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

/// The database a start's flags name, for the cheat table ("any": a flag of every database).
fn database_of(args: &[&str]) -> &'static str {
    if args.iter().any(|arg| arg.starts_with("sqlite")) {
        "SQLite"
    } else {
        "any"
    }
}

/// Damage the SQLite file at `path`: `bytes` over it from `offset`.
fn damage(path: &Path, offset: u64, bytes: &[u8]) {
    use std::io::{Seek, SeekFrom};
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .expect("the file opens");
    file.seek(SeekFrom::Start(offset)).expect("seek");
    file.write_all(bytes).expect("written");
}

/// A new board file with its tables, whole on disk (its write-ahead log folded in).
async fn new_board_file(path: &Path) {
    let url = format!("sqlite://{}", path.display());
    drop(Server::start(&url, &[]));
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&url)
        .await
        .expect("opened");
    sqlx::raw_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&mut conn)
        .await
        .expect("checkpointed");
    sqlx::Connection::close(conn).await.expect("closed");
}

pub async fn damaged_file() {
    let dir = scratch("damaged");
    let path = dir.join("boards.sqlite3");
    new_board_file(&path).await;
    // Not a database at all: the header overwritten.
    let copy = dir.join("header.sqlite3");
    std::fs::copy(&path, &copy).expect("copied");
    damage(&copy, 0, b"this is not an SQLite file at all");
    let stderr = refused(&["--database", &format!("sqlite://{}", copy.display())]);
    let last = last_line(&stderr);
    cheat_row("SQLite", "a damaged file: its header gone", "exit 2", last);
    assert!(last.contains(&copy.display().to_string()), "{last}");
    assert!(last.ends_with("file is not a database"), "{last}");
    // A table's page overwritten (the second page: the first table after the schema).
    let header = std::fs::read(&path).expect("read");
    let page_size = u64::from(u16::from_be_bytes([header[16], header[17]]));
    damage(&path, page_size, &[0xA5; 64]);
    let stderr = refused(&["--database", &format!("sqlite://{}", path.display())]);
    let last = last_line(&stderr);
    cheat_row(
        "SQLite",
        "a damaged file: a page overwritten",
        "exit 2",
        last,
    );
    assert!(last.contains("is damaged"), "{last}");
    assert!(last.contains("SQLite says: "), "{last}");
}

/// Whether the server closes `stream` (its end, or a reset, after anything it answers) within
/// the bound.
fn closed(stream: &mut TcpStream) -> bool {
    stream
        .set_read_timeout(Some(CLOSED_WITHIN))
        .expect("a timeout");
    let mut buf = [0_u8; 512];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return false
            }
            Err(_) => return true,
        }
    }
}

pub async fn connections() {
    const PER_ADDRESS: usize = 4;
    let dir = scratch("connections");
    let log = dir.join("server.log");
    let url = format!("sqlite://{}", dir.join("b.sqlite3").display());
    let server = Server::start_logging(
        &url,
        &["--max-connections-per-address", &PER_ADDRESS.to_string()],
        Some(&log),
    );
    let started = Instant::now();
    // Silent connections up to the cap, one of them with half a request's headers.
    let mut silent: Vec<TcpStream> = (0..PER_ADDRESS)
        .map(|_| TcpStream::connect(server.addr).expect("connected"))
        .collect();
    silent[0]
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .expect("half a head");
    // One over the cap is closed at once.
    std::thread::sleep(Duration::from_millis(200));
    let mut over = TcpStream::connect(server.addr).expect("accepted by the kernel");
    let _ = over.write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    assert!(closed(&mut over), "a connection over the cap is closed");
    // The silent ones are closed by the header time-out.
    for (n, stream) in silent.iter_mut().enumerate() {
        assert!(closed(stream), "silent connection {n} is closed");
    }
    let waited = started.elapsed();
    // The cap is free again.
    let health = server.health().await;
    assert_eq!(health.status, 200);
    drop(server);
    let told = std::fs::read_to_string(&log).expect("the log");
    for line in told.lines().filter(|line| line.contains("closed")) {
        let line = line.split_once("closed").map_or(line, |(_, told)| told);
        cheat_row(
            "any",
            "idle, slow and too many connections",
            "closed",
            &format!("the log: closed{line}"),
        );
    }
    eprintln!("after {:.1} s, the log says:\n{told}", waited.as_secs_f64());
    assert!(
        told.contains("that address has 4 connections open"),
        "the cap is told: {told}"
    );
    assert!(
        told.contains("headers did not arrive within 10 s"),
        "the slow headers are told: {told}"
    );
}
