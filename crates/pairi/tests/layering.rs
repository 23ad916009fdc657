//! The module layering of ARCHITECTURE.md, enforced: every `crate::` path in the
//! library's code names a module at or below the module it is written in, in the order
//! the architecture document lists them, and the modules that must stay independent
//! never name each other. Test code (`tests.rs`, `proptests.rs`, `#[cfg(test)] mod`
//! blocks) may use anything: tests read hands through the notation at every layer.
//!
//! Why a test: a lower layer that reaches up (a parser returning the scorer's error, a
//! hand printing itself through the notation) is how layers rot, and nothing else
//! would catch it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Modules that must not import each other though both stand on the same layers
/// (ARCHITECTURE.md says why for each pair).
const INDEPENDENT: &[(&str, &str)] = &[("riichi", "mcr")];

/// The modules of the architecture document's table "Library modules, lowest layer
/// first", in order.
fn documented_order() -> Vec<String> {
    let path = Path::new(ROOT).join("../../ARCHITECTURE.md");
    let text = std::fs::read_to_string(&path).expect("ARCHITECTURE.md beside the workspace");
    let start = text
        .find("Library modules, lowest layer first")
        .expect("ARCHITECTURE.md lists the library modules, lowest layer first");
    let mut order = Vec::new();
    let mut in_table = false;
    for line in text[start..].lines().skip(1) {
        let line = line.trim();
        if line.starts_with('|') {
            in_table = true;
            // `| `name` | responsibility |`: the first cell names the module.
            let cell = line.trim_start_matches('|').split('|').next().unwrap_or("");
            if let Some(name) = cell
                .trim()
                .strip_prefix('`')
                .and_then(|c| c.strip_suffix('`'))
            {
                order.push(name.to_owned());
            }
        } else if in_table {
            break;
        }
    }
    order
}

/// The modules `lib.rs` declares, in order, and the module behind each name it
/// re-exports at the root (`pub use hand::{Hand, …}`).
fn declared() -> (Vec<String>, BTreeMap<String, String>) {
    let text = std::fs::read_to_string(Path::new(ROOT).join("src/lib.rs")).expect("lib.rs");
    let mut modules = Vec::new();
    let mut roots = BTreeMap::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("pub mod ") {
            modules.push(rest.trim_end_matches(';').to_owned());
        } else if let Some(rest) = line.strip_prefix("pub use ") {
            let (module, names) = rest.split_once("::").unwrap_or((rest, ""));
            let names = names
                .trim_end_matches(';')
                .trim_matches(|c| c == '{' || c == '}');
            for name in names.split(',') {
                roots.insert(name.trim().to_owned(), module.to_owned());
            }
        }
    }
    // `t!` is exported at the root by the tile module.
    roots.insert("t".to_owned(), "tile".to_owned());
    (modules, roots)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code lines of a file: comments and test modules left out.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        let t = line.trim();
        if t == "#[cfg(test)]" {
            // A test module (`mod tests;` or `mod tests { … }` to the end of the file).
            if lines
                .peek()
                .is_some_and(|(_, l)| l.trim().starts_with("mod "))
            {
                if lines.peek().is_some_and(|(_, l)| l.trim().ends_with(';')) {
                    lines.next();
                    continue;
                }
                break;
            }
            continue;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push((i + 1, line));
    }
    out
}

/// Every module named by a `crate::` path on `line`: `crate::shanten::…`,
/// `crate::{hand::Hand, tile::Tile}`, root re-exports (`crate::Hand`).
fn named_modules(line: &str, roots: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let before = &rest[..at];
        rest = &rest[at + "crate::".len()..];
        // `$crate::` in a macro resolves where it is used; `mycrate::` is another path.
        if before.ends_with(|c: char| c == '$' || c.is_alphanumeric() || c == '_') {
            continue;
        }
        let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
            top_level_items(group)
                .into_iter()
                .map(|p| p.trim().split("::").next().unwrap_or(""))
                .collect()
        } else {
            vec![rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")]
        };
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            let module = roots.get(name).cloned().unwrap_or_else(|| name.to_owned());
            out.push(module);
        }
    }
    out
}

/// The items of a `{…}` use group up to its closing brace, nested groups kept whole.
fn top_level_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

#[test]
fn layering_ok_architecture_lists_every_module() {
    let (mut modules, _) = declared();
    let mut documented = documented_order();
    modules.sort();
    documented.sort();
    assert_eq!(
        documented, modules,
        "ARCHITECTURE.md's module table and lib.rs's modules differ"
    );
}

#[test]
fn layering_ok_no_module_imports_a_higher_one() {
    let order = documented_order();
    let (_, roots) = declared();
    let rank = |m: &str| order.iter().position(|o| o == m);
    let mut files = Vec::new();
    rust_files(&Path::new(ROOT).join("src"), &mut files);
    files.sort();
    let mut bad = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(Path::new(ROOT).join("src"))
            .expect("under src");
        let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "tests.rs" || name == "proptests.rs" || rel == Path::new("lib.rs") {
            continue;
        }
        let first = rel.components().next().expect("a component");
        let module = first
            .as_os_str()
            .to_str()
            .expect("UTF-8")
            .trim_end_matches(".rs");
        let Some(own) = rank(module) else {
            bad.push(format!(
                "{}: module `{module}` is not in ARCHITECTURE.md",
                rel.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(path).expect("source file");
        for (n, line) in code_lines(&text) {
            for used in named_modules(line, &roots) {
                let Some(r) = rank(&used) else {
                    bad.push(format!(
                        "{}:{n}: `crate::{used}` is not a listed module",
                        rel.display()
                    ));
                    continue;
                };
                if r > own {
                    bad.push(format!(
                        "{}:{n}: `{module}` uses `{used}`, a higher layer",
                        rel.display()
                    ));
                }
                for &(a, b) in INDEPENDENT {
                    if (module == a && used == b) || (module == b && used == a) {
                        bad.push(format!(
                            "{}:{n}: `{module}` uses `{used}`; they stay independent",
                            rel.display()
                        ));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "layering broken:\n{}", bad.join("\n"));
}

#[test]
fn layering_ok_parser_of_paths() {
    let (_, roots) = declared();
    assert_eq!(
        named_modules("use crate::{hand::Hand, tile::{Tile, Wind}};", &roots),
        ["hand", "tile"]
    );
    assert_eq!(
        named_modules("let x = crate::shanten::riichi(c, 0)?;", &roots),
        ["shanten"]
    );
    assert_eq!(named_modules("use crate::Hand;", &roots), ["hand"]);
    assert_eq!(
        named_modules("$crate::tile::Tile::M1", &roots),
        Vec::<String>::new()
    );
    assert_eq!(named_modules("mycrate::x", &roots), Vec::<String>::new());
    let code = "use a;\n// use crate::api;\n#[cfg(test)]\nmod tests {\n use crate::api;\n}\n";
    assert_eq!(code_lines(code).len(), 1);
}
