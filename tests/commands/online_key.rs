//! The player's online key comes from the platform's randomness through getrandom (#45 item 9):
//! a system call, so a key is made even where no device file can be opened (a sandbox with no
//! `/dev/urandom`), as on a phone or in a browser, where there is no such file to read by hand.

use crate::storage_support::scratch;
use std::process::Command;

const LATU: &str = env!("CARGO_BIN_EXE_latu");

#[test]
fn a_key_is_made_where_no_device_file_can_be_opened() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        println!("not run: hiding /dev takes root (a mount namespace)");
        return;
    }
    let data = scratch("key-without-dev");
    // A mount namespace whose /dev is an empty tmpfs: /dev/urandom cannot be opened there.
    let output = Command::new("unshare")
        .args(["--mount", "--", "sh", "-c"])
        .arg("mount -t tmpfs none /dev && exec \"$0\" \"$@\"")
        .arg(LATU)
        .args(["send", "--server", "http://127.0.0.1:9", "--give-up-s", "0"])
        .args(["--name", "Tester", "--data-dir"])
        .arg(&data)
        .output();
    let output = match output {
        Ok(output) if String::from_utf8_lossy(&output.stderr).contains("unshare:") => {
            println!("not run: no mount namespace here: {output:?}");
            return;
        }
        Ok(output) => output,
        Err(error) => {
            println!("not run: no unshare ({error})");
            return;
        }
    };
    assert!(output.status.success(), "{output:?}");
    let identity = std::fs::read_to_string(data.join("identity.json")).expect("a key kept");
    let identity: serde_json::Value = serde_json::from_str(&identity).expect("JSON");
    let secret = identity["secret_key"].as_str().expect("a secret");
    assert_eq!(secret.len(), 64, "{secret}");
}
