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
    /// The player this key joined from another device (a link or the recovery code): that
    /// player's id. Empty: the key's own player, once it registered a name.
    pub player: String,
    /// A recovery code the server gave that the player has not yet said they wrote down: shown
    /// once on the Account screen, then forgotten (the server keeps only its hash).
    pub recovery_unseen: String,
    /// Keys this device used before it joined another player, kept only to sign the runs
    /// queued under them (each goes under the player it was played by); dropped once sent.
    pub former: Vec<FormerKey>,
}

/// A key this device used before it joined another player, and the runs queued under it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FormerKey {
    /// The Ed25519 secret key, 64 lowercase hex digits.
    pub secret_key: String,
    /// The queued runs (their names in the outbox) still to be sent under it.
    pub runs: Vec<String>,
}

impl Identity {
    /// Whether a key has been made.
    pub fn has_key(&self) -> bool {
        !self.secret_key.is_empty()
    }
}

/// Whether `secret` is 64 lowercase hex digits.
fn well_formed(secret: &str) -> bool {
    secret.len() == SECRET_HEX_DIGITS
        && secret
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Document for Identity {
    fn repair(&mut self) -> Repairs {
        let mut repairs = Repairs::default();
        if self.has_key() && !well_formed(&self.secret_key) {
            // A key that is not one cannot sign; the file is kept aside and a new one made.
            repairs
                .dropped
                .push("secret_key is not 64 lowercase hex digits".to_owned());
            self.secret_key.clear();
            self.registered_name.clear();
            self.player.clear();
        }
        let before = self.former.len();
        self.former.retain(|former| well_formed(&former.secret_key));
        if self.former.len() < before {
            repairs
                .dropped
                .push("a former key is not 64 lowercase hex digits".to_owned());
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
