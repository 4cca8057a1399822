//! JSON read with every key given twice in one object found: `serde_json::Value` keeps the
//! last of them silently (`{"coins":5,"coins":7}` reads as 7), so a file edited by hand or
//! damaged would be believed. A key given twice is dropped (neither copy can be trusted) and
//! named, so the file is treated as damaged: kept aside, the rest of it used.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Parse `bytes` as JSON; returns the value with every key given twice removed from its object,
/// and the place of each (`"coins"`, `"runs[2].name"`).
pub fn parse(bytes: &[u8]) -> Result<(Value, Vec<String>), serde_json::Error> {
    let twice = RefCell::new(Vec::new());
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = Strict {
        twice: &twice,
        place: String::new(),
    }
    .deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok((value, twice.into_inner()))
}

/// One value being read, at `place` in the document.
struct Strict<'a> {
    twice: &'a RefCell<Vec<String>>,
    place: String,
}

impl Strict<'_> {
    fn at(&self, place: String) -> Self {
        Strict {
            twice: self.twice,
            place,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) =
            seq.next_element_seed(self.at(format!("{}[{}]", self.place, items.len())))?
        {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        let mut repeated = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let place = match self.place.is_empty() {
                true => key.clone(),
                false => format!("{}.{key}", self.place),
            };
            let value = map.next_value_seed(self.at(place.clone()))?;
            if object.contains_key(&key) {
                if !repeated.contains(&key) {
                    self.twice.borrow_mut().push(place);
                    repeated.push(key);
                }
            } else {
                object.insert(key, value);
            }
        }
        for key in repeated {
            object.remove(&key);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_dropped_and_named_at_any_depth() {
        let (value, twice) =
            parse(br#"{"coins":5,"coins":7,"runs":[{"a":1,"a":2,"b":3}],"x":1.5}"#).expect("json");
        assert_eq!(twice, ["coins", "runs[0].a"]);
        assert_eq!(value, serde_json::json!({"runs":[{"b":3}],"x":1.5}));
    }

    #[test]
    fn plain_json_reads_as_serde_json_reads_it() {
        let text = br#"{"a":[1,-2,3.25,"s",null,true,{"b":{}}],"big":18446744073709551615}"#;
        let (value, twice) = parse(text).expect("json");
        assert!(twice.is_empty());
        assert_eq!(value, serde_json::from_slice::<Value>(text).expect("json"));
        assert!(parse(b"{} x").is_err(), "trailing text is refused");
    }
}
