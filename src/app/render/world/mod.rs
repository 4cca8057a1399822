//! The drawn world's place: how it bends as it recedes, each level's tints and landmarks, and
//! what moves in it (the crowd, the flags, snow blown off trees and crests).

pub(crate) mod bend;
pub(crate) mod crowd;
pub(crate) mod landmarks;
pub(crate) mod place;
pub(crate) mod spindrift;
