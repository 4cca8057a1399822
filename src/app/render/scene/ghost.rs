//! The ghost of a best (or a world) run: where it is drawn, see-through, pale and fading out
//! as it comes close to the player's skier.

use super::{world_pose, Scene};
use crate::mesh::MeshData;
use crate::models::{skier, MeshBuilder, Outfit, SkierPose};
use glam::DVec3;

/// Where the ghost of a best run is drawn this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GhostFigure {
    /// Its feet, world coordinates.
    pub at: DVec3,
    pub pose: SkierPose,
}

/// The ghost's skier, see-through and pale (drawn with the see-through pipeline), relative to
/// the eye at `origin`, in `last`'s buffers; it fades out as it comes close to the player's
/// skier at `skier_at` (over it, it would wash the player's own skier out).
pub fn build_ghost(
    figure: &GhostFigure,
    skier_at: DVec3,
    outfit: Outfit,
    origin: DVec3,
    last: MeshData,
) -> MeshData {
    let apart = (figure.at - skier_at).length();
    let shown = ((apart - GHOST_GONE_WITHIN_M) / GHOST_FADE_M).clamp(0.0, 1.0);
    let mut mesh = if shown > 0.0 {
        skier(&world_pose(figure.pose), outfit)
    } else {
        MeshData::default()
    };
    let alpha = (f64::from(GHOST_ALPHA) * shown).round() as u8;
    for colour in &mut mesh.colors {
        for (channel, tint) in colour.iter_mut().zip(GHOST_TINT) {
            let mixed =
                f32::from(*channel) + (f32::from(tint) - f32::from(*channel)) * GHOST_TINT_SHARE;
            *channel = mixed.round() as u8;
        }
        colour[3] = alpha;
    }
    let mut scene = Scene {
        builder: MeshBuilder::reusing(last),
        origin,
        full: false,
    };
    scene.place_mirrored(&mesh, figure.at);
    scene.builder.finish()
}

/// The ghost's colours are mixed this share towards a pale ice blue, and drawn this opaque.
const GHOST_TINT: [u8; 4] = [205, 228, 255, 255];
const GHOST_TINT_SHARE: f32 = 0.55;
const GHOST_ALPHA: u8 = 130;
/// The ghost is not drawn within this distance of the player's skier, and fully drawn this much
/// further away, metres.
const GHOST_GONE_WITHIN_M: f64 = 0.8;
const GHOST_FADE_M: f64 = 2.5;
