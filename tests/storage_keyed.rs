//! The store with its files kept under keys (the web build's `localStorage`), through the same
//! code as on a disk: a damaged file kept aside under another key and the player told, a full
//! store said plainly with the old value kept, replays saved and listed. A process of its own:
//! the keyed store, once installed, serves every file of the process.

use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;

use latu::files::keyed::{self, KeyedFiles, KeyedRefusal};
use latu::storage::{Outcome, Settings, StorageError, Store};

/// Bytes a browser keeps for a page in this test (a real one keeps about 5 MB).
const QUOTA: usize = 4096;

/// `localStorage` in memory, with a quota.
struct Memory(Mutex<BTreeMap<String, String>>);

impl KeyedFiles for Memory {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        Ok(self.0.lock().unwrap().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        let mut values = self.0.lock().unwrap();
        let others: usize = values
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if others + key.len() + value.len() > QUOTA {
            return Err(KeyedRefusal::Full.into());
        }
        values.insert(key.to_owned(), value.to_owned());
        Ok(())
    }
    fn remove(&self, key: &str) -> io::Result<()> {
        self.0.lock().unwrap().remove(key);
        Ok(())
    }
    fn keys(&self) -> io::Result<Vec<String>> {
        Ok(self.0.lock().unwrap().keys().cloned().collect())
    }
}

static STORE: Memory = Memory(Mutex::new(BTreeMap::new()));

/// A static wrapper so the test can look at the keys after installing the store.
struct Shared;

impl KeyedFiles for Shared {
    fn get(&self, key: &str) -> io::Result<Option<String>> {
        STORE.get(key)
    }
    fn set(&self, key: &str, value: &str) -> io::Result<()> {
        STORE.set(key, value)
    }
    fn remove(&self, key: &str) -> io::Result<()> {
        STORE.remove(key)
    }
    fn keys(&self) -> io::Result<Vec<String>> {
        STORE.keys()
    }
}

#[test]
fn files_under_keys_keep_the_disks_rules() {
    assert!(keyed::install(Box::new(Shared)));
    assert!(latu::files::keyed());
    let mut store = Store::new("/latu");

    // Saved and read back as the same JSON a disk would hold.
    let settings = Settings {
        music_volume: 0.25,
        ..Settings::default()
    };
    store.save_settings(&settings).unwrap();
    let saved = STORE.get("/latu/settings.json").unwrap().unwrap();
    assert!(saved.contains("\"music_volume\": 0.25"), "{saved}");
    assert_eq!(store.load_settings().value.music_volume, 0.25);

    // A damaged value is kept aside under another key, the player told, the defaults used.
    STORE.set("/latu/settings.json", "{ not json").unwrap();
    let loaded = store.load_settings();
    assert_eq!(loaded.value, Settings::default());
    assert_eq!(loaded.notices.len(), 1);
    assert!(
        matches!(&loaded.notices[0].outcome, Outcome::KeptAsideUsingDefaults(kept)
            if kept.to_str() == Some("/latu/settings.json.corrupt-1")),
        "{:?}",
        loaded.notices
    );
    assert_eq!(
        STORE
            .get("/latu/settings.json.corrupt-1")
            .unwrap()
            .as_deref(),
        Some("{ not json")
    );
    assert_eq!(STORE.get("/latu/settings.json").unwrap(), None);

    // A full store is said plainly, and the value saved before stays.
    store.save_settings(&settings).unwrap();
    // Filled to the last byte: the next save is one byte longer ("0.125" for "0.25").
    let used: usize = STORE
        .0
        .lock()
        .unwrap()
        .iter()
        .map(|(k, v)| k.len() + v.len())
        .sum();
    let filler = "/elsewhere";
    STORE
        .set(filler, &"y".repeat(QUOTA - used - filler.len()))
        .unwrap();
    let louder = Settings {
        music_volume: 0.125,
        ..settings.clone()
    };
    let error = store.save_settings(&louder).unwrap_err();
    assert!(matches!(error, StorageError::Write { .. }));
    let message = error.to_string();
    assert!(message.contains("/latu/settings.json"), "{message}");
    assert!(
        message.contains("storage for this page is full"),
        "{message}"
    );
    assert_eq!(store.load_settings().value.music_volume, 0.25);
    STORE.remove(filler).unwrap();
    store.save_settings(&louder).unwrap();
    assert_eq!(store.load_settings().value.music_volume, 0.125);

    // Replays: none listed before any is saved.
    assert_eq!(store.replay_names().unwrap(), []);
}
