//! One meaning per type name (#47): no `pub` type name is defined in two files of the game
//! (`src/`) and the server (`server/src/`) together, so a name read anywhere says which thing it
//! is; where the server needs the game's thing it uses the core's type, not a copy.

use super::sources::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The source trees whose public type names must each mean one thing.
const ROOTS: [&str; 2] = ["src", "server/src"];
/// The items a type name is defined by.
const KINDS: [&str; 5] = ["struct", "enum", "trait", "type", "union"];

/// The type name a line defines as `pub` (`pub struct Name…`), if it does; `pub(crate)` and
/// narrower names, comments and functions are not.
fn pub_type_name(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("pub ")?;
    let (kind, rest) = rest.split_once(' ')?;
    if !KINDS.contains(&kind) {
        return None;
    }
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..end]).filter(|name| !name.is_empty())
}

/// Each public type name with the files (from the repository's root) that define it.
fn pub_type_names() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in ROOTS.iter().flat_map(|tree| rust_files(&root.join(tree))) {
        let text = fs::read_to_string(&file).expect("a source file reads");
        let shown = file.strip_prefix(root).expect("under the root").display();
        for name in text.lines().filter_map(pub_type_name) {
            names
                .entry(name.to_owned())
                .or_default()
                .insert(shown.to_string());
        }
    }
    names
}

#[test]
fn no_public_type_name_is_defined_in_two_files() {
    let names = pub_type_names();
    assert!(names.len() > 100, "the sources' type names: {names:?}");
    let shared: Vec<_> = names.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(
        shared.is_empty(),
        "one name, two things (rename one so the name says which): {shared:?}"
    );
}

#[test]
fn the_reader_takes_only_public_type_definitions() {
    let lines = [
        ("pub struct Store {", Some("Store")),
        ("    pub enum Answer<T> {", Some("Answer")),
        ("pub type Tick = u64;", Some("Tick")),
        ("pub trait Transport: Send {", Some("Transport")),
        ("pub(crate) struct Row {", None),
        ("struct Player {", None),
        ("pub fn store() {}", None),
        ("/// pub struct Store in a comment", None),
    ];
    for (line, name) in lines {
        assert_eq!(pub_type_name(line), name, "{line}");
    }
}
