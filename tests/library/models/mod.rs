//! The models: the mesh builder, the obstacles, the props and the skier.

mod models_builder;
mod models_obstacles;
mod models_props;
mod models_skier;
