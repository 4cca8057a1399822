//! The lie of each level's land, as data: how broad and tall its hills are and which landmark
//! stands beside its track. The terrain builds its ground from it (`terrain::Terrain::of_course`)
//! and places its landmarks; the simulation never reads it.

/// Which landmark a place has: one kind of large, far-seen thing for each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LandmarkKind {
    Village,
    FrozenLake,
    SkiJump,
    Chapel,
    Cliffs,
}

impl LandmarkKind {
    /// Every kind, in the order the levels' places use them.
    pub const ALL: [LandmarkKind; 5] = [
        LandmarkKind::Village,
        LandmarkKind::FrozenLake,
        LandmarkKind::SkiJump,
        LandmarkKind::Chapel,
        LandmarkKind::Cliffs,
    ];

    /// Half its extent across the track (its model's x), metres: how far from the track its
    /// middle must stand. Along the track it may reach further (the ski-jump's in-run).
    pub fn half_extent(self) -> f32 {
        match self {
            LandmarkKind::Village => 11.0,
            LandmarkKind::FrozenLake => 16.0,
            LandmarkKind::SkiJump => 4.0,
            LandmarkKind::Chapel => 6.0,
            LandmarkKind::Cliffs => 9.0,
        }
    }

    /// Its name in the chunk JSON (`latu chunk --level`).
    pub fn name(self) -> &'static str {
        match self {
            LandmarkKind::Village => "village",
            LandmarkKind::FrozenLake => "frozen_lake",
            LandmarkKind::SkiJump => "ski_jump",
            LandmarkKind::Chapel => "chapel",
            LandmarkKind::Cliffs => "cliffs",
        }
    }
}

/// A level's land: its hills and its landmark.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Land {
    pub hills: Hills,
    pub landmark: LandmarkKind,
}

/// A place's terrain character, applied to the player's hill settings: the noise's size and
/// height scale them; the valley's rise and the far hills' gain replace the defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hills {
    /// Times the noise's scale: broader hills (never below 1, so the player's smallest hill
    /// size stays inside the 32-bit phones' noise bound).
    pub broader: f64,
    /// Times the noise's height, the track's own rolling included.
    pub taller: f64,
    /// The valley's sides: their rise (m), the distance they ease in over (m) and how much
    /// taller the far hills grow.
    pub rise_m: f64,
    pub rise_over_m: f64,
    pub hill_gain: f64,
}
