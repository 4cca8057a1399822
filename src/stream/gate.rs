//! The run-state side of streaming: the run clock waits while visible ground is missing, so the
//! game never shows a hole. Pure: the app feeds it one answer per frame.

/// What a frame may do, given whether every visible chunk is resident.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunPhase {
    /// Before the run: the first visible chunks are still being built (show the loading bar).
    Loading,
    /// During the run a visible chunk is missing: the run clock and the skier are held.
    Stalled,
    /// Everything visible is resident: simulate and draw.
    Running,
}

impl RunPhase {
    /// Whether the run clock (and the skier) may advance this frame.
    pub fn clock_runs(self) -> bool {
        self == RunPhase::Running
    }
}

/// Holds the run clock while chunks are missing and counts the frames it held.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StallGate {
    started: bool,
    loading_frames: u64,
    stalled_frames: u64,
}

impl StallGate {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one frame: `visible_ready` is whether every visible chunk is resident.
    pub fn frame(&mut self, visible_ready: bool) -> RunPhase {
        if visible_ready {
            self.started = true;
            RunPhase::Running
        } else if self.started {
            self.stalled_frames += 1;
            RunPhase::Stalled
        } else {
            self.loading_frames += 1;
            RunPhase::Loading
        }
    }

    /// Whether the run has begun (every visible chunk was resident at least once).
    pub fn started(&self) -> bool {
        self.started
    }

    /// Frames spent loading before the run began.
    pub fn loading_frames(&self) -> u64 {
        self.loading_frames
    }

    /// Frames held during the run because a visible chunk was missing.
    pub fn stalled_frames(&self) -> u64 {
        self.stalled_frames
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_until_ready_then_runs() {
        let mut gate = StallGate::new();
        assert_eq!(gate.frame(false), RunPhase::Loading);
        assert_eq!(gate.frame(false), RunPhase::Loading);
        assert!(!gate.started());
        assert_eq!(gate.frame(true), RunPhase::Running);
        assert!(gate.started());
        assert_eq!(gate.loading_frames(), 2);
        assert_eq!(gate.stalled_frames(), 0);
    }

    #[test]
    fn a_missing_chunk_after_the_start_is_a_stall_that_holds_the_clock() {
        let mut gate = StallGate::new();
        gate.frame(true);
        let phases = [gate.frame(false), gate.frame(false), gate.frame(true)];
        assert_eq!(
            phases,
            [RunPhase::Stalled, RunPhase::Stalled, RunPhase::Running]
        );
        assert_eq!(gate.stalled_frames(), 2);
        assert_eq!(gate.loading_frames(), 0);
    }

    #[test]
    fn only_running_lets_the_clock_advance() {
        assert!(RunPhase::Running.clock_runs());
        assert!(!RunPhase::Stalled.clock_runs());
        assert!(!RunPhase::Loading.clock_runs());
    }
}
