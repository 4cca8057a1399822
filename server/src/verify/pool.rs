//! The verification pool: re-plays run on blocking workers, at most one per core at once, with
//! a bounded queue in front. A full queue is refused at once (503) instead of growing memory.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Why a job was not run to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker is busy and the queue is full.
    Full,
    /// The job took longer than the time limit (it is left to finish on its worker).
    TimedOut,
    /// The job panicked: a bug, logged.
    Panicked,
}

/// A bounded pool of blocking workers.
#[derive(Debug, Clone)]
pub struct VerifyPool {
    workers: Arc<Semaphore>,
    /// Jobs running or waiting.
    in_flight: Arc<AtomicUsize>,
    capacity: usize,
    time_limit: Duration,
}

/// Counts a job in flight until dropped (when the job really ends, even after a time-out).
struct InFlight(Arc<AtomicUsize>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl VerifyPool {
    /// `workers` jobs at once, `queue` more waiting, each answered within `time_limit`.
    pub fn new(workers: usize, queue: usize, time_limit: Duration) -> Self {
        Self {
            workers: Arc::new(Semaphore::new(workers.max(1))),
            in_flight: Arc::new(AtomicUsize::new(0)),
            capacity: workers.max(1) + queue,
            time_limit,
        }
    }

    /// Jobs running or waiting now.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// The time limit of one job.
    pub fn time_limit(&self) -> Duration {
        self.time_limit
    }

    /// Run `job` on a worker when one is free; refused at once when the queue is full.
    pub async fn run<T, F>(&self, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        if self.in_flight.fetch_add(1, Ordering::SeqCst) >= self.capacity {
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            return Err(PoolError::Full);
        }
        let counted = InFlight(Arc::clone(&self.in_flight));
        let permit = Arc::clone(&self.workers)
            .acquire_owned()
            .await
            .expect("the pool's semaphore is never closed");
        let handle = tokio::task::spawn_blocking(move || {
            let _held = (permit, counted);
            job()
        });
        match tokio::time::timeout(self.time_limit, handle).await {
            Ok(Ok(result)) => Ok(result),
            // A panicking re-play is a bug in the core: say so in the log, refuse the run.
            Ok(Err(panic)) => {
                tracing::error!("a verification worker panicked: {panic}");
                Err(PoolError::Panicked)
            }
            Err(_) => Err(PoolError::TimedOut),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_queue_is_refused_and_room_comes_back() {
        let pool = VerifyPool::new(1, 1, Duration::from_secs(5));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = Arc::new(std::sync::Mutex::new(wait));
        let blocker = |wait: Arc<std::sync::Mutex<std::sync::mpsc::Receiver<()>>>| {
            move || {
                let _ = wait.lock().map(|w| w.recv());
            }
        };
        let first = tokio::spawn({
            let pool = pool.clone();
            let job = blocker(Arc::clone(&wait));
            async move { pool.run(job).await }
        });
        let second = tokio::spawn({
            let pool = pool.clone();
            let job = blocker(Arc::clone(&wait));
            async move { pool.run(job).await }
        });
        while pool.in_flight() < 2 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.run(|| ()).await, Err(PoolError::Full));
        release.send(()).expect("sent");
        release.send(()).expect("sent");
        assert_eq!(first.await.expect("joined"), Ok(()));
        assert_eq!(second.await.expect("joined"), Ok(()));
        assert_eq!(pool.run(|| 7).await, Ok(7));
    }

    #[tokio::test]
    async fn a_panicking_job_is_told_apart_from_a_slow_one() {
        let pool = VerifyPool::new(1, 1, Duration::from_secs(5));
        let panicked = pool
            .run(|| -> u8 { panic!("a fault in the re-play") })
            .await;
        assert_eq!(panicked, Err(PoolError::Panicked));
        assert_eq!(pool.in_flight(), 0, "its place in the queue is given back");
        assert_eq!(pool.run(|| 7).await, Ok(7));
    }
}
