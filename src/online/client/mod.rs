//! The game's side of the leaderboard as a state machine polled once a frame: it registers the
//! player's name, sends the queued runs one at a time, and fetches the boards, replays and day
//! the screens ask for. [`Client::poll`] never waits: a [`Transport`] carries one request at a
//! time in the background (a thread on a desktop, the page's `fetch` in a browser) and is asked
//! each frame whether the answer has come. What happened comes out as [`OnlineEvent`]s. The player's
//! account (link codes, joining, deletion, reports) is [`account`]'s.

mod account;
mod answers;

use super::backoff;
use super::contract::{Board, BoardPage, LinkCode, Ranked, Request, Response, Today};
use super::keys::Keys;
use super::outbox::Outbox;
use crate::replay::Replay;
use crate::storage::StorageError;
use account::{AccountJob, Former};
use std::collections::VecDeque;
use std::path::Path;

/// Carries one request at a time to the server and back, without blocking the caller.
pub trait Transport {
    /// Start `request` to the server at `server` (`http://127.0.0.1:8080`, no trailing `/`).
    fn start(&mut self, server: &str, request: Request);
    /// The answer to the request started, once it has come; `Err` when none can (the network
    /// is down, the server does not answer in time), with why.
    fn poll(&mut self) -> Option<Result<Response, String>>;
}

/// How many entries of a board's top are asked for.
pub const TOP_ENTRIES: usize = 10;

/// What a request was for.
#[derive(Debug, Clone, PartialEq)]
enum Job {
    Register(String),
    Send(String),
    Board(Board),
    Replay(String),
    Today,
    Account(AccountJob),
}

/// What happened online, for the screens.
#[derive(Debug, Clone, PartialEq)]
pub enum OnlineEvent {
    /// The server registered the player's name.
    Registered(String),
    /// A recovery code came (a new player's, or a recovery's new one): shown to the player
    /// once; the server keeps only its hash.
    RecoveryCode(String),
    /// A one-time code joining another device to this player came.
    LinkCode(LinkCode),
    /// This device joined the player with this name (it is the game's name from now on).
    Joined(String),
    /// The player was deleted online: its id.
    Deleted(String),
    /// The run was reported to the server's operator.
    Reported(String),
    /// An account write was refused or could not be made: the sentence for the player.
    AccountRefused(String),
    /// The keys, player or former keys changed: keep them ([`Client::keep_in`]).
    KeysChanged,
    /// The server refused the name: its sentence (ask the player again).
    NameRefused(String),
    /// A queued run was ranked.
    Sent { queued: String, ranked: Ranked },
    /// A queued run was refused for good: the server's sentence.
    SendRefused { queued: String, sentence: String },
    /// A board came.
    Board(Board, BoardPage),
    /// A ranked run's replay came (still untrusted: check it before it drives anything).
    Replay(String, Box<Replay>),
    /// The server's day came.
    Today(Today),
    /// A read could not be done: what was asked and the sentence why.
    ReadFailed(String),
    /// The server could not be reached, asked to wait, or the address does not answer as a
    /// leaderboard: why (the queue waits and tries again).
    Offline(String),
    /// Something about the queue's files the player should know, once: an entry that could
    /// not be read (set aside), a sent run that could not be removed.
    QueueNotice(String),
}

/// Whether the server answered lately.
#[derive(Debug, Clone, PartialEq)]
pub enum Reach {
    /// Nothing asked yet.
    Unknown,
    /// It answered the last request.
    Online,
    /// It did not: why.
    Offline(String),
    /// It answered, but with a page this game cannot read (not the contract's): what.
    Unreadable(String),
}

/// The leaderboard's client.
pub struct Client {
    server: String,
    keys: Keys,
    outbox: Outbox,
    /// The queued runs, in the order they were played: listed once as the client starts.
    queue: VecDeque<String>,
    name: String,
    registered: String,
    /// The server refused `name`: not asked again until the name changes.
    name_refused: bool,
    transport: Box<dyn Transport>,
    flight: Option<Job>,
    reads: VecDeque<Job>,
    failures: u32,
    wait_until_s: f64,
    reach: Reach,
    events: Vec<OnlineEvent>,
    /// The device's wall clock, whole Unix seconds.
    wall_clock: fn() -> i64,
    /// What to add to the wall clock to read the server's (learnt from its answers).
    clock_offset_s: i64,
    /// The time the last write was signed with: the next is later (a player-changing write
    /// must be, online.md).
    last_signed_s: i64,
    /// The player this key joined (its id); empty: the key's own once registered.
    player: String,
    /// Keys used before this device joined another player, for the runs queued under them.
    former: Vec<Former>,
    /// The account writes asked, in order.
    account: VecDeque<Job>,
    /// The new key a join waits to sign with.
    joining: Option<Keys>,
    /// Account writes sent again after a refusal for the clock.
    clock_retries: u32,
}

/// The wall clock of a client given none: the core reads no clock, so until the server's
/// answers tell it the time (a day, a refusal for the time), its writes are refused once and
/// sent again with the server's clock. The game and `latu send` pass the device's.
fn no_wall_clock() -> i64 {
    0
}

impl Client {
    /// A client of the server at `server` for the player with `keys`, whose name the server
    /// last registered as `registered` (empty: none yet) and who wants to be `name`; runs are
    /// queued in `data_dir`'s outbox.
    pub fn new(
        server: &str,
        keys: Keys,
        data_dir: &Path,
        registered: &str,
        name: &str,
        transport: Box<dyn Transport>,
    ) -> Self {
        let outbox = Outbox::new(data_dir);
        Self {
            server: server.trim_end_matches('/').to_owned(),
            keys,
            queue: outbox.waiting().into(),
            outbox,
            name: name.to_owned(),
            registered: registered.to_owned(),
            name_refused: false,
            transport,
            flight: None,
            reads: VecDeque::new(),
            failures: 0,
            wait_until_s: 0.0,
            reach: Reach::Unknown,
            events: Vec::new(),
            wall_clock: no_wall_clock,
            clock_offset_s: 0,
            last_signed_s: i64::MIN,
            player: String::new(),
            former: Vec::new(),
            account: VecDeque::new(),
            joining: None,
            clock_retries: 0,
        }
    }

    /// The same client reading the device's wall clock through `clock` (whole Unix seconds).
    pub fn with_wall_clock(mut self, clock: fn() -> i64) -> Self {
        self.wall_clock = clock;
        self
    }

    /// The time to sign the next write with: the server's clock as well as the game knows
    /// it, and later than the last write's.
    fn signing_time_s(&mut self) -> i64 {
        let now = (self.wall_clock)().saturating_add(self.clock_offset_s);
        self.last_signed_s = now.max(self.last_signed_s.saturating_add(1));
        self.last_signed_s
    }

    /// The server's clock read `server_s` just now.
    fn learn_clock(&mut self, server_s: i64) {
        self.clock_offset_s = server_s.saturating_sub((self.wall_clock)());
    }

    /// The server's address.
    pub fn server(&self) -> &str {
        &self.server
    }

    /// The player's keys.
    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// The send queue.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Queue a run's replay bytes to be sent after those queued before it; returns its name
    /// in the queue.
    pub fn queue_run(&mut self, bytes: &[u8]) -> Result<String, StorageError> {
        let name = self.outbox.queue(bytes)?;
        if !self.queue.contains(&name) {
            self.queue.push_back(name.clone());
        }
        Ok(name)
    }

    /// How many runs wait in the queue.
    pub fn waiting(&self) -> usize {
        self.queue.len()
    }

    /// Whether the server answered lately.
    pub fn reach(&self) -> &Reach {
        &self.reach
    }

    /// The name the player wants on the boards (registered before the next send; empty: none
    /// chosen yet, and runs wait).
    pub fn set_name(&mut self, name: &str) {
        if name != self.name {
            self.name = name.to_owned();
            self.name_refused = false;
        }
    }

    /// Whether anything is waiting to be sent or asked.
    pub fn busy(&self) -> bool {
        self.flight.is_some()
            || !self.reads.is_empty()
            || !self.queue.is_empty()
            || !self.account.is_empty()
    }

    /// Ask for a board (its top and the player's neighbourhood).
    pub fn ask_board(&mut self, board: Board) {
        self.ask(Job::Board(board));
    }

    /// Ask for a ranked run's replay.
    pub fn ask_replay(&mut self, run: &str) {
        self.ask(Job::Replay(run.to_owned()));
    }

    /// Ask for the server's day.
    pub fn ask_today(&mut self) {
        self.ask(Job::Today);
    }

    fn ask(&mut self, job: Job) {
        if self.flight.as_ref() != Some(&job) && !self.reads.contains(&job) {
            self.reads.push_back(job);
        }
    }

    /// What happened since the last call.
    pub fn take_events(&mut self) -> Vec<OnlineEvent> {
        std::mem::take(&mut self.events)
    }

    /// Move on, without waiting: take the answer that came, start the next request when it is
    /// time. `now_s` is any monotonic clock in seconds.
    pub fn poll(&mut self, now_s: f64) {
        if self.flight.is_some() {
            let Some(answer) = self.transport.poll() else {
                return;
            };
            let job = self.flight.take().expect("a request in flight");
            match answer {
                Ok(response) => self.answered(job, &response, now_s),
                Err(why) => {
                    if matches!(job, Job::Account(_)) {
                        self.events.push(OnlineEvent::AccountRefused(format!(
                            "The server cannot be reached: {why}"
                        )));
                    }
                    self.unreachable(why, None, now_s)
                }
            }
        }
        if now_s < self.wait_until_s {
            return;
        }
        // An entry that cannot be read is set aside and the next one tried at once: each
        // turn takes one entry out of the queue, so this ends.
        while let Some(job) = self.next_job() {
            if let Some(request) = self.request(&job) {
                self.transport.start(&self.server, request);
                self.flight = Some(job);
                return;
            }
        }
    }

    fn next_job(&mut self) -> Option<Job> {
        // A join signs with its new key: the old one registers nothing before it.
        if self.join_waiting() {
            return self.account.pop_front();
        }
        // No name chosen yet: nothing is registered or sent until there is one.
        let unregistered =
            !self.name.is_empty() && self.registered != self.name && !self.name_refused;
        if unregistered && (!self.queue.is_empty() || self.registered.is_empty()) {
            return Some(Job::Register(self.name.clone()));
        }
        if let Some(asked) = self.account.pop_front() {
            return Some(asked);
        }
        if let Some(read) = self.reads.pop_front() {
            return Some(read);
        }
        // Runs wait for a name the server takes.
        let named = !self.registered.is_empty() && !self.name_refused;
        self.queue.front().filter(|_| named).cloned().map(Job::Send)
    }

    /// The request for `job`; `None` for a queued run that cannot be read (set aside, told).
    fn request(&mut self, job: &Job) -> Option<Request> {
        Some(match job {
            Job::Register(name) => {
                let time_s = self.signing_time_s();
                Request::register(name, &self.keys, time_s)
            }
            Job::Send(queued) => match self.outbox.read(queued) {
                Ok(bytes) => {
                    let time_s = self.signing_time_s();
                    Request::send_run(bytes, self.signer_of(queued), time_s)
                }
                Err(error) => {
                    self.set_aside_unreadable(queued, &error.to_string());
                    return None;
                }
            },
            Job::Board(board) => Request::board(board, TOP_ENTRIES, Some(&self.player_id())),
            Job::Replay(run) => Request::replay(run),
            Job::Today => Request::today(),
            Job::Account(job) => return self.account_request(job),
        })
    }
}

#[cfg(test)]
pub(crate) mod tests;
