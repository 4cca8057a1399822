//! The game's low-poly models as plain geometry: the skier, obstacles, coins, gates and the
//! shooting range, each a flat-shaded, vertex-coloured [`MeshData`](crate::terrain::MeshData)
//! in metres (y up, the track running along +z, x = 0 on the track's centre line) in the
//! terrain's art style, for the app to upload and draw with its terrain shader. Every face is
//! wound counter-clockwise seen from outside. [`MeshBuilder`] merges placed copies into one
//! mesh for one draw call.

mod builder;
mod coin;
mod gates;
mod obstacles;
mod primitives;
mod range;
mod skier;

pub use builder::{check, MeshBuilder, MeshFault, TooManyVertices, MAX_VERTICES};
pub use coin::{coin, COIN_HOVER, COIN_RADIUS};
pub use gates::{banner_underside, gate, GateKind};
pub use obstacles::{obstacle, GROUND_SINK, POST_OUTSET};
pub use range::{
    board_origin, range, target_board, target_centre, TARGETS, TARGET_DISTANCE, TARGET_RADIUS,
    TARGET_SPACING,
};
pub use skier::{skier, SkierPose, VerticalPose, STRIDE_LENGTH};
