//! What obstacles look like: the variants of each class, with the depth (extent along the track)
//! and width (lanes) that the layout and the simulation use. The `look` field of an obstacle is an
//! index into its class's list.

use super::model::{ObstacleClass, LANES};

/// One visual variant of an obstacle class.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    pub name: &'static str,
    /// Extent along the track, metres.
    pub depth: f64,
    /// Lanes it spans.
    pub lanes: u8,
}

/// Jump obstacles: low, across the whole track.
pub const JUMP_LOOKS: [Look; 3] = [
    Look {
        name: "log",
        depth: 0.5,
        lanes: LANES,
    },
    Look {
        name: "bank",
        depth: 1.0,
        lanes: LANES,
    },
    Look {
        name: "hurdle",
        depth: 0.3,
        lanes: LANES,
    },
];

/// Dodge obstacles: one lane (the first four) or two adjacent lanes (the last two).
pub const DODGE_LOOKS: [Look; 6] = [
    Look {
        name: "rock",
        depth: 1.2,
        lanes: 1,
    },
    Look {
        name: "crates",
        depth: 0.8,
        lanes: 1,
    },
    Look {
        name: "pillar",
        depth: 0.6,
        lanes: 1,
    },
    Look {
        name: "signpost",
        depth: 0.3,
        lanes: 1,
    },
    Look {
        name: "fence",
        depth: 0.4,
        lanes: 2,
    },
    Look {
        name: "bales",
        depth: 1.5,
        lanes: 2,
    },
];

/// Index of the first two-lane look in [`DODGE_LOOKS`].
pub const FIRST_WIDE_DODGE_LOOK: u8 = 4;

/// Duck obstacles: high, across the whole track. They span all three lanes so that a duck row
/// has exactly one answer (duck), just as a jump row has one (jump); sideways variety comes from
/// dodge rows.
pub const DUCK_LOOKS: [Look; 3] = [
    Look {
        name: "banner",
        depth: 0.2,
        lanes: LANES,
    },
    Look {
        name: "branch",
        depth: 0.8,
        lanes: LANES,
    },
    Look {
        name: "bar",
        depth: 0.3,
        lanes: LANES,
    },
];

/// The looks of a class.
pub fn looks(class: ObstacleClass) -> &'static [Look] {
    match class {
        ObstacleClass::Jump => &JUMP_LOOKS,
        ObstacleClass::Dodge => &DODGE_LOOKS,
        ObstacleClass::Duck => &DUCK_LOOKS,
    }
}

/// One look of a class, `None` for an index past its list.
pub fn look(class: ObstacleClass, look: u8) -> Option<&'static Look> {
    looks(class).get(usize::from(look))
}

/// The deepest look of a class, metres.
pub fn max_depth(class: ObstacleClass) -> f64 {
    looks(class).iter().map(|l| l.depth).fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_dodge_looks_start_where_the_constant_says() {
        let wide: Vec<u8> = DODGE_LOOKS.iter().map(|l| l.lanes).collect();
        let first = usize::from(FIRST_WIDE_DODGE_LOOK);
        assert!(wide[..first].iter().all(|&n| n == 1));
        assert!(wide[first..].iter().all(|&n| n == 2));
    }

    #[test]
    fn jump_and_duck_looks_span_the_track() {
        assert!(JUMP_LOOKS
            .iter()
            .chain(&DUCK_LOOKS)
            .all(|l| l.lanes == LANES));
    }
}
