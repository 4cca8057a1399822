//! A leaderboard's address as the player or a tool gives it: `http://` or `https://`, a host,
//! nothing that is no part of a URL. Checked where it is given (`--server`), so a typo is a
//! sentence at once instead of a queue that waits on an address no request can reach.

/// The schemes a leaderboard answers on.
const SCHEMES: [&str; 2] = ["http://", "https://"];

/// `text` as a leaderboard address (trimmed, without a trailing `/`), or why it is not one.
pub fn server_address(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let lower = url.to_ascii_lowercase();
    let Some(scheme) = SCHEMES.iter().find(|scheme| lower.starts_with(**scheme)) else {
        return Err(
            "not a leaderboard's address: give one starting http:// or https:// \
                    (e.g. http://127.0.0.1:8787)"
                .to_owned(),
        );
    };
    let host = url[scheme.len()..]
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default();
    if host.is_empty() || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(
            "not a leaderboard's address: it needs a host and no spaces (e.g. \
                    http://127.0.0.1:8787)"
                .to_owned(),
        );
    }
    Ok(url.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_and_https_addresses_with_a_host_are_taken() {
        assert_eq!(
            server_address(" http://127.0.0.1:8787/ ").as_deref(),
            Ok("http://127.0.0.1:8787")
        );
        assert!(server_address("HTTPS://boards.latu.example").is_ok());
        for wrong in [
            "ftp://x",
            "127.0.0.1:8787",
            "http://",
            "https:///v1",
            "http://a b",
            "",
        ] {
            let said = server_address(wrong).expect_err(wrong);
            assert!(said.contains("leaderboard's address"), "{said}");
        }
    }
}
