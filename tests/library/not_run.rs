//! A test that cannot run on this machine says so, or fails where CI requires it to run.

use std::io::Write;

/// The variable that makes every tool-dependent test here mandatory, and its value.
const REQUIRE_VAR: &str = "LATU_TOOL_TESTS";
const REQUIRED: &str = "required";

/// Says that `test` did not run and why (straight to the process's stderr: the harness
/// swallows a passing test's output), or fails when `LATU_TOOL_TESTS=required`.
pub fn not_run(test: &str, why: &str) {
    assert!(
        std::env::var(REQUIRE_VAR).as_deref() != Ok(REQUIRED),
        "`{test}` is required ({REQUIRE_VAR}={REQUIRED}) but cannot run: {why}"
    );
    let _ = writeln!(std::io::stderr(), "test `{test}` did not run: {why}");
}
