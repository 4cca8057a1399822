//! The bodies of a player's account (online.md, contract version 2): another device's link
//! code, recovery, deletion and reports. What a client sends is read strictly; what the server
//! answers is read leniently.

use super::wire::{id_in, id_out, read_object};
use super::Request;
use crate::online::keys::Keys;
use serde::{Deserialize, Serialize};

/// The longest reason a report may give, in characters.
pub const REPORT_WHY_MAX_CHARS: usize = 200;
/// Letters and digits in a link code (two groups of five), dashes and spaces aside.
pub const LINK_CODE_CHARS: usize = 10;
/// Letters and digits in a recovery code (four groups of five).
pub const RECOVERY_CODE_CHARS: usize = 20;

/// What a code a player typed is, by its length (case, spaces and dashes do not matter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeKind {
    /// A one-time code from another device: its letters and digits, upper case.
    Link(String),
    /// The player's recovery code, as typed.
    Recovery(String),
}

impl CodeKind {
    /// The code `typed` is; `Err` with a sentence for the player when it is neither.
    pub fn of(typed: &str) -> Result<Self, String> {
        let plain: String = typed
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let count = plain.chars().count();
        if !plain.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err("A code has only letters and digits (dashes and spaces aside).".into());
        }
        match count {
            LINK_CODE_CHARS => Ok(Self::Link(plain)),
            RECOVERY_CODE_CHARS => Ok(Self::Recovery(plain)),
            _ => Err(format!(
                "That code has {count} letters and digits: one from another device has \
                 {LINK_CODE_CHARS}, a recovery code {RECOVERY_CODE_CHARS}."
            )),
        }
    }
}

impl Request {
    /// `POST /v1/links`: a one-time code for another device of the signer's player.
    pub fn link(keys: &Keys, time_s: i64) -> Self {
        Self::signed_post("/v1/links", Vec::new(), keys, time_s)
    }

    /// `POST /v1/links/{code}`, signed by the key that joins the code's player.
    pub fn join(code: &str, keys: &Keys, time_s: i64) -> Self {
        let path = format!("/v1/links/{}", super::path_safe(code));
        Self::signed_post(&path, Vec::new(), keys, time_s)
    }

    /// `POST /v1/recover`, signed by the key that joins the recovery code's player.
    pub fn recover(code: &str, keys: &Keys, time_s: i64) -> Self {
        let body = RecoverRequest {
            code: code.to_owned(),
        };
        let body = serde_json::to_vec(&body).expect("a code always encodes as JSON");
        Self::signed_post("/v1/recover", body, keys, time_s)
    }

    /// `DELETE /v1/players/{ID}`, signed by one of the player's keys.
    pub fn delete_player(player: &str, keys: &Keys, time_s: i64) -> Self {
        let path = format!("/v1/players/{}", super::path_safe(player));
        Self::signed("DELETE", &path, Vec::new(), keys, time_s)
    }

    /// `POST /v1/reports`: run `run` flagged for the operator, and why.
    pub fn report(run: &str, why: &str, keys: &Keys, time_s: i64) -> Self {
        let body = ReportRequest {
            run: run.to_owned(),
            why: why.to_owned(),
        };
        let body = serde_json::to_vec(&body).expect("a report always encodes as JSON");
        Self::signed_post("/v1/reports", body, keys, time_s)
    }
}

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

    #[test]
    fn a_typed_code_is_told_apart_by_its_length() {
        assert_eq!(
            CodeKind::of(" abcde-fgh2k "),
            Ok(CodeKind::Link("ABCDEFGH2K".into()))
        );
        assert_eq!(
            CodeKind::of("K7QX2 MRT9B AAAAA BBBBB"),
            Ok(CodeKind::Recovery("K7QX2MRT9BAAAAABBBBB".into()))
        );
        assert!(CodeKind::of("ABC").unwrap_err().contains("has 3"));
        assert!(CodeKind::of("ABCDE/FGHJK").is_err());
    }

    #[test]
    fn a_deletion_is_signed_over_delete_and_an_empty_body() {
        let keys = Keys::from_secret([2; 32]);
        let request = Request::delete_player(&"ab".repeat(32), &keys, 5);
        assert_eq!(request.method, "DELETE");
        let message = super::super::signed_message("DELETE", &request.path, 5, b"");
        assert_eq!(request.headers[2].1, keys.sign_hex(&message));
        assert!(request.body.is_empty());
    }
}
