//! What obstacles look like: the variants of each class, with the depth (extent along the track)
//! and width (lanes) that the layout and the simulation use. The `look` field of an obstacle is an
//! index into its class's list.

use super::model::{ObstacleClass, SkierParams, ACTION_MARGIN, LANES};
use super::rng::pick;
use rand_pcg::Pcg32;

/// A look fits a window when its own window is at least the window less this, seconds (rounding
/// of the action lengths).
const FIT_TOLERANCE_S: f64 = 1e-9;

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

/// A look of the jump or duck `class`, drawn evenly among those whose own window (the action of
/// `length` metres less the obstacle and the margins, at `skier`'s speed) is at least
/// `min_window_s`. The one draw of a jump or duck look: the planner's rows and the routes' high
/// trail both use it.
pub(crate) fn draw_fitting(
    class: ObstacleClass,
    length: f64,
    (skier, min_window_s): (&SkierParams, f64),
    rng: &mut Pcg32,
) -> u8 {
    let window = |look: &Look| (length - look.depth - 2.0 * ACTION_MARGIN) / skier.speed;
    let fitting: Vec<u8> = (0u8..)
        .zip(looks(class))
        .filter(|(_, look)| window(look) >= min_window_s - FIT_TOLERANCE_S)
        .map(|(index, _)| index)
        .collect();
    assert!(
        !fitting.is_empty(),
        "the level table's windows fit a look of every class (a levels test checks it)"
    );
    pick(rng, &fitting)
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
    fn a_drawn_look_fits_the_window_and_every_fitting_look_is_drawn() {
        let skier = SkierParams::for_speed(14.0);
        let mut rng = crate::course::rng::stream(3, crate::course::rng::Purpose::LevelSection, 0);
        // A window only the thinner looks fit: the log (0.5 m) and the hurdle (0.3 m), not the
        // bank (1.0 m).
        let length = skier.jump_length;
        let min = (length - 0.6 - 2.0 * ACTION_MARGIN) / skier.speed;
        let mut seen = [false; JUMP_LOOKS.len()];
        for _ in 0..100 {
            let look = draw_fitting(ObstacleClass::Jump, length, (&skier, min), &mut rng);
            seen[usize::from(look)] = true;
        }
        assert_eq!(seen, [true, false, true]);
    }

    #[test]
    fn jump_and_duck_looks_span_the_track() {
        assert!(JUMP_LOOKS
            .iter()
            .chain(&DUCK_LOOKS)
            .all(|l| l.lanes == LANES));
    }
}
