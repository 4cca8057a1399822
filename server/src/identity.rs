//! Identity without passwords: every write carries its Ed25519 public key and a signature of
//! the exact body bytes (`X-Latu-Key`, `X-Latu-Signature`, lowercase hex).

use ed25519_dalek::{Signature, VerifyingKey};
use http_headers::{KEY_HEADER, SIGNATURE_HEADER};

/// The header names (`online.md`).
pub mod http_headers {
    pub const KEY_HEADER: &str = "x-latu-key";
    pub const SIGNATURE_HEADER: &str = "x-latu-signature";
}

/// Hex characters of a public key and of a signature.
const KEY_HEX: usize = 64;
const SIGNATURE_HEX: usize = 128;

/// The key of a body signed by it, as its 64 lowercase hex characters, or why the signature
/// is refused.
pub fn verified_key(
    key: Option<&[u8]>,
    signature: Option<&[u8]>,
    body: &[u8],
) -> Result<String, String> {
    let key_hex = key.ok_or(format!("the request carries no {KEY_HEADER} header"))?;
    let signature_hex =
        signature.ok_or(format!("the request carries no {SIGNATURE_HEADER} header"))?;
    let key_bytes: [u8; 32] = lower_hex(key_hex, KEY_HEX).ok_or(format!(
        "{KEY_HEADER} is not a public key ({KEY_HEX} lowercase hex characters)"
    ))?;
    let signature_bytes: [u8; 64] = lower_hex(signature_hex, SIGNATURE_HEX).ok_or(format!(
        "{SIGNATURE_HEADER} is not a signature ({SIGNATURE_HEX} lowercase hex characters)"
    ))?;
    let key = VerifyingKey::from_bytes(&key_bytes)
        .map_err(|_| format!("{KEY_HEADER} is not a valid Ed25519 public key"))?;
    key.verify_strict(body, &Signature::from_bytes(&signature_bytes))
        .map_err(|_| {
            format!("{SIGNATURE_HEADER} is not this key's signature of the request body")
        })?;
    Ok(hex(&key_bytes))
}

/// Whether `text` is a public key's hex form (as `around=` takes it).
pub fn is_key(text: &str) -> bool {
    lower_hex::<32>(text.as_bytes(), KEY_HEX).is_some()
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The `N` bytes that exactly `chars` lowercase hex characters spell.
fn lower_hex<const N: usize>(text: &[u8], chars: usize) -> Option<[u8; N]> {
    if text.len() != chars || chars != 2 * N {
        return None;
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let mut out = [0_u8; N];
    for (i, pair) in text.chunks(2).enumerate() {
        out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(out)
}

