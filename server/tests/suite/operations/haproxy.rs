//! `deploy/` as it runs: HAProxy with `deploy/haproxy.cfg` (unchanged; addresses from the
//! environment) in front of three servers started together on one PostgreSQL. Runs go through
//! HAProxy while one server is killed -9; afterwards every run answered 200/201 is on its board
//! as submitted, and the two survivors serve the same board. Needs Debian's `haproxy`: without
//! it the test says it did not run, needing [`Need::Haproxy`] ([`not_run`]).

use super::together::{start_together, SERVERS};
use crate::not_run::{not_run, Need};
use crate::postgres::cluster_or_skip;
use crate::runs::l1;
use crate::support::{named_player, Server};
use latu_server::client::{Connection, Player, RawResponse};
use serde_json::Value;
use std::collections::BTreeMap;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The balancer's configuration, as deployed.
const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/haproxy.cfg");
/// Players, each sending one run (at most a board's page, so one read lists them all).
const PLAYERS: usize = 90;
/// Clients sending at once through HAProxy (enough that the kill finds some in flight).
const CLIENTS: usize = 12;
/// Runs answered before one server is killed -9.
const KILL_AFTER: usize = 30;
/// Times a client sends a run again after no answer or a 5xx, as the game's queue does.
const RESENDS: usize = 4;
/// The whole exchange stops by itself after this long.
const DEADLINE: Duration = Duration::from_secs(300);
/// deploy/haproxy.cfg's requests a minute per address.
const RATE_PER_ADDRESS: usize = 1200;
/// How long HAProxy and the survivors get to settle (health checks, the 1 s board copy).
const SETTLE: Duration = Duration::from_secs(15);

/// Debian's `haproxy`, or why there is none.
fn haproxy() -> Result<PathBuf, String> {
    let on_path = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join("haproxy"))
            .find(|bin| bin.is_file())
    });
    on_path
        .or_else(|| Some(PathBuf::from("/usr/sbin/haproxy")).filter(|bin| bin.is_file()))
        .ok_or_else(|| "no haproxy on PATH or in /usr/sbin: apt-get install haproxy".to_string())
}

/// HAProxy in the foreground (`-db`), killed when dropped.
struct Balancer {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl Balancer {
    fn start(bin: &Path, servers: &[SocketAddr], log: &Path) -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let mut command = Command::new(bin);
        command
            .args(["-db", "-f", CONFIG])
            .env("LATU_LISTEN", addr.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::from(std::fs::File::create(log).expect("a log")));
        for (n, server) in servers.iter().enumerate() {
            command.env(format!("LATU_SERVER_{}", n + 1), server.to_string());
        }
        let child = command.spawn().expect("haproxy starts");
        Self {
            child,
            addr,
            log: log.to_path_buf(),
        }
    }

    /// Wait until HAProxy answers /healthz through a server (bounded).
    async fn ready(&mut self) {
        let started = Instant::now();
        loop {
            if let Ok(Some(exit)) = self.child.try_wait() {
                let log = std::fs::read_to_string(&self.log).unwrap_or_default();
                panic!("haproxy stopped ({exit}):\n{log}");
            }
            if let Ok(mut conn) = Connection::open(self.addr).await {
                if let Ok(response) = conn.send("GET", "/healthz", &[], b"").await {
                    if response.status == 200 {
                        return;
                    }
                }
            }
            assert!(started.elapsed() < SETTLE, "HAProxy did not come up");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Balancer {
    /// HAProxy's log so far (one line a request).
    fn log_lines(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the clients saw.
#[derive(Default)]
struct Tally {
    /// Player key → (run id answered, the bytes sent).
    answered: BTreeMap<String, (i64, Vec<u8>)>,
    /// Answers after the kill.
    answered_after_kill: usize,
    /// Sends that got no answer or a 5xx (sent again).
    unanswered: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_servers_behind_haproxy_survive_a_kill_on_postgres() {
    const WHAT: &str = "three_servers_behind_haproxy_survive_a_kill_on_postgres";
    let bin = match haproxy() {
        Ok(bin) => bin,
        Err(why) => return not_run(Need::Haproxy, WHAT, &why),
    };
    let Some(cluster) = cluster_or_skip(WHAT) else {
        return not_run(Need::Haproxy, WHAT, "PostgreSQL cannot start");
    };
    let url = crate::support::Databases::fresh(&cluster, "haproxy");
    // The servers as deploy/ runs them: the per-address limit is HAProxy's, the per-key limit
    // (default) each server's.
    let mut servers = start_together(&url, SERVERS, &["--rate-per-key", "30"]);
    let scratch = crate::support::scratch("haproxy");
    let mut balancer = Balancer::start(
        &bin,
        &servers.iter().map(|s| s.addr).collect::<Vec<_>>(),
        &scratch.join("haproxy.log"),
    );
    balancer.ready().await;
    let players: Vec<Player> = {
        let mut conn = Connection::open(balancer.addr).await.expect("connected");
        let mut players = Vec::new();
        for n in 0..PLAYERS {
            let number = 3000 + n as u64;
            players.push(named_player(&mut conn, number, &format!("Hap{n:03}")).await);
        }
        players
    };
    let runs: Vec<Vec<u8>> = (0..PLAYERS).map(|n| l1(3000 + n as u64)).collect();
    let tally = Arc::new(Mutex::new(Tally::default()));
    let next = Arc::new(AtomicUsize::new(0));
    let killed = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (tally, next, killed) = (tally.clone(), next.clone(), killed.clone());
            let (players, runs, addr) = (players.clone(), runs.clone(), balancer.addr);
            tokio::spawn(async move {
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= PLAYERS || started.elapsed() > DEADLINE {
                        return;
                    }
                    send(addr, &players[n], &runs[n], &tally, &killed).await;
                }
            })
        })
        .collect();
    let victim = 1;
    loop {
        let answered = tally.lock().expect("not poisoned").answered.len();
        if answered >= KILL_AFTER || started.elapsed() > DEADLINE {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    servers[victim].kill();
    killed.store(1, Ordering::SeqCst);
    for client in clients {
        client.await.expect("a client ends");
    }
    assert!(
        started.elapsed() < DEADLINE,
        "{WHAT}: stopped by the deadline"
    );
    let tally = Arc::try_unwrap(tally)
        .ok()
        .expect("one owner")
        .into_inner()
        .expect("kept");
    let survivors: Vec<&Server> = servers
        .iter()
        .enumerate()
        .filter_map(|(n, s)| (n != victim).then_some(s))
        .collect();
    let board = agreed_board(&survivors).await;
    let listed: BTreeMap<&str, i64> = board["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["player"].as_str().expect("a key"),
                e["run"].as_i64().expect("an id"),
            )
        })
        .collect();
    assert_eq!(
        board["of"].as_u64(),
        Some(listed.len() as u64),
        "one page holds the board"
    );
    let mut conn = survivors[0].connect().await;
    for (player, (run, bytes)) in &tally.answered {
        assert_eq!(
            listed.get(player.as_str()),
            Some(run),
            "run {run} answered and on the board"
        );
        let stored = conn
            .send("GET", &format!("/v1/runs/{run}/replay"), &[], b"")
            .await
            .expect("answered");
        assert_eq!(&stored.body, bytes, "run {run} as submitted");
    }
    assert_eq!(
        tally.answered.len(),
        PLAYERS,
        "every run was answered at last"
    );
    let (allowed, refused) = rate_limited(balancer.addr).await;
    let victim_name = format!("latu{}", victim + 1);
    let log = balancer.log_lines();
    let told = |what: &dyn Fn(&str) -> bool| log.iter().filter(|line| what(line)).count();
    eprintln!(
        "{WHAT}: HAProxy's log: {} runs went to {victim_name}, {} were sent on to another server \
         when {victim_name} refused the connection, {} were answered 502/503 by HAProxy",
        told(&|l| l.contains(&format!("/{victim_name} ")) && l.contains("POST /v1/runs")),
        told(&|l| l.contains("/+") && l.contains("POST /v1/runs")),
        told(&|l| l.contains(" 502 ") || l.contains(" 503 ")),
    );
    eprintln!(
        "{WHAT}: the per-address limit holds across the servers: after this test's other \
         requests, {allowed} reads went through (round-robin over the survivors), then 429 \
         {refused:?}"
    );
    eprintln!(
        "{WHAT}: {SERVERS} servers started together on one fresh PostgreSQL, all up; HAProxy \
         (deploy/haproxy.cfg) in front; {PLAYERS} runs sent by {CLIENTS} clients through it, \
         server {} killed -9 after {KILL_AFTER} answers: {} answered ({} after the kill), {} \
         sends without an answer were sent again: {:?}; every answered run is on the board as \
         submitted; the {} survivors serve the same board of {} entries",
        victim + 1,
        tally.answered.len(),
        tally.answered_after_kill,
        tally.unanswered.len(),
        tally.unanswered,
        survivors.len(),
        listed.len()
    );
}

/// Send one run through the balancer, again after no answer or a 5xx (a bounded number of
/// times); count what came back.
async fn send(
    addr: SocketAddr,
    player: &Player,
    run: &[u8],
    tally: &Mutex<Tally>,
    killed: &AtomicUsize,
) {
    for _ in 0..=RESENDS {
        let response: Result<RawResponse, String> = match Connection::open(addr).await {
            Ok(mut conn) => player
                .submit(&mut conn, run)
                .await
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        {
            let mut tally = tally.lock().expect("not poisoned");
            match response {
                Ok(response) if matches!(response.status, 200 | 201) => {
                    let id = response.json()["run"].as_i64().expect("an id");
                    tally.answered.insert(player.key(), (id, run.to_vec()));
                    if killed.load(Ordering::SeqCst) == 1 {
                        tally.answered_after_kill += 1;
                    }
                    return;
                }
                Ok(response) if response.status >= 500 => {
                    tally.unanswered.push(format!("{}", response.status));
                }
                Ok(response) => panic!(
                    "a run through HAProxy: {} {:?}",
                    response.status,
                    response.error()
                ),
                Err(why) => tally.unanswered.push(why),
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The board every survivor serves, once they agree (each keeps a copy for up to a second).
async fn agreed_board(survivors: &[&Server]) -> Value {
    let started = Instant::now();
    loop {
        let mut boards = Vec::new();
        for server in survivors {
            let page = server
                .connect()
                .await
                .send("GET", "/v1/boards/level-1-track-1?limit=100", &[], b"")
                .await
                .expect("answered")
                .json();
            boards.push(page);
        }
        if boards.windows(2).all(|pair| pair[0] == pair[1]) {
            return boards.swap_remove(0);
        }
        assert!(
            started.elapsed() < SETTLE,
            "the survivors disagree: {boards:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Reads from this address until HAProxy refuses one (bounded): how many went through, and the
/// refusal's sentence.
async fn rate_limited(addr: SocketAddr) -> (usize, String) {
    let mut conn = Connection::open(addr).await.expect("connected");
    for n in 0..=RATE_PER_ADDRESS {
        let response = conn
            .send("GET", "/v1/today", &[], b"")
            .await
            .expect("answered");
        match response.status {
            200 => continue,
            429 => {
                assert!(response.header("retry-after").is_some(), "Retry-After");
                return (n, response.error().expect("a JSON sentence"));
            }
            other => panic!("a read through HAProxy: {other} {:?}", response.error()),
        }
    }
    panic!("{RATE_PER_ADDRESS} reads from one address in a minute were all answered");
}
