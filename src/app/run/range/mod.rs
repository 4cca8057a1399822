//! The shooting stage on screen: its layout, the scope (lens picture, reticle) and figures, the
//! sway's trail and the marks and kick of the shots.

mod diorama;
mod layout;
mod lens;
mod marks;
mod palette;
mod reticle;
mod round;
mod screen;
mod summary;
mod trail;
mod venue;

pub use layout::{prompt_top, LastSight, SightIntro, StageButtons, UpperRow};
pub use marks::ShotMarks;
pub use palette::LensPalette;
pub use screen::{arrival_card, draw_arrival, draw_stage};
pub use summary::{StageSummary, SummaryCard};
pub use trail::SwayTrail;
