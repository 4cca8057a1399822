//! The icon's picture: a biathlete skiing along a snowy crest past a biathlon target in a
//! winter sky, leaving ski tracks behind. Drawn in unit coordinates (x right, y down, the icon
//! spans 0..1) from discs, tapered strokes and polynomial hills — plain arithmetic only, so
//! every platform draws the same bytes.

/// An opaque sRGB colour.
pub type Rgb = [u8; 3];

const SKY_TOP: Rgb = [22, 46, 94];
const SKY_HORIZON: Rgb = [132, 178, 226];
const FAR_HILLS_COLOUR: Rgb = [178, 202, 230];
const SNOW: Rgb = [242, 247, 252];
const SNOW_SHADE: Rgb = [204, 222, 242];
const TRACK: Rgb = [150, 176, 208];
const TARGET_PLATE: Rgb = [250, 250, 250];
const TARGET_BLACK: Rgb = [18, 18, 22];
const SKI: Rgb = [34, 34, 44];
const POLE: Rgb = [52, 52, 62];
const RIFLE: Rgb = [84, 54, 34];
const LEGS: Rgb = [30, 52, 116];
const JACKET: Rgb = [206, 38, 48];
const SLEEVE: Rgb = [168, 28, 40];
const HAT: Rgb = [252, 200, 36];

/// Inset of the icon's rounded square from the image's edge.
const MARGIN: f32 = 0.03;
/// Corner radius of the icon's rounded square.
const CORNER: f32 = 0.17;

/// Height of the sky gradient's bottom (its colour holds below).
const HORIZON_Y: f32 = 0.62;

/// Top of the far hills between their humps.
const FAR_HILLS_BASE_Y: f32 = 0.575;
/// The far hills' humps: height, centre and half-width.
const FAR_HILLS: [(f32, f32, f32); 2] = [(0.13, 0.18, 0.42), (0.085, 0.78, 0.34)];

/// The snow crest the skier rides: `y = CREST_Y0 + CREST_SLOPE * x` (downhill to the right).
const CREST_Y0: f32 = 0.655;
const CREST_SLOPE: f32 = 0.15;

/// A point in unit coordinates.
type Point = (f32, f32);

/// A stroke from `a` to `b` whose half-width goes from `ra` to `rb` (a tapered capsule).
struct Stroke {
    a: Point,
    b: Point,
    ra: f32,
    rb: f32,
    colour: Rgb,
}

const fn stroke(a: Point, b: Point, ra: f32, rb: f32, colour: Rgb) -> Stroke {
    Stroke {
        a,
        b,
        ra,
        rb,
        colour,
    }
}

const fn crest(x: f32) -> f32 {
    CREST_Y0 + CREST_SLOPE * x
}

/// Hip, shoulder, hands and pole tips of the skier (facing right, mid-stride).
const HIP: Point = (0.40, 0.545);
const SHOULDER: Point = (0.505, 0.395);
const FRONT_HAND: Point = (0.615, 0.49);
const BACK_HAND: Point = (0.33, 0.475);

/// The skier and the tracks, drawn in order (later strokes cover earlier ones).
const STROKES: [Stroke; 15] = [
    // Two grooves in the snow behind the skier, fading out towards the left.
    stroke(
        (0.0, crest(0.0) + 0.016),
        (0.30, crest(0.30) + 0.016),
        0.004,
        0.008,
        TRACK,
    ),
    stroke(
        (0.0, crest(0.0) + 0.05),
        (0.34, crest(0.34) + 0.05),
        0.005,
        0.01,
        TRACK,
    ),
    // The rifle on the back.
    stroke((0.35, 0.5), (0.465, 0.255), 0.014, 0.011, RIFLE),
    // Back pole, back arm, back leg.
    stroke(BACK_HAND, (0.2, crest(0.2) - 0.004), 0.008, 0.006, POLE),
    stroke(SHOULDER, BACK_HAND, 0.022, 0.02, SLEEVE),
    stroke(HIP, (0.355, 0.64), 0.03, 0.026, LEGS),
    stroke((0.355, 0.64), (0.3, crest(0.3) - 0.02), 0.026, 0.022, LEGS),
    // The ski under both feet.
    stroke(
        (0.17, crest(0.17) - 0.01),
        (0.7, crest(0.7) - 0.01),
        0.011,
        0.011,
        SKI,
    ),
    // Front leg.
    stroke(HIP, (0.475, 0.625), 0.031, 0.027, LEGS),
    stroke(
        (0.475, 0.625),
        (0.45, crest(0.45) - 0.022),
        0.027,
        0.022,
        LEGS,
    ),
    // Torso, head.
    stroke(HIP, SHOULDER, 0.042, 0.04, JACKET),
    stroke((0.545, 0.33), (0.545, 0.33), 0.043, 0.043, HAT),
    // Front arm and pole.
    stroke(SHOULDER, FRONT_HAND, 0.022, 0.02, SLEEVE),
    stroke(FRONT_HAND, (0.57, crest(0.57) - 0.004), 0.008, 0.006, POLE),
    // A glove on the front pole so the hand reads at small sizes.
    stroke(FRONT_HAND, FRONT_HAND, 0.016, 0.016, SKI),
];

/// The biathlon target standing in for the sun: centre, plate, black, white ring's radii.
const TARGET_CENTRE: Point = (0.735, 0.215);
const TARGET_PLATE_R: f32 = 0.13;
const TARGET_BLACK_R: f32 = 0.094;
const TARGET_RING_OUTER_R: f32 = 0.062;
const TARGET_RING_INNER_R: f32 = 0.05;

/// The colour at `p`, or `None` outside the icon's rounded square (transparent).
pub fn colour_at(p: Point) -> Option<Rgb> {
    if !inside_rounded_square(p) {
        return None;
    }
    let mut colour = background(p);
    if let Some(target) = target(p) {
        colour = target;
    }
    if p.1 >= crest(p.0) {
        let depth = (p.1 - crest(p.0)) / (1.0 - crest(p.0));
        colour = lerp(SNOW, SNOW_SHADE, depth);
    }
    for s in &STROKES {
        if s.covers(p) {
            colour = s.colour;
        }
    }
    Some(colour)
}

fn inside_rounded_square(p: Point) -> bool {
    let inner = 0.5 - MARGIN - CORNER;
    let qx = ((p.0 - 0.5).abs() - inner).max(0.0);
    let qy = ((p.1 - 0.5).abs() - inner).max(0.0);
    qx * qx + qy * qy <= CORNER * CORNER
}

/// Sky and far hills.
fn background(p: Point) -> Rgb {
    let (x, y) = p;
    let far = FAR_HILLS_BASE_Y
        - FAR_HILLS
            .iter()
            .map(|&(height, centre, half_width)| height * bump(x, centre, half_width))
            .sum::<f32>();
    if y >= far {
        FAR_HILLS_COLOUR
    } else {
        lerp(SKY_TOP, SKY_HORIZON, y / HORIZON_Y)
    }
}

fn target(p: Point) -> Option<Rgb> {
    let d2 = distance2(p, TARGET_CENTRE);
    let within = |r: f32| d2 <= r * r;
    if !within(TARGET_PLATE_R) {
        None
    } else if !within(TARGET_BLACK_R)
        || (within(TARGET_RING_OUTER_R) && !within(TARGET_RING_INNER_R))
    {
        Some(TARGET_PLATE)
    } else {
        Some(TARGET_BLACK)
    }
}

impl Stroke {
    fn covers(&self, p: Point) -> bool {
        let (dx, dy) = (self.b.0 - self.a.0, self.b.1 - self.a.1);
        let length2 = dx * dx + dy * dy;
        let t = if length2 > 0.0 {
            (((p.0 - self.a.0) * dx + (p.1 - self.a.1) * dy) / length2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let nearest = (self.a.0 + t * dx, self.a.1 + t * dy);
        let r = self.ra + (self.rb - self.ra) * t;
        distance2(p, nearest) <= r * r
    }
}

/// A smooth hump of height 1 at `centre`, falling to 0 at `centre ± half_width`.
fn bump(x: f32, centre: f32, half_width: f32) -> f32 {
    let u = (x - centre) / half_width;
    let h = (1.0 - u * u).max(0.0);
    h * h
}

fn distance2(a: Point, b: Point) -> f32 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    dx * dx + dy * dy
}

fn lerp(from: Rgb, to: Rgb, t: f32) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    let channel = |i: usize| {
        let (a, b) = (f32::from(from[i]), f32::from(to[i]));
        // Rounded to the nearest level; the sum stays within 0..=255 because t is in 0..=1.
        (a + (b - a) * t + 0.5) as u8
    };
    [channel(0), channel(1), channel(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corners_are_transparent_and_the_middle_is_not() {
        assert_eq!(colour_at((0.0, 0.0)), None);
        assert_eq!(colour_at((0.99, 0.99)), None);
        assert!(colour_at((0.5, 0.5)).is_some());
    }

    #[test]
    fn the_target_shows_plate_black_and_ring() {
        let (cx, cy) = TARGET_CENTRE;
        assert_eq!(colour_at((cx, cy)), Some(TARGET_BLACK));
        assert_eq!(colour_at((cx + 0.056, cy)), Some(TARGET_PLATE));
        assert_eq!(colour_at((cx + 0.08, cy)), Some(TARGET_BLACK));
        assert_eq!(colour_at((cx + 0.11, cy)), Some(TARGET_PLATE));
    }

    #[test]
    fn sky_above_snow_below_the_crest() {
        assert_eq!(colour_at((0.2, 0.1)).map(|c| c[2] > c[0]), Some(true));
        assert_eq!(colour_at((0.8, 0.9)).map(|c| c[0] > 190), Some(true));
    }
}
