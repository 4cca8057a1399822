//! How each level looks, drawn only: its sky, the tint of its snow and trees, the back light on
//! silhouettes and how strongly its world winds and crests. One part of each level row
//! (`levels::LevelSpec::scenery`); the window reads it, the simulation and the terrain never do.

use super::sky::Sky;

/// A level's looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scenery {
    /// The place's name ("village morning").
    pub name: &'static str,
    /// Its light and weather.
    pub sky: Sky,
    /// The snow's colour cast (rgb) and its share towards white (a).
    pub snow: [f32; 4],
    /// The trees' and houses' colour cast, and their share towards white (snow-loaded spruce).
    pub trees: [f32; 4],
    /// The back light along the silhouettes of the skier, obstacles and landmarks.
    pub rim: [f32; 3],
    /// How the drawn world bends as it recedes.
    pub bending: Bending,
}

/// The drawn world's bend (the simulation's track stays straight).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bending {
    /// Strongest sideways and vertical shift where the player reads (40 m ahead), metres.
    pub winding_m: f64,
    pub cresting_m: f64,
    /// Distance between bends and between crests, metres.
    pub winding_every_m: f64,
    pub cresting_every_m: f64,
}
