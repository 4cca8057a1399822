//! The drawn world's place: how it bends as it recedes, each level's tints, and what moves in
//! it (the crowd, the flags, snow blown off trees and crests).

pub(crate) mod bend;
pub(crate) mod crowd;
pub(crate) mod place;
pub(crate) mod spindrift;
