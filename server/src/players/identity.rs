//! Identity without passwords (online.md, "Identity", contract version 2): every write carries
//! its Ed25519 public key, its time and a signature of the message
//! [`latu::online::contract::signed_message`] (method, path with query, time, body), in lowercase
//! hex. A time more than [`CLOCK_WINDOW_S`] from the server's clock is refused.

use ed25519_dalek::{Signature, VerifyingKey};
use latu::online::contract::{
    parse_time, signed_message, Reason, CLOCK_WINDOW_S, KEY_HEADER, KEY_HEX, SIGNATURE_HEADER,
    SIGNATURE_HEX, TIME_HEADER,
};

/// A write's three headers, as sent (each at most once).
#[derive(Debug, Clone, Copy, Default)]
pub struct Credentials<'a> {
    pub key: Option<&'a [u8]>,
    pub time: Option<&'a [u8]>,
    pub signature: Option<&'a [u8]>,
}

/// What the request is: its method, its path with the query as sent, and its body.
#[derive(Debug, Clone, Copy)]
pub struct Signed<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub body: &'a [u8],
}

/// A verified signer: the key (64 lowercase hex) and the time it signed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signer {
    pub key: String,
    pub time_s: i64,
}

/// Why a signature is refused: the reason, the sentence, and the server's clock when the
/// time was the trouble (so the client can sign again with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignatureRefusal {
    pub reason: Reason,
    pub sentence: String,
    pub server_time_s: Option<i64>,
}

impl SignatureRefusal {
    fn bad(sentence: String) -> Self {
        Self {
            reason: Reason::BadSignature,
            sentence,
            server_time_s: None,
        }
    }
}

/// The signer of `request`, checked against the server's clock `now_s`, or why not.
pub fn verify(
    credentials: Credentials<'_>,
    request: Signed<'_>,
    now_s: i64,
) -> Result<Signer, SignatureRefusal> {
    let missing =
        |name: &str| SignatureRefusal::bad(format!("the request carries no {name} header"));
    let key_hex = credentials.key.ok_or_else(|| missing(KEY_HEADER))?;
    let time = credentials.time.ok_or_else(|| missing(TIME_HEADER))?;
    let signature_hex = credentials
        .signature
        .ok_or_else(|| missing(SIGNATURE_HEADER))?;
    let key_bytes: [u8; 32] = lower_hex(key_hex, KEY_HEX).ok_or_else(|| {
        SignatureRefusal::bad(format!(
            "{KEY_HEADER} is not a public key ({KEY_HEX} lowercase hex characters)"
        ))
    })?;
    let time_s = parse_time(time).ok_or_else(|| {
        SignatureRefusal::bad(format!(
            "{TIME_HEADER} is not a time: give whole Unix seconds in decimal"
        ))
    })?;
    let signature_bytes: [u8; 64] = lower_hex(signature_hex, SIGNATURE_HEX).ok_or_else(|| {
        SignatureRefusal::bad(format!(
            "{SIGNATURE_HEADER} is not a signature ({SIGNATURE_HEX} lowercase hex characters)"
        ))
    })?;
    let key = VerifyingKey::from_bytes(&key_bytes).map_err(|_| {
        SignatureRefusal::bad(format!("{KEY_HEADER} is not a valid Ed25519 public key"))
    })?;
    let message = signed_message(request.method, request.path, time_s, request.body);
    key.verify_strict(&message, &Signature::from_bytes(&signature_bytes))
        .map_err(|_| {
            SignatureRefusal::bad(format!(
                "{SIGNATURE_HEADER} is not this key's signature of the request (latu-v2, its \
                 method, path, time and body)"
            ))
        })?;
    check_clock(time_s, now_s)?;
    Ok(Signer {
        key: hex(&key_bytes),
        time_s,
    })
}

/// A time within [`CLOCK_WINDOW_S`] of the server's clock, or a refusal saying how far off.
fn check_clock(time_s: i64, now_s: i64) -> Result<(), SignatureRefusal> {
    let off = time_s.saturating_sub(now_s);
    if off.saturating_abs() <= CLOCK_WINDOW_S {
        return Ok(());
    }
    let way = if off > 0 { "ahead of" } else { "behind" };
    Err(SignatureRefusal {
        reason: Reason::ClockOff,
        sentence: format!(
            "{TIME_HEADER} is {} s {way} the server's clock (at most {CLOCK_WINDOW_S} s either \
             way): set the device's clock, or sign with the server's time ({now_s})",
            off.unsigned_abs()
        ),
        server_time_s: Some(now_s),
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer as _, SigningKey};

    const NOW: i64 = 1_765_000_000;

    fn signed(time_s: i64, path: &str) -> (String, String, String) {
        let key = SigningKey::from_bytes(&[3; 32]);
        let message = signed_message("POST", path, time_s, b"{}");
        (
            hex(key.verifying_key().as_bytes()),
            time_s.to_string(),
            hex(&key.sign(&message).to_bytes()),
        )
    }

    fn check(headers: &(String, String, String), path: &str) -> Result<Signer, SignatureRefusal> {
        let credentials = Credentials {
            key: Some(headers.0.as_bytes()),
            time: Some(headers.1.as_bytes()),
            signature: Some(headers.2.as_bytes()),
        };
        let request = Signed {
            method: "POST",
            path,
            body: b"{}",
        };
        verify(credentials, request, NOW)
    }

    #[test]
    fn a_signature_holds_for_its_path_and_time_only() {
        let headers = signed(NOW - 10, "/v1/runs");
        assert_eq!(check(&headers, "/v1/runs").map(|s| s.time_s), Ok(NOW - 10));
        let other_path = check(&headers, "/v1/players").unwrap_err();
        assert_eq!(other_path.reason, Reason::BadSignature);
        let mut later = headers.clone();
        later.1 = (NOW - 9).to_string();
        assert_eq!(
            check(&later, "/v1/runs").unwrap_err().reason,
            Reason::BadSignature
        );
    }

    #[test]
    fn a_time_off_the_clock_says_how_far() {
        let ahead = check(&signed(NOW + 301, "/v1/runs"), "/v1/runs").unwrap_err();
        assert_eq!(ahead.reason, Reason::ClockOff);
        assert!(
            ahead.sentence.contains("301 s ahead of"),
            "{}",
            ahead.sentence
        );
        assert_eq!(ahead.server_time_s, Some(NOW));
        let behind = check(&signed(NOW - 3600, "/v1/runs"), "/v1/runs").unwrap_err();
        assert!(
            behind.sentence.contains("3600 s behind"),
            "{}",
            behind.sentence
        );
        assert!(check(&signed(NOW + 300, "/v1/runs"), "/v1/runs").is_ok());
    }
}
