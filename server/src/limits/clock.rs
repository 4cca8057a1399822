//! The server's clock: UTC, from the system, optionally shifted to start at a given instant
//! (`--clock-start`, so a test can stand at any moment of any day without waiting for it).

use latu::course::daily::Date;
use std::time::{SystemTime, UNIX_EPOCH};

/// Microseconds in a second, and seconds in a day.
pub const US_PER_S: i64 = 1_000_000;
pub const S_PER_DAY: i64 = 86_400;

/// The UTC clock: the system's, plus a fixed shift.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    shift_us: i64,
}

impl Clock {
    /// A clock that reads `start` now and runs on from there at the system's pace.
    pub fn starting_at(start_us: i64) -> Self {
        Self {
            shift_us: start_us - system_us(),
        }
    }

    /// Microseconds since 1970-01-01T00:00:00Z.
    pub fn now_us(&self) -> i64 {
        system_us() + self.shift_us
    }

    /// Today's date, UTC.
    pub fn today(&self) -> Date {
        Date::from_days_since_epoch(self.now_us().div_euclid(S_PER_DAY * US_PER_S))
    }
}

fn system_us() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    i64::try_from(since.as_micros()).unwrap_or(i64::MAX)
}

/// Microseconds since the epoch at the start of `date`.
pub fn day_start_us(date: Date) -> i64 {
    date.days_since_epoch() * S_PER_DAY * US_PER_S
}

/// `YYYY-MM-DDTHH:MM:SSZ` for a time in microseconds since the epoch.
pub fn rfc3339(us: i64) -> String {
    let seconds = us.div_euclid(US_PER_S);
    let date = Date::from_days_since_epoch(seconds.div_euclid(S_PER_DAY));
    let of_day = seconds.rem_euclid(S_PER_DAY);
    format!(
        "{date}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

/// The instant `YYYY-MM-DDTHH:MM:SSZ` names, in microseconds since the epoch.
pub fn parse_rfc3339(text: &str) -> Result<i64, String> {
    let bad = || format!("{text:?} is not a UTC time: give YYYY-MM-DDTHH:MM:SSZ");
    let (day, time) = text.split_once('T').ok_or_else(bad)?;
    let date = Date::parse(day).map_err(|e| e.to_string())?;
    let time = time.strip_suffix('Z').ok_or_else(bad)?;
    let parts: Vec<i64> = time
        .split(':')
        .map(|p| p.parse::<i64>().ok().filter(|_| p.len() == 2))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let [h, m, s] = parts[..] else {
        return Err(bad());
    };
    if h > 23 || m > 59 || s > 59 {
        return Err(bad());
    }
    Ok(day_start_us(date) + (h * 3600 + m * 60 + s) * US_PER_S)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_print_and_parse_back() {
        let us = parse_rfc3339("2026-12-04T10:00:09Z").expect("a time");
        assert_eq!(rfc3339(us), "2026-12-04T10:00:09Z");
        assert!(parse_rfc3339("2026-12-04 10:00:00Z").is_err());
        assert!(parse_rfc3339("2026-12-04T24:00:00Z").is_err());
        let clock = Clock::starting_at(parse_rfc3339("2026-12-05T00:30:00Z").expect("a time"));
        assert_eq!(clock.today().to_string(), "2026-12-05");
    }
}
