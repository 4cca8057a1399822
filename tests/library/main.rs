//! The integration tests that drive the library alone (no `latu` binary, no window): one test
//! crate, so a change in the core relinks it once. `.ci/cross_determinism.sh` runs it under qemu
//! on the phones' CPUs. (`tests/storage_keyed.rs` and `tests/storage_disk_full.rs` stay test
//! binaries of their own: one installs the keyed store for its whole process, the other limits
//! the size of the files its process may write.)

// One folder a room; each folder's `mod.rs` lists its files. A test's path is its folder, its
// file and its name (`course::course_golden::...`), so a filter by a file's name still selects it.
mod android;
mod app;
mod architecture;
mod course;
mod models;
#[path = "../models_support/mod.rs"]
mod models_support;
#[path = "../not_run/mod.rs"]
mod not_run;
mod replay;
mod shooting;
mod sim;
#[path = "../sim_support/mod.rs"]
mod sim_support;
mod storage;
#[path = "../storage_support/mod.rs"]
mod storage_support;
mod stream;
mod terrain;
