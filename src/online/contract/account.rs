//! The bodies of a player's account (online.md, contract version 2): another device's link
//! code, recovery, deletion and reports. What a client sends is read strictly; what the server
//! answers is read leniently.

use super::wire::{id_in, id_out, read_object};
use serde::{Deserialize, Serialize};

/// The longest reason a report may give, in characters.
pub const REPORT_WHY_MAX_CHARS: usize = 200;

/// `POST /v1/links`' answer: a one-time code for another device of the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkCode {
    pub code: String,
    /// Seconds the code stays good.
    pub expires_in_s: u32,
}

/// `POST /v1/links/{code}`' answer: the player the signing key joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    pub player: String,
    pub name: String,
}

/// `POST /v1/recover`'s body: the player's recovery code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoverRequest {
    pub code: String,
}

impl RecoverRequest {
    /// The body read strictly: one JSON object with `code` once and nothing else.
    pub fn read(body: &[u8]) -> Result<Self, String> {
        read_object(body)
    }
}

/// `POST /v1/recover`'s answer: the player the key joined, and its new recovery code (the
/// old one no longer works).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovered {
    pub player: String,
    pub name: String,
    pub recovery: String,
}

/// `DELETE /v1/players/{ID}`'s and `POST /v1/delete-requests`' answer: the player that is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deleted {
    pub deleted: String,
}

/// `POST /v1/delete-requests`' body (unsigned: the web page's form sends the same fields).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteRequest {
    pub name: String,
    pub recovery: String,
}

impl DeleteRequest {
    /// The body read strictly: one JSON object with `name` and `recovery` and nothing else.
    pub fn read(body: &[u8]) -> Result<Self, String> {
        read_object(body)
    }
}

/// `POST /v1/reports`' body: a run and why it is reported (at most
/// [`REPORT_WHY_MAX_CHARS`] characters).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    #[serde(serialize_with = "id_out", deserialize_with = "id_in")]
    pub run: String,
    pub why: String,
}

impl ReportRequest {
    /// The body read strictly: one JSON object with `run` and `why` and nothing else.
    pub fn read(body: &[u8]) -> Result<Self, String> {
        read_object(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_bodies_round_trip_and_are_read_strictly() {
        let report = ReportRequest {
            run: "42".into(),
            why: "a ghost of mine".into(),
        };
        let json = serde_json::to_string(&report).expect("JSON");
        assert_eq!(json, r#"{"run":42,"why":"a ghost of mine"}"#);
        assert_eq!(ReportRequest::read(json.as_bytes()), Ok(report));
        assert!(ReportRequest::read(br#"{"run": 1, "why": "x", "more": 1}"#).is_err());
        assert!(RecoverRequest::read(br#"["ABCD"]"#).is_err());
        assert!(DeleteRequest::read(br#"{"name": "Aino"}"#).is_err());
        let link = LinkCode {
            code: "ABCD-EFGH-JKMN".into(),
            expires_in_s: 600,
        };
        let back: LinkCode =
            serde_json::from_str(&serde_json::to_string(&link).expect("JSON")).expect("read");
        assert_eq!(back, link);
    }
}
