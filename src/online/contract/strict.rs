//! Strict bodies (online.md, "Copies" and "Refusals"): a run is one JSON object with the
//! replay's own fields. The replay's types refuse unknown fields and a key given twice; what
//! serde still lets through is a shape the format does not have (an array where it has an
//! object: serde reads a struct from its fields in order), which [`check_shape`] refuses.

use serde::Serialize;
use serde_json::Value;

/// Most levels of nesting any body of the contract has (a replay: the file, `inputs`, one
/// input, its `actions`, one action, its fields). serde_json refuses deeper text itself
/// (past 128 levels) before this is asked.
pub const MAX_DEPTH: usize = 8;

/// Whether `body`, already read into `read`, has the shape `read` writes: an object wherever
/// `read`'s JSON has one, lists as long, nothing nested deeper. Fields `read` leaves out when
/// written (defaults) may be present; their types were checked when it was read.
pub fn check_shape<T: Serialize>(body: &[u8], read: &T) -> Result<(), String> {
    let sent: Value = serde_json::from_slice(body).map_err(|e| e.to_string())?;
    let written = serde_json::to_value(read).map_err(|e| e.to_string())?;
    if !sent.is_object() {
        return Err("it is not one JSON object".to_owned());
    }
    shaped(&sent, &written, "", 0)
}

fn shaped(sent: &Value, written: &Value, at: &str, depth: usize) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} is nested deeper than the format has"));
    }
    match (sent, written) {
        (Value::Object(sent), Value::Object(written)) => {
            sent.iter()
                .try_for_each(|(key, value)| match written.get(key) {
                    Some(expected) => shaped(value, expected, &format!("{at}.{key}"), depth + 1),
                    None => flat(value, &format!("{at}.{key}")),
                })
        }
        (Value::Array(sent), Value::Array(written)) if sent.len() == written.len() => sent
            .iter()
            .zip(written)
            .enumerate()
            .try_for_each(|(i, (s, w))| shaped(s, w, &format!("{at}[{i}]"), depth + 1)),
        (Value::Object(_) | Value::Array(_), _) | (_, Value::Object(_) | Value::Array(_)) => {
            Err(format!("{} is not shaped as the format has it", where_(at)))
        }
        _ => Ok(()),
    }
}

/// A field the type leaves out when written (a default) is a plain value.
fn flat(value: &Value, at: &str) -> Result<(), String> {
    match value {
        Value::Object(_) | Value::Array(_) => Err(format!(
            "{at} holds an object or a list where the format has a plain value"
        )),
        _ => Ok(()),
    }
}

fn where_(at: &str) -> &str {
    if at.is_empty() {
        "the body"
    } else {
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        a: u32,
        b: u32,
    }

    #[derive(Debug, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        inner: Inner,
        list: Vec<Inner>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maybe: Option<u32>,
    }

    fn check(text: &str) -> Result<(), String> {
        let read: Outer = serde_json::from_str(text).map_err(|e| e.to_string())?;
        check_shape(text.as_bytes(), &read)
    }

    #[test]
    fn the_format_s_own_shape_passes() {
        assert_eq!(check(r#"{"inner": {"a": 1, "b": 2}, "list": []}"#), Ok(()));
        assert_eq!(
            check(r#"{"inner": {"a": 1, "b": 2}, "list": [{"a": 3, "b": 4}], "maybe": null}"#),
            Ok(())
        );
    }

    #[test]
    fn arrays_for_objects_unknown_fields_and_duplicates_are_refused() {
        for bad in [
            r#"{"inner": [1, 2], "list": []}"#,
            r#"{"inner": {"a": 1, "b": 2}, "list": [[3, 4]]}"#,
            r#"[{"a": 1, "b": 2}, []]"#,
            r#"{"inner": {"a": 1, "b": 2, "c": [[[[]]]]}, "list": []}"#,
            r#"{"inner": {"a": 1, "b": 2}, "list": [], "note": "x"}"#,
            r#"{"inner": {"a": 1, "a": 2, "b": 2}, "list": []}"#,
        ] {
            assert!(check(bad).is_err(), "{bad}");
        }
    }
}
