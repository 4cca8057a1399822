//! When to try a send again after it could not be made: doubling from a few seconds to a few
//! minutes, or when the server's `Retry-After` says, whichever is later.

/// The first wait after a failure, seconds.
pub const FIRST_WAIT_S: f64 = 2.0;
/// The longest wait between two tries, seconds.
pub const LONGEST_WAIT_S: f64 = 300.0;

/// The wait before the next try after `failures` failures in a row (1 or more), and the
/// server's `Retry-After`, if it gave one.
pub fn wait_s(failures: u32, retry_after_s: Option<f64>) -> f64 {
    let doublings = failures.saturating_sub(1).min(16);
    let ours = (FIRST_WAIT_S * f64::from(1u32 << doublings)).min(LONGEST_WAIT_S);
    retry_after_s.map_or(ours, |theirs| ours.max(theirs.min(LONGEST_WAIT_S * 4.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_the_longest() {
        assert_eq!(wait_s(1, None), FIRST_WAIT_S);
        assert_eq!(wait_s(2, None), FIRST_WAIT_S * 2.0);
        assert_eq!(wait_s(40, None), LONGEST_WAIT_S);
    }

    #[test]
    fn the_server_s_retry_after_is_kept() {
        assert_eq!(wait_s(1, Some(30.0)), 30.0);
        assert_eq!(wait_s(1, Some(0.5)), FIRST_WAIT_S);
    }
}
