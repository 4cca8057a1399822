//! A test that needs what a machine may lack says in one line that it did not run, and why, and
//! passes as not run; when `LATU_REQUIRED_TESTS` lists what it needs (or says `all`, as `.ci/run`
//! does) it fails instead. The one copy of that rule for the game's test crates and the server's
//! suite (each includes this file by `#[path]`); the browser tests read the same variable
//! (`web/test/page.py`). README.md's "Tests and CI" lists the needs.

// Each test crate that includes this file meets only some of the needs.
#![allow(dead_code)]

use std::io::Write;

/// The variable listing what this machine must have: needs separated by commas, or `all`.
pub const VARIABLE: &str = "LATU_REQUIRED_TESTS";
/// The value of [`VARIABLE`] that requires every need.
const ALL: &str = "all";

/// What a test needs that a machine may lack, listed in [`VARIABLE`] by its [`Need::name`].
#[derive(Clone, Copy, Debug)]
pub enum Need {
    /// A display, or `xvfb-run` (the window tests).
    Window,
    /// A command or a privilege: python3, mkfifo, chattr, mknod and mount (root).
    Tools,
    /// A built `latu-server` (`cargo build -p latu-server`) to play against.
    Online,
    /// A throwaway PostgreSQL cluster the server's suite can start (`initdb`, `pg_ctl`).
    Postgres,
    /// Debian's `haproxy`, in front of several servers (`deploy/`).
    Haproxy,
}

impl Need {
    /// The need's name in [`VARIABLE`].
    pub const fn name(self) -> &'static str {
        match self {
            Self::Window => "window",
            Self::Tools => "tools",
            Self::Online => "online",
            Self::Postgres => "postgres",
            Self::Haproxy => "haproxy",
        }
    }

    /// Whether tests with this need must run here (a failure when they cannot).
    pub fn required(self) -> bool {
        std::env::var(VARIABLE).is_ok_and(|listed| {
            listed
                .split(',')
                .map(str::trim)
                .any(|named| named == ALL || named == self.name())
        })
    }
}

/// Says that `test` did not run because of `why` (straight to the process's stderr: the test
/// harness swallows a passing test's output), or fails when `need` is required.
pub fn not_run(need: Need, test: &str, why: &str) {
    assert!(
        !need.required(),
        "`{test}` must run ({VARIABLE} requires {}) but cannot: {why}",
        need.name()
    );
    let _ = writeln!(
        std::io::stderr(),
        "test `{test}` did not run ({}): {why}",
        need.name()
    );
}
