//! What a write is signed over (online.md, "Identity", contract version 2): the bytes
//! `latu-v2` LF METHOD LF PATH LF TIME LF BODY, so a signature holds for one method, one path
//! with its query, one moment and one body, and for nothing else.

/// The header carrying the public key, 64 lowercase hex characters.
pub const KEY_HEADER: &str = "X-Latu-Key";
/// The header carrying the client's clock, whole Unix seconds in decimal.
pub const TIME_HEADER: &str = "X-Latu-Time";
/// The header carrying the signature, 128 lowercase hex characters.
pub const SIGNATURE_HEADER: &str = "X-Latu-Signature";
/// The first line of every signed message: the contract's version.
pub const SIGNED_PREFIX: &str = "latu-v2";
/// How far, in seconds, a write's time may be from the server's clock.
pub const CLOCK_WINDOW_S: i64 = 300;
/// Hex characters of a public key and of a signature.
pub const KEY_HEX: usize = 64;
pub const SIGNATURE_HEX: usize = 128;

/// The exact bytes a write's signature covers.
pub fn signed_message(method: &str, path: &str, time_s: i64, body: &[u8]) -> Vec<u8> {
    let head = format!("{SIGNED_PREFIX}\n{method}\n{path}\n{time_s}\n");
    [head.as_bytes(), body].concat()
}

/// The `X-Latu-Time` value of `text`: whole seconds in plain decimal digits (an optional
/// leading `-` for a clock before 1970), nothing else; `None` if it is not one.
pub fn parse_time(text: &[u8]) -> Option<i64> {
    let digits = text.strip_prefix(b"-").unwrap_or(text);
    let plain = !digits.is_empty() && digits.len() <= 18 && digits.iter().all(u8::is_ascii_digit);
    plain
        .then(|| std::str::from_utf8(text).ok()?.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_is_prefix_method_path_time_and_body_joined_by_lf() {
        assert_eq!(
            signed_message(
                "POST",
                "/v1/players?x=1",
                1_765_000_000,
                br#"{"name":"Aino"}"#
            ),
            b"latu-v2\nPOST\n/v1/players?x=1\n1765000000\n{\"name\":\"Aino\"}".to_vec()
        );
        assert_eq!(
            signed_message("DELETE", "/v1/players/ab", 5, b""),
            b"latu-v2\nDELETE\n/v1/players/ab\n5\n".to_vec()
        );
    }

    #[test]
    fn a_time_is_plain_decimal_seconds() {
        assert_eq!(parse_time(b"1765000000"), Some(1_765_000_000));
        assert_eq!(parse_time(b"-5"), Some(-5));
        for bad in [
            &b""[..],
            b"+5",
            b" 5",
            b"5 ",
            b"1e9",
            b"0x10",
            b"5.0",
            b"-",
            b"99999999999999999999",
        ] {
            assert_eq!(parse_time(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
    }
}
