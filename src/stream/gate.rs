//! The run-state side of streaming: the run clock waits while visible ground is missing, so the
//! game never shows a hole. Pure: the app feeds it one [`Readiness`] per frame.

/// How much of the ground around the skier is resident, as the streamer reports it each frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readiness {
    /// Every chunk the camera sees (slightly behind the skier to the fog end).
    pub visible: bool,
    /// The visible chunks and the next one ahead (see `StreamConfig::lead_range`).
    pub lead: bool,
}

/// What a frame may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunPhase {
    /// Before the run: the first chunks are still being built (show the loading bar).
    Loading,
    /// During the run visible ground is missing, or the streamer is catching up after that:
    /// the run clock and the skier are held.
    Stalled,
    /// Simulate and draw.
    Running,
}

impl RunPhase {
    /// Whether the run clock (and the skier) may advance this frame.
    pub fn clock_runs(self) -> bool {
        self == RunPhase::Running
    }
}

/// Holds the run clock while chunks are missing and counts the frames it held.
///
/// The run starts, and resumes after a stall, only once the lead is resident, so the next
/// build has a chunk length of skiing to finish instead of stalling again a few frames later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StallGate {
    phase: RunPhase,
    loading_frames: u64,
    stalled_frames: u64,
}

impl Default for StallGate {
    fn default() -> Self {
        Self {
            phase: RunPhase::Loading,
            loading_frames: 0,
            stalled_frames: 0,
        }
    }
}

impl StallGate {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one frame and says what it may do.
    pub fn frame(&mut self, ready: Readiness) -> RunPhase {
        let go_on = match self.phase {
            RunPhase::Running => ready.visible,
            RunPhase::Loading | RunPhase::Stalled => ready.lead,
        };
        self.phase = match (go_on, self.phase) {
            (true, _) => RunPhase::Running,
            (false, RunPhase::Loading) => RunPhase::Loading,
            (false, RunPhase::Running | RunPhase::Stalled) => RunPhase::Stalled,
        };
        match self.phase {
            RunPhase::Loading => self.loading_frames += 1,
            RunPhase::Stalled => self.stalled_frames += 1,
            RunPhase::Running => {}
        }
        self.phase
    }

    /// Whether the run has begun.
    pub fn started(&self) -> bool {
        self.phase != RunPhase::Loading
    }

    /// Frames spent loading before the run began.
    pub fn loading_frames(&self) -> u64 {
        self.loading_frames
    }

    /// Frames held during the run because visible ground was missing or catching up.
    pub fn stalled_frames(&self) -> u64 {
        self.stalled_frames
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTHING: Readiness = Readiness {
        visible: false,
        lead: false,
    };
    const VISIBLE_ONLY: Readiness = Readiness {
        visible: true,
        lead: false,
    };
    const ALL: Readiness = Readiness {
        visible: true,
        lead: true,
    };

    #[test]
    fn loads_until_the_lead_is_ready_then_runs() {
        let mut gate = StallGate::new();
        assert_eq!(gate.frame(NOTHING), RunPhase::Loading);
        assert_eq!(gate.frame(VISIBLE_ONLY), RunPhase::Loading);
        assert!(!gate.started());
        assert_eq!(gate.frame(ALL), RunPhase::Running);
        assert!(gate.started());
        assert_eq!(gate.loading_frames(), 2);
        assert_eq!(gate.stalled_frames(), 0);
    }

    #[test]
    fn runs_while_the_visible_chunks_are_resident() {
        let mut gate = StallGate::new();
        gate.frame(ALL);
        assert_eq!(gate.frame(VISIBLE_ONLY), RunPhase::Running);
        assert_eq!(gate.stalled_frames(), 0);
    }

    #[test]
    fn a_missing_visible_chunk_stalls_until_the_lead_is_back() {
        let mut gate = StallGate::new();
        gate.frame(ALL);
        let phases = [
            gate.frame(NOTHING),
            gate.frame(VISIBLE_ONLY),
            gate.frame(ALL),
            gate.frame(VISIBLE_ONLY),
        ];
        assert_eq!(
            phases,
            [
                RunPhase::Stalled,
                RunPhase::Stalled,
                RunPhase::Running,
                RunPhase::Running
            ]
        );
        assert_eq!(gate.stalled_frames(), 2);
        assert_eq!(gate.loading_frames(), 0);
        assert!(gate.started());
    }

    #[test]
    fn only_running_lets_the_clock_advance() {
        assert!(RunPhase::Running.clock_runs());
        assert!(!RunPhase::Stalled.clock_runs());
        assert!(!RunPhase::Loading.clock_runs());
    }
}
