//! The daily course: one course a day for every player everywhere, from the date alone. The
//! date picks one of the level rows' shapes (a seven-day week of them) and seeds its layout;
//! there is no clock here: whoever plays passes today's date.

use super::levels::{LevelSpec, LEVELS};
use super::model::Course;
use super::CourseError;
use std::fmt;

/// A calendar date (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

/// Why a text is not a date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadDate(String);

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadDate {}

/// Earliest and latest years a daily course is laid out for.
pub const YEARS: std::ops::RangeInclusive<i32> = 2000..=9999;

/// Which level row's shape each day of the week uses (Monday first): gentler early in the week,
/// the hardest on Saturday.
const WEEK: [u8; 7] = [1, 2, 3, 2, 4, 5, 3];

/// Purpose tag mixed into the daily seed.
const DAILY_PURPOSE: u64 = 0x6461_696c_795f_7631;

impl Date {
    /// Parse `YYYY-MM-DD`, a real day of a year in [`YEARS`].
    pub fn parse(text: &str) -> Result<Date, BadDate> {
        let bad = || {
            BadDate(format!(
                "{text:?} is not a date: give YYYY-MM-DD, e.g. 2026-12-01"
            ))
        };
        let mut parts = text.trim().split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let number = |s: &str| s.parse::<u32>().map_err(|_| bad());
        let (year, month, day) = (number(y)? as i32, number(m)? as u8, number(d)? as u8);
        if !YEARS.contains(&year) {
            return Err(BadDate(format!(
                "{text:?}: daily courses run from {} to {}",
                YEARS.start(),
                YEARS.end()
            )));
        }
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return Err(BadDate(format!("{text:?} is not a day of the calendar")));
        }
        Ok(Date { year, month, day })
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01 (the app's clock gives it).
    pub fn from_days_since_epoch(days: i64) -> Date {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Monday 0 … Sunday 6.
    pub fn weekday(self) -> usize {
        // 1970-01-01 was a Thursday (3).
        (self.days_since_epoch() + 3).rem_euclid(7) as usize
    }

    /// The level row whose shape the day's course has.
    pub fn level(self) -> &'static LevelSpec {
        let level = WEEK[self.weekday()];
        LEVELS
            .iter()
            .find(|spec| spec.level == level)
            .expect("the week names levels of the table")
    }

    /// The day's layout seed: the date alone, mixed.
    pub fn seed(self) -> u64 {
        crate::seed::finalise((self.days_since_epoch() as u64) ^ DAILY_PURPOSE)
    }
}

/// A date is written as its `YYYY-MM-DD` text (a daily replay names its day so).
impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Date::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Course {
    /// The daily course of `date`: its level row's shape (track 1's place in the table), laid
    /// out from the day's seed. A replay names it as that level with that seed.
    pub fn daily(date: Date) -> Result<Course, CourseError> {
        Course::level(date.level().level, 1, Some(date.seed()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_parse_strictly_and_print_back() {
        let date = Date::parse("2026-12-01").expect("a date");
        assert_eq!(date.to_string(), "2026-12-01");
        for bad in [
            "2026-13-01",
            "2026-02-30",
            "2025-02-29",
            "26-12-01",
            "2026-1-01",
            "2026/12/01",
            "1999-12-31",
            "",
            "2026-12-01-05",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
        assert!(Date::parse("2024-02-29").is_ok());
    }

    #[test]
    fn days_since_the_epoch_round_trip_and_weekdays_are_right() {
        for days in [-1000, 0, 1, 19_000, 20_423, 2_932_896] {
            let date = Date::from_days_since_epoch(days);
            assert_eq!(date.days_since_epoch(), days, "{date}");
        }
        assert_eq!(
            Date::parse("1970-01-01").map(Date::weekday),
            Err(BadDate(
                "\"1970-01-01\": daily courses run from 2000 to 9999".to_owned()
            ))
        );
        let tuesday = Date::parse("2026-12-01").expect("a date");
        assert_eq!(tuesday.weekday(), 1);
        assert_eq!(Date::parse("2026-11-30").expect("a date").weekday(), 0);
    }

    #[test]
    fn the_same_date_lays_out_the_same_course_and_another_date_another() {
        let a = Date::parse("2026-12-01").expect("a date");
        let b = Date::parse("2026-12-02").expect("a date");
        assert_eq!(Course::daily(a), Course::daily(a));
        assert_ne!(a.seed(), b.seed());
        assert_ne!(
            Course::daily(a).expect("a course").obstacles,
            Course::daily(b).expect("a course").obstacles
        );
        let course = Course::daily(a).expect("a course");
        assert!(crate::course::fairness::validate(&course).is_ok());
    }
}
