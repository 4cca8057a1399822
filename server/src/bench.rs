//! `latu-server bench`: start a server on 127.0.0.1 in this process and drive it for a bounded
//! time with concurrent clients submitting real, distinct, verifiable runs and reading boards.
//! Prints the figures as JSON: verified submissions/s with p50/p99 latency, board reads/s with
//! p50/p99, CPU ms per minute of run re-played, and resident memory over a soak.

use crate::client::{level_run, Connection, Player};
use crate::serve::{start, ServeArgs};
use clap::Args;
use latu::replay::verify_strictly;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `latu-server bench`'s settings (the load it drives; `latu bench` is the game's own).
#[derive(Debug, Clone, Args)]
pub struct LoadBenchArgs {
    /// The database (default: a new SQLite file in a temporary directory).
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// Concurrent clients.
    #[arg(long, default_value_t = 64)]
    pub clients: usize,
    /// Distinct runs made (and players registered) before the clock starts.
    #[arg(long, default_value_t = 1500)]
    pub runs: usize,
    /// Seconds of submissions.
    #[arg(long, default_value_t = 20)]
    pub submit_s: u64,
    /// Seconds of board reads.
    #[arg(long, default_value_t = 10)]
    pub read_s: u64,
    /// Drive servers already running at ADDR (one server, or HAProxy in front of several, each
    /// with `--rate-per-key 0`) instead of starting one in this process.
    #[arg(long, value_name = "ADDR", conflicts_with = "database")]
    pub against: Option<SocketAddr>,
    /// Seconds of mixed load while memory is sampled (0: no soak).
    #[arg(long, default_value_t = 0)]
    pub soak_s: u64,
    /// Fill one board (level 3 track 1) with this many runs before the clock, and make every
    /// timed run one of that board: the copy check's share of a submission on a full board
    /// (0: the runs spread over the 15 level boards, nothing filled).
    #[arg(long, default_value_t = 0)]
    pub board_runs: usize,
}

/// The board `--board-runs` fills: level 3 track 1, the shortest course the near-copy rule
/// judges under rules 9 (25 prints; level 2 track 3's fork leaves it 14): its runs hold the
/// fewest prints, so the most runs of it are compared to the end.
const FULL_BOARD: (u8, u8) = (3, 1);

/// Latencies and a count over a timed phase.
#[derive(Default)]
struct Phase {
    ok: usize,
    latencies_us: Vec<u64>,
    other_statuses: Vec<u16>,
    seconds: f64,
}

impl Phase {
    fn figures(&mut self) -> serde_json::Value {
        self.latencies_us.sort_unstable();
        let at = |q: f64| {
            let i = ((self.latencies_us.len() as f64 - 1.0) * q).round() as usize;
            self.latencies_us
                .get(i)
                .map_or(0.0, |us| *us as f64 / 1000.0)
        };
        json!({
            "ok": self.ok,
            "per_s": self.ok as f64 / self.seconds,
            "p50_ms": at(0.5),
            "p99_ms": at(0.99),
            "not_ok": self.other_statuses.len(),
            "not_ok_statuses": self.other_statuses.iter().take(5).collect::<Vec<_>>(),
        })
    }
}

/// Run the bench.
pub async fn run(args: &LoadBenchArgs) -> Result<(), String> {
    let scratch = tempfile::tempdir().map_err(|e| format!("no temporary directory: {e}"))?;
    let database = args.database.clone().unwrap_or_else(|| {
        crate::store::BoardStore::sqlite_url(&scratch.path().join("bench.sqlite3"))
    });
    let made = Instant::now();
    let one_board = (args.board_runs > 0).then_some(FULL_BOARD);
    let runs = Arc::new(make_runs(args.runs + args.board_runs, one_board));
    let made_s = made.elapsed().as_secs_f64();
    let cpu_ms_per_play_minute = replay_cost(&runs);
    let running = match args.against {
        Some(_) => None,
        None => {
            let mut serve = ServeArgs::defaults("127.0.0.1:0".parse().expect("an address"));
            serve.database = Some(database.clone());
            serve.rate_per_key = 0;
            serve.rate_per_address = 0;
            serve.queue = args.clients * 4;
            Some(start(&serve).await.map_err(|e| e.to_string())?)
        }
    };
    let addr = match (&running, args.against) {
        (Some(running), _) => running.addr,
        (None, against) => against.expect("either started or given"),
    };
    let players: Arc<Vec<Player>> = Arc::new(
        (0..runs.len())
            .map(|n| Player::from_number(1_000_000 + n as u64))
            .collect(),
    );
    register(addr, &players).await?;
    fill(addr, args, &runs, &players).await?;
    let checks_before = copy_checks(addr).await?;
    let cpu_before = process_cpu_s();
    let mut submissions = submit_phase(addr, args, &runs, &players).await;
    let cpu_submit_s = process_cpu_s() - cpu_before;
    let copy_check = copy_share(&submissions, checks_before, copy_checks(addr).await?);
    let mut reads = read_phase(addr, args, &players).await;
    let memory = soak(addr, args, &runs, &players).await;
    let played_minutes: f64 = runs.iter().map(|(_, _, s)| s / 60.0).sum::<f64>()
        / runs.len() as f64
        * submissions.ok as f64;
    let figures = json!({
        "database": match args.against {
            Some(addr) => format!("the servers at {addr}"),
            None if database.starts_with("postgres") => "postgres".to_string(),
            None => "sqlite".to_string(),
        },
        "clients": args.clients,
        "cores": std::thread::available_parallelism().map_or(1, |n| n.get()),
        "runs_made": runs.len(),
        "runs_made_s": made_s,
        "run_length_s_mean": runs.iter().map(|(_, _, s)| s).sum::<f64>() / runs.len() as f64,
        "board_runs_filled": args.board_runs,
        "copy_check": copy_check,
        "submissions": submissions.figures(),
        "board_reads": reads.figures(),
        "replay_cpu_ms_per_minute_of_run": cpu_ms_per_play_minute,
        "process_cpu_ms_per_minute_of_run_submitted": 1000.0 * cpu_submit_s / played_minutes.max(1e-9),
        "memory_rss_mb": memory,
    });
    println!("{}", serde_json::to_string_pretty(&figures).expect("JSON"));
    if let Some(running) = running {
        running.serving.abort();
    }
    Ok(())
}

/// `count` distinct runs, spread over the 15 level boards: (board, bytes, seconds of play).
fn make_runs(count: usize, one_board: Option<(u8, u8)>) -> Vec<(String, Vec<u8>, f64)> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let next = Arc::clone(&next);
            std::thread::spawn(move || {
                let mut made = Vec::new();
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= count {
                        return made;
                    }
                    let spread = ((n % 5) as u8 + 1, ((n / 5) % 3) as u8 + 1);
                    let (level, track) = one_board.unwrap_or(spread);
                    let replay = level_run(level, track, n as u64);
                    let seconds = replay.summary.as_ref().map_or(0.0, |s| s.time_s);
                    let board = format!("level-{level}-track-{track}");
                    made.push((n, (board, replay.to_json().into_bytes(), seconds)));
                }
            })
        })
        .collect();
    let mut all: Vec<_> = workers
        .into_iter()
        .flat_map(|w| w.join().expect("a maker thread"))
        .collect();
    all.sort_by_key(|(n, _)| *n);
    all.into_iter().map(|(_, run)| run).collect()
}

/// Runs re-played to measure the cost of one: enough for seconds of CPU, far above the
/// 10 ms granularity of `/proc`'s CPU times.
const COST_SAMPLE: usize = 500;

/// CPU milliseconds one thread spends re-playing a minute of run (strict verification alone).
fn replay_cost(runs: &[(String, Vec<u8>, f64)]) -> f64 {
    let sample = &runs[..runs.len().min(COST_SAMPLE)];
    let started = thread_cpu_s();
    let mut played = 0.0;
    for (_, bytes, _) in sample {
        let replay = latu::replay::Replay::from_bytes(bytes).expect("a made run reads back");
        let summary = verify_strictly(&replay, None).expect("a made run verifies");
        played += summary.time_s;
    }
    1000.0 * (thread_cpu_s() - started) / (played / 60.0)
}

async fn register(addr: SocketAddr, players: &[Player]) -> Result<(), String> {
    let mut conn = Connection::open(addr).await.map_err(|e| e.to_string())?;
    for (n, player) in players.iter().enumerate() {
        let response = player
            .register(&mut conn, &format!("B{n:06}"))
            .await
            .map_err(|e| e.to_string())?;
        if response.status != 201 && response.status != 200 {
            return Err(format!(
                "registering: {} {:?}",
                response.status,
                response.error()
            ));
        }
    }
    Ok(())
}

/// `clients` clients submit the runs (each by its own player) for `submit_s` seconds.
async fn submit_phase(
    addr: SocketAddr,
    args: &LoadBenchArgs,
    runs: &Arc<Vec<(String, Vec<u8>, f64)>>,
    players: &Arc<Vec<Player>>,
) -> Phase {
    let next = Arc::new(AtomicUsize::new(0));
    // The runs filled before the clock are not sent again.
    let filled = args.board_runs;
    let until = Instant::now() + Duration::from_secs(args.submit_s);
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            let (runs, players, next) = (Arc::clone(runs), Arc::clone(players), Arc::clone(&next));
            tokio::spawn(async move {
                let mut phase = Phase::default();
                let Ok(mut conn) = Connection::open(addr).await else {
                    return phase;
                };
                let timed = runs.len() - filled;
                while Instant::now() < until {
                    let n = filled + next.fetch_add(1, Ordering::SeqCst) % timed;
                    let sent = Instant::now();
                    match players[n].submit(&mut conn, &runs[n].1).await {
                        Ok(r) if r.status == 200 || r.status == 201 => {
                            phase.ok += 1;
                            phase.latencies_us.push(sent.elapsed().as_micros() as u64);
                        }
                        Ok(r) => phase.other_statuses.push(r.status),
                        Err(_) => match Connection::open(addr).await {
                            Ok(fresh) => conn = fresh,
                            Err(_) => break,
                        },
                    }
                }
                phase
            })
        })
        .collect();
    gather(tasks, started).await
}

/// Before the clock: the first `board_runs` runs sent once each by `clients` clients, each by
/// its own player; an error if one is not ranked.
async fn fill(
    addr: SocketAddr,
    args: &LoadBenchArgs,
    runs: &Arc<Vec<(String, Vec<u8>, f64)>>,
    players: &Arc<Vec<Player>>,
) -> Result<(), String> {
    let next = Arc::new(AtomicUsize::new(0));
    let count = args.board_runs;
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            let (runs, players, next) = (Arc::clone(runs), Arc::clone(players), Arc::clone(&next));
            tokio::spawn(async move {
                let mut conn = Connection::open(addr).await.map_err(|e| e.to_string())?;
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= count {
                        return Ok::<(), String>(());
                    }
                    let r = players[n]
                        .submit(&mut conn, &runs[n].1)
                        .await
                        .map_err(|e| e.to_string())?;
                    if r.status != 201 {
                        return Err(format!("filling: run {n}: {} {:?}", r.status, r.error()));
                    }
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.map_err(|e| e.to_string())??;
    }
    Ok(())
}

/// The server's copy checks so far and the seconds they took (`/metrics`).
async fn copy_checks(addr: SocketAddr) -> Result<(f64, f64), String> {
    let mut conn = Connection::open(addr).await.map_err(|e| e.to_string())?;
    let r = conn
        .send("GET", "/metrics", &[], b"")
        .await
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&r.body).into_owned();
    let value = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse::<f64>().ok())
            .ok_or_else(|| format!("/metrics has no {name}"))
    };
    Ok((
        value("latu_copy_check_seconds_count")?,
        value("latu_copy_check_seconds_sum")?,
    ))
}

/// The copy check's mean over the timed submissions beside a submission's mean latency (as
/// its client saw it: at `--clients 1`, its whole time on the server and the wire).
fn copy_share(submissions: &Phase, before: (f64, f64), after: (f64, f64)) -> serde_json::Value {
    let checks = after.0 - before.0;
    let check_ms = 1000.0 * (after.1 - before.1) / checks.max(1.0);
    let latencies = &submissions.latencies_us;
    let submission_ms =
        latencies.iter().sum::<u64>() as f64 / 1000.0 / latencies.len().max(1) as f64;
    json!({
        "checks": checks,
        "check_mean_ms": check_ms,
        "submission_mean_ms": submission_ms,
        "share_percent": 100.0 * check_ms / submission_ms.max(f64::EPSILON),
    })
}

/// `clients` clients read boards (top 10 and around a player) for `read_s` seconds.
async fn read_phase(addr: SocketAddr, args: &LoadBenchArgs, players: &Arc<Vec<Player>>) -> Phase {
    let until = Instant::now() + Duration::from_secs(args.read_s);
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.clients)
        .map(|client| {
            let players = Arc::clone(players);
            tokio::spawn(async move {
                let mut phase = Phase::default();
                let Ok(mut conn) = Connection::open(addr).await else {
                    return phase;
                };
                let mut n = client;
                while Instant::now() < until {
                    n += args_stride();
                    let (level, track) = (n % 5 + 1, (n / 5) % 3 + 1);
                    let path = format!(
                        "/v1/boards/level-{level}-track-{track}?limit=10&around={}",
                        players[n % players.len()].key()
                    );
                    let sent = Instant::now();
                    match conn.send("GET", &path, &[], b"").await {
                        Ok(r) if r.status == 200 => {
                            phase.ok += 1;
                            phase.latencies_us.push(sent.elapsed().as_micros() as u64);
                        }
                        Ok(r) => phase.other_statuses.push(r.status),
                        Err(_) => break,
                    }
                }
                phase
            })
        })
        .collect();
    gather(tasks, started).await
}

/// Boards a reading client moves on by between reads (prime to 15, so it visits every board).
fn args_stride() -> usize {
    7
}

async fn gather(tasks: Vec<tokio::task::JoinHandle<Phase>>, started: Instant) -> Phase {
    let mut all = Phase::default();
    for task in tasks {
        if let Ok(phase) = task.await {
            all.ok += phase.ok;
            all.latencies_us.extend(phase.latencies_us);
            all.other_statuses.extend(phase.other_statuses);
        }
    }
    all.seconds = started.elapsed().as_secs_f64();
    all
}

/// Mixed load for `soak_s` seconds, the resident set sampled every tenth of it: (start, end,
/// max) in MB.
async fn soak(
    addr: SocketAddr,
    args: &LoadBenchArgs,
    runs: &Arc<Vec<(String, Vec<u8>, f64)>>,
    players: &Arc<Vec<Player>>,
) -> serde_json::Value {
    if args.soak_s == 0 {
        return json!({ "soak_s": 0, "rss_mb_now": rss_mb() });
    }
    let step = Duration::from_secs(args.soak_s.div_ceil(10).max(1));
    let mut samples = vec![rss_mb()];
    let until = Instant::now() + Duration::from_secs(args.soak_s);
    let mut soaked = 0;
    while Instant::now() < until {
        let slice = LoadBenchArgs {
            submit_s: step.as_secs() / 2,
            read_s: step.as_secs() / 2,
            ..args.clone()
        };
        soaked += submit_phase(addr, &slice, runs, players).await.ok;
        read_phase(addr, &slice, players).await;
        samples.push(rss_mb());
    }
    let max = samples.iter().cloned().fold(0.0, f64::max);
    json!({
        "soak_s": args.soak_s,
        "submissions": soaked,
        "rss_mb_samples": samples,
        "rss_mb_first": samples.first(),
        "rss_mb_last": samples.last(),
        "rss_mb_max": max,
    })
}

/// This process's resident memory, MB (Linux; 0 elsewhere).
fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| {
                    l.split_whitespace()
                        .nth(1)
                        .and_then(|kb| kb.parse::<f64>().ok())
                })
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// CPU seconds (user + system) from `/proc/self/stat` or `/proc/thread-self/stat`.
fn cpu_s_of(path: &str) -> f64 {
    /// Clock ticks a second of `/proc`'s times (USER_HZ, 100 on Linux).
    const TICKS_PER_S: f64 = 100.0;
    std::fs::read_to_string(path)
        .ok()
        .and_then(|stat| {
            let after = stat.rsplit_once(')')?.1;
            let fields: Vec<&str> = after.split_whitespace().collect();
            let user: f64 = fields.get(11)?.parse().ok()?;
            let system: f64 = fields.get(12)?.parse().ok()?;
            Some((user + system) / TICKS_PER_S)
        })
        .unwrap_or(0.0)
}

fn process_cpu_s() -> f64 {
    cpu_s_of("/proc/self/stat")
}

fn thread_cpu_s() -> f64 {
    cpu_s_of("/proc/thread-self/stat")
}
