//! A real `latu-server` for the queue tests: started by the test on 127.0.0.1 with a fresh
//! SQLite database in a temp folder (no rate limits), stopped with kill -9 and started again on
//! the same port and database. Found at `LATU_SERVER` or beside the `latu` binary
//! (`cargo build -p latu-server`); without it the tests use the in-test fake and say that the
//! real server's half did not run ([`not_run`], needing [`Need::Online`]).

use crate::not_run::{not_run, Need};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The `latu-server` binary, if built (if not, says the test against it did not run).
pub fn binary() -> Option<PathBuf> {
    let named = std::env::var_os("LATU_SERVER").map(PathBuf::from);
    let beside = Path::new(env!("CARGO_BIN_EXE_latu")).with_file_name("latu-server");
    let found = named.or(Some(beside)).filter(|path| path.is_file());
    if found.is_none() {
        not_run(
            Need::Online,
            "against a real latu-server",
            "latu-server is not built (cargo build -p latu-server)",
        );
    }
    found
}

/// A running `latu-server`.
pub struct RealServer {
    binary: PathBuf,
    database: String,
    child: Option<Child>,
    pub port: u16,
}

impl RealServer {
    /// Start on a free port with a fresh SQLite database in `dir`.
    pub fn start(binary: PathBuf, dir: &Path) -> Self {
        let database = format!("sqlite://{}", dir.join("boards.sqlite3").display());
        let mut server = Self {
            binary,
            database,
            child: None,
            port: 0,
        };
        server.launch();
        server
    }

    fn launch(&mut self) {
        let listen = format!("127.0.0.1:{}", self.port);
        let mut child = Command::new(&self.binary)
            .args(["--listen", &listen, "--database", &self.database])
            .args(["--rate-per-key", "0", "--rate-per-address", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("latu-server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("its first line");
        self.port = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("latu-server did not say where it listens: {line:?}"));
        self.child = Some(child);
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Kill -9 (the database is kept).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Start again on the same port and database.
    pub fn restart(&mut self) {
        self.stop();
        self.launch();
    }
}

impl Drop for RealServer {
    fn drop(&mut self) {
        self.stop();
    }
}
