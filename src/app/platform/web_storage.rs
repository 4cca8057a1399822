//! The web build keeps its files in the page's `localStorage`: installed once at start as the
//! [`KeyedFiles`] that [`crate::files`] uses, under a data directory of its own, so settings,
//! results, the purse, the locker and saved replays are the same JSON with the same damage
//! handling as on a disk.

use super::web;
use crate::files::keyed::{self, KeyedFiles};
use std::io;
use std::path::PathBuf;

/// The folder every key starts with (`/latu/settings.json`, `/latu/replays/…`).
pub const DATA_DIR: &str = "/latu";

/// `localStorage` as a [`KeyedFiles`].
struct LocalStorage;

impl KeyedFiles for LocalStorage {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        web::storage_get(key).map_err(io::Error::from)
    }

    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        web::storage_set(key, value).map_err(io::Error::from)
    }

    fn remove(&self, key: &str) -> io::Result<()> {
        web::storage_remove(key).map_err(io::Error::from)
    }

    fn keys(&self) -> io::Result<Vec<String>> {
        web::storage_keys().map_err(io::Error::from)
    }
}

/// Keep the game's files in `localStorage` from now on; returns the data directory to open the
/// store in.
pub fn install() -> PathBuf {
    keyed::install(Box::new(LocalStorage));
    PathBuf::from(DATA_DIR)
}
