//! The rooms hold: the core stays pure, imports run downwards, ARCHITECTURE.md names what exists,
//! a public type name means one thing, and folders and files keep to the style note's sizes.

mod architecture_map;
mod core_purity;
mod module_graph;
mod sizes;
pub(crate) mod sources;
mod type_names;
