//! What `latu replay` refuses at once, before reading or allocating much: special files, files
//! larger than any real replay, inputs no real run makes, duplicate keys; and how it names a
//! replay's faults and the command line's, in text a terminal shows as it is.

// The clock only bounds how long a test waits before it fails instead of hanging.
#![allow(clippy::disallowed_methods)]

use std::fs;
#[cfg(unix)]
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const LATU: &str = env!("CARGO_BIN_EXE_latu");
/// Longest a refusal may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(20);

/// Run `latu ARGS`, killing it (and failing) if it runs past [`HANG`].
fn latu(args: &[&str]) -> Output {
    let mut child = Command::new(LATU)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("latu runs");
    let started = Instant::now();
    while child.try_wait().expect("latu can be waited for").is_none() {
        if started.elapsed() > HANG {
            let _ = child.kill();
            panic!("latu {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("latu's output")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("latu-replay-limits-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir.join(name)
}

fn golden_text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/replays")
        .join(name);
    fs::read_to_string(path).expect("a golden")
}

/// A golden with its first `from` replaced by `to`, written to a scratch file `name`.
fn variant(golden: &str, from: &str, to: &str, name: &str) -> PathBuf {
    let text = golden_text(golden);
    let changed = text.replacen(from, to, 1);
    assert_ne!(changed, text, "{from} is in {golden}");
    let path = scratch(name);
    fs::write(&path, changed).expect("written");
    path
}

/// A golden with one more input written first in its list.
fn with_first_input(golden: &str, input: &str, name: &str) -> PathBuf {
    variant(
        golden,
        "\"inputs\": [\n",
        &format!("\"inputs\": [\n    {input},\n"),
        name,
    )
}

/// `latu replay PATH` exits 2 with one line naming the file and saying `what`.
fn assert_refused(path: &Path, what: &str) -> String {
    let output = latu(&["replay", path.to_str().expect("a UTF-8 path")]);
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(what), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    message
}

#[cfg(unix)]
#[test]
fn special_files_are_refused_at_once() {
    assert_refused(Path::new("/dev/zero"), "not a regular file");
    assert_refused(Path::new("/dev/urandom"), "not a regular file");
    let fifo = scratch("fifo.json");
    let _ = fs::remove_file(&fifo);
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    assert_refused(&fifo, "not a regular file");
}

#[test]
fn a_file_larger_than_any_real_replay_is_refused_without_reading_it() {
    let path = scratch("huge.json");
    let file = fs::File::create(&path).expect("created");
    // Sparse: 100 MB of nothing, costing no disk.
    file.set_len(100 << 20).expect("sized");
    let started = Instant::now();
    assert_refused(&path, "larger than");
    assert!(started.elapsed() < HANG);
    fs::remove_file(&path).expect("removed");
}

#[test]
fn inputs_after_the_recorded_end_are_refused() {
    let late = r#"{"tick":99999999,"actions":["left"]}"#;
    let path = with_first_input("bot-l1-t1.json", late, "late.json");
    assert_refused(&path, "inputs[0]");
}

#[test]
fn a_tick_crammed_with_actions_is_refused() {
    let crammed = format!(
        "{{\"tick\":5,\"actions\":[{}]}}",
        vec!["\"fire\""; 1000].join(",")
    );
    let path = with_first_input("bot-l1-t1.json", &crammed, "crammed.json");
    assert_refused(&path, "actions in one tick");
}

#[test]
fn a_key_given_twice_is_refused() {
    let path = variant(
        "bot-l1-t1.json",
        "\"seed\":",
        "\"seed\": 1,\n  \"seed\":",
        "doubled.json",
    );
    assert_refused(&path, "duplicate field `seed`");
}

#[test]
fn a_missing_last_checkpoint_is_named() {
    let text = golden_text("bot-l1-t1.json");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let hashes = json["hashes"].as_array_mut().expect("hashes");
    let last = hashes.pop().expect("a checkpoint");
    let path = scratch("no-last-checkpoint.json");
    fs::write(&path, json.to_string()).expect("written");
    let output = latu(&["replay", path.to_str().expect("UTF-8")]);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(3), "{message}");
    let tick = last["tick"].as_u64().expect("a tick");
    assert!(
        message.contains(&format!("no checkpoint at tick {tick}")),
        "{message}"
    );
}

#[test]
fn bytes_from_the_file_are_escaped_not_sent_to_the_terminal() {
    let nasty = r#"{"tick":1,"actions":["\u001b[2J\u0007boom"]}"#;
    let path = with_first_input("bot-l1-t1.json", nasty, "escape.json");
    let message = assert_refused(&path, "boom");
    assert!(
        !message.contains('\u{1b}') && !message.contains('\u{7}'),
        "{message:?}"
    );
    assert!(message.contains("\\u{1b}"), "{message}");
}

#[test]
fn bad_numbers_on_the_command_line_name_their_flag_and_range() {
    let output = latu(&["course", "--level", "1", "--seed", "-1"]);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("--seed"), "{message}");
    assert!(message.contains("whole number from 0"), "{message}");
    let output = latu(&["course", "--endless", "--length", "1e308"]);
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("1e308"), "{message}");
    assert!(message.len() < 200, "{message}");
}

/// An empty folder of its own for one test.
fn fresh_folder(name: &str) -> PathBuf {
    let folder = scratch(name);
    let _ = fs::remove_dir_all(&folder);
    fs::create_dir_all(&folder).expect("a folder");
    folder
}

/// `latu simulate` of the bot on level 1, writing its replay to `out`.
fn simulate_bot_to(out: &Path) -> Output {
    latu(&[
        "simulate",
        "--level",
        "1",
        "--bot",
        "--out",
        out.to_str().expect("UTF-8"),
    ])
}

#[test]
fn simulate_out_onto_a_folder_fails_and_leaves_nothing_behind() {
    let parent = fresh_folder("out-onto-dir");
    let folder = parent.join("a-folder");
    fs::create_dir_all(&folder).expect("a folder");
    let output = simulate_bot_to(&folder);
    assert_eq!(output.status.code(), Some(2));
    let left: Vec<_> = fs::read_dir(&parent)
        .expect("listed")
        .map(|entry| entry.expect("entry").file_name())
        .collect();
    assert_eq!(left, ["a-folder"], "no temporary file left beside it");
}

#[cfg(unix)]
#[test]
fn simulate_out_never_writes_through_a_symlink_at_the_old_temporary_name() {
    let parent = fresh_folder("out-symlink");
    let victim = parent.join("victim");
    fs::write(&victim, b"victim").expect("written");
    let out = parent.join("run.json");
    std::os::unix::fs::symlink(&victim, parent.join("run.json.tmp")).expect("linked");
    let output = simulate_bot_to(&out);
    assert!(output.status.success());
    assert_eq!(fs::read(&victim).expect("read"), b"victim");
    assert!(fs::read_to_string(&out)
        .expect("written")
        .contains("format_version"));
}

/// A run brings no purse (rules 6: rounds are paid from the run's own coins), so a replay that
/// claims one — any purse, small or near 2³² (#26) — is refused, naming `purse`.
#[test]
fn a_replay_claiming_a_purse_is_refused_naming_it() {
    for (purse, name) in [
        (40_u64, "small-purse.json"),
        (4_294_967_290, "huge-purse.json"),
    ] {
        let path = variant(
            "bot-l1-t1.json",
            "\"seed\":",
            &format!("\"purse\": {purse},\n  \"seed\":"),
            name,
        );
        assert_refused(&path, "unknown field `purse`");
    }
    // A run of the rules before (when runs brought a purse) is named by its rules, not by the
    // field this format no longer has.
    let current = latu::replay::RULES_VERSION;
    let text = golden_text("bot-l1-t1.json")
        .replacen(
            &format!("\"rules\": {current}"),
            &format!("\"rules\": {}", current - 1),
            1,
        )
        .replacen("\"seed\":", "\"purse\": 40,\n  \"seed\":", 1);
    let path = scratch("old-rules-purse.json");
    fs::write(&path, text).expect("written");
    assert_refused(
        &path,
        &format!("was played by rules version {}", current - 1),
    );
}

/// The run steps ticks 0 to `ticks - 1`: an input at `summary.ticks` is never played, so a
/// replay carrying one is refused (#26: it verified).
#[test]
fn an_input_at_the_recorded_end_is_refused() {
    let text = golden_text("bot-l1-t1.json");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let ticks = json["summary"]["ticks"].as_u64().expect("ticks");
    let inputs = json["inputs"].as_array_mut().expect("inputs");
    inputs.push(serde_json::json!({"tick": ticks, "actions": ["left"]}));
    let path = scratch("input-at-the-end.json");
    fs::write(&path, json.to_string()).expect("written");
    let message = assert_refused(&path, &format!("the input at tick {ticks}"));
    assert!(message.contains("run's end"), "{message}");
}

/// `simulate --out` refuses what `play --record` refuses, before the run and touching nothing
/// (#26: it replaced `/dev/null`, a FIFO, a symlink, and made missing folders).
#[cfg(unix)]
#[test]
fn simulate_out_refuses_special_paths_and_missing_folders() {
    let parent = fresh_folder("out-special");
    let fifo = parent.join("fifo.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo")
        .success());
    let victim = parent.join("victim.json");
    fs::write(&victim, b"victim").expect("written");
    let link = parent.join("link.json");
    std::os::unix::fs::symlink(&victim, &link).expect("linked");
    let missing = parent.join("no-such-folder").join("run.json");
    let mut outs = vec![fifo.clone(), link.clone(), missing];
    // A device: a null device of the test's own (making one needs root), never the real
    // /dev/null, which a regression would replace for the whole machine.
    let device = parent.join("null.json");
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|status| status.success());
    if made {
        outs.push(device.clone());
    } else {
        eprintln!("no device case: mknod needs root");
    }
    for out in &outs {
        let output = simulate_bot_to(out);
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{}: {message}",
            out.display()
        );
        assert!(message.contains(&out.display().to_string()), "{message}");
        assert_eq!(message.lines().count(), 1, "{message}");
    }
    if made {
        let kind = fs::metadata(&device).expect("the device").file_type();
        assert!(kind.is_char_device(), "the device is left as it was");
    }
    assert!(fs::symlink_metadata(&link).expect("link").is_symlink());
    assert_eq!(fs::read(&victim).expect("victim"), b"victim");
    assert!(!parent.join("no-such-folder").exists(), "no folder made");
}

/// A file swapped for a FIFO between a look at it and its open never hangs a read (#26: 3 of
/// 333 `latu replay` runs hung): the open does not wait, and the handle is judged. Read in this
/// process, many times a second, to meet the swap often; `latu replay` reads the same way.
#[cfg(unix)]
#[test]
fn a_file_swapped_for_a_fifo_never_hangs_a_read() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Arc};
    const READS: usize = 200_000;
    let folder = fresh_folder("swap");
    let path = folder.join("swapped.json");
    fs::write(&path, b"{}").expect("written");
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let (stop, folder, path) = (Arc::clone(&stop), folder.clone(), path.clone());
        std::thread::spawn(move || {
            let (regular, fifo) = (folder.join("regular.tmp"), folder.join("fifo.tmp"));
            let fifo_name = std::ffi::CString::new(fifo.to_str().expect("UTF-8")).expect("no NUL");
            while !stop.load(Ordering::Relaxed) {
                let _ = fs::write(&regular, b"{}");
                let _ = fs::rename(&regular, &path);
                // SAFETY: a NUL-terminated path.
                unsafe { libc::mkfifo(fifo_name.as_ptr(), 0o644) };
                let _ = fs::rename(&fifo, &path);
            }
        })
    };
    let (done, finished) = mpsc::channel();
    let reader_path = path.clone();
    std::thread::spawn(move || {
        let mut fifos = 0;
        for _ in 0..READS {
            if let Err(latu::files::ReadError::NotARegularFile) =
                latu::files::read_regular(&reader_path, 1024)
            {
                fifos += 1;
            }
        }
        let _ = done.send(fifos);
    });
    let outcome = finished.recv_timeout(HANG);
    stop.store(true, Ordering::Relaxed);
    swapper.join().expect("the swapper stops");
    // A stuck reader is left behind: the test process ends with it.
    assert!(outcome.is_ok(), "a read of a file swapped for a FIFO hangs");
}

/// Standard error that cannot be written is no reason to panic (#26: `2>/dev/full` → 101).
#[cfg(unix)]
#[test]
fn an_unwritable_stderr_does_not_panic() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let status = Command::new(LATU)
        .args(["replay", "/nonexistent-latu-dir/x.json"])
        .stdout(Stdio::null())
        .stderr(full)
        .status()
        .expect("latu runs");
    assert_eq!(status.code(), Some(2));
}

/// A usage error is one line on stderr, the argument's bytes escaped (#26: clap's own was 3–5
/// lines with raw terminal escapes from the argument); help still prints in full.
#[test]
fn usage_errors_are_one_escaped_line() {
    for args in [
        &["course", "--level", "\u{1b}[2J\u{7}"][..],
        &["replay", "--no-such-flag\u{1b}]0;owned\u{7}"][..],
        &["no-such-command\u{1b}[31m"][..],
        &["replay"][..],
    ] {
        let output = latu(args);
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(
            !message.contains('\u{1b}') && !message.contains('\u{7}'),
            "{message:?}"
        );
        assert!(message.starts_with("latu: "), "{message}");
    }
    let help = latu(&["--help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage"));
}
