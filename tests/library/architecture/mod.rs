//! The rooms hold: the core stays pure, imports run downwards, ARCHITECTURE.md names what exists.

mod architecture_map;
mod core_purity;
mod module_graph;
