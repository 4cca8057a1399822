//! The daily streak (`streak.json`): the days in a row with a finished Daily. Each day of the
//! streak pays a coin reward that grows with it, banked once per day: the streak and the purse
//! change as one action, through the journal, so a game stopped at any moment neither pays a
//! day twice nor counts a day it did not pay. A missed day starts the streak again.

use crate::course::daily::Date;
use crate::storage::file::{Document, Loaded, Repairs};
use crate::storage::{Purse, StorageError, StorageNotice, Store};
use serde::{Deserialize, Serialize};

/// The streak's file name in the data directory.
pub const STREAK_FILE: &str = "streak.json";

/// Coins a streak's day pays for each day in it.
pub const STREAK_COINS_PER_DAY: u32 = 20;

/// The reward stops growing at this many days (a week).
pub const STREAK_REWARD_DAYS_CAP: u32 = 7;

/// What `streak.json` holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Streak {
    /// Days in a row with a finished Daily, ending on `last`.
    pub days: u32,
    /// The last day counted, `YYYY-MM-DD` (empty: none yet).
    pub last: String,
}

/// The coins a streak of `days` pays on its latest day.
pub fn streak_reward(days: u32) -> u32 {
    STREAK_COINS_PER_DAY * days.min(STREAK_REWARD_DAYS_CAP)
}

impl Streak {
    fn last_day(&self) -> Option<Date> {
        Date::parse(&self.last).ok()
    }

    /// The streak to show on `today`: its days while it can still go on (its last day is today
    /// or yesterday), else none — a last day after today (a clock once wrong) shows none.
    pub fn shown(&self, today: Date) -> u32 {
        match self.last_day() {
            Some(last)
                if (0..=1).contains(&(today.days_since_epoch() - last.days_since_epoch())) =>
            {
                self.days
            }
            _ => 0,
        }
    }

    /// Whether the last day counted is after `today`: a phone's clock was wrong when it was
    /// counted. Today's clock is believed: such a streak starts again today, never freezes.
    pub fn from_the_future(&self, today: Date) -> bool {
        self.last_day()
            .is_some_and(|last| last.days_since_epoch() > today.days_since_epoch())
    }

    /// The streak after a Daily finished on `day`; `None` if that day is already counted. A
    /// streak whose last day is after `day` ([`Streak::from_the_future`]) starts again on it.
    pub fn after(&self, day: Date) -> Option<Streak> {
        let gap = self
            .last_day()
            .map(|last| day.days_since_epoch() - last.days_since_epoch());
        let days = match gap {
            Some(0) => return None,
            Some(1) => self.days.saturating_add(1),
            _ => 1,
        };
        Some(Streak {
            days,
            last: day.to_string(),
        })
    }
}

impl Document for Streak {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        if !self.last.is_empty() && self.last_day().is_none() {
            repairs
                .dropped
                .push(format!("last {:?} is not a date", self.last));
            *self = Streak::default();
        }
        repairs
    }
}

/// The streak and purse after [`Store::bank_streak`].
#[derive(Debug, Clone, PartialEq)]
pub struct StreakBanked {
    pub streak: Streak,
    /// Coins paid now (0: the day was already counted).
    pub reward: u32,
    pub purse: Purse,
    pub notices: Vec<StorageNotice>,
    /// The streak's last day was after today by the clock and it started again: the sentence
    /// to tell the player (once: the day it starts again).
    pub clock_note: Option<String>,
}

impl Store {
    /// The streak, with anything the player should be told about its file.
    pub fn load_streak(&mut self) -> Loaded<Streak> {
        self.load(self.dir().join(STREAK_FILE))
    }

    /// Count a Daily finished on `day` (today's), paying its reward into the purse as it is on
    /// disk now: the streak and the purse as one action, under the lock, through the journal.
    /// A day already counted pays nothing.
    pub fn bank_streak(&mut self, day: Date) -> Result<StreakBanked, StorageError> {
        let _lock = self.lock(&self.dir().join(STREAK_FILE))?;
        let mut notices = self.finish_pending()?;
        let streak = match self.waiting.streak.clone() {
            Some(streak) => Loaded {
                value: streak,
                notices: Vec::new(),
            },
            None => self.load(self.dir().join(STREAK_FILE)),
        };
        if self.waiting.streak.is_none() && self.blocked(&self.dir().join(STREAK_FILE)) {
            // The days counted cannot be known: this day is not counted, nothing is paid.
            return Err(StorageError::Held {
                file: self.dir().join(STREAK_FILE),
            });
        }
        notices.extend(streak.notices);
        let clock_note = streak.value.from_the_future(day).then(|| {
            format!(
                "Your streak's last day, {}, is after today ({day}) by this device's clock: it \
                 starts again today.",
                streak.value.last
            )
        });
        let Some(next) = streak.value.after(day) else {
            let purse = self.purse_for_change(0).0;
            notices.extend(purse.notices);
            return Ok(StreakBanked {
                streak: streak.value,
                reward: 0,
                purse: purse.value,
                notices,
                clock_note,
            });
        };
        let reward = streak_reward(next.days);
        let (purse, mut pending) = self.purse_for_change(i64::from(reward));
        notices.extend(purse.notices);
        pending.streak = Some(next.clone());
        notices.extend(self.commit(&pending)?);
        Ok(StreakBanked {
            streak: next,
            reward,
            purse: purse.value,
            notices,
            clock_note,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        Date::parse(text).expect("a date")
    }

    #[test]
    fn days_in_a_row_grow_the_streak_and_a_missed_day_starts_it_again() {
        let first = Streak::default().after(day("2026-12-01")).expect("counted");
        assert_eq!(first.days, 1);
        let second = first.after(day("2026-12-02")).expect("counted");
        assert_eq!(second.days, 2);
        assert_eq!(second.after(day("2026-12-02")), None, "once per day");
        assert_eq!(second.after(day("2026-12-04")).expect("counted").days, 1);
    }

    #[test]
    fn the_title_shows_a_streak_only_while_it_can_go_on() {
        let streak = Streak {
            days: 5,
            last: "2026-12-03".to_owned(),
        };
        assert_eq!(streak.shown(day("2026-12-03")), 5);
        assert_eq!(streak.shown(day("2026-12-04")), 5);
        assert_eq!(streak.shown(day("2026-12-05")), 0);
    }

    #[test]
    fn a_day_is_paid_into_the_purse_once_and_kept_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::new(dir.path());
        store.bank(100).unwrap();
        let first = store.bank_streak(day("2026-12-03")).unwrap();
        assert_eq!(
            (first.reward, first.purse.coins),
            (STREAK_COINS_PER_DAY, 120)
        );
        let again = store.bank_streak(day("2026-12-03")).unwrap();
        assert_eq!((again.reward, again.purse.coins), (0, 120), "once per day");
        let next = store.bank_streak(day("2026-12-04")).unwrap();
        assert_eq!((next.streak.days, next.purse.coins), (2, 160));
        let mut reopened = Store::new(dir.path());
        assert_eq!(reopened.load_streak().value, next.streak);
        assert_eq!(reopened.load_purse().value.coins, 160);
        assert!(!dir.path().join(crate::storage::PENDING_FILE).exists());
    }

    #[test]
    fn a_last_day_in_the_future_starts_the_streak_again_today_told_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(STREAK_FILE),
            r#"{"days": 12, "last": "9999-12-31"}"#,
        )
        .unwrap();
        let mut store = Store::new(dir.path());
        let stuck = store.load_streak().value;
        assert_eq!(
            stuck.shown(day("2026-12-06")),
            0,
            "no frozen count on the title"
        );
        let first = store.bank_streak(day("2026-12-06")).unwrap();
        assert_eq!((first.streak.days, first.reward), (1, STREAK_COINS_PER_DAY));
        let said = first.clock_note.expect("told");
        assert!(
            said.contains("9999-12-31") && said.contains("starts again"),
            "{said}"
        );
        let next = store.bank_streak(day("2026-12-07")).unwrap();
        assert_eq!(
            (next.streak.days, next.reward),
            (2, 2 * STREAK_COINS_PER_DAY)
        );
        assert_eq!(next.clock_note, None, "told once");
    }

    #[test]
    fn the_reward_grows_with_the_streak_up_to_a_week() {
        assert_eq!(streak_reward(1), STREAK_COINS_PER_DAY);
        assert!(streak_reward(3) > streak_reward(2));
        assert_eq!(streak_reward(30), streak_reward(STREAK_REWARD_DAYS_CAP));
    }
}
