//! Rate limits per player key (writes) and per client address (every request), set by the
//! command line so tests and the bench can raise or lift them.

use governor::clock::{Clock, DefaultClock};
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;

type Keyed<K> = RateLimiter<K, DefaultKeyedStateStore<K>, DefaultClock>;

/// One keyed limit: `per_minute` requests a minute per key, in bursts of up to that many.
#[derive(Debug, Clone)]
pub struct Limit<K: Hash + Eq + Clone> {
    limiter: Option<Arc<Keyed<K>>>,
}

impl<K: Hash + Eq + Clone> Limit<K> {
    /// A limit of `per_minute` (0: none).
    pub fn per_minute(per_minute: u32) -> Self {
        Self {
            limiter: NonZeroU32::new(per_minute)
                .map(|n| Arc::new(RateLimiter::keyed(Quota::per_minute(n)))),
        }
    }

    /// `Ok` if `key` may go on, else the whole seconds to wait.
    pub fn check(&self, key: &K) -> Result<(), u64> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + 1
        })
    }

    /// Forget keys that have not been limited lately (bounds the memory of many keys).
    pub fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// The server's limits.
#[derive(Debug, Clone)]
pub struct Limits {
    pub per_key: Limit<String>,
    pub per_address: Limit<IpAddr>,
}
