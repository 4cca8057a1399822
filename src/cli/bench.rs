//! `latu bench`: performance figures as one JSON object, all measured in this one run.

use super::args::BenchArgs;
use super::{print_json, CliError};
use crate::{replay, stream, terrain};
use serde_json::{Map, Value};

/// Run `latu bench`.
pub fn run(_args: &BenchArgs) -> Result<(), CliError> {
    let mut figures = Map::new();
    merge(
        &mut figures,
        &terrain::bench::measure(stream::worker_count()),
    )?;
    figures.insert(
        "sim_realtime_factor".into(),
        Value::from(replay::bench::sim_realtime_factor()),
    );
    print_json(&Value::Object(figures))
}

/// Add a serialisable group of figures to the flat output object.
fn merge<T: serde::Serialize>(figures: &mut Map<String, Value>, group: &T) -> Result<(), CliError> {
    match serde_json::to_value(group) {
        Ok(Value::Object(fields)) => {
            figures.extend(fields);
            Ok(())
        }
        Ok(other) => Err(CliError::bad_input(format!(
            "bench figures must be a JSON object, got {other}"
        ))),
        Err(e) => Err(CliError::bad_input(format!(
            "cannot encode bench figures: {e}"
        ))),
    }
}
