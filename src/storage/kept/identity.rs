//! The player's online identity (`identity.json`): the secret half of their Ed25519 key, made on
//! first online use (see [`crate::online::Keys`]), and the name the server last accepted for it.
//! Saved atomically under the lock; a damaged file is kept aside and said once, like the others,
//! and a new key is made in its place (the old one stays in the kept file).

use crate::storage::file::{Document, Loaded, Repairs};
use crate::storage::{StorageError, Store};
use serde::{Deserialize, Serialize};

/// The identity's file name in the data directory.
pub const IDENTITY_FILE: &str = "identity.json";

/// Hex digits in a 32-byte Ed25519 secret key.
const SECRET_HEX_DIGITS: usize = 64;

/// What `identity.json` holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Identity {
    /// The Ed25519 secret key, 64 lowercase hex digits (empty: none made yet).
    pub secret_key: String,
    /// The name the server registered for this key (empty: none yet).
    pub registered_name: String,
}

impl Identity {
    /// Whether a key has been made.
    pub fn has_key(&self) -> bool {
        !self.secret_key.is_empty()
    }
}

impl Document for Identity {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        let well_formed = self.secret_key.len() == SECRET_HEX_DIGITS
            && self
                .secret_key
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if self.has_key() && !well_formed {
            // A key that is not one cannot sign; the file is kept aside and a new one made.
            repairs
                .dropped
                .push("secret_key is not 64 lowercase hex digits".to_owned());
            self.secret_key.clear();
            self.registered_name.clear();
        }
        repairs
    }
}

impl Store {
    /// The online identity, with anything the player should be told about its file.
    pub fn load_identity(&mut self) -> Loaded<Identity> {
        self.load(self.dir().join(IDENTITY_FILE))
    }

    /// Save the online identity atomically, under the lock.
    pub fn save_identity(&self, identity: &Identity) -> Result<(), StorageError> {
        let path = self.dir().join(IDENTITY_FILE);
        let _lock = self.lock(&path)?;
        self.save(&path, identity)
    }
}
