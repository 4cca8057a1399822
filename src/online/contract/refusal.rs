//! A refusal's body (online.md, "Refusals"): `{"error": "one sentence"}`, with the reason as a
//! word a program can act on, and the server's clock when the client's was off.

use serde::{Deserialize, Serialize};

/// Why the server refused a request: `/metrics`' `reason` label and a refusal's `reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A missing, malformed or wrong key or signature (401).
    BadSignature,
    /// The write's `X-Latu-Time` is more than [`super::CLOCK_WINDOW_S`] from the server's clock
    /// (401): sign again with the server's time.
    ClockOff,
    /// A player-changing write whose time is not later than that player's last (401): the same
    /// request sent again, or a clock that went back.
    AlreadyUsed,
    /// The body is not what the endpoint reads (400).
    BadBody,
    /// The name is not one the game can show (400).
    BadName,
    /// The name is taken, or looks like a taken name (409).
    NameTaken,
    /// The key has no name yet (403).
    NoName,
    /// The run copies another player's run (409).
    CopiedGhost,
    /// The run's body is over the limit (413).
    TooLarge,
    /// The body is not a replay (400).
    NotAReplay,
    /// The re-play does not reproduce the run, or the run is impossible (422).
    Tampered,
    /// Another rules version (422).
    OtherRules,
    /// Not the course its board names (422).
    NotTheBoardsCourse,
    /// No board has the replay's course (422).
    UnknownCourse,
    /// The replay carries no summary to check (422).
    NoSummary,
    /// A level or daily run that did not reach the finish (422).
    Unfinished,
    /// A daily outside its day (422).
    DailyOutsideDay,
    /// No such board, run, player or path (404).
    NotFound,
    /// Too many requests (429).
    TooMany,
    /// The verification queue is full (503).
    QueueFull,
    /// The re-play took longer than the server allows (503).
    VerifyTimeLimit,
    /// The re-play failed on the server's side (500).
    VerifyFailed,
    /// The database is away or its disk full (503).
    Unavailable,
    /// The key already belongs to a player (409): it cannot join another.
    KeyTaken,
    /// The player is banned by the server's operator (403).
    Banned,
}

impl Reason {
    /// Every reason, in order.
    pub const ALL: [Reason; 25] = [
        Reason::BadSignature,
        Reason::ClockOff,
        Reason::AlreadyUsed,
        Reason::BadBody,
        Reason::BadName,
        Reason::NameTaken,
        Reason::NoName,
        Reason::CopiedGhost,
        Reason::TooLarge,
        Reason::NotAReplay,
        Reason::Tampered,
        Reason::OtherRules,
        Reason::NotTheBoardsCourse,
        Reason::UnknownCourse,
        Reason::NoSummary,
        Reason::Unfinished,
        Reason::DailyOutsideDay,
        Reason::NotFound,
        Reason::TooMany,
        Reason::QueueFull,
        Reason::VerifyTimeLimit,
        Reason::VerifyFailed,
        Reason::Unavailable,
        Reason::KeyTaken,
        Reason::Banned,
    ];

    /// Its word, as the JSON and `/metrics` spell it.
    pub fn word(self) -> &'static str {
        match self {
            Reason::BadSignature => "bad_signature",
            Reason::ClockOff => "clock_off",
            Reason::AlreadyUsed => "already_used",
            Reason::BadBody => "bad_body",
            Reason::BadName => "bad_name",
            Reason::NameTaken => "name_taken",
            Reason::NoName => "no_name",
            Reason::CopiedGhost => "copied_ghost",
            Reason::TooLarge => "too_large",
            Reason::NotAReplay => "not_a_replay",
            Reason::Tampered => "tampered",
            Reason::OtherRules => "other_rules",
            Reason::NotTheBoardsCourse => "not_the_boards_course",
            Reason::UnknownCourse => "unknown_course",
            Reason::NoSummary => "no_summary",
            Reason::Unfinished => "unfinished",
            Reason::DailyOutsideDay => "daily_outside_day",
            Reason::NotFound => "not_found",
            Reason::TooMany => "too_many",
            Reason::QueueFull => "queue_full",
            Reason::VerifyTimeLimit => "verify_time_limit",
            Reason::VerifyFailed => "verify_failed",
            Reason::Unavailable => "unavailable",
            Reason::KeyTaken => "key_taken",
            Reason::Banned => "banned",
        }
    }
}

/// A refusal's body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// One sentence a player or developer can act on.
    pub error: String,
    /// Why, as a word (absent from servers older than this field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// The server's clock, whole Unix seconds, on a [`Reason::ClockOff`] or
    /// [`Reason::AlreadyUsed`]: the time to sign with instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_time_s: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_s_word_is_its_json() {
        for reason in Reason::ALL {
            let json = serde_json::to_string(&reason).expect("JSON");
            assert_eq!(json, format!("\"{}\"", reason.word()));
            assert_eq!(serde_json::from_str::<Reason>(&json).ok(), Some(reason));
        }
    }
}
