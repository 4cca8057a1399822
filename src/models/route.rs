//! A route's fork: the divider between the high trail and the low one — a snowbank with a red
//! fence on it, laid piece by piece so it follows the ground — and the signpost beside the mouth,
//! a tall yellow board whose arrow points up towards the high trail, with a coin on it (the
//! high trail pays), read from [`crate::course::routes::SIGN_AHEAD`] metres away.
//!
//! Origins on the track at the divider's line (between the high lane and the middle one); a
//! piece reaches along +z.

use super::obstacles::GROUND_SINK;
use crate::mesh::MeshData;
use crate::models::primitives::{beam, block};
use glam::Vec3;

/// Length of one divider piece, metres (short enough to follow the ground's rise and fall).
pub const DIVIDER_PIECE: f32 = 6.0;
/// The snowbank: its height and width, metres, and its colour (bluish white, darker than the
/// track so it reads as a wall).
const BANK_HEIGHT: f32 = 0.9;
const BANK_WIDTH: f32 = 0.9;
/// The divider's width (its bank's), metres: the high trail's ridge reaches under it.
pub const DIVIDER_WIDTH: f32 = BANK_WIDTH;
/// How far the bank reaches below its origin, metres: down the ridge's flank to the track
/// when the divider rides the raised high trail (buried in the ground where it does not).
const BANK_REACH_DOWN: f32 = 2.2;
/// The ridge under the high trail: track snow, a touch bluer than the open track.
const RIDGE: [u8; 4] = [226, 236, 248, 255];
const BANK: [u8; 4] = [196, 212, 232, 255];
/// The fence on the bank: red posts and an orange rail, height above the bank's top.
const POST: [u8; 4] = [200, 36, 36, 255];
const RAIL: [u8; 4] = [244, 124, 24, 255];
const FENCE_HEIGHT: f32 = 0.7;
/// The rail: a red board along the fence's top, metres tall.
const RAIL_HEIGHT: f32 = 0.22;
/// The signpost: its pole's height, the board's size, and colours.
const SIGN_POLE: f32 = 4.2;
const BOARD: Vec3 = Vec3::new(3.0, 1.8, 0.08);
/// Half the signpost's width (its board's), metres: where it stands beside the track.
pub const ROUTE_SIGN_HALF_WIDTH: f32 = 0.5 * BOARD.x;
const BOARD_YELLOW: [u8; 4] = [250, 204, 32, 255];
const ARROW_DARK: [u8; 4] = [24, 24, 30, 255];
const COIN_GOLD: [u8; 4] = [255, 176, 0, 255];
const POLE_DARK: [u8; 4] = [40, 40, 46, 255];

/// One piece of the divider: a snowbank [`DIVIDER_PIECE`] long with a fence post at its start
/// and a rail along it.
pub fn divider_piece() -> MeshData {
    let mut mesh = MeshData::default();
    let length = DIVIDER_PIECE;
    let bottom = -(BANK_REACH_DOWN + GROUND_SINK);
    block(
        &mut mesh,
        Vec3::new(0.0, 0.5 * (BANK_HEIGHT + bottom), 0.5 * length),
        Vec3::new(BANK_WIDTH, BANK_HEIGHT - bottom, length),
        BANK,
    );
    let top = BANK_HEIGHT + FENCE_HEIGHT;
    block(
        &mut mesh,
        Vec3::new(0.0, BANK_HEIGHT + 0.5 * FENCE_HEIGHT, 0.2),
        Vec3::new(0.16, FENCE_HEIGHT, 0.16),
        POST,
    );
    beam(
        &mut mesh,
        Vec3::new(0.0, top - 0.5 * RAIL_HEIGHT, 0.0),
        Vec3::new(0.0, top - 0.5 * RAIL_HEIGHT, length),
        0.08,
        RAIL_HEIGHT,
        RAIL,
    );
    mesh
}

/// One piece of the high trail's ridge, [`DIVIDER_PIECE`] long and `width` wide: its top
/// climbs from `rise.0` to `rise.1` metres over the track, its flanks reach down into the
/// ground. Origin on the track under the piece's start, centred across it.
pub fn ridge_piece(width: f32, rise: (f32, f32)) -> MeshData {
    let mut mesh = MeshData::default();
    let depth = BANK_REACH_DOWN + GROUND_SINK;
    let (from, to) = (
        Vec3::new(0.0, rise.0 - 0.5 * depth, 0.0),
        Vec3::new(0.0, rise.1 - 0.5 * depth, DIVIDER_PIECE),
    );
    beam(&mut mesh, from, to, width, depth, RIDGE);
    mesh
}

/// The signpost's board, its lowest and highest corners relative to the post's foot, metres.
pub fn route_sign_board() -> [Vec3; 2] {
    let centre = Vec3::new(0.0, SIGN_POLE - 0.5 * BOARD.y, -0.1);
    [centre - 0.5 * BOARD, centre + 0.5 * BOARD]
}

/// The signpost beside the fork's mouth (on the high side, in no lane); its arrow points up and
/// to the left when the high trail is the left lane (`high_left`), else to the right.
pub fn route_sign(high_left: bool) -> MeshData {
    let mut mesh = MeshData::default();
    block(
        &mut mesh,
        Vec3::new(0.0, 0.5 * (SIGN_POLE - GROUND_SINK), 0.0),
        Vec3::new(0.12, SIGN_POLE + GROUND_SINK, 0.12),
        POLE_DARK,
    );
    let [low, high] = route_sign_board();
    sign_face(&mut mesh, 0.5 * (low + high), 1.0, high_left);
    mesh
}

/// The fork's boards on a range's targets' gantry when a fork follows the range closely, side
/// by side (one straight ahead of the eye as it follows a skier in each lane, so it stays in
/// the picture as the skier nears the gantry): the
/// signpost's face at this share of its size, its centre this high over the gantry's foot
/// (above the lanes' number plates, which reach 4.85 m), a little in front of the beam; hung
/// from the beam (inside it from [`GANTRY_HANGER_FOOT`]) on two rods.
const GANTRY_BOARD_SHARE: f32 = 0.4;
const GANTRY_BOARD_Y: f32 = 5.35;
const GANTRY_BOARD_Z: f32 = -0.2;
const GANTRY_HANGER_FOOT: f32 = 4.0;
/// The rods' places either side of a board's centre, as a share of its half width.
const GANTRY_HANGER_SPREAD: f32 = 0.6;

/// The fork's boards hung on a range's targets' gantry, centred at `xs` across the track
/// (origin: the gantry's, on the track's centre line), read where the gantry stands between
/// the skier and the fork's signpost; their arrows as [`route_sign`]'s.
pub fn gantry_fork_boards(xs: &[f32], high_left: bool) -> MeshData {
    let mut mesh = MeshData::default();
    let half = 0.5 * GANTRY_BOARD_SHARE * BOARD;
    let bottom = GANTRY_BOARD_Y - half.y;
    let rod = bottom - GANTRY_HANGER_FOOT;
    for &x in xs {
        for side in [-1.0, 1.0] {
            let at = Vec3::new(
                x + side * GANTRY_HANGER_SPREAD * half.x,
                GANTRY_HANGER_FOOT + 0.5 * rod,
                GANTRY_BOARD_Z,
            );
            block(&mut mesh, at, Vec3::new(0.06, rod, 0.06), POLE_DARK);
        }
        let centre = Vec3::new(x, GANTRY_BOARD_Y, GANTRY_BOARD_Z);
        sign_face(&mut mesh, centre, GANTRY_BOARD_SHARE, high_left);
    }
    mesh
}

/// A sign's face at `share` of the signpost's size, centred at `centre`: the yellow board, the
/// arrow on its face towards the skier (−z) climbing to the high side, and a coin beside the
/// arrow's tail (the high trail pays).
fn sign_face(mesh: &mut MeshData, centre: Vec3, share: f32, high_left: bool) {
    let side = if high_left { -1.0 } else { 1.0 };
    block(mesh, centre, BOARD * share, BOARD_YELLOW);
    let face = centre.z - 0.5 * share * BOARD.z - 0.03;
    let at = |x: f32, y: f32| Vec3::new(centre.x + share * x, centre.y + share * y, face);
    let (tail, tip) = (at(-side * 1.0, -0.55), at(side * 1.0, 0.55));
    beam(mesh, tail, tip, 0.3 * share, 0.04, ARROW_DARK);
    for (dx, dy) in [(-0.6, 0.0), (0.0, -0.6)] {
        let end = tip + Vec3::new(side * dx, dy, 0.0) * share;
        beam(mesh, end, tip, 0.26 * share, 0.04, ARROW_DARK);
    }
    block(
        mesh,
        at(-side * 0.35, 0.4),
        Vec3::new(0.5 * share, 0.5 * share, 0.04),
        COIN_GOLD,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::check;

    #[test]
    fn the_divider_and_the_sign_are_sound_meshes_the_sign_tall_enough_to_see_over_the_bank() {
        let piece = divider_piece();
        check(&piece).expect("a sound mesh");
        let top = |mesh: &MeshData| mesh.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        assert!(top(&piece) >= BANK_HEIGHT + FENCE_HEIGHT - 0.01);
        for high_left in [true, false] {
            let sign = route_sign(high_left);
            check(&sign).expect("a sound mesh");
            assert!(top(&sign) > 2.0 * top(&piece));
            // The arrow climbs towards the high trail: its highest point is on that side.
            let side = if high_left { -1.0 } else { 1.0 };
            let tip = (sign.positions.iter().zip(&sign.colors))
                .filter(|(_, &c)| c == ARROW_DARK)
                .map(|(p, _)| p)
                .max_by(|a, b| a[1].total_cmp(&b[1]))
                .expect("an arrow");
            assert!(tip[0] * side > 0.3, "{high_left}: {tip:?}");
        }
    }

    #[test]
    fn the_gantrys_fork_boards_are_sound_over_the_lanes_numbers_pointing_up_the_high_side() {
        use crate::models::{board_origin, range_numbers, target_gantry};
        let top = |mesh: &MeshData| mesh.positions.iter().map(|p| p[1]).fold(f32::MIN, f32::max);
        let lanes = [-2.5, 0.0, 2.5];
        let gantry_top =
            top(&target_gantry(9.5, 2.5)).max(top(&range_numbers(&lanes, board_origin)));
        for high_left in [true, false] {
            // One board, straight ahead.
            let board = gantry_fork_boards(&[0.0], high_left);
            check(&board).expect("a sound mesh");
            let yellow = (board.positions.iter().zip(&board.colors))
                .filter(|(_, &c)| c == BOARD_YELLOW)
                .map(|(p, _)| p[1])
                .fold(f32::MAX, f32::min);
            assert!(
                yellow > gantry_top,
                "the board from {yellow} m, the gantry to {gantry_top} m"
            );
            let side = if high_left { -1.0 } else { 1.0 };
            let tip = (board.positions.iter().zip(&board.colors))
                .filter(|(_, &c)| c == ARROW_DARK)
                .map(|(p, _)| p)
                .max_by(|a, b| a[1].total_cmp(&b[1]))
                .expect("an arrow");
            assert!(tip[0] * side > 0.2, "{high_left}: {tip:?}");
        }
    }
}
