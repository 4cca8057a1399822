//! The module import graph has no cycle between top-level modules, and inside the app imports
//! run downwards (screens → run → render; ui and platform below all three). Read from the
//! sources: every `crate::<module>` a module's files name outside comments and test modules.
//! `cargo test --test library module_graph -- --nocapture` prints the graph.

use super::sources::rust_files;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rooms of the app, each with the rooms it must not import.
const APP_ROOMS_BELOW: [(&str, &[&str]); 4] = [
    ("render", &["run", "screens"]),
    ("run", &["screens"]),
    ("ui", &["render", "run", "screens"]),
    ("platform", &["render", "run", "screens"]),
];

/// The code of a file without its comments and its test module (nothing, for a test module
/// in its own file, `tests.rs`, declared after `#[cfg(test)]`).
fn code_of(path: &Path) -> String {
    if path.file_name().is_some_and(|name| name == "tests.rs") {
        return String::new();
    }
    let text = fs::read_to_string(path).expect("a source file reads");
    let before_tests = text.split("#[cfg(test)]").next().unwrap_or_default();
    before_tests
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `<prefix><name>` the code names, by name, grouped imports (`use crate::{a, b::{c}}`)
/// included.
fn named_after(code: &str, prefix: &str) -> BTreeSet<String> {
    code.match_indices("crate::")
        .flat_map(|(at, _)| {
            let mut paths = Vec::new();
            read_tree(&code[at..], String::new(), &mut paths);
            paths
        })
        .filter_map(|path| {
            let rest = path.strip_prefix(prefix)?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Reads one path tree from the start of `text` (segments joined by `::`, ending in a name or
/// a `{…}` group of trees), adding each full path it spells to `paths`; returns the bytes read.
fn read_tree(text: &str, mut path: String, paths: &mut Vec<String>) -> usize {
    let mut at = 0;
    loop {
        let rest = &text[at..];
        let skipped = rest.len() - rest.trim_start().len();
        at += skipped;
        let rest = &text[at..];
        if let Some(group) = rest.strip_prefix('{') {
            at += 1 + read_group(group, &path, paths);
            return at;
        }
        let name_len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        path.push_str(&rest[..name_len]);
        at += name_len;
        if text[at..].starts_with("::") {
            path.push_str("::");
            at += 2;
        } else {
            paths.push(path);
            return at;
        }
    }
}

/// Reads the trees of a group up to its closing brace; returns the bytes read, the brace
/// included.
fn read_group(text: &str, path: &str, paths: &mut Vec<String>) -> usize {
    let mut at = 0;
    while at < text.len() {
        let rest = text[at..].trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        at = text.len() - rest.len();
        if rest.starts_with('}') {
            return at + 1;
        }
        let read = read_tree(rest, path.to_owned(), paths);
        at += read.max(1);
        // Skip an `as alias` after the tree, up to the next item or the group's end.
        let tail = &text[at..];
        at += tail.find([',', '}']).unwrap_or(tail.len());
    }
    at
}

/// The top-level modules and which others each imports.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules: BTreeMap<String, PathBuf> = fs::read_dir(&src)
        .expect("src lists")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.is_dir() || path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let name = path
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, path)
        })
        .filter(|(name, _)| !matches!(name.as_str(), "lib" | "main"))
        .collect();
    modules
        .iter()
        .map(|(name, path)| {
            let imports = rust_files(path)
                .iter()
                .flat_map(|file| named_after(&code_of(file), "crate::"))
                .filter(|other| other != name && modules.contains_key(other))
                .collect();
            (name.clone(), imports)
        })
        .collect()
}

/// A path of imports from `from` back to `to`, if there is one.
fn path_back(
    graph: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    to: &str,
    seen: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    for next in graph.get(from).into_iter().flatten() {
        if next == to {
            return Some(vec![from.to_owned(), next.clone()]);
        }
        if seen.insert(next.clone()) {
            if let Some(mut rest) = path_back(graph, next, to, seen) {
                rest.insert(0, from.to_owned());
                return Some(rest);
            }
        }
    }
    None
}

#[test]
fn top_level_modules_import_without_a_cycle() {
    let graph = module_graph();
    for (module, imports) in &graph {
        println!(
            "{module} -> {}",
            imports.iter().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    for module in graph.keys() {
        let cycle = path_back(&graph, module, module, &mut BTreeSet::new());
        assert!(
            cycle.is_none(),
            "an import cycle: {}",
            cycle.unwrap_or_default().join(" -> ")
        );
    }
}

#[test]
fn the_core_never_imports_the_app_or_the_models() {
    let graph = module_graph();
    let core = [
        "mesh", "terrain", "stream", "course", "sim", "shooting", "replay", "shop", "storage",
    ];
    for module in core {
        let imports = &graph[module];
        assert!(
            !imports.contains("app") && !imports.contains("models"),
            "{module} imports {imports:?}"
        );
    }
}

#[test]
fn mesh_data_lies_below_the_terrain_and_the_models() {
    let graph = module_graph();
    assert!(graph["mesh"].is_empty(), "mesh imports {:?}", graph["mesh"]);
    for module in ["terrain", "models"] {
        assert!(graph[module].contains("mesh"), "{module} builds on mesh");
    }
}

#[test]
fn the_apps_rooms_import_downwards_only() {
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    for (room, above) in APP_ROOMS_BELOW {
        for file in rust_files(&app.join(room)) {
            let named = named_after(&code_of(&file), "crate::app::");
            for upper in above {
                assert!(
                    !named.contains(*upper),
                    "{} imports crate::app::{upper}",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn grouped_imports_are_read_as_the_paths_they_spell() {
    let code = "use crate::{app::{run::Hud, ui as u}, sim};\nuse crate::course::Level;";
    let top = named_after(code, "crate::");
    assert_eq!(
        top,
        ["app", "course", "sim"].map(String::from).into(),
        "top-level modules"
    );
    let app = named_after(code, "crate::app::");
    assert_eq!(app, ["run", "ui"].map(String::from).into(), "app rooms");
}

/// The scope's picture (`app/run/range/scope/`) imports one way: its files name their siblings
/// (`super::name`) without a cycle and never the folder's `mod.rs` above them, and the palette
/// and the geometry at the bottom name none; so a new venue is drawn in `venue.rs` alone.
#[test]
fn the_scopes_picture_imports_one_way() {
    let scope = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/run/range/scope");
    let name_of = |file: &Path| {
        let stem = file.file_stem().expect("a name").to_string_lossy();
        stem.into_owned()
    };
    let files: Vec<PathBuf> = rust_files(&scope)
        .into_iter()
        .filter(|file| name_of(file) != "mod")
        .collect();
    let siblings: BTreeSet<String> = files.iter().map(|file| name_of(file)).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let code = code_of(file);
        let named: BTreeSet<String> = code
            .match_indices("super::")
            .flat_map(|(at, _)| {
                let mut paths = Vec::new();
                read_tree(&code[at..], String::new(), &mut paths);
                paths
            })
            .filter_map(|path| {
                let rest = path.strip_prefix("super::")?;
                Some(rest.split("::").next().unwrap_or_default().to_owned())
            })
            .collect();
        let upward: Vec<&String> = named.difference(&siblings).collect();
        assert!(
            upward.is_empty(),
            "{} names {upward:?} from the scope's mod.rs above it",
            file.display()
        );
        println!("scope/{} -> {named:?}", name_of(file));
        graph.insert(name_of(file), named);
    }
    for bottom in ["geometry", "palette"] {
        assert_eq!(graph.get(bottom), Some(&BTreeSet::new()), "{bottom}");
    }
    for file in graph.keys() {
        let cycle = path_back(&graph, file, file, &mut BTreeSet::new());
        assert!(
            cycle.is_none(),
            "an import cycle in the scope: {}",
            cycle.unwrap_or_default().join(" -> ")
        );
    }
}
