//! The player's Ed25519 key pair (online.md, "Identity"): made once from 32 bytes of the
//! system's randomness, kept as its secret's hex in `identity.json`, and used to sign the exact
//! bytes of every write to the server.

use ed25519_dalek::{Signer, SigningKey};
use std::fmt;

/// Bytes in an Ed25519 secret key (its seed).
pub const SECRET_BYTES: usize = 32;

/// A key pair that signs the player's writes.
#[derive(Clone)]
pub struct Keys(SigningKey);

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the secret, in a log or a panic.
        write!(f, "Keys({})", self.public_hex())
    }
}

impl Keys {
    /// The key pair of a 32-byte secret (from the system's randomness: [`fresh_secret`]).
    pub fn from_secret(secret: [u8; SECRET_BYTES]) -> Self {
        Self(SigningKey::from_bytes(&secret))
    }

    /// The key pair of a secret saved as 64 hex digits; `None` if it is not one.
    pub fn from_secret_hex(hex: &str) -> Option<Self> {
        let bytes = from_hex(hex)?;
        Some(Self::from_secret(bytes.try_into().ok()?))
    }

    /// The secret as 64 lowercase hex digits, to save.
    pub fn secret_hex(&self) -> String {
        to_hex(self.0.as_bytes())
    }

    /// The public key as 64 lowercase hex digits (the `X-Latu-Key` header).
    pub fn public_hex(&self) -> String {
        to_hex(self.0.verifying_key().as_bytes())
    }

    /// The signature of `body` as 128 lowercase hex digits (the `X-Latu-Signature` header).
    pub fn sign_hex(&self, body: &[u8]) -> String {
        to_hex(&self.0.sign(body).to_bytes())
    }
}

/// 32 bytes from the platform's randomness for a new key, through `getrandom`: the system's
/// own call on a desktop and a phone (no device file to open), `crypto.getRandomValues` in a
/// browser (the page's source, registered by the window's web glue).
pub fn fresh_secret() -> std::io::Result<[u8; SECRET_BYTES]> {
    let mut secret = [0; SECRET_BYTES];
    getrandom::getrandom(&mut secret).map_err(|error| std::io::Error::other(error.to_string()))?;
    Ok(secret)
}

fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) || !hex.is_ascii() {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signature, Verifier, VerifyingKey};

    #[test]
    fn a_signature_verifies_with_the_public_key_and_only_for_its_body() {
        let keys = Keys::from_secret([7; SECRET_BYTES]);
        let public: [u8; 32] = from_hex(&keys.public_hex()).unwrap().try_into().unwrap();
        let public = VerifyingKey::from_bytes(&public).unwrap();
        let signature: [u8; 64] = from_hex(&keys.sign_hex(b"body"))
            .unwrap()
            .try_into()
            .unwrap();
        let signature = Signature::from_bytes(&signature);
        assert!(public.verify(b"body", &signature).is_ok());
        assert!(public.verify(b"bodY", &signature).is_err());
        assert_eq!(keys.public_hex().len(), 64);
        assert_eq!(keys.sign_hex(b"x").len(), 128);
    }

    #[test]
    fn the_secret_reads_back_as_the_same_keys() {
        let keys = Keys::from_secret([42; SECRET_BYTES]);
        let again = Keys::from_secret_hex(&keys.secret_hex()).expect("hex");
        assert_eq!(again.public_hex(), keys.public_hex());
        assert!(Keys::from_secret_hex("zz").is_none());
        assert!(Keys::from_secret_hex(&"ab".repeat(31)).is_none());
    }
}

#[cfg(test)]
mod fresh {
    use super::*;

    #[test]
    fn two_fresh_secrets_differ() {
        let (one, two) = (fresh_secret().unwrap(), fresh_secret().unwrap());
        assert_ne!(one, two);
        assert_ne!(one, [0; SECRET_BYTES]);
    }
}
