//! The bodies the server and the game exchange (online.md, "Endpoints"), one type each, read
//! and written by both sides. What a client sends is read strictly (no unknown field, no key
//! twice); what the server answers is read leniently by the game (a newer server may add
//! fields).

use crate::course::daily::Date;
use crate::shooting::Rifle;
use serde::{Deserialize, Serialize};

/// `POST /v1/players`' body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameRequest {
    pub name: String,
}

impl NameRequest {
    /// The body read strictly: one JSON object with `name` once and nothing else (serde alone
    /// would take `["x"]` too, as the struct's fields in order).
    pub fn read(body: &[u8]) -> Result<Self, String> {
        read_object(body)
    }
}

/// `body` read strictly as one JSON object of `T`'s fields (serde alone would take an array
/// too, as the struct's fields in order).
pub(super) fn read_object<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, String> {
    let object = body.trim_ascii_start().starts_with(b"{");
    if !object {
        return Err("it is not a JSON object".to_owned());
    }
    serde_json::from_slice(body).map_err(|e| e.to_string())
}

/// `POST /v1/players`' answer: the player's id (its first key) and name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    pub player: String,
    pub name: String,
    /// The recovery code, given once: only to the registration that made the player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery: Option<String>,
}

/// Where a sent run stands (`POST /v1/runs`' answer), by the server's own re-play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ranked {
    #[serde(serialize_with = "id_out", deserialize_with = "id_in")]
    pub run: String,
    pub board: String,
    pub rank: u32,
    pub of: u32,
    pub score: u32,
    /// Whether this run is the player's new best on the board.
    pub best: bool,
    #[serde(default)]
    pub time_s: f64,
    #[serde(default)]
    pub misses: u32,
    #[serde(default)]
    pub distance_m: f64,
}

/// One ranked run on a board (the server's own re-play's figures).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub rank: u32,
    pub name: String,
    pub player: String,
    pub score: u32,
    pub time_s: f64,
    pub misses: u32,
    pub distance_m: f64,
    /// The rifle the run was shot with.
    #[serde(default)]
    pub rifle: Rifle,
    #[serde(serialize_with = "id_out", deserialize_with = "id_in")]
    pub run: String,
    /// When it was ranked, `YYYY-MM-DDTHH:MM:SSZ`.
    #[serde(default)]
    pub at: String,
}

/// A board's top entries and the player's neighbourhood (`GET /v1/boards/{board}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardPage {
    pub board: String,
    pub of: u32,
    pub entries: Vec<Entry>,
    #[serde(default)]
    pub around: Vec<Entry>,
}

/// The server's day (`GET /v1/today`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Today {
    pub day: String,
    /// Whole seconds to the next day, UTC.
    pub next_in_s: i64,
    /// The rules version the server ranks.
    #[serde(default)]
    pub rules: Option<u32>,
}

impl Today {
    /// The server's clock when it answered, whole Unix seconds: its day's end less the seconds
    /// to it (`None` if the day is not a date).
    pub fn server_time_s(&self) -> Option<i64> {
        let day = Date::parse(&self.day).ok()?;
        let day_ends_s = (day.days_since_epoch() + 1) * SECONDS_PER_DAY;
        Some(day_ends_s - self.next_in_s)
    }
}

/// Seconds in a UTC day.
const SECONDS_PER_DAY: i64 = 86_400;

/// A run id is a whole number on the wire; the game keeps it as text.
pub(super) fn id_out<S: serde::Serializer>(id: &str, serializer: S) -> Result<S::Ok, S::Error> {
    match id.parse::<u64>() {
        Ok(number) if number.to_string() == id => serializer.serialize_u64(number),
        _ => serializer.serialize_str(id),
    }
}

/// A run id as text, whether it comes as a number or a string.
pub(super) fn id_in<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    match serde_json::Value::deserialize(deserializer)? {
        serde_json::Value::String(text) => Ok(text),
        serde_json::Value::Number(number) => Ok(number.to_string()),
        other => Err(serde::de::Error::custom(format!("a run id, not {other}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;

    /// Written by one side and read by the other, each body comes back equal, its JSON
    /// unchanged.
    fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
        let json = serde_json::to_string(value).expect("JSON");
        let back: T = serde_json::from_str(&json).expect("read back");
        assert_eq!(&back, value);
        assert_eq!(serde_json::to_string(&back).expect("JSON"), json);
    }

    fn entry(rank: u32, rifle: Rifle) -> Entry {
        Entry {
            rank,
            name: "Aino".into(),
            player: "ab".repeat(32),
            score: 5150,
            time_s: 160.3,
            misses: 0,
            distance_m: 1500.0,
            rifle,
            run: "42".into(),
            at: "2026-12-04T10:00:00Z".into(),
        }
    }

    #[test]
    fn every_body_round_trips() {
        round_trip(&NameRequest {
            name: "Aino".into(),
        });
        round_trip(&Registration {
            player: "ab".repeat(32),
            name: "Aino".into(),
            recovery: Some("ABCDE-FGHJK-MNPQR-STUVW".into()),
        });
        round_trip(&Ranked {
            run: "7".into(),
            board: "endless".into(),
            rank: 1,
            of: 3,
            score: 0,
            best: true,
            time_s: 61.5,
            misses: 2,
            distance_m: 812.25,
        });
        round_trip(&BoardPage {
            board: "level-1-track-1".into(),
            of: 2,
            entries: vec![entry(1, Rifle::Training), entry(2, Rifle::default())],
            around: vec![entry(2, Rifle::default())],
        });
        round_trip(&Today {
            day: "2026-12-04".into(),
            next_in_s: 3600,
            rules: Some(3),
        });
        round_trip(&super::super::Refusal {
            error: "off by 400 s".into(),
            reason: Some(super::super::Reason::ClockOff),
            server_time_s: Some(1_765_000_000),
        });
    }

    #[test]
    fn ids_are_numbers_on_the_wire_and_entries_name_the_rifle() {
        let json = serde_json::to_value(entry(1, Rifle::Training)).expect("JSON");
        assert_eq!(json["run"], 42);
        assert_eq!(json["rifle"], "training");
        let text: Entry = serde_json::from_value(serde_json::json!({
            "rank": 1, "name": "A", "player": "p", "score": 1, "time_s": 1.0, "misses": 0,
            "distance_m": 1.0, "run": "r-1"
        }))
        .expect("an entry from an older server");
        assert_eq!((text.run.as_str(), text.rifle), ("r-1", Rifle::Training));
    }

    #[test]
    fn a_name_body_is_read_strictly() {
        let read = |text: &str| NameRequest::read(text.as_bytes());
        assert!(read(r#"{"name": "Aino"}"#).is_ok());
        for bad in [
            r#"{"name": "x", "name": "y"}"#,
            r#"{"name": "x", "colour": "red"}"#,
            r#"{"name": ["x"]}"#,
            r#"["x"]"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_server_s_clock_follows_from_its_day() {
        let today = Today {
            day: "2026-12-04".into(),
            next_in_s: 100,
            rules: None,
        };
        let day = Date::parse("2026-12-05").unwrap().days_since_epoch();
        assert_eq!(today.server_time_s(), Some(day * 86_400 - 100));
    }
}
