//! The shooting stage on screen: its layout, the sight picture and figures, the sway's trail and
//! the marks of the shots.

mod layout;
mod marks;
mod screen;
mod trail;

pub use layout::{prompt_top, SightIntro, StageButtons};
pub use marks::ShotMarks;
pub use screen::{arrival_card, draw_arrival, draw_stage};
pub use trail::SwayTrail;
