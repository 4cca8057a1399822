//! What `latu play … --stats FILE` wrote, read back: the window tests' probes and layouts.

use crate::common;

use serde_json::Value;
use std::path::Path;

/// `latu play` with `args` and `--stats` into `dir` (its data there too), which must succeed:
/// the statistics written, or `None` when no window can open here.
pub fn stats_of(dir: &Path, args: &[&str]) -> Option<Value> {
    let stats = dir.join("stats.json");
    let mut args = args.to_vec();
    args.extend(["--stats", stats.to_str().expect("utf-8 temp path")]);
    let output = common::play_in_window(Some(dir), &args)?;
    assert!(
        output.status.success(),
        "latu play {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&stats).expect("the stats were written");
    Some(serde_json::from_str(&text).expect("stats are JSON"))
}
