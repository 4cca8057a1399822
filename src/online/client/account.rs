//! The player's account through the client (online.md, contract version 2): a link code for
//! another device, this device joining a player (by another device's code or the recovery
//! code), deleting the player, and reporting a run. Each is one signed write, asked by a screen
//! and answered as an [`OnlineEvent`]; none waits on the network.
//!
//! A join signs with a new key (the server refuses a key that already belongs to a player) and
//! the new key takes the player's id and name at once. The runs queued before it go under the
//! player they were played by: when the old key had a player, it is kept as a former key with
//! the names of the runs queued under it, signs those runs only, and is forgotten when the last
//! is answered. A key that never had a name played for nobody: its runs go with the new player.

use super::{Client, Job, OnlineEvent};
use crate::online::contract::{
    server_clock_s, CodeKind, Deleted, Joined, LinkCode, Recovered, Registration, Request, Response,
};
use crate::online::keys::Keys;
use crate::online::verdict::{self, WriteVerdict};
use crate::storage::{FormerKey, Identity};

/// The statuses on which the contract refuses an account write for good (a `403` is a banned
/// player, or a key of no player: no name will change that here).
pub const ACCOUNT_REFUSALS: [u16; 4] = [400, 403, 404, 409];
/// Times an account write refused for its clock is sent again with the server's.
const CLOCK_RETRIES: u32 = 1;

/// A key this device used before it joined another player, with the runs queued under it.
#[derive(Debug, Clone)]
pub(super) struct Former {
    pub(super) keys: Keys,
    pub(super) runs: Vec<String>,
}

/// What the player asked of their account.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum AccountJob {
    Link,
    Join(CodeKind),
    Delete,
    Report { run: String, why: String },
}

impl Client {
    /// The same client for the player of `identity`: the player its key joined and the former
    /// keys with the runs still queued under them (runs no longer queued are dropped).
    pub fn with_identity(mut self, identity: &Identity) -> Self {
        self.player = identity.player.clone();
        self.former = identity
            .former
            .iter()
            .filter_map(|former| {
                let keys = Keys::from_secret_hex(&former.secret_key)?;
                let runs: Vec<String> = former
                    .runs
                    .iter()
                    .filter(|run| self.queue.contains(run))
                    .cloned()
                    .collect();
                (!runs.is_empty()).then_some(Former { keys, runs })
            })
            .collect();
        self
    }

    /// Write the client's keys, player and registered name into `identity` (to be kept; the
    /// recovery code not yet seen is the screens' and left as it is).
    pub fn keep_in(&self, identity: &mut Identity) {
        identity.secret_key = self.keys.secret_hex();
        identity.registered_name = self.registered.clone();
        identity.player = self.player.clone();
        identity.former = self
            .former
            .iter()
            .map(|former| FormerKey {
                secret_key: former.keys.secret_hex(),
                runs: former.runs.clone(),
            })
            .collect();
    }

    /// The player's id (the key that registered it), whichever key this device signs with;
    /// empty while the key has no player.
    pub fn player_id(&self) -> String {
        match (self.player.is_empty(), self.registered.is_empty()) {
            (false, _) => self.player.clone(),
            (true, false) => self.keys.public_hex(),
            (true, true) => String::new(),
        }
    }

    /// The name the server knows the player by (empty: none yet).
    pub fn registered(&self) -> &str {
        &self.registered
    }

    /// Ask for a one-time code that joins another device to this player.
    pub fn ask_link_code(&mut self) {
        self.ask_account(AccountJob::Link);
    }

    /// Join the player of `code` (another device's link code, or the recovery code) with the
    /// new key `keys`; `Err` with a sentence for the player when the code is neither.
    pub fn join(&mut self, typed: &str, keys: Keys) -> Result<(), String> {
        let code = CodeKind::of(typed)?;
        self.joining = Some(keys);
        self.ask_account(AccountJob::Join(code));
        Ok(())
    }

    /// Delete the player online: its name, keys, entries and replays on the server.
    pub fn delete_player(&mut self) {
        self.ask_account(AccountJob::Delete);
    }

    /// Flag the world's run `run` for the server's operator, saying `why`.
    pub fn report(&mut self, run: &str, why: &str) {
        self.ask_account(AccountJob::Report {
            run: run.to_owned(),
            why: why.to_owned(),
        });
    }

    fn ask_account(&mut self, job: AccountJob) {
        let job = Job::Account(job);
        if self.flight.as_ref() != Some(&job) && !self.account.contains(&job) {
            self.account.push_back(job);
        }
    }

    /// Whether a join waits: it goes before anything the old key would sign.
    pub(super) fn join_waiting(&self) -> bool {
        matches!(
            self.account.front(),
            Some(Job::Account(AccountJob::Join(_)))
        )
    }

    /// The request for an account job; `None` (told) when it cannot be made now.
    pub(super) fn account_request(&mut self, job: &AccountJob) -> Option<Request> {
        let needs_player = matches!(job, AccountJob::Link | AccountJob::Delete);
        if needs_player && self.player_id().is_empty() {
            self.events.push(OnlineEvent::AccountRefused(
                "You have no online name yet: choose one and finish a run first.".to_owned(),
            ));
            return None;
        }
        let time_s = self.signing_time_s();
        Some(match job {
            AccountJob::Link => Request::link(&self.keys, time_s),
            AccountJob::Join(code) => {
                let Some(keys) = &self.joining else {
                    return None;
                };
                match code {
                    CodeKind::Link(code) => Request::join(code, keys, time_s),
                    CodeKind::Recovery(code) => Request::recover(code, keys, time_s),
                }
            }
            AccountJob::Delete => Request::delete_player(&self.player_id(), &self.keys, time_s),
            AccountJob::Report { run, why } => Request::report(run, why, &self.keys, time_s),
        })
    }

    /// The server answered an account job.
    pub(super) fn account_answered(&mut self, job: AccountJob, response: &Response) {
        match &job {
            AccountJob::Link => {
                if let Some(code) = self.account_done::<LinkCode>(&job, response) {
                    self.events.push(OnlineEvent::LinkCode(code));
                }
            }
            AccountJob::Join(CodeKind::Link(_)) => {
                if let Some(joined) = self.account_done::<Joined>(&job, response) {
                    self.joined(&joined.player, &joined.name, None);
                }
            }
            AccountJob::Join(CodeKind::Recovery(_)) => {
                if let Some(joined) = self.account_done::<Recovered>(&job, response) {
                    self.joined(&joined.player, &joined.name, Some(joined.recovery));
                }
            }
            AccountJob::Delete => {
                if let Some(deleted) = self.account_done::<Deleted>(&job, response) {
                    self.registered.clear();
                    self.name.clear();
                    self.player.clear();
                    self.events.push(OnlineEvent::Deleted(deleted.deleted));
                    self.events.push(OnlineEvent::KeysChanged);
                }
            }
            AccountJob::Report { run, .. } => {
                let run = run.clone();
                if self
                    .account_done::<serde_json::Value>(&job, response)
                    .is_some()
                {
                    self.events.push(OnlineEvent::Reported(run));
                }
            }
        }
    }

    /// The answer's body when the job was done; otherwise the player is told why (a write
    /// refused for its clock is sent again once, signed with the server's).
    fn account_done<T: serde::de::DeserializeOwned>(
        &mut self,
        job: &AccountJob,
        response: &Response,
    ) -> Option<T> {
        // A report answers 201 with no body: read as JSON's null.
        let empty = response.body.is_empty() && (200..=299).contains(&response.status);
        let verdict = if empty {
            WriteVerdict::Done(serde_json::from_str("null").ok()?)
        } else {
            verdict::of_write::<T>(response, &ACCOUNT_REFUSALS)
        };
        let why = match verdict {
            WriteVerdict::Done(value) => {
                if !matches!(job, AccountJob::Join(_)) {
                    self.joining = None;
                }
                return Some(value);
            }
            WriteVerdict::Later { .. }
                if server_clock_s(response).is_some() && self.clock_retries < CLOCK_RETRIES =>
            {
                self.clock_retries += 1;
                self.account.push_front(Job::Account(job.clone()));
                return None;
            }
            WriteVerdict::Refused { sentence, .. }
            | WriteVerdict::NeedsName(sentence)
            | WriteVerdict::Later { why: sentence, .. } => sentence,
            WriteVerdict::NotALeaderboard(what) => {
                format!("{} does not answer as a leaderboard ({what}).", self.server)
            }
        };
        self.clock_retries = 0;
        self.events.push(OnlineEvent::AccountRefused(why));
        None
    }

    /// This device's new key joined player `player`, named `name`: it signs from now on; the
    /// old key stays for the runs queued under its own player.
    fn joined(&mut self, player: &str, name: &str, recovery: Option<String>) {
        let Some(keys) = self.joining.take() else {
            return;
        };
        self.clock_retries = 0;
        let old = std::mem::replace(&mut self.keys, keys);
        let had_player = !self.registered.is_empty() || !self.player.is_empty();
        let runs: Vec<String> = self
            .queue
            .iter()
            .filter(|run| !self.former.iter().any(|f| f.runs.contains(run)))
            .cloned()
            .collect();
        if had_player && !runs.is_empty() {
            self.former.push(Former { keys: old, runs });
        }
        self.player = player.to_owned();
        self.registered = name.to_owned();
        self.name = name.to_owned();
        self.name_refused = false;
        if let Some(code) = recovery {
            self.events.push(OnlineEvent::RecoveryCode(code));
        }
        self.events.push(OnlineEvent::Joined(name.to_owned()));
        self.events.push(OnlineEvent::KeysChanged);
    }

    /// The keys that sign queued run `queued`: the former key it was queued under, else the
    /// player's.
    pub(super) fn signer_of(&self, queued: &str) -> &Keys {
        self.former
            .iter()
            .find(|former| former.runs.iter().any(|run| run == queued))
            .map_or(&self.keys, |former| &former.keys)
    }

    /// Whether queued run `queued` is signed by a former key.
    pub(super) fn under_former(&self, queued: &str) -> bool {
        self.former
            .iter()
            .any(|former| former.runs.iter().any(|run| run == queued))
    }

    /// Queued run `queued` was answered: a former key with no run left is forgotten.
    pub(super) fn former_answered(&mut self, queued: &str) {
        if !self.under_former(queued) {
            return;
        }
        for former in &mut self.former {
            former.runs.retain(|run| run != queued);
        }
        self.former.retain(|former| !former.runs.is_empty());
        self.events.push(OnlineEvent::KeysChanged);
    }

    /// A registration's answer: its recovery code, when it made a new player.
    pub(super) fn registration_came(&mut self, registration: Registration) {
        // A key that joined a player renames that player: the answer names whose.
        if registration.player != self.keys.public_hex() {
            self.player = registration.player;
        }
        if let Some(code) = registration.recovery {
            self.events.push(OnlineEvent::RecoveryCode(code));
        }
    }
}
