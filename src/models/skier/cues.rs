//! What the skier's pose remembers of the run's events: when it last crashed or stumbled,
//! landed, or pushed off (the start, leaving a range or the penalty loop, getting its speed
//! back after a crash). The app hands every event to [`PoseCues::note`]; nothing compares
//! snapshots.

use crate::sim::{RunEvent, Tick};

/// A crash's tumble and get-up, a landing's give, and a push-off's burst of double poling
/// last this many ticks.
pub const TUMBLE_TICKS: u64 = 96;
pub const LANDING_TICKS: u64 = 24;
pub const PUSH_OFF_TICKS: u64 = 150;
/// The double poling eases in and out over this many ticks.
pub const POLING_EASE_TICKS: u64 = 20;
/// The arms go up over this many ticks after the finish line, then stay up.
pub const VICTORY_RISE_TICKS: u64 = 30;

/// The last tick of each event the pose answers.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PoseCues {
    /// The last hit, and whether it was a crash (a tumble) rather than the forgiven stumble.
    hit: Option<(Tick, bool)>,
    landing: Option<Tick>,
    push_off: Option<Tick>,
    finish: Option<Tick>,
}

impl PoseCues {
    /// Cues for a run starting at `tick`: it pushes off from the start line.
    pub fn starting(tick: Tick) -> Self {
        Self {
            push_off: Some(tick),
            ..Self::default()
        }
    }

    /// Remember `event`, which happened on `tick`.
    pub fn note(&mut self, event: &RunEvent, tick: Tick) {
        match event {
            RunEvent::ObstacleHit { .. } | RunEvent::LifeLost { .. } => {
                self.hit = Some((tick, true));
            }
            // A trick not landed wobbles as the forgiven crash does.
            RunEvent::Stumbled { .. } | RunEvent::TrickFailed => self.hit = Some((tick, false)),
            RunEvent::Landing => self.landing = Some(tick),
            RunEvent::Finished => self.finish = Some(tick),
            // Speed comes back after a crash, or the skier leaves a standstill: pole hard.
            RunEvent::Steady
            | RunEvent::StageLeft { .. }
            | RunEvent::PenaltyLoopFinished
            | RunEvent::SecondChanceTaken => self.push_off = Some(tick),
            _ => {}
        }
    }

    /// Ticks since the last hit at `now`, if any.
    pub fn since_hit(&self, now: Tick) -> Option<u64> {
        self.hit.and_then(|(tick, _)| now.since(tick))
    }

    /// Whether the last hit was a crash (not the forgiven stumble).
    pub fn crashed(&self) -> bool {
        self.hit.is_some_and(|(_, crash)| crash)
    }

    /// Share of the crash's tumble done at `now`, while it lasts.
    pub fn tumble(&self, now: Tick) -> Option<f32> {
        let (tick, true) = self.hit? else {
            return None;
        };
        share(now.since(tick)?, TUMBLE_TICKS)
    }

    /// Share of the victory pose's rise done at `now` once the finish line is crossed (held at
    /// 1 after it).
    pub fn victory(&self, now: Tick) -> Option<f32> {
        let since = now.since(self.finish?)?;
        Some(((since as f32 + 0.5) / VICTORY_RISE_TICKS as f32).min(1.0))
    }

    /// Share of the landing's give done at `now`, while it lasts.
    pub fn landing(&self, now: Tick) -> Option<f32> {
        share(now.since(self.landing?)?, LANDING_TICKS)
    }

    /// How much the skier double-poles at `now` (0–1): hard after a push-off, easing in and
    /// out.
    pub fn poling(&self, now: Tick) -> f32 {
        let Some(since) = self.push_off.and_then(|tick| now.since(tick)) else {
            return 0.0;
        };
        if since >= PUSH_OFF_TICKS {
            return 0.0;
        }
        let ease = POLING_EASE_TICKS as f32;
        let rising = since as f32 / ease;
        let falling = (PUSH_OFF_TICKS - since) as f32 / ease;
        rising.min(falling).min(1.0)
    }
}

/// `elapsed` as a share of `total` ticks, `None` once over.
fn share(elapsed: u64, total: u64) -> Option<f32> {
    (elapsed < total).then(|| (elapsed as f32 + 0.5) / total as f32)
}
