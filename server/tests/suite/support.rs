//! Starting a `latu-server` process for a test (127.0.0.1, a free port, a temp database) and
//! the databases it runs on: a fresh SQLite file always, a throwaway PostgreSQL cluster when
//! one can be started.

use latu_server::client::{Connection, Player, RawResponse};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

pub const SERVER: &str = env!("CARGO_BIN_EXE_latu-server");

/// A scratch directory under the target's temp dir, new for each call.
pub fn scratch(name: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "suite-{}-{name}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A running server process, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Server {
    /// Start `latu-server` on `database` with `extra` arguments (no rate limits unless given).
    pub fn start(database: &str, extra: &[&str]) -> Self {
        Self::start_logging(database, extra, None)
    }

    /// [`Server::start`], or why it did not come up (its stderr is the test's).
    pub fn try_start(database: &str, extra: &[&str]) -> Result<Self, String> {
        Self::try_start_logging(database, extra, None)
    }

    /// [`Server::start`], its stderr written to `log` (to look for panics afterwards).
    pub fn start_logging(database: &str, extra: &[&str], log: Option<&Path>) -> Self {
        Self::try_start_logging(database, extra, log).unwrap_or_else(|why| panic!("{why}"))
    }

    fn try_start_logging(
        database: &str,
        extra: &[&str],
        log: Option<&Path>,
    ) -> Result<Self, String> {
        let mut args = vec!["--listen", "127.0.0.1:0", "--database", database];
        for limit in ["--rate-per-key", "--rate-per-address"] {
            if !extra.contains(&limit) {
                args.extend([limit, "0"]);
            }
        }
        args.extend_from_slice(extra);
        let mut child = Command::new(SERVER)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(match log {
                Some(path) => Stdio::from(std::fs::File::create(path).expect("a log file")),
                None => Stdio::inherit(),
            })
            .spawn()
            .expect("latu-server starts");
        let stdout = child.stdout.take().expect("piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the first line");
        let addr = line
            .trim()
            .rsplit("http://")
            .next()
            .and_then(|a| a.parse().ok());
        match addr {
            Some(addr) => Ok(Self { child, addr }),
            None => {
                let _ = child.kill();
                let exit = child.wait().map(|s| s.to_string()).unwrap_or_default();
                Err(format!(
                    "latu-server did not say where it listens ({exit}; its stderr is above): \
                     {line:?}"
                ))
            }
        }
    }

    pub async fn connect(&self) -> Connection {
        Connection::open(self.addr).await.expect("connected")
    }

    /// `GET /healthz` on a new connection: the server's answer.
    pub async fn health(&self) -> RawResponse {
        self.connect()
            .await
            .send("GET", "/healthz", &[], b"")
            .await
            .expect("answered")
    }

    /// Kill -9.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One row of issue #43's cheat table, printed with `--nocapture` in one stable form on every
/// database (`cargo test -p latu-server --test suite -- --nocapture 2>&1 | grep '^cheat |'`,
/// server/README.md): the database (or "any" where none is involved), what was tried, the
/// status (or what happened) and the sentence answered.
pub fn cheat_row(database: &str, what: &str, status: impl std::fmt::Display, sentence: &str) {
    let sentence = sentence.replace('\n', " ");
    eprintln!("cheat | {database} | {what} | {status} | {sentence}");
}

/// [`cheat_row`] of a server's answer.
pub fn cheat_answer(database: &str, what: &str, response: &RawResponse) {
    cheat_row(
        database,
        what,
        response.status,
        &response.error().unwrap_or_default(),
    );
}

/// `GET /v1/boards/{board}` on `conn`: the page, as JSON.
pub async fn board(conn: &mut Connection, board: &str) -> serde_json::Value {
    conn.send("GET", &format!("/v1/boards/{board}"), &[], b"")
        .await
        .expect("answered")
        .json()
}

/// `player` sends `run` as theirs, and it must be ranked (201): the answer.
pub async fn ranked(
    conn: &mut Connection,
    player: &Player,
    run: &[u8],
    label: &str,
) -> RawResponse {
    let response = player.submit(conn, run).await.expect("answered");
    assert_eq!(response.status, 201, "{label}: {:?}", response.error());
    response
}

/// `player` sends `run`, someone else's (a copy, the bot's): it must be refused with `status`
/// and a sentence holding `says`; its row of the cheat table is printed as `what`.
pub async fn refused(
    conn: &mut Connection,
    player: &Player,
    run: &[u8],
    (label, what): (&str, &str),
    (status, says): (u16, &str),
) {
    let response = player.submit(conn, run).await.expect("answered");
    cheat_answer(label, what, &response);
    assert_eq!(
        response.status,
        status,
        "{label}: {what}: {:?}",
        response.error()
    );
    assert!(
        response.error().is_some_and(|e| e.contains(says)),
        "{label}: {what}: {:?} lacks {says:?}",
        response.error()
    );
}

/// A player with a name, registered on `conn`'s server.
pub async fn named_player(conn: &mut Connection, number: u64, name: &str) -> Player {
    let player = Player::from_number(number);
    let response = player.register(conn, name).await.expect("registered");
    assert_eq!(response.status, 201, "{:?}", response.error());
    player
}

/// Where the databases of one suite run come from.
pub trait Databases {
    /// Which database this is, for messages.
    fn label(&self) -> &'static str;
    /// The URL of a new, empty database.
    fn fresh(&self, name: &str) -> String;
}

/// A fresh SQLite file each time.
pub struct Sqlite;

impl Databases for Sqlite {
    fn label(&self) -> &'static str {
        "SQLite"
    }

    fn fresh(&self, name: &str) -> String {
        format!(
            "sqlite://{}",
            scratch(name).join("boards.sqlite3").display()
        )
    }
}
