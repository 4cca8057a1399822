//! Each level's place, drawn: the tint of its snow and of its trees, the back light that rims
//! the skier and the obstacles, its landmark, and how strongly its world winds and crests. The
//! light and fog are the level's sky (`course::sky`); Endless passes through the places with
//! its skies, blending from one to the next, their lands too.

use super::bend::{Bend, BendAxis};
use crate::course::sky::{Stretch, ENDLESS_BLEND_M, ENDLESS_SKY_M};
use crate::course::{Course, CourseKind};
use crate::models::LandmarkKind;
use crate::seed::{mix, unit_hash};
use crate::terrain::{Terrain, TerrainConfig, ValleyConfig};
use std::f64::consts::TAU;

/// One level's place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub name: &'static str,
    /// The snow's colour cast (rgb) and its share towards white (a).
    pub snow: [f32; 4],
    /// The trees' and houses' colour cast, and their share towards white (snow-loaded spruce).
    pub trees: [f32; 4],
    /// The back light along the silhouettes of the skier, obstacles and landmarks.
    pub rim: [f32; 3],
    pub landmark: LandmarkKind,
    /// Strongest sideways and vertical shift where the player reads (40 m ahead), metres.
    pub winding_m: f64,
    pub cresting_m: f64,
    /// Distance between bends and between crests, metres.
    pub winding_every_m: f64,
    pub cresting_every_m: f64,
    /// The lie of its land: how broad and how tall its hills are.
    pub hills: Hills,
}

/// A place's terrain character, applied to the terrain a run is built with (drawn only: the
/// simulation never reads the terrain). The noise's size and height scale the player's hill
/// settings; the valley's rise and the far hills' gain replace the defaults.
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

/// The places, in level order: gentle on level 1, sweeping on level 5.
pub const PLACES: [Place; 5] = [
    Place {
        name: "village morning",
        snow: [1.0, 0.96, 0.90, 0.0],
        trees: [1.0, 1.0, 0.9, 0.0],
        rim: [0.20, 0.16, 0.10],
        landmark: LandmarkKind::Village,
        winding_m: 0.8,
        cresting_m: 0.35,
        winding_every_m: 620.0,
        cresting_every_m: 440.0,
        hills: Hills {
            broader: 2.0,
            taller: 0.5,
            rise_m: 3.0,
            rise_over_m: 160.0,
            hill_gain: 0.8,
        },
    },
    Place {
        name: "lake midday",
        snow: [0.86, 0.95, 1.06, 0.0],
        trees: [1.1, 1.1, 1.0, 0.15],
        rim: [0.14, 0.18, 0.24],
        landmark: LandmarkKind::FrozenLake,
        winding_m: 1.4,
        cresting_m: 0.5,
        winding_every_m: 560.0,
        cresting_every_m: 400.0,
        hills: Hills {
            broader: 1.3,
            taller: 0.85,
            rise_m: 10.0,
            rise_over_m: 130.0,
            hill_gain: 2.2,
        },
    },
    Place {
        name: "ski-jump overcast",
        snow: [0.88, 0.90, 0.86, 0.0],
        trees: [0.75, 0.85, 0.8, 0.0],
        rim: [0.10, 0.10, 0.10],
        landmark: LandmarkKind::SkiJump,
        winding_m: 2.0,
        cresting_m: 0.7,
        winding_every_m: 500.0,
        cresting_every_m: 360.0,
        hills: Hills {
            broader: 1.0,
            taller: 1.0,
            rise_m: 16.0,
            rise_over_m: 110.0,
            hill_gain: 3.4,
        },
    },
    Place {
        name: "chapel dusk",
        snow: [1.04, 0.92, 0.96, 0.0],
        trees: [1.0, 0.75, 0.75, 0.0],
        rim: [0.34, 0.18, 0.10],
        landmark: LandmarkKind::Chapel,
        winding_m: 2.6,
        cresting_m: 0.9,
        winding_every_m: 440.0,
        cresting_every_m: 330.0,
        hills: Hills {
            broader: 1.1,
            taller: 1.1,
            rise_m: 26.0,
            rise_over_m: 90.0,
            hill_gain: 5.0,
        },
    },
    Place {
        name: "cliffs in snowfall",
        snow: [0.86, 0.92, 1.04, 0.0],
        trees: [0.9, 0.95, 1.0, 0.45],
        rim: [0.12, 0.14, 0.18],
        landmark: LandmarkKind::Cliffs,
        winding_m: 3.4,
        cresting_m: 1.1,
        winding_every_m: 380.0,
        cresting_every_m: 300.0,
        hills: Hills {
            broader: 1.0,
            taller: 1.2,
            rise_m: 44.0,
            rise_over_m: 70.0,
            hill_gain: 8.0,
        },
    },
];

/// The ground `course` is drawn on (drawn only: the simulation never reads the terrain): a
/// level's place's land, or on Endless every place's land in turn, changing with its skies.
pub fn land_of(course: &Course, base: TerrainConfig) -> Terrain {
    match course.kind {
        CourseKind::Endless => {
            let lands = PLACES.map(|place| shaped(place.hills, base));
            Terrain::passing(course.seed, &lands, ENDLESS_SKY_M, ENDLESS_BLEND_M)
        }
        CourseKind::Level { .. } => Terrain::new(course.seed, terrain_of(course, base)),
    }
}

/// The terrain of `course`'s place: `base` (the player's hill settings) with the character of
/// the place the course starts in.
pub fn terrain_of(course: &Course, base: TerrainConfig) -> TerrainConfig {
    shaped(PLACES[course.stretch_at(0.0).row].hills, base)
}

/// `base` with the character of `hills`.
fn shaped(hills: Hills, base: TerrainConfig) -> TerrainConfig {
    let mut shaped = base;
    shaped.noise.scale *= hills.broader;
    shaped.noise.amplitude *= hills.taller;
    shaped.valley = ValleyConfig {
        rise: hills.rise_m,
        width: hills.rise_over_m,
        hill_gain: hills.hill_gain,
    };
    // A character the player's settings cannot carry (none today) leaves the settings as they are.
    match shaped.validate() {
        Ok(()) => shaped,
        Err(_) => base,
    }
}

/// Purposes of the seeded phases.
const WINDING_PURPOSE: u64 = 0x5749_4e44;
const CRESTING_PURPOSE: u64 = 0x4352_4553;

/// How the place looks at a point of the course: its tints and rim light, blended on Endless.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceLook {
    pub snow: [f32; 4],
    pub trees: [f32; 4],
    pub rim: [f32; 3],
}

fn blend<const N: usize>(a: [f32; N], b: [f32; N], t: f32) -> [f32; N] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

/// The place's look at `z` of `course`.
pub fn look_at(course: &Course, z: f64) -> PlaceLook {
    let Stretch {
        row,
        next,
        blend: t,
    } = course.stretch_at(z);
    let (a, b) = (&PLACES[row], &PLACES[next]);
    PlaceLook {
        snow: blend(a.snow, b.snow, t),
        trees: blend(a.trees, b.trees, t),
        rim: blend(a.rim, b.rim, t),
    }
}

/// The world's bend seen from an eye at `eye_z` on `course`: the place's strengths, the
/// course seed's phases.
pub fn bend_at(course: &Course, eye_z: f64) -> Bend {
    let Stretch {
        row,
        next,
        blend: t,
    } = course.stretch_at(eye_z);
    let (a, b) = (&PLACES[row], &PLACES[next]);
    let mixed = |x: f64, y: f64| x + (y - x) * f64::from(t);
    let axis = |strength: f64, every: f64, purpose: u64| {
        let phase = TAU * unit_hash(mix(course.seed) ^ purpose) + TAU * eye_z / every;
        BendAxis::new(strength, every, phase)
    };
    Bend {
        sideways: axis(
            mixed(a.winding_m, b.winding_m),
            mixed(a.winding_every_m, b.winding_every_m),
            WINDING_PURPOSE,
        ),
        vertical: axis(
            mixed(a.cresting_m, b.cresting_m),
            mixed(a.cresting_every_m, b.cresting_every_m),
            CRESTING_PURPOSE,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::levels::LEVELS;

    #[test]
    fn each_level_has_its_own_landmark_and_winds_more_than_the_one_before() {
        for pair in PLACES.windows(2) {
            assert_ne!(pair[0].landmark, pair[1].landmark);
            assert!(pair[1].winding_m > pair[0].winding_m, "{}", pair[1].name);
        }
        assert_eq!(PLACES.len(), LEVELS.len());
    }

    #[test]
    fn each_level_has_its_own_land_and_level_5_the_tallest() {
        let far_height = |level: u8| {
            let course = Course::level(level, 1, None).expect("a level");
            let config = terrain_of(&course, TerrainConfig::default());
            assert_eq!(config.validate(), Ok(()), "level {level}");
            config.valley.rise + config.noise.amplitude * (1.0 + config.valley.hill_gain)
        };
        let heights: Vec<f64> = (1..=5).map(far_height).collect();
        assert!(
            heights.windows(2).all(|pair| pair[1] > pair[0]),
            "{heights:?}"
        );
        assert!(heights[4] > 3.0 * heights[0], "{heights:?}");
    }

    #[test]
    fn endless_passes_through_every_places_land_with_its_skies() {
        let course = Course::endless(crate::course::levels::ENDLESS.seed);
        let base = TerrainConfig::default();
        let land = land_of(&course, base);
        let far = base.track_half_width() + base.hills_width / 2.0;
        let mut rows_seen = [false; PLACES.len()];
        for step in 0..(2.0 * PLACES.len() as f64 * ENDLESS_SKY_M / 250.0) as usize {
            let z = step as f64 * 250.0;
            let stretch = course.stretch_at(z);
            if stretch.blend > 0.0 {
                continue;
            }
            let own = Terrain::new(course.seed, shaped(PLACES[stretch.row].hills, base));
            assert_eq!(land.height(far, z), own.height(far, z), "at {z} m");
            rows_seen[stretch.row] = true;
        }
        assert_eq!(rows_seen, [true; PLACES.len()]);
    }

    #[test]
    fn the_players_smallest_hills_stay_valid_on_every_level() {
        let mut base = TerrainConfig::default();
        base.noise.scale = *crate::storage::settings::NOISE_SCALE_RANGE.start();
        for place in &PLACES {
            assert!(place.hills.broader >= 1.0, "{}", place.name);
        }
        let course = Course::level(5, 1, None).expect("level 5");
        assert_ne!(terrain_of(&course, base), base);
    }

    #[test]
    fn the_bend_drifts_smoothly_along_the_course() {
        let course = Course::level(5, 1, None).expect("level 5");
        let ahead = 60.0;
        let mut last = bend_at(&course, 0.0).sideways.offset(ahead);
        for step in 1..2000 {
            let now = bend_at(&course, f64::from(step) * 0.5)
                .sideways
                .offset(ahead);
            assert!((now - last).abs() < 0.5, "a jump at {step}: {last} → {now}");
            last = now;
        }
    }
}

/// What the player reads 40 m ahead keeps its size and place on screen however the world
/// bends: at every phase of the most winding place's bend, an obstacle there keeps its height
/// and the lanes their spacing (the bend shifts them, it does not shrink them), it stays on the
/// screen, and the nearer track never rises in front of it (a crest that hid it).
#[cfg(test)]
mod readability_tests {
    use super::*;
    use crate::app::render::camera::ViewCamera;
    use glam::{DVec3, Vec2};

    const PHONE: (f32, f32) = (540.0, 960.0);
    const AHEAD_M: f64 = 40.0;
    const OBSTACLE_M: f64 = 1.0;
    const LANE_M: f64 = 2.5;
    /// Share of its straight-world size an obstacle must keep.
    const KEPT_SHARE: f32 = 0.97;

    fn pixel(camera: &ViewCamera, world: DVec3) -> Vec2 {
        let clip = camera.view_proj(PHONE.0 / PHONE.1) * camera.relative(world).extend(1.0);
        let ndc = clip.truncate() / clip.w;
        Vec2::new(0.5 * (ndc.x + 1.0) * PHONE.0, 0.5 * (1.0 - ndc.y) * PHONE.1)
    }

    #[test]
    fn forty_metres_ahead_reads_the_same_at_the_strongest_bend() {
        let strongest = PLACES
            .iter()
            .max_by(|a, b| a.winding_m.total_cmp(&b.winding_m))
            .expect("places");
        let straight = ViewCamera::chase(DVec3::ZERO, 0.0, 300.0);
        let z = AHEAD_M;
        let height = |c: &ViewCamera| {
            (pixel(c, DVec3::new(0.0, 0.0, z)) - pixel(c, DVec3::new(0.0, OBSTACLE_M, z))).length()
        };
        let spacing = |c: &ViewCamera| {
            (pixel(c, DVec3::new(-LANE_M, 0.0, z)) - pixel(c, DVec3::ZERO.with_z(z))).length()
        };
        for step in 0..32 {
            let phase = std::f64::consts::TAU * f64::from(step) / 32.0;
            let sign = if step % 2 == 0 { 1.0 } else { -1.0 };
            let mut camera = straight;
            camera.bend = Bend {
                sideways: BendAxis::new(strongest.winding_m, strongest.winding_every_m, phase),
                vertical: BendAxis::new(
                    sign * strongest.cresting_m,
                    strongest.cresting_every_m,
                    phase,
                ),
            };
            let at = format!("phase {phase:.2}");
            assert!(height(&camera) >= KEPT_SHARE * height(&straight), "{at}");
            assert!(spacing(&camera) >= KEPT_SHARE * spacing(&straight), "{at}");
            let base = pixel(&camera, DVec3::new(0.0, 0.0, z));
            assert!(
                base.x > 0.0 && base.x < PHONE.0 && base.y > 0.0,
                "{at}: {base}"
            );
            // The track between the skier and the obstacle lies below its foot on screen.
            for k in 1..20 {
                let nearer = z * f64::from(k) / 20.0;
                let ground = pixel(&camera, DVec3::new(0.0, 0.0, nearer));
                assert!(ground.y > base.y, "{at}: the track at {nearer} m hides it");
            }
        }
    }
}
