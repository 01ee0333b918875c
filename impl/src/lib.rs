//! A spec-faithful implementation of the URI generic syntax, for every edition of the document
//! from the 1994 URL draft to RFC 3986.
//!
//! It parses bytes as a `URI-reference` into components borrowed from the input (undefined is
//! not empty), recomposes them, resolves references against a base, normalizes and compares.
//! Each rule cites the section of the document it follows.
//!
//! # Examples
//!
//! ```
//! use uri_spec::{parse, resolve, normalize};
//!
//! let c = parse(b"http://a/b/c/d;p?q").unwrap();
//! assert_eq!(c.host_str(), Some("a"));
//! assert_eq!(resolve("http://a/b/c/d;p?q", "../g").unwrap(), "http://a/b/g");
//! assert_eq!(normalize("HTTP://www.EXAMPLE.com/").unwrap(), "http://www.example.com/");
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod chars;
mod components;
mod cursor;
mod edition;
mod error;
mod extract;
pub mod host;
mod normalize;
mod parse;
mod resolve;
mod resolve_editions;
mod rule;
pub mod schemes1994;
mod spans;
mod syntax;

pub use components::{recompose, Components, Extras, Host, HostKind};
pub use edition::{Edition, UnknownEdition};
pub use error::{ParseError, ParseErrorKind};
pub use extract::{extract, extract_detailed, Delimiter, Extracted};
pub use normalize::{
    equivalent, equivalent_in, normalize, normalize_in, normalize_scheme_based,
    normalize_scheme_based_in, percent_encoding_normalize, NormalizeError,
};
pub use parse::{parse, Parser};
pub use resolve::{merge, remove_dot_segments, resolve, Base, ResolveError, Resolver};
pub use resolve_editions::{AbsolutePathReading, LeftoverDotDot};
pub use rule::{Rule, UnknownRule};

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    /// Every module's source, by name.
    const SOURCES: [(&str, &str); 14] = [
        ("chars", include_str!("chars.rs")),
        ("components", include_str!("components.rs")),
        ("cursor", include_str!("cursor.rs")),
        ("edition", include_str!("edition.rs")),
        ("error", include_str!("error.rs")),
        ("extract", include_str!("extract.rs")),
        ("host", include_str!("host.rs")),
        ("normalize", include_str!("normalize.rs")),
        ("parse", include_str!("parse.rs")),
        ("resolve", include_str!("resolve.rs")),
        ("resolve_editions", include_str!("resolve_editions.rs")),
        ("rule", include_str!("rule.rs")),
        ("schemes1994", include_str!("schemes1994.rs")),
        ("syntax", include_str!("syntax.rs")),
    ];

    /// The modules each module's code names through `crate::` (comments and unit tests left
    /// out; a name the root re-exports counts as its module).
    fn imports() -> BTreeMap<&'static str, Vec<&'static str>> {
        let modules: Vec<&str> = SOURCES.iter().map(|(m, _)| *m).collect();
        let mut reexports = BTreeMap::new();
        for line in include_str!("lib.rs").lines() {
            let Some(rest) = line.strip_prefix("pub use ") else {
                continue;
            };
            let Some((module, names)) = rest.split_once("::") else {
                continue;
            };
            let names = names.trim_matches(|c| "{};".contains(c));
            for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                reexports.insert(name.to_owned(), module.to_owned());
            }
        }
        let mut graph = BTreeMap::new();
        for (module, source) in SOURCES {
            let code = source.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
            let mut deps = Vec::new();
            for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for (i, _) in line.match_indices("crate::") {
                    let after = &line[i + "crate::".len()..];
                    let names: Vec<&str> = if let Some(list) = after.strip_prefix('{') {
                        list.split('}').next().unwrap_or("").split(',').collect()
                    } else {
                        vec![after]
                    };
                    for name in names {
                        let ident: String = name
                            .trim()
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        let target = if modules.contains(&ident.as_str()) {
                            Some(ident)
                        } else {
                            reexports.get(&ident).cloned()
                        };
                        if let Some(t) = target.and_then(|t| modules.iter().find(|m| **m == t))
                            && *t != module
                            && !deps.contains(t)
                        {
                            deps.push(*t);
                        }
                    }
                }
            }
            graph.insert(module, deps);
        }
        graph
    }

    #[test]
    fn no_module_imports_another_in_a_circle() {
        let graph = imports();
        // The graph is read at all: parse names the cursor and the 1994 table.
        assert!(graph["parse"].contains(&"cursor") && graph["parse"].contains(&"schemes1994"));
        // Depth-first search; a module met again on the current path closes a circle.
        fn visit<'a>(
            m: &'a str,
            graph: &BTreeMap<&'a str, Vec<&'a str>>,
            path: &mut Vec<&'a str>,
            done: &mut Vec<&'a str>,
        ) {
            if done.contains(&m) {
                return;
            }
            assert!(!path.contains(&m), "import circle: {path:?} -> {m}");
            path.push(m);
            for d in graph.get(m).into_iter().flatten() {
                visit(d, graph, path, done);
            }
            path.pop();
            done.push(m);
        }
        let mut done = Vec::new();
        for m in graph.keys() {
            visit(m, &graph, &mut Vec::new(), &mut done);
        }
    }
}
