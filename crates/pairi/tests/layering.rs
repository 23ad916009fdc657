//! The module layering and the one vocabulary of ARCHITECTURE.md, enforced on the
//! library's code as the compiler sees it: every source file reached from `lib.rs` is
//! parsed (`syn`), and every path it writes — `use` trees however they are grouped or
//! spread over lines, paths in types and expressions, and the tokens of macro calls —
//! that starts with `crate::`, `super::` or `self::` is resolved to the top module it
//! names. That module must be at or below the module the path is written in, in the
//! order the architecture document lists them, and the modules that must stay
//! independent never name each other. Test code (`#[cfg(test)]` items and modules,
//! wherever they stand in a file) may use anything: tests read hands through the
//! notation at every layer.
//!
//! Why a test: a lower layer that reaches up (a parser returning the scorer's error, a
//! hand printing itself through the notation) is how layers rot, and a second `Wind`
//! or a second random generator is how two parts of the library come to disagree on
//! the same input; nothing else would catch either.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::visit::{self, Visit};

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

/// Whether attributes put an item in test code: `#[cfg(test)]`, or a `cfg` that needs
/// `test` (`all(test, …)`).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && match &a.meta {
                syn::Meta::List(l) => {
                    let text: String = l.tokens.to_string().split_whitespace().collect();
                    text == "test" || (text.contains("test") && !text.contains("not("))
                }
                _ => false,
            }
    })
}

fn item_attrs(i: &syn::Item) -> &[syn::Attribute] {
    use syn::Item;
    match i {
        Item::Const(x) => &x.attrs,
        Item::Enum(x) => &x.attrs,
        Item::ExternCrate(x) => &x.attrs,
        Item::Fn(x) => &x.attrs,
        Item::ForeignMod(x) => &x.attrs,
        Item::Impl(x) => &x.attrs,
        Item::Macro(x) => &x.attrs,
        Item::Mod(x) => &x.attrs,
        Item::Static(x) => &x.attrs,
        Item::Struct(x) => &x.attrs,
        Item::Trait(x) => &x.attrs,
        Item::TraitAlias(x) => &x.attrs,
        Item::Type(x) => &x.attrs,
        Item::Union(x) => &x.attrs,
        Item::Use(x) => &x.attrs,
        _ => &[],
    }
}

/// The paths of a `use` tree, each with the name it brings in and the line of that name
/// (`crate::{a::B, c::D as E}` → `[crate, a, B]` as `B`, `[crate, c, D]` as `E`; a glob
/// ends at its module).
fn flatten(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, String, usize)>,
) {
    use syn::UseTree;
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let mut path = prefix.clone();
            if n.ident != "self" {
                path.push(n.ident.to_string());
            }
            let name = path.last().cloned().unwrap_or_default();
            out.push((path, name, n.ident.span().start().line));
        }
        UseTree::Rename(r) => {
            let mut path = prefix.clone();
            path.push(r.ident.to_string());
            out.push((path, r.rename.to_string(), r.ident.span().start().line));
        }
        UseTree::Glob(g) => out.push((
            prefix.clone(),
            "*".to_owned(),
            g.star_token.span.start().line,
        )),
        UseTree::Group(g) => {
            for t in &g.items {
                flatten(t, prefix, out);
            }
        }
    }
}

/// A path written in the code: the module it is written in, its segments, its line.
#[derive(Clone, Debug)]
struct Site {
    module: Vec<String>,
    path: Vec<String>,
    line: usize,
}

/// A definition of the code: what it is, its name, where.
#[derive(Clone, Debug)]
struct Definition {
    /// `type` (enum, struct, union, alias), `const` (const or static), `fn`.
    what: &'static str,
    name: String,
    module: Vec<String>,
    line: usize,
    /// `const`: the type's last identifier; `fn`: the type of `impl` it stands in.
    of: String,
    /// `fn`: whether it returns a `Meld` by value.
    returns_meld: bool,
    /// `fn`: whether its body calls `Meld::from_tiles` (or `Self::from_tiles`).
    calls_from_tiles: bool,
    /// `fn`: the functions and methods its body calls, by name.
    calls: Vec<String>,
}

/// What one file's code names and defines (its test code left out).
#[derive(Default)]
struct Reader {
    module: Vec<String>,
    /// The `impl` being read: its self type's last identifier.
    impl_of: Option<String>,
    sites: Vec<Site>,
    definitions: Vec<Definition>,
    /// Out-of-line modules declared (`mod x;`): their path below the file's module,
    /// their `#[path]`, and whether they are test code.
    children: Vec<(Vec<String>, Option<String>, bool)>,
    /// Nesting of inline modules below the file's module.
    inline: Vec<String>,
}

impl Reader {
    fn note(&mut self, path: Vec<String>, line: usize) {
        if path
            .first()
            .is_some_and(|s| s == "crate" || s == "super" || s == "self")
        {
            self.sites.push(Site {
                module: self.module.clone(),
                path,
                line,
            });
        }
    }

    fn define(&mut self, what: &'static str, ident: &syn::Ident, of: String) {
        self.definitions.push(Definition {
            what,
            name: ident.to_string(),
            module: self.module.clone(),
            line: ident.span().start().line,
            of,
            returns_meld: false,
            calls_from_tiles: false,
            calls: Vec::new(),
        });
    }

    fn define_fn(&mut self, sig: &syn::Signature, body: &syn::Block) {
        let mut ret = Idents::default();
        if let syn::ReturnType::Type(_, t) = &sig.output {
            ret.visit_type(t);
        }
        let mut calls = Paths::default();
        calls.visit_block(body);
        let from_tiles = calls.0.iter().any(|p| {
            p.len() >= 2
                && p[p.len() - 1] == "from_tiles"
                && (p[p.len() - 2] == "Meld"
                    || (p[p.len() - 2] == "Self" && self.impl_of.as_deref() == Some("Meld")))
        });
        let of = self.impl_of.clone().unwrap_or_default();
        self.define("fn", &sig.ident, of);
        if let Some(d) = self.definitions.last_mut() {
            d.returns_meld = ret.0.iter().any(|i| i == "Meld");
            d.calls_from_tiles = from_tiles;
            d.calls = calls.0.iter().filter_map(|p| p.last().cloned()).collect();
        }
    }

    /// The paths in a macro call's tokens: `crate :: a :: b` and the like (`$crate`
    /// resolves where the macro is used and is not one).
    fn macro_tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut flat = Vec::new();
        flatten_tokens(tokens, &mut flat);
        let mut i = 0;
        while i < flat.len() {
            let start =
                matches!(&flat[i], Tok::Ident(s, _) if s == "crate" || s == "super" || s == "self");
            let dollar = i > 0 && matches!(flat[i - 1], Tok::Punct('$'));
            if !start || dollar {
                i += 1;
                continue;
            }
            let Tok::Ident(first, line) = &flat[i] else {
                unreachable!()
            };
            let (mut path, line) = (vec![first.clone()], *line);
            let mut j = i + 1;
            while let (Some(Tok::Punct(':')), Some(Tok::Punct(':')), Some(Tok::Ident(s, _))) =
                (flat.get(j), flat.get(j + 1), flat.get(j + 2))
            {
                path.push(s.clone());
                j += 3;
            }
            self.note(path, line);
            i = j.max(i + 1);
        }
    }
}

/// A token of a macro call, groups opened.
enum Tok {
    Ident(String, usize),
    Punct(char),
    Other,
}

fn flatten_tokens(tokens: proc_macro2::TokenStream, out: &mut Vec<Tok>) {
    use proc_macro2::TokenTree;
    for t in tokens {
        match t {
            TokenTree::Ident(i) => out.push(Tok::Ident(i.to_string(), i.span().start().line)),
            TokenTree::Punct(p) => out.push(Tok::Punct(p.as_char())),
            TokenTree::Group(g) => {
                out.push(Tok::Other);
                flatten_tokens(g.stream(), out);
                out.push(Tok::Other);
            }
            TokenTree::Literal(_) => out.push(Tok::Other),
        }
    }
}

/// The identifiers of a type, references left out (a `&Meld` is not a meld built).
#[derive(Default)]
struct Idents(Vec<String>);

impl<'ast> Visit<'ast> for Idents {
    fn visit_ident(&mut self, i: &'ast syn::Ident) {
        self.0.push(i.to_string());
    }
    fn visit_type_reference(&mut self, _: &'ast syn::TypeReference) {}
}

/// Every path of a body, and every method it calls (as a path of one name).
#[derive(Default)]
struct Paths(Vec<Vec<String>>);

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        self.0
            .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        visit::visit_path(self, p);
    }
    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        self.0.push(vec![m.method.to_string()]);
        visit::visit_expr_method_call(self, m);
    }
}

impl Reader {
    /// Notes a `mod x;`: where its file is found.
    fn out_of_line(&mut self, m: &syn::ItemMod, test: bool) {
        let path_attr = m.attrs.iter().find_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        let mut rel = self.inline.clone();
        rel.push(m.ident.to_string());
        self.children.push((rel, path_attr, test));
    }
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item(&mut self, i: &'ast syn::Item) {
        if !is_test(item_attrs(i)) {
            visit::visit_item(self, i);
        } else if let syn::Item::Mod(m) = i {
            // Its file is test code: known, not read.
            if m.content.is_none() {
                self.out_of_line(m, true);
            }
        }
    }

    fn visit_impl_item(&mut self, i: &'ast syn::ImplItem) {
        let attrs: &[syn::Attribute] = match i {
            syn::ImplItem::Const(x) => &x.attrs,
            syn::ImplItem::Fn(x) => &x.attrs,
            syn::ImplItem::Type(x) => &x.attrs,
            syn::ImplItem::Macro(x) => &x.attrs,
            _ => &[],
        };
        if !is_test(attrs) {
            visit::visit_impl_item(self, i);
        }
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let name = m.ident.to_string();
        match &m.content {
            None => self.out_of_line(m, false),
            Some((_, items)) => {
                self.module.push(name.clone());
                self.inline.push(name);
                for item in items {
                    self.visit_item(item);
                }
                self.inline.pop();
                self.module.pop();
            }
        }
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let mut ty = Idents::default();
        ty.visit_type(&i.self_ty);
        let saved = std::mem::replace(&mut self.impl_of, ty.0.last().cloned());
        visit::visit_item_impl(self, i);
        self.impl_of = saved;
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if u.leading_colon.is_some() {
            return;
        }
        let mut paths = Vec::new();
        flatten(&u.tree, &mut Vec::new(), &mut paths);
        for (path, _, line) in paths {
            self.note(path, line);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() {
            if let Some(first) = p.segments.first() {
                let line = first.ident.span().start().line;
                let path = p.segments.iter().map(|s| s.ident.to_string()).collect();
                self.note(path, line);
            }
        }
        visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        self.macro_tokens(m.tokens.clone());
    }

    fn visit_item_enum(&mut self, i: &'ast syn::ItemEnum) {
        self.define("type", &i.ident, String::new());
        visit::visit_item_enum(self, i);
    }
    fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
        self.define("type", &i.ident, String::new());
        visit::visit_item_struct(self, i);
    }
    fn visit_item_union(&mut self, i: &'ast syn::ItemUnion) {
        self.define("type", &i.ident, String::new());
        visit::visit_item_union(self, i);
    }
    fn visit_item_type(&mut self, i: &'ast syn::ItemType) {
        // An alias records the type it names (the last segment of its path).
        let of = match &*i.ty {
            syn::Type::Path(p) => p
                .path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default(),
            _ => String::new(),
        };
        self.define("type", &i.ident, of);
        visit::visit_item_type(self, i);
    }
    fn visit_item_const(&mut self, i: &'ast syn::ItemConst) {
        let mut ty = Idents::default();
        ty.visit_type(&i.ty);
        self.define("const", &i.ident, ty.0.last().cloned().unwrap_or_default());
        visit::visit_item_const(self, i);
    }
    fn visit_item_static(&mut self, i: &'ast syn::ItemStatic) {
        let mut ty = Idents::default();
        ty.visit_type(&i.ty);
        self.define("const", &i.ident, ty.0.last().cloned().unwrap_or_default());
        visit::visit_item_static(self, i);
    }
    fn visit_item_fn(&mut self, i: &'ast syn::ItemFn) {
        self.define_fn(&i.sig, &i.block);
        visit::visit_item_fn(self, i);
    }
    fn visit_impl_item_fn(&mut self, i: &'ast syn::ImplItemFn) {
        self.define_fn(&i.sig, &i.block);
        visit::visit_impl_item_fn(self, i);
    }
}

/// Reads `source` as the code of `module`.
fn read_source(module: &[&str], source: &str) -> Result<Reader, syn::Error> {
    let file = syn::parse_file(source)?;
    let mut r = Reader {
        module: module.iter().map(|s| (*s).to_owned()).collect(),
        ..Reader::default()
    };
    r.visit_file(&file);
    Ok(r)
}

/// The library as the compiler reads it: each file reached from `lib.rs` through its
/// non-test `mod` declarations, with what it names and defines.
struct Crate {
    /// The top modules `lib.rs` declares.
    modules: Vec<String>,
    /// The module behind each name `lib.rs` re-exports (`Hand` → `hand`).
    roots: BTreeMap<String, String>,
    /// Each file read (relative to `src/`), with its code.
    files: Vec<(String, Reader)>,
    /// The files of test modules (not read).
    test_files: Vec<PathBuf>,
}

fn read_crate() -> Crate {
    let src = Path::new(ROOT).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let file = syn::parse_file(&lib).expect("lib.rs parses");
    let mut modules = Vec::new();
    // `t!` is exported at the root by the tile module.
    let mut roots = BTreeMap::from([("t".to_owned(), "tile".to_owned())]);
    for item in &file.items {
        if is_test(item_attrs(item)) {
            continue;
        }
        match item {
            syn::Item::Mod(m) => modules.push(m.ident.to_string()),
            syn::Item::Use(u) if matches!(u.vis, syn::Visibility::Public(_)) => {
                let mut paths = Vec::new();
                flatten(&u.tree, &mut Vec::new(), &mut paths);
                for (path, name, _) in paths {
                    if let Some(first) = path.first() {
                        roots.insert(name, first.clone());
                    }
                }
            }
            _ => {}
        }
    }
    let mut files = Vec::new();
    let mut test_files = Vec::new();
    let mut queue: Vec<(PathBuf, Vec<String>)> = vec![(src.join("lib.rs"), Vec::new())];
    while let Some((path, module)) = queue.pop() {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let names: Vec<&str> = module.iter().map(String::as_str).collect();
        let reader = read_source(&names, &text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let dir = path.parent().expect("a folder").to_owned();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        // A `mod x;` of `lib.rs` or `mod.rs` is beside it; of `a.rs`, in `a/`.
        let children_dir = if stem == "lib" || stem == "mod" {
            dir.clone()
        } else {
            dir.join(stem)
        };
        for (rel, path_attr, test) in &reader.children {
            let mut child = module.clone();
            child.extend(rel.iter().cloned());
            let file = match path_attr {
                Some(p) => dir.join(p),
                None => {
                    let mut base = children_dir.clone();
                    for r in &rel[..rel.len() - 1] {
                        base = base.join(r);
                    }
                    let name = &rel[rel.len() - 1];
                    let flat = base.join(format!("{name}.rs"));
                    if flat.exists() {
                        flat
                    } else {
                        base.join(name).join("mod.rs")
                    }
                }
            };
            if *test {
                test_files.push(file);
            } else {
                queue.push((file, child));
            }
        }
        let rel = path
            .strip_prefix(&src)
            .unwrap_or(&path)
            .display()
            .to_string();
        files.push((rel, reader));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    Crate {
        modules,
        roots,
        files,
        test_files,
    }
}

/// The top module a path names, written in `module`: `crate::a::…` names `a` (or the
/// module behind a root re-export), `super::…` and `self::…` count from `module`.
/// `None` for a path that names no module (`crate` alone, a glob of the root).
fn top_module(
    module: &[String],
    path: &[String],
    roots: &BTreeMap<String, String>,
) -> Option<String> {
    let (mut base, rest) = match path.first()?.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "super" | "self" => (module.to_vec(), path),
        _ => return None,
    };
    let mut name = None;
    for s in rest {
        match s.as_str() {
            "super" => {
                if base.pop().is_none() {
                    return Some("(above the crate root)".to_owned());
                }
            }
            "self" => {}
            other => {
                name = Some(other.to_owned());
                break;
            }
        }
    }
    if let Some(first) = base.first() {
        return Some(first.clone());
    }
    let name = name.filter(|n| n != "*")?;
    Some(roots.get(&name).cloned().unwrap_or(name))
}

/// The layering broken by `sites` (each a path written in its module): a path to a
/// higher module, to an unlisted one, or between independent ones.
fn violations(
    file: &str,
    sites: &[Site],
    order: &[String],
    roots: &BTreeMap<String, String>,
) -> Vec<String> {
    let rank = |m: &str| order.iter().position(|o| o == m);
    let mut bad = Vec::new();
    for site in sites {
        let Some(own) = site.module.first() else {
            continue;
        };
        let Some(used) = top_module(&site.module, &site.path, roots) else {
            continue;
        };
        let written = site.path.join("::");
        let at = format!("{file}:{}: `{written}`", site.line);
        let (Some(r_own), Some(r_used)) = (rank(own), rank(&used)) else {
            if rank(own).is_none() {
                bad.push(format!("{at}: module `{own}` is not in ARCHITECTURE.md"));
            } else {
                bad.push(format!("{at}: `{used}` is not a listed module"));
            }
            continue;
        };
        if r_used > r_own {
            bad.push(format!("{at}: `{own}` uses `{used}`, a higher layer"));
        }
        for &(a, b) in INDEPENDENT {
            if (own == a && used == b) || (own == b && used == a) {
                bad.push(format!(
                    "{at}: `{own}` uses `{used}`; they stay independent"
                ));
            }
        }
    }
    bad
}

#[test]
fn layering_ok_architecture_lists_every_module() {
    let mut modules = read_crate().modules;
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
    let krate = read_crate();
    let mut bad = Vec::new();
    let mut sites = 0;
    for (file, reader) in &krate.files {
        sites += reader.sites.len();
        bad.extend(violations(file, &reader.sites, &order, &krate.roots));
    }
    // Every source file is read, or is a test module's.
    let src = Path::new(ROOT).join("src");
    let mut all = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("src/") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                all.push(p);
            }
        }
    }
    let read: Vec<PathBuf> = krate.files.iter().map(|(f, _)| src.join(f)).collect();
    let unreached: Vec<String> = all
        .iter()
        .filter(|p| !read.contains(p) && !krate.test_files.iter().any(|t| t == *p))
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        unreached.is_empty(),
        "source files not reached from lib.rs: {unreached:?}"
    );
    assert!(
        sites > 1000,
        "{} files, only {sites} paths",
        krate.files.len()
    );
    assert!(bad.is_empty(), "layering broken:\n{}", bad.join("\n"));
}

/// Every escape a path can take is caught: the test of the test.
#[test]
fn layering_ok_every_escape_is_caught() {
    let order: Vec<String> = ["tile", "hand", "shanten", "riichi", "mcr", "api"]
        .map(str::to_owned)
        .to_vec();
    let roots = BTreeMap::from([("Hand".to_owned(), "hand".to_owned())]);
    let caught = |module: &[&str], source: &str| -> Vec<String> {
        let r = read_source(module, source).expect("parses");
        violations("x.rs", &r.sites, &order, &roots)
    };
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["tile"],
            "use crate::shanten::Mode;",
            "`tile` uses `shanten`",
        ),
        // A group spread over lines, nested.
        (
            &["tile"],
            "use crate::{\n    hand::{self, Meld},\n    api::Error,\n};",
            "x.rs:3: `crate::api::Error`: `tile` uses `api`",
        ),
        (
            &["hand", "sub"],
            "use super::super::riichi::Score;",
            "`hand` uses `riichi`",
        ),
        (&["hand"], "use self::super::api;", "`hand` uses `api`"),
        (&["tile"], "use crate::Hand;", "`tile` uses `hand`"),
        (&["tile"], "use crate::{Hand as H};", "`tile` uses `hand`"),
        (&["tile"], "use crate::api::*;", "`tile` uses `api`"),
        // In code: an expression, a type, a pattern, a visibility.
        (
            &["tile"],
            "fn f() { let _ = crate::api::answer(); }",
            "`tile` uses `api`",
        ),
        (
            &["tile"],
            "fn f(x: crate::riichi::Score) {}",
            "`tile` uses `riichi`",
        ),
        (
            &["tile"],
            "fn f(x: u8) { match x { crate::shanten::ONE => {} _ => {} } }",
            "`tile` uses `shanten`",
        ),
        (
            &["tile"],
            "impl X { fn f() -> Vec<super::mcr::Fan> { todo!() } }",
            "`tile` uses `mcr`",
        ),
        // Inside a macro call.
        (
            &["tile"],
            "fn f() { println!(\"{}\", crate::api::NAME); }",
            "`tile` uses `api`",
        ),
        (
            &["hand"],
            "fn f() { assert!(super::riichi::ok()); }",
            "`hand` uses `riichi`",
        ),
        // After an inline test module, and in an inline module.
        (
            &["tile"],
            "#[cfg(test)]\nmod tests {\n    use crate::api;\n}\nuse crate::api::Error;",
            "x.rs:5: `crate::api::Error`: `tile` uses `api`",
        ),
        (
            &["tile"],
            "mod inner { use super::super::api::X; }",
            "`tile` uses `api`",
        ),
        (
            &["tile"],
            "mod inner { use crate::api::X; }",
            "`tile` uses `api`",
        ),
        // Independent modules.
        (
            &["riichi"],
            "use crate::mcr::Fan;",
            "`riichi` uses `mcr`; they stay independent",
        ),
        (
            &["mcr"],
            "fn f() -> super::riichi::Yaku { todo!() }",
            "`mcr` uses `riichi`; they stay independent",
        ),
        // Unknown modules.
        (
            &["tile"],
            "use crate::nowhere::X;",
            "`nowhere` is not a listed module",
        ),
        (
            &["elsewhere"],
            "use crate::tile::X;",
            "module `elsewhere` is not in ARCHITECTURE.md",
        ),
        (
            &["tile"],
            "use super::super::X;",
            "`(above the crate root)` is not a listed module",
        ),
    ];
    for (module, source, want) in cases {
        let got = caught(module, source);
        assert!(
            got.iter().any(|g| g.contains(want)),
            "not caught in {module:?}: {source}\n  want {want}\n  got {got:?}"
        );
    }
    // What is allowed: lower or own modules, test code, `$crate`, comments, docs,
    // extern paths.
    for (module, source) in [
        (&["api"][..], "use crate::{tile::Tile, hand::Hand, riichi};"),
        (
            &["riichi", "yaku"],
            "use super::score::Score; use super::super::hand::Meld;",
        ),
        (&["tile"], "#[cfg(test)]\nfn t() { crate::api::x(); }"),
        (
            &["tile"],
            "#[cfg(all(test, feature = \"serde\"))]\nmod t { use crate::api; }",
        ),
        (
            &["tile"],
            "impl X {\n    #[cfg(test)]\n    fn t() { crate::api::x(); }\n}",
        ),
        (&["tile"], "macro_rules! t { () => { $crate::api::x() }; }"),
        (
            &["tile"],
            "// use crate::api;\n/// Unlike [`crate::api::Error`].\nfn f() {}",
        ),
        (
            &["tile"],
            "use ::std::fmt; use core::fmt::Write; fn f() -> std::vec::Vec<u8> { vec![] }",
        ),
    ] {
        assert_eq!(
            caught(module, source),
            Vec::<String>::new(),
            "{module:?}: {source}"
        );
    }
}

/// Definitions of the library's non-test code: `(what, name, module, file:line, of)`.
fn definitions(krate: &Crate) -> Vec<(String, Definition)> {
    krate
        .files
        .iter()
        .flat_map(|(file, r)| r.definitions.iter().map(move |d| (file.clone(), d.clone())))
        .collect()
}

/// Generators another program's output is reproduced with, not seeded generators of
/// pairi's own: each with where and why.
const REPRODUCED: &[(&str, &str)] = &[(
    "rand_mt",
    "MT19937, the generator of Tenhou's mt19937ar-sha512-n288 wall shuffle (table::wall), \
     which must give Tenhou's walls",
)];

/// ARCHITECTURE.md's "one vocabulary": one `Wind`, one `Family`, one `Form`, one meld
/// builder, one set of tile classes and shapes, one seeded generator.
fn vocabulary_broken(defs: &[(String, Definition)], dependencies: &str) -> Vec<String> {
    let mut bad = Vec::new();
    let top = |d: &Definition| d.module.first().cloned().unwrap_or_default();
    // The functions that build melds through `Meld::from_tiles`, directly or through
    // one another (by name).
    let mut builders: std::collections::BTreeSet<&str> = defs
        .iter()
        .filter(|(_, d)| d.what == "fn" && d.calls_from_tiles)
        .map(|(_, d)| d.name.as_str())
        .collect();
    loop {
        let more: Vec<&str> = defs
            .iter()
            .filter(|(_, d)| d.what == "fn" && !builders.contains(d.name.as_str()))
            .filter(|(_, d)| d.calls.iter().any(|c| builders.contains(c.as_str())))
            .map(|(_, d)| d.name.as_str())
            .collect();
        if more.is_empty() {
            break;
        }
        builders.extend(more);
    }
    let at = |file: &str, d: &Definition| format!("{file}:{}: `{}`", d.line, d.name);
    // One event model: `Event` is defined once, in `table`; elsewhere the name is only
    // an alias of it (`record::Event = table::Event<Recorded>`).
    let events: Vec<&(String, Definition)> = defs
        .iter()
        .filter(|(_, d)| d.what == "type" && d.name == "Event" && d.of != "Event")
        .collect();
    if events.len() != 1 || top(&events[0].1) != "table" {
        let places: Vec<String> = events.iter().map(|(f, d)| at(f, d)).collect();
        bad.push(format!(
            "one `Event`, in `table` (others only alias it): found {} ({})",
            events.len(),
            places.join(", ")
        ));
    }
    for (name, home) in [
        ("Wind", "tile"),
        ("Family", "decompose"),
        ("Form", "decompose"),
    ] {
        let found: Vec<&(String, Definition)> = defs
            .iter()
            .filter(|(_, d)| d.what == "type" && d.name == name)
            .collect();
        if found.len() != 1 || top(&found[0].1) != home {
            let places: Vec<String> = found.iter().map(|(f, d)| at(f, d)).collect();
            bad.push(format!(
                "one `{name}`, in `{home}`: found {} ({})",
                found.len(),
                places.join(", ")
            ));
        }
    }
    for (file, d) in defs {
        let module = top(d);
        // The meld builder: outside `hand`, a function that returns a meld gets it from
        // `Meld::from_tiles`.
        if d.what == "fn"
            && d.returns_meld
            && module != "hand"
            && !builders.contains(d.name.as_str())
        {
            bad.push(format!(
                "{}: returns a `Meld` without `Meld::from_tiles`, the one meld builder",
                at(file, d)
            ));
        }
        // Tile classes and shapes live in `tile`.
        let shape = d.name.contains("NINE_GATES") || d.name.contains("KNITTED");
        if d.what == "const" && (d.of == "TileSet" || shape) && module != "tile" {
            bad.push(format!(
                "{}: a tile class or shape outside `tile` (`TileSet` constants, `tile::shape`)",
                at(file, d)
            ));
        }
        // The one seeded generator is `util::rng`.
        let lower = d.name.to_ascii_lowercase();
        let generator = (d.what == "type"
            && [
                "rng", "random", "splitmix", "xoshiro", "xorshift", "pcg", "mersenne",
            ]
            .iter()
            .any(|g| lower.contains(g)))
            || (d.what == "fn" && ["next_u64", "next_u32", "gen_range"].contains(&lower.as_str()));
        if generator && module != "util" {
            bad.push(format!(
                "{}: a random generator outside `util::rng`",
                at(file, d)
            ));
        }
    }
    for line in dependencies.lines() {
        let name = line.split(['=', ' ', '.']).next().unwrap_or("");
        if REPRODUCED.iter().any(|(n, _)| *n == name) {
            continue;
        }
        if ["rand", "fastrand", "oorandom", "nanorand", "getrandom"]
            .iter()
            .any(|r| name.starts_with(r))
        {
            bad.push(format!(
                "Cargo.toml: `{name}`: the one seeded generator is `util::rng`"
            ));
        }
    }
    bad
}

/// The `[dependencies]` section of the library's Cargo.toml.
fn dependencies() -> String {
    let text = std::fs::read_to_string(Path::new(ROOT).join("Cargo.toml")).expect("Cargo.toml");
    let start = text.find("[dependencies]").expect("[dependencies]");
    let rest = &text[start + "[dependencies]".len()..];
    rest[..rest.find("\n[").unwrap_or(rest.len())].to_owned()
}

#[test]
fn vocabulary_ok_one_of_each() {
    let krate = read_crate();
    let bad = vocabulary_broken(&definitions(&krate), &dependencies());
    assert!(bad.is_empty(), "one vocabulary broken:\n{}", bad.join("\n"));
}

/// Each second definition is caught: the test of the test.
#[test]
fn vocabulary_ok_every_second_definition_is_caught() {
    let home = [
        (&["tile"][..], "pub enum Wind { East }"),
        (
            &["decompose"],
            "pub enum Family { Riichi } pub enum Form { Regular }",
        ),
        (&["table"], "pub enum Event<D: Detail = Played> { Draw(D) }"),
    ];
    let defs_of = |extra: &[(&[&str], &str)]| -> Vec<(String, Definition)> {
        home.iter()
            .chain(extra)
            .flat_map(|(m, s)| {
                let r = read_source(m, s).expect("parses");
                r.definitions.into_iter().map(|d| ("x.rs".to_owned(), d))
            })
            .collect()
    };
    assert_eq!(vocabulary_broken(&defs_of(&[]), ""), Vec::<String>::new());
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["riichi"],
            "pub enum Wind { East, South }",
            "one `Wind`, in `tile`: found 2",
        ),
        (
            &["mcr"],
            "pub type Family = u8;",
            "one `Family`, in `decompose`: found 2",
        ),
        (
            &["stats"],
            "mod inner { pub struct Form; }",
            "one `Form`, in `decompose`: found 2",
        ),
        (
            &["notation"],
            "fn meld(t: &[Pai]) -> Result<Meld, E> { Meld::chi(t[0].tile(), None, 0) }",
            "`meld`: returns a `Meld` without `Meld::from_tiles`",
        ),
        (
            &["record"],
            "impl Call { fn meld(&self) -> Option<Meld> { None } }",
            "`meld`: returns a `Meld` without `Meld::from_tiles`",
        ),
        (
            &["mcr"],
            "const HONOURS: TileSet = TileSet::EMPTY;",
            "`HONOURS`: a tile class or shape outside `tile`",
        ),
        (
            &["mcr"],
            "static NINE_GATES_MCR: [u8; 9] = [0; 9];",
            "`NINE_GATES_MCR`: a tile class or shape",
        ),
        (
            &["stats"],
            "struct Lcg; impl Lcg { fn next_u64(&mut self) -> u64 { 4 } }",
            "`next_u64`: a random generator outside `util::rng`",
        ),
        (
            &["ev"],
            "pub struct FastRng(u64);",
            "`FastRng`: a random generator",
        ),
        (
            &["record"],
            "pub enum Event { Draw { seat: u8 } }",
            "one `Event`, in `table` (others only alias it): found 2",
        ),
        (
            &["record"],
            "pub type Event = Vec<u8>;",
            "one `Event`, in `table` (others only alias it): found 2",
        ),
    ];
    for (module, source, want) in cases {
        let got = vocabulary_broken(&defs_of(&[(module, source)]), "");
        assert!(
            got.iter().any(|g| g.contains(want)),
            "not caught in {module:?}: {source}\n  want {want}\n  got {got:?}"
        );
    }
    // A meld built through the builder, a reference to a meld, test code: allowed.
    let allowed = defs_of(&[
        (
            &["api"],
            "fn m(r: &R) -> Result<Meld, Error> { Ok(Meld::from_tiles(r.kind, &[], None, None)?) }",
        ),
        (
            &["record"],
            "fn first(h: &Hand) -> Option<&Meld> { h.melds().first() }",
        ),
        (&["ev"], "#[cfg(test)]\nmod tests { struct TestRng; }"),
        (
            &["record"],
            "pub type Event = crate::table::Event<Recorded>;",
        ),
        (
            &["hand"],
            "impl Meld { pub fn chi() -> Result<Meld, E> { todo!() } }",
        ),
        (
            &["notation"],
            "impl P { fn meld(&mut self) -> Result<Meld, E> { build(self.x()) } }\n\
             fn build(t: &[Pai]) -> Result<Meld, E> { Ok(Meld::from_tiles(K, t, None, None)?) }",
        ),
    ]);
    assert_eq!(vocabulary_broken(&allowed, ""), Vec::<String>::new());
    assert!(!vocabulary_broken(&defs_of(&[]), "rand = \"0.8\"\n").is_empty());
    assert!(vocabulary_broken(&defs_of(&[]), "rand_mt = \"5\"\n").is_empty());
}
