//! The drawn world's place: how it bends as it recedes, each level's tints.

pub(crate) mod bend;
pub(crate) mod place;
