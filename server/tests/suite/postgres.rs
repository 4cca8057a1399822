//! A throwaway PostgreSQL cluster for the suite: `initdb` in a temp directory, `pg_ctl` on
//! 127.0.0.1 and a free port (run as the `postgres` user when the tests run as root), stopped and
//! removed when dropped. A cluster that cannot start is a test that did not run, needing
//! [`Need::Postgres`] ([`not_run`]: a failure where that is required).

use super::not_run::{not_run, Need};
use super::support::Databases;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// The user clusters are run as when the tests run as root (PostgreSQL refuses root).
const POSTGRES_USER: &str = "postgres";
/// The cluster's superuser (trusted on 127.0.0.1 only).
const SUPERUSER: &str = "latu";

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_user: Option<&'static str>,
    next: AtomicU32,
}

/// A cluster, or `None` when none could start: `what` did not run (a failure when required).
pub fn cluster_or_skip(what: &str) -> Option<Cluster> {
    Cluster::start()
        .map_err(|why| not_run(Need::Postgres, what, &why))
        .ok()
}

/// The directory of `initdb` and `pg_ctl`: on PATH, else Debian's versioned one.
fn postgres_bin() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|bin| bin.join("initdb").is_file())
            .collect();
        versions.sort();
        versions.pop()
    })
}

fn free_port() -> Result<u16, String> {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Cluster {
    fn start() -> Result<Self, String> {
        let bin = postgres_bin().ok_or(
            "no initdb/pg_ctl found (on PATH or in /usr/lib/postgresql/*/bin): install Debian's \
             postgresql",
        )?;
        let as_user = is_root().then_some(POSTGRES_USER);
        let dir =
            std::env::temp_dir().join(format!("latu-pg-{}-{}", std::process::id(), free_port()?));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        if let Some(user) = as_user {
            run(Command::new("chown").arg(user).arg(&dir), "chown")?;
        }
        let cluster = Self {
            port: free_port()?,
            dir,
            bin,
            as_user,
            next: AtomicU32::new(0),
        };
        let data = cluster.data();
        cluster.run_pg(
            "initdb",
            &[
                "-D",
                &data,
                "-A",
                "trust",
                "-U",
                SUPERUSER,
                "--no-sync",
                "-E",
                "UTF8",
            ],
        )?;
        cluster.pg_ctl_start()?;
        Ok(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// Start (or restart after [`Cluster::stop`]) the server, waiting until it answers.
    pub fn pg_ctl_start(&self) -> Result<(), String> {
        let options = format!(
            "-h 127.0.0.1 -p {} -k {} -c fsync=off -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("postgres.log").display().to_string();
        self.run_pg(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-o",
                &options,
                "-l",
                &log,
                "-w",
                "-t",
                "60",
                "start",
            ],
        )
    }

    /// Stop the server at once (its clients see the database go away).
    pub fn stop(&self) -> Result<(), String> {
        self.run_pg(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        )
    }

    fn run_pg(&self, tool: &str, args: &[&str]) -> Result<(), String> {
        let program = self.bin.join(tool);
        let mut command = match self.as_user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.arg("-u").arg(user).arg("--").arg(&program);
                c
            }
            None => Command::new(&program),
        };
        command.args(args).current_dir(&self.dir);
        run(&mut command, tool)
    }

    /// A fresh database whose tables live in `dir` (a tablespace there, owned by the cluster's
    /// user): its catalog and log stay on the cluster's own disk, so a small `dir` fills up
    /// with the tables' rows alone.
    pub fn fresh_on(&self, dir: &Path, name: &str) -> Result<String, String> {
        if let Some(user) = self.as_user {
            run(Command::new("chown").arg(user).arg(dir), "chown")?;
        }
        let url = self.fresh(name);
        let database = url.rsplit('/').next().unwrap_or_default().to_owned();
        let tablespace = format!("{database}_space");
        let statements = [
            format!(
                "CREATE TABLESPACE {tablespace} LOCATION '{}'",
                dir.display()
            ),
            format!("ALTER DATABASE {database} SET default_tablespace = {tablespace}"),
        ];
        for statement in statements {
            let psql = self.bin.join("psql");
            let psql = if psql.is_file() { psql } else { "psql".into() };
            run(
                Command::new(psql)
                    .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U"])
                    .args([SUPERUSER, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-c"])
                    .arg(&statement),
                "psql",
            )?;
        }
        Ok(url)
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://{SUPERUSER}@127.0.0.1:{}/{database}", self.port)
    }
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let output = command
        .output()
        .map_err(|e| format!("{what} cannot run: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

impl Databases for Cluster {
    fn label(&self) -> &'static str {
        "PostgreSQL"
    }

    fn fresh(&self, name: &str) -> String {
        let database = format!(
            "{}_{}",
            name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
            self.next.fetch_add(1, Ordering::SeqCst)
        );
        let createdb = self.bin.join("createdb");
        let createdb = if createdb.is_file() {
            createdb
        } else {
            Path::new("createdb").to_path_buf()
        };
        run(
            Command::new(createdb)
                .args([
                    "-h",
                    "127.0.0.1",
                    "-p",
                    &self.port.to_string(),
                    "-U",
                    SUPERUSER,
                ])
                .arg(&database),
            "createdb",
        )
        .expect("a fresh database");
        self.url(&database)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self.stop();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
