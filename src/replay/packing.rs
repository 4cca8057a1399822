//! The replay file's inputs, packed. Format 2: the same actions on consecutive ticks are one
//! entry, `{"tick": T, "actions": [...], "ticks": N}` (the actions on ticks T to T + N − 1;
//! `"ticks"` left out for one). A held aim key nudges the sight by the same step every tick
//! (`crate::shooting::controls`), so two minutes of aiming on held keys is a few entries per
//! press instead of one a tick. Format 3 adds touch drags: a finger's drag nudges the sight by a
//! different step nearly every tick, so consecutive ticks that each hold drags and nothing else
//! (one, or one a frame on a screen faster than 60 Hz) are one entry `{"tick": T, "drags": "…"}`, the deltas written compactly
//! ([`super::drags`]): a few characters a tick instead of an entry of about fifty.
//!
//! In memory a replay's inputs are always one [`TickInput`] per tick with actions; only the file
//! packs them. Format 1 files (one entry per tick) and format 2 files are still read. The game
//! writes the packing canonically (each run of equal actions on consecutive ticks as one entry,
//! and from format 3 each run of drag-only ticks as one), so a run has one text of its inputs.

use super::drags::{self, TickDrags};
use super::file::TickInput;
use super::verify::MAX_TICKS;
use crate::sim::{Action, Tick};
use serde::{Deserialize, Deserializer, Serialize};

/// The first format whose inputs are packed.
pub const PACKED_SINCE: u32 = 2;

/// The first format whose drag-only ticks are written as `drags`.
pub const DRAGS_SINCE: u32 = 3;

/// One entry of a file's `inputs`: `actions` on `ticks` consecutive ticks from `tick`, or (from
/// format 3) drags and nothing else on each tick from `tick` on, as many ticks as `drags` spells.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackedEntry {
    tick: Tick,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    actions: Option<Vec<Action>>,
    #[serde(default = "one", skip_serializing_if = "is_one")]
    ticks: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    drags: Option<String>,
}

fn one() -> u64 {
    1
}

fn is_one(ticks: &u64) -> bool {
    *ticks == 1
}

/// The drags a tick holds when it holds drags and nothing else.
fn drags_only(input: &TickInput) -> Option<TickDrags> {
    let drag = |action: &Action| match *action {
        Action::Drag { dx, dy } => Some((dx, dy)),
        _ => None,
    };
    let drags: Option<TickDrags> = input.actions.iter().map(drag).collect();
    drags.filter(|drags| !drags.is_empty())
}

/// The inputs as a file of `format_version` writes them: packed from format 2 on, drags
/// written compactly from format 3 on.
pub fn entries(inputs: &[TickInput], format_version: u32) -> Vec<PackedEntry> {
    let packs = format_version >= PACKED_SINCE;
    let packs_drags = format_version >= DRAGS_SINCE;
    let mut entries: Vec<PackedEntry> = Vec::new();
    // The drag-only ticks of the last entry, while it is a `drags` entry.
    let mut drag_run: Vec<TickDrags> = Vec::new();
    for input in inputs {
        let follows = |last: &PackedEntry| last.tick.get() + last.ticks == input.tick.get();
        if let Some(drags) = drags_only(input).filter(|_| packs_drags) {
            match entries.last_mut() {
                Some(last) if !drag_run.is_empty() && follows(last) => last.ticks += 1,
                _ => {
                    flush(&mut entries, &mut drag_run);
                    entries.push(PackedEntry {
                        tick: input.tick,
                        actions: None,
                        ticks: 1,
                        drags: None,
                    });
                }
            }
            drag_run.push(drags);
            continue;
        }
        flush(&mut entries, &mut drag_run);
        match entries.last_mut() {
            Some(last)
                if packs && last.actions.as_ref() == Some(&input.actions) && follows(last) =>
            {
                last.ticks += 1;
            }
            _ => entries.push(PackedEntry {
                tick: input.tick,
                actions: Some(input.actions.clone()),
                ticks: 1,
                drags: None,
            }),
        }
    }
    flush(&mut entries, &mut drag_run);
    entries
}

/// Write the drag run gathered into the last entry (counted in its `ticks` while gathering).
fn flush(entries: &mut [PackedEntry], drag_run: &mut Vec<TickDrags>) {
    if let Some(last) = entries.last_mut().filter(|_| !drag_run.is_empty()) {
        last.drags = Some(drags::encode(drag_run));
        last.ticks = 1;
        drag_run.clear();
    }
}

/// Read a file's `inputs` (packed or not) as one input per tick. A packing that would spell
/// more ticks than a run has ([`MAX_TICKS`]) is refused before anything is unpacked, so a
/// small file cannot ask for a large allocation.
pub fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<TickInput>, D::Error> {
    let entries = Vec::<PackedEntry>::deserialize(deserializer)?;
    unpack(entries).map_err(serde::de::Error::custom)
}

/// An entry's ticks: its actions on `ticks` ticks, or one drag a tick.
enum Held {
    Actions(Vec<Action>, u64),
    Drags(Vec<TickDrags>),
}

impl Held {
    fn ticks(&self) -> u64 {
        match self {
            Self::Actions(_, ticks) => *ticks,
            Self::Drags(drags) => drags.len() as u64,
        }
    }
}

fn held(index: usize, entry: PackedEntry) -> Result<(Tick, Held), String> {
    match (entry.actions, entry.drags) {
        (Some(_), None) if entry.ticks == 0 => {
            Err(format!("inputs[{index}] holds its actions on 0 ticks"))
        }
        (Some(actions), None) => Ok((entry.tick, Held::Actions(actions, entry.ticks))),
        (None, Some(text)) if entry.ticks == 1 => {
            let drags = drags::decode(&text, MAX_TICKS)
                .map_err(|why| format!("inputs[{index}].drags {why}"))?;
            if drags.is_empty() {
                return Err(format!("inputs[{index}].drags holds no drag"));
            }
            Ok((entry.tick, Held::Drags(drags)))
        }
        (None, Some(_)) => Err(format!(
            "inputs[{index}] gives \"ticks\" beside \"drags\" (a drags entry spells its own ticks)"
        )),
        _ => Err(format!(
            "inputs[{index}] holds either \"actions\" or \"drags\", one of them"
        )),
    }
}

fn unpack(entries: Vec<PackedEntry>) -> Result<Vec<TickInput>, String> {
    let mut total = 0_u64;
    let mut helds = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        let (tick, held) = held(index, entry)?;
        total = total.saturating_add(held.ticks());
        if total > MAX_TICKS || tick.get().saturating_add(held.ticks()) > MAX_TICKS {
            return Err(format!(
                "inputs[{index}] runs past the longest run ({MAX_TICKS} ticks)"
            ));
        }
        helds.push((tick.get(), held));
    }
    let mut inputs = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    for (first, held) in helds {
        match held {
            Held::Actions(actions, ticks) => {
                inputs.extend((first..first + ticks).map(|tick| TickInput {
                    tick: Tick::new(tick),
                    actions: actions.clone(),
                }));
            }
            Held::Drags(drags) => {
                inputs.extend((first..).zip(drags).map(|(tick, drags)| {
                    TickInput {
                        tick: Tick::new(tick),
                        actions: drags
                            .into_iter()
                            .map(|(dx, dy)| Action::Drag { dx, dy })
                            .collect(),
                    }
                }));
            }
        }
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
        let entries: Vec<PackedEntry> = serde_json::from_str(text).expect("entries");
        assert!(unpack(entries).is_err());
        let zero: Vec<PackedEntry> =
            serde_json::from_str(r#"[{"tick": 5, "actions": ["left"], "ticks": 0}]"#)
                .expect("entries");
        assert!(unpack(zero).is_err());
    }

    fn drag(tick: u64, dx: i32, dy: i32) -> TickInput {
        input(tick, Action::Drag { dx, dy })
    }

    #[test]
    fn drag_only_ticks_are_one_entry_from_format_3_and_unpack_again() {
        let mut inputs: Vec<TickInput> = (300..400)
            .map(|t| drag(t, (t % 7) as i32 - 3, -((t % 11) as i32) * 40))
            .collect();
        // Two frames' drags on one tick (a 120 Hz screen) pack with the rest.
        inputs[50].actions.push(Action::Drag { dx: -2, dy: 5 });
        inputs.push(TickInput {
            tick: Tick::new(400),
            actions: vec![Action::Drag { dx: 1, dy: 1 }, Action::Fire],
        });
        inputs.extend((401..450).map(|t| drag(t, i32::MAX, i32::MIN)));
        inputs.push(drag(452, 9, 9));
        let packed = entries(&inputs, 3);
        assert_eq!(packed.len(), 4, "{packed:?}");
        assert!(packed[0].drags.is_some() && packed[1].actions.is_some());
        assert_eq!(unpack(packed.clone()), Ok(inputs.clone()));
        // Format 2 writes the varying drags one entry a tick, the equal ones as one.
        assert_eq!(entries(&inputs, 2).len(), 100 + 3);
        let text = |entries: &[PackedEntry]| serde_json::to_string(entries).expect("entries write");
        assert!(text(&packed).len() * 3 < text(&entries(&inputs, 2)).len());
    }

    #[test]
    fn a_drags_entry_must_be_whole_and_alone() {
        let read = |text: &str| {
            serde_json::from_str::<Vec<PackedEntry>>(text)
                .map_err(|e| e.to_string())
                .and_then(unpack)
        };
        assert!(read(r#"[{"tick": 5, "drags": "AA"}]"#).is_ok());
        assert!(read(r#"[{"tick": 5, "drags": ""}]"#).is_err());
        assert!(read(r#"[{"tick": 5, "drags": "A"}]"#).is_err());
        assert!(read(r#"[{"tick": 5, "drags": "AA", "ticks": 2}]"#).is_err());
        assert!(read(r#"[{"tick": 5, "drags": "AA", "actions": ["fire"]}]"#).is_err());
        assert!(read(r#"[{"tick": 5}]"#).is_err());
        assert!(read(r#"[{"tick": 215999, "drags": "AAAA"}]"#).is_err());
    }
}
