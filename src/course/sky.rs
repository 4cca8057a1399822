//! Each level's light and weather, as data: where the sun is and its colour, the ambient light,
//! the sky's gradient (its horizon colour is the fog's), where the fog starts and how thick the
//! snowfall is. Every level row has its own (in its [`super::scenery::Scenery`]); Endless moves
//! through them with distance, blending from one to the next, and its land with them. Pure data,
//! the same for a level every time: the window draws it, the simulation never reads it.

use super::levels::{LevelSpec, LEVELS};
use super::model::{Course, CourseKind};

/// One light and weather.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sky {
    pub name: &'static str,
    /// Towards the sun (not normalised).
    pub sun_towards: [f32; 3],
    pub sun: [f32; 3],
    pub ambient: [f32; 3],
    /// The sky at the horizon, and the fog's colour.
    pub horizon: [f32; 3],
    /// The sky overhead.
    pub zenith: [f32; 3],
    /// The fog starts at this share of its end.
    pub fog_start_share: f32,
    /// Falling snow, 0 (none) to 1 (a heavy fall).
    pub snowfall: f32,
}

/// Endless holds each sky this far, then blends into the next over [`ENDLESS_BLEND_M`], metres.
pub const ENDLESS_SKY_M: f64 = 2000.0;
pub const ENDLESS_BLEND_M: f64 = 400.0;

impl Sky {
    /// The sky `t` of the way (0–1) from `self` to `to`.
    pub fn towards(&self, to: &Sky, t: f32) -> Sky {
        let mix = |a: [f32; 3], b: [f32; 3]| std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t);
        Sky {
            name: if t < 0.5 { self.name } else { to.name },
            sun_towards: mix(self.sun_towards, to.sun_towards),
            sun: mix(self.sun, to.sun),
            ambient: mix(self.ambient, to.ambient),
            horizon: mix(self.horizon, to.horizon),
            zenith: mix(self.zenith, to.zenith),
            fog_start_share: self.fog_start_share + (to.fog_start_share - self.fog_start_share) * t,
            snowfall: self.snowfall + (to.snowfall - self.snowfall) * t,
        }
    }
}

/// Which level row's place the world shows at a point of a course: `row`, blending `blend`
/// (0–1) of the way into `next` (Endless between its stretches; a level stays on its row).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RowBlend {
    pub row: usize,
    pub next: usize,
    pub blend: f32,
}

impl Course {
    /// The light and weather at `z`: the level row's sky (a hand-made course's level 1), or on
    /// Endless the stretch's, blending into the next.
    pub fn sky_at(&self, z: f64) -> Sky {
        let stretch = self.stretch_at(z);
        let sky = |row: usize| LEVELS[row].scenery.sky;
        sky(stretch.row).towards(&sky(stretch.next), stretch.blend)
    }

    /// The level row whose light and place the world shows at `z` (see [`Stretch`]).
    pub fn stretch_at(&self, z: f64) -> RowBlend {
        self.kind.stretch_at(z)
    }
}

impl CourseKind {
    /// The level row whose light, land and place a course of this kind shows at `z`: a level
    /// its own row; Endless each row in turn, each holding [`ENDLESS_SKY_M`], then blending
    /// into the next over [`ENDLESS_BLEND_M`].
    pub fn stretch_at(self, z: f64) -> RowBlend {
        match self {
            CourseKind::Level { level, .. } => {
                let row = LEVELS
                    .iter()
                    .position(|spec| spec.level == level)
                    .unwrap_or(0);
                RowBlend {
                    row,
                    next: row,
                    blend: 0.0,
                }
            }
            CourseKind::Endless => {
                let stretch = (z.max(0.0) / ENDLESS_SKY_M).floor();
                let into = z.max(0.0) - stretch * ENDLESS_SKY_M;
                let row = stretch as usize % LEVELS.len();
                let blend = ((into - (ENDLESS_SKY_M - ENDLESS_BLEND_M)) / ENDLESS_BLEND_M).max(0.0);
                RowBlend {
                    row,
                    next: (row + 1) % LEVELS.len(),
                    blend: blend as f32,
                }
            }
        }
    }
}

impl RowBlend {
    /// The level row it starts from.
    pub fn spec(&self) -> &'static LevelSpec {
        &LEVELS[self.row]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_its_own_sky_and_the_same_one_every_time() {
        let skies: Vec<Sky> = LEVELS
            .iter()
            .map(|spec| {
                Course::level(spec.level, 1, None)
                    .expect("a level")
                    .sky_at(0.0)
            })
            .collect();
        for (i, a) in skies.iter().enumerate() {
            for b in &skies[i + 1..] {
                assert_ne!(a, b, "{} and {}", a.name, b.name);
            }
        }
        let again = Course::level(3, 2, None).expect("a level").sky_at(500.0);
        assert_eq!(
            again, skies[2],
            "a level's sky is its row's, on every track"
        );
        assert!(skies.iter().any(|s| s.snowfall > 0.5), "one level snows");
    }

    #[test]
    fn endless_moves_through_the_skies_and_blends_between_them() {
        let course = Course::endless(1);
        let sky = |row: usize| LEVELS[row].scenery.sky;
        assert_eq!(course.sky_at(0.0), sky(0));
        assert_eq!(course.sky_at(ENDLESS_SKY_M + 10.0), sky(1));
        let halfway = course.sky_at(ENDLESS_SKY_M - ENDLESS_BLEND_M / 2.0);
        assert_ne!(halfway, sky(0));
        assert_ne!(halfway, sky(1));
        let lap = ENDLESS_SKY_M * LEVELS.len() as f64;
        assert_eq!(course.sky_at(lap + 10.0), sky(0));
    }
}
