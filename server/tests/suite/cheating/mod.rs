//! A hostile client: the cheats of issue #33, signatures and strict bodies, copied and nearly
//! copied runs, and a bounded fuzz of odd requests; each refused with its status and a sentence.

pub mod cheats;
pub mod fuzz;
pub mod near_copies;
pub mod trust;
