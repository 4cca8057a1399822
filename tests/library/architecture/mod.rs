//! The rooms hold: the core stays pure, imports run downwards, ARCHITECTURE.md names what exists,
//! and a public type name means one thing.

mod architecture_map;
mod core_purity;
mod module_graph;
pub(crate) mod sources;
mod type_names;
