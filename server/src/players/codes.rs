//! Codes a person copies by hand: recovery codes and link codes. Groups of capital letters and
//! digits without look-alikes (no 0/O, 1/I/L), from the operating system's secure random
//! source; the server keeps only their SHA-256. Read back regardless of case, spaces and dashes.

use sha2::{Digest, Sha256};

/// The characters a code is made of: no 0, O, 1, I or L.
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Characters in a group.
const GROUP: usize = 5;
/// Groups in a recovery code: 20 characters of 31, about 99 bits.
const RECOVERY_GROUPS: usize = 4;
/// Groups in a link code: 10 characters, about 50 bits, good for 10 minutes and once.
const LINK_GROUPS: usize = 2;

/// Why no code could be made.
#[derive(Debug)]
pub struct NoRandomness(pub String);

/// A new recovery code, e.g. `K7QX2-MRT9B-...`.
pub fn recovery() -> Result<String, NoRandomness> {
    code(RECOVERY_GROUPS)
}

/// A new link code.
pub fn link() -> Result<String, NoRandomness> {
    code(LINK_GROUPS)
}

fn code(groups: usize) -> Result<String, NoRandomness> {
    let mut out = String::with_capacity(groups * (GROUP + 1));
    let mut chars = 0;
    while chars < groups * GROUP {
        let mut byte = [0_u8; 1];
        getrandom::fill(&mut byte).map_err(|e| NoRandomness(e.to_string()))?;
        // Rejection sampling keeps every character equally likely.
        let limit = 256 - 256 % ALPHABET.len();
        if usize::from(byte[0]) >= limit {
            continue;
        }
        if chars > 0 && chars % GROUP == 0 {
            out.push('-');
        }
        out.push(char::from(ALPHABET[usize::from(byte[0]) % ALPHABET.len()]));
        chars += 1;
    }
    Ok(out)
}

/// The SHA-256 (lowercase hex) of `code` as a person may type it: case, spaces and dashes do not
/// matter.
pub fn digest(code: &str) -> String {
    let plain: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    crate::players::identity::hex(&Sha256::digest(plain.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_groups_without_look_alikes_and_read_back_loosely() {
        let code = recovery().expect("random");
        assert_eq!(code.len(), 4 * 5 + 3, "{code}");
        assert_eq!(code.split('-').count(), 4, "{code}");
        assert!(code
            .chars()
            .all(|c| c == '-' || ALPHABET.contains(&(c as u8))));
        assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        assert_ne!(code, recovery().expect("random"));
        let typed = format!(" {} ", code.to_lowercase().replace('-', " "));
        assert_eq!(digest(&typed), digest(&code));
        assert_eq!(link().expect("random").len(), 11);
    }
}
