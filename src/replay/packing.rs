//! The replay file's inputs, packed (format 2): the same actions on consecutive ticks are one
//! entry, `{"tick": T, "actions": [...], "ticks": N}` (the actions on ticks T to T + N − 1;
//! `"ticks"` left out for one). A held aim key nudges the sight by the same step every tick
//! (`crate::shooting::controls`), so two minutes of aiming on held keys is a few entries per
//! press instead of one a tick: every run the game records fits the server's body limit.
//!
//! In memory a replay's inputs are always one [`TickInput`] per tick with actions; only the file
//! packs them. Format 1 files (one entry per tick) are still read. The game writes the packing
//! canonically (each run of equal actions on consecutive ticks as one entry), so a run has one
//! text of its inputs.

use super::file::TickInput;
use super::verify::MAX_TICKS;
use crate::sim::{Action, Tick};
use serde::{Deserialize, Deserializer, Serialize};

/// The first format whose inputs are packed.
pub const PACKED_SINCE: u32 = 2;

/// One entry of a file's `inputs`: `actions` on `ticks` consecutive ticks from `tick`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    tick: Tick,
    actions: Vec<Action>,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    ticks: u64,
}

fn one() -> u64 {
    1
}

fn is_one(ticks: &u64) -> bool {
    *ticks == 1
}

/// The inputs as a file of `format_version` writes them: packed from format 2 on.
pub fn entries(inputs: &[TickInput], format_version: u32) -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for input in inputs {
        let packs = format_version >= PACKED_SINCE;
        match entries.last_mut() {
            Some(last)
                if packs
                    && last.actions == input.actions
                    && last.tick.get() + last.ticks == input.tick.get() =>
            {
                last.ticks += 1;
            }
            _ => entries.push(Entry {
                tick: input.tick,
                actions: input.actions.clone(),
                ticks: 1,
            }),
        }
    }
    entries
}

/// Read a file's `inputs` (packed or not) as one input per tick. A packing that would spell
/// more ticks than a run has ([`MAX_TICKS`]) is refused before anything is unpacked, so a
/// small file cannot ask for a large allocation.
pub fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<TickInput>, D::Error> {
    let entries = Vec::<Entry>::deserialize(deserializer)?;
    unpack(entries).map_err(serde::de::Error::custom)
}

fn unpack(entries: Vec<Entry>) -> Result<Vec<TickInput>, String> {
    let mut total = 0_u64;
    for (index, entry) in entries.iter().enumerate() {
        if entry.ticks == 0 {
            return Err(format!("inputs[{index}] holds its actions on 0 ticks"));
        }
        total = total.saturating_add(entry.ticks);
        if total > MAX_TICKS || entry.tick.get().saturating_add(entry.ticks) > MAX_TICKS {
            return Err(format!(
                "inputs[{index}] runs past the longest run ({MAX_TICKS} ticks)"
            ));
        }
    }
    let mut inputs = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    for entry in entries {
        let first = entry.tick.get();
        inputs.extend((first..first + entry.ticks).map(|tick| TickInput {
            tick: Tick::new(tick),
            actions: entry.actions.clone(),
        }));
    }
    Ok(inputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(tick: u64, action: Action) -> TickInput {
        TickInput {
            tick: Tick::new(tick),
            actions: vec![action],
        }
    }

    #[test]
    fn equal_actions_on_consecutive_ticks_pack_into_one_entry_and_unpack_again() {
        let aim = Action::Aim { dx: 3, dy: 0 };
        let mut inputs: Vec<TickInput> = (100..160).map(|t| input(t, aim)).collect();
        inputs.push(input(160, Action::Fire));
        inputs.extend((161..170).map(|t| input(t, aim)));
        inputs.push(input(200, Action::Left));
        let packed = entries(&inputs, 2);
        assert_eq!(packed.len(), 4);
        assert_eq!(entries(&inputs, 1).len(), inputs.len());
        assert_eq!(unpack(packed), Ok(inputs));
    }

    #[test]
    fn a_packing_longer_than_a_run_is_refused_before_it_is_unpacked() {
        let text = r#"[{"tick": 5, "actions": ["left"], "ticks": 99999999999}]"#;
        let entries: Vec<Entry> = serde_json::from_str(text).expect("entries");
        assert!(unpack(entries).is_err());
        let zero: Vec<Entry> =
            serde_json::from_str(r#"[{"tick": 5, "actions": ["left"], "ticks": 0}]"#)
                .expect("entries");
        assert!(unpack(zero).is_err());
    }
}
