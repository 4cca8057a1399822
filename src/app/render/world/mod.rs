//! The drawn world's place: how it bends as it recedes, each level's tints and landmarks.

pub(crate) mod bend;
pub(crate) mod landmarks;
pub(crate) mod place;
