//! One JSON document on disk: read strictly (a key given twice is a fault), loaded without
//! losing what was there (damaged bytes kept aside, usable values kept), saved atomically.

pub mod file;
pub mod strict;
