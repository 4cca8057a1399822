//! The integration tests that drive the library alone (no `latu` binary, no window): one test
//! crate, so a change in the core relinks it once. `.ci/cross_determinism.sh` runs it under qemu
//! on the phones' CPUs. (`tests/storage_keyed.rs` and `tests/storage_disk_full.rs` stay test
//! binaries of their own: one installs the keyed store for its whole process, the other limits
//! the size of the files its process may write.)

#[path = "../models_support/mod.rs"]
mod models_support;
#[path = "../sim_support/mod.rs"]
mod sim_support;
#[path = "../storage_support/mod.rs"]
mod storage_support;

mod android_build;
mod android_density;
mod android_icons;
mod android_manifest;
mod architecture_map;
mod core_purity;
mod course_fairness;
mod course_golden;
mod course_layout;
mod course_safe_line;
mod course_shape;
mod course_validator;
mod font_subset;
mod gesture_swipes;
mod gpu_context;
mod missions_replays;
mod models_builder;
mod models_obstacles;
mod models_props;
mod models_skier;
mod module_graph;
#[path = "../not_run/mod.rs"]
mod not_run;
mod replay_ghost;
mod replay_goldens;
mod replay_record;
mod replay_roundtrip;
mod shooting_assist;
mod shooting_bot;
mod shooting_geometry;
mod shooting_replay;
mod shooting_rifles;
mod shooting_rounds;
mod shooting_run;
mod shooting_sway;
mod sim_bot;
mod sim_bot_levels;
mod sim_determinism;
mod sim_events;
mod sim_human_bot;
mod sim_lives;
mod sim_pickups;
mod sim_rules;
mod sim_score;
mod sim_variety;
mod sounds_generated;
mod storage_atomic;
mod storage_data_dir;
mod storage_faults;
mod storage_fuzz;
mod storage_lock;
mod storage_locker;
mod storage_matrix;
mod storage_purse;
mod storage_recovery;
mod storage_replays;
mod storage_results;
mod storage_waiting;
mod stream_main_thread;
mod stream_streamer;
mod stream_terrain;
mod stream_walk;
mod terrain_chunks;
mod terrain_detail;
mod terrain_determinism;
mod terrain_slope;
