//! The daily streak (`streak.json`): the days in a row with a finished Daily. Each day of the
//! streak pays a coin reward that grows with it, banked once per day: the streak and the purse
//! change as one action, through the journal, so a game stopped at any moment neither pays a
//! day twice nor counts a day it did not pay. A missed day starts the streak again.

use super::file::{Document, Loaded, Repairs};
use super::{Pending, Purse, StorageError, StorageNotice, Store};
use crate::course::daily::Date;
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
    /// or yesterday), else none.
    pub fn shown(&self, today: Date) -> u32 {
        match self.last_day() {
            Some(last) if today.days_since_epoch() - last.days_since_epoch() <= 1 => self.days,
            _ => 0,
        }
    }

    /// The streak after a Daily finished on `day`; `None` if that day is already counted (or
    /// is before the last counted).
    pub fn after(&self, day: Date) -> Option<Streak> {
        let gap = self
            .last_day()
            .map(|last| day.days_since_epoch() - last.days_since_epoch());
        let days = match gap {
            Some(gap) if gap <= 0 => return None,
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
        let purse: Loaded<Purse> = self.load(self.purse_path());
        let streak: Loaded<Streak> = self.load(self.dir().join(STREAK_FILE));
        notices.extend(purse.notices);
        notices.extend(streak.notices);
        let Some(next) = streak.value.after(day) else {
            return Ok(StreakBanked {
                streak: streak.value,
                reward: 0,
                purse: purse.value,
                notices,
            });
        };
        let reward = streak_reward(next.days);
        let banked = purse.value.plus(i64::from(reward));
        self.commit(&Pending {
            purse: Some(banked),
            streak: Some(next.clone()),
            ..Pending::default()
        })?;
        Ok(StreakBanked {
            streak: next,
            reward,
            purse: banked,
            notices,
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
        assert!(!dir.path().join(super::super::PENDING_FILE).exists());
    }

    #[test]
    fn the_reward_grows_with_the_streak_up_to_a_week() {
        assert_eq!(streak_reward(1), STREAK_COINS_PER_DAY);
        assert!(streak_reward(3) > streak_reward(2));
        assert_eq!(streak_reward(30), streak_reward(STREAK_REWARD_DAYS_CAP));
    }
}
