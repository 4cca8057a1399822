//! The missions (`missions.json`): the three held, their progress and how many were completed.
//! A run's missions are kept with its coins as one action ([`Store::keep_run`]), through the
//! journal, so a game stopped at any moment neither pays a mission twice nor loses one paid;
//! a damaged file is kept aside and the player told, like the others.

use crate::missions::{BookChange, MissionBook, RunTally};
use crate::storage::file::{Document, Loaded, Repairs};
use crate::storage::Store;

/// The missions' file name in the data directory.
pub const MISSIONS_FILE: &str = "missions.json";

impl Document for MissionBook {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        if !self.is_consistent() {
            repairs.dropped.push(format!(
                "missions {:?} are not three different missions handed out before {}",
                self.slots.map(|slot| slot.number),
                self.next
            ));
            *self = MissionBook::default();
            return repairs;
        }
        for slot in &mut self.slots {
            let target = slot.mission().target;
            // A mission at its target would have been paid when it got there.
            if slot.progress >= target {
                repairs.adjusted.push(format!(
                    "mission {} progress {} is past its target {target}",
                    slot.number, slot.progress
                ));
                slot.progress = target - 1;
            }
        }
        repairs
    }
}

impl Store {
    /// The missions held, with anything the player should be told about their file.
    pub fn load_missions(&mut self) -> Loaded<MissionBook> {
        self.load(self.dir().join(MISSIONS_FILE))
    }

    /// The missions as they are on disk now after a run's `tally`, for [`Store::keep_run`]
    /// (under its lock); `None` if their file cannot be written this session (held), so the
    /// run's coins are still kept.
    pub(in crate::storage) fn missions_after(
        &mut self,
        tally: &RunTally,
    ) -> Loaded<Option<BookChange>> {
        if let Some(book) = &self.waiting.missions {
            return Loaded {
                value: Some(book.after(tally)),
                notices: Vec::new(),
            };
        }
        let path = self.dir().join(MISSIONS_FILE);
        let loaded: Loaded<MissionBook> = self.load(path.clone());
        let change = (!self.blocked(&path)).then(|| loaded.value.after(tally));
        Loaded {
            value: change,
            notices: loaded.notices,
        }
    }
}
