//! The client's side of an answer: what each job's answer (or its absence) does to the queue,
//! the reach and the events the screens read.

use super::{backoff, Client, Job, OnlineEvent, Reach};
use crate::online::contract::{
    read_answer, server_clock_s, Answer, BoardPage, Ranked, Registration, Response, Today,
};
use crate::online::verdict::{self, WriteVerdict, NAME_REFUSALS, RUN_REFUSALS};
use crate::replay::{Replay, ReplayError};

impl Client {
    /// A queued entry that cannot be read leaves the queue, kept beside it, told once.
    pub(super) fn set_aside_unreadable(&mut self, queued: &str, why: &str) {
        self.queue.retain(|name| name != queued);
        let kept = match self.outbox.unreadable(queued) {
            Ok(()) => format!("it is kept as {queued}.unreadable"),
            Err(error) => {
                format!("it could not be set aside either ({error}) and is left as it is")
            }
        };
        self.events.push(OnlineEvent::QueueNotice(format!(
            "The queued run {queued} cannot be read ({why}): {kept}; the runs behind it go on."
        )));
    }

    /// The server answered for the queued run `queued`: it leaves the queue, ranked
    /// (`refused` false: removed) or refused for good (kept as `*.refused`). A file that
    /// cannot be moved is told: the run is sent again by a later game and ranked once.
    fn answered_for(&mut self, queued: &str, refused: bool) {
        self.former_answered(queued);
        self.queue.retain(|name| name != queued);
        let moved = if refused {
            self.outbox.refused(queued)
        } else {
            self.outbox.sent(queued)
        };
        if let Err(error) = moved {
            self.events.push(OnlineEvent::QueueNotice(format!(
                "The queued run {queued} was answered but could not be taken out of the queue \
                 ({error}): a later start sends it again, and the server ranks it once."
            )));
        }
    }

    /// An answer the contract never gives: the address is no leaderboard (yet); the runs wait.
    fn not_a_leaderboard(&mut self, what: &str, now_s: f64) {
        let why = format!(
            "{} does not answer as a leaderboard ({what}): the runs wait; check the server's \
             address",
            self.server
        );
        self.unreachable(why, None, now_s);
    }

    pub(super) fn answered(&mut self, job: Job, response: &Response, now_s: f64) {
        self.reach = Reach::Online;
        if let Some(server_s) = server_clock_s(response) {
            self.learn_clock(server_s);
        }
        if let Job::Replay(run) = &job {
            return self.replay_answered(run, response, now_s);
        }
        if let Job::Account(job) = job {
            return self.account_answered(job, response);
        }
        match job {
            Job::Register(name) => {
                match verdict::of_write::<Registration>(response, &NAME_REFUSALS) {
                    WriteVerdict::Done(registration) => {
                        self.failures = 0;
                        self.registered = name.clone();
                        self.registration_came(registration);
                        self.events.push(OnlineEvent::Registered(name));
                    }
                    WriteVerdict::Refused { sentence, .. } | WriteVerdict::NeedsName(sentence) => {
                        self.name_refused = true;
                        self.events.push(OnlineEvent::NameRefused(sentence));
                    }
                    WriteVerdict::Later { why, retry_after_s } => {
                        self.unreachable(why, retry_after_s, now_s)
                    }
                    WriteVerdict::NotALeaderboard(what) => self.not_a_leaderboard(&what, now_s),
                }
            }
            Job::Send(queued) => match verdict::of_write::<Ranked>(response, &RUN_REFUSALS) {
                WriteVerdict::Done(ranked) => {
                    self.failures = 0;
                    self.answered_for(&queued, false);
                    self.events.push(OnlineEvent::Sent { queued, ranked });
                }
                WriteVerdict::Refused { sentence, .. } => {
                    self.answered_for(&queued, true);
                    self.events
                        .push(OnlineEvent::SendRefused { queued, sentence });
                }
                // A former key's player is gone (deleted from another device): its run can
                // go under no one.
                WriteVerdict::NeedsName(sentence) if self.under_former(&queued) => {
                    self.answered_for(&queued, true);
                    self.events
                        .push(OnlineEvent::SendRefused { queued, sentence });
                }
                WriteVerdict::NeedsName(_) => self.registered.clear(),
                WriteVerdict::Later { why, retry_after_s } => {
                    self.unreachable(why, retry_after_s, now_s)
                }
                WriteVerdict::NotALeaderboard(what) => self.not_a_leaderboard(&what, now_s),
            },
            Job::Board(board) => match read_answer::<BoardPage>(response) {
                Answer::Done(page) => self.events.push(OnlineEvent::Board(board, page)),
                // The server answered: a page it sent that cannot be read is no network fault.
                Answer::Later { why, .. } if (200..=299).contains(&response.status) => {
                    self.reach = Reach::Unreadable(why);
                    self.events.push(OnlineEvent::ReadFailed(format!(
                        "The {} board from the server could not be read: it is not a page this \
                         game reads.",
                        board.name()
                    )))
                }
                Answer::Refused { sentence, .. } | Answer::NeedsName(sentence) => self
                    .events
                    .push(OnlineEvent::ReadFailed(verdict::shown(&sentence))),
                Answer::Later { why, retry_after_s } => self.unreachable(why, retry_after_s, now_s),
            },
            Job::Today => match read_answer::<Today>(response) {
                Answer::Done(today) => {
                    if let Some(server_s) = today.server_time_s() {
                        self.learn_clock(server_s);
                    }
                    self.events.push(OnlineEvent::Today(today));
                }
                // Asked in the background as the game goes online: a day that cannot be read
                // is said where boards would be (never as a note over the title), as is an
                // address that answers but is no leaderboard (a static host's 404), which
                // counts as one not reached.
                Answer::Later { why, .. } if (200..=299).contains(&response.status) => {
                    self.reach = Reach::Unreadable(why);
                }
                Answer::Refused { sentence, .. } | Answer::NeedsName(sentence) => {
                    self.unreachable(sentence, None, now_s)
                }
                Answer::Later { why, retry_after_s } => self.unreachable(why, retry_after_s, now_s),
            },
            Job::Replay(_) | Job::Account(_) => {}
        }
    }

    fn replay_answered(&mut self, run: &str, response: &Response, now_s: f64) {
        if response.status == 200 {
            match Replay::from_bytes(&response.body) {
                Ok(replay) => self
                    .events
                    .push(OnlineEvent::Replay(run.to_owned(), Box::new(replay))),
                Err(kind) => {
                    let error = ReplayError {
                        path: format!("run {run} from the server").into(),
                        kind,
                    };
                    self.events.push(OnlineEvent::ReadFailed(format!(
                        "The run's replay from the server is not one this game reads: {error}."
                    )))
                }
            }
            return;
        }
        match read_answer::<serde_json::Value>(response) {
            Answer::Later { why, retry_after_s } => self.unreachable(why, retry_after_s, now_s),
            Answer::Refused { sentence, .. } | Answer::NeedsName(sentence) => self
                .events
                .push(OnlineEvent::ReadFailed(verdict::shown(&sentence))),
            Answer::Done(_) => {}
        }
    }

    /// No answer, or "later": back off. A send or a registration comes back from the queue by
    /// itself; a read is given up (its screen says offline and may ask again).
    pub(super) fn unreachable(&mut self, why: String, retry: Option<f64>, now_s: f64) {
        self.failures = self.failures.saturating_add(1);
        self.wait_until_s = now_s + backoff::wait_s(self.failures, retry);
        self.reach = Reach::Offline(why.clone());
        self.events.push(OnlineEvent::Offline(why));
    }
}
