//! The shooting stage on screen: its layout, the scope (the lens's picture in `scope/`, the
//! reticle) and figures, the sway's trail and the marks and kick of the shots.

mod layout;
mod marks;
mod reticle;
mod round;
mod scope;
mod screen;
mod summary;
mod trail;

#[cfg(test)]
pub(crate) use layout::{keep_clear_on, prompt_room_on};
pub use layout::{prompt_room, LastSight, SightIntro, StageButtons, UpperRow};
pub use marks::ShotMarks;
pub use scope::ScopeLook;
pub use screen::{arrival_card, draw_arrival, draw_stage, CUE_MISS};
pub use summary::{StageSummary, SummaryCard};
pub use trail::SwayTrail;
