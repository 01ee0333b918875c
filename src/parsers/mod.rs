//! The parser cards: everything uridiff knows about one parser it ships, in one file of this
//! folder, and the one list of them ([`CARDS`]).
//!
//! A [`Card`] is plain data: the parser's name, the library and entry points it calls, where its
//! version comes from, its profile (the standard it claims, `subjects::profile`, whose rules in
//! `engine::profile` explain its documented deviations, beside those filed under its own name),
//! its documentation, how it runs (an in-process adapter, or a worker file with its runtime, its
//! packages and what installs them) and which reproduce-line template shows what its library
//! answers. Nothing here starts a process or calls a library: `subjects` reads the cards and
//! launches (`subjects::builtin`, `subjects::external`), and `subjects::reproduce` writes the
//! lines the cards' templates name.
//!
//! Adding a worker-based parser: its worker file in `workers/`, its card in a file of this
//! folder, the card's line in [`CARDS`], and its pins (`workers/python/requirements.txt`,
//! `workers/node/package.json` and its lock, or a Debian package in `workers/install.sh`), which
//! the tests check against the card's [`Worker::packages`]. A new profile, or rules of the
//! library's own, go where the engine keeps them (`subjects::profile`, `engine::profile`).
//!
//! The worker protocol the workers speak is `workers/README.md`'s.

use crate::model::{Component, Op};

pub(crate) mod ada_url;
mod c_libwget;
mod c_uriparser;
mod cpp_boost_url;
mod curl_url;
pub(crate) mod fluent_uri;
mod go_net_url;
pub(crate) mod http;
pub(crate) mod iref;
pub(crate) mod iri_string;
mod java_okhttp;
mod java_uri;
mod node_fast_uri;
mod node_legacy_url;
mod node_uri_js;
mod node_urijs;
mod node_url_parse;
mod node_whatwg;
mod node_whatwg_url;
pub(crate) mod oracle_grammar;
pub(crate) mod oracle_regex;
pub(crate) mod oxiri;
mod perl_mojo_url;
mod perl_uri;
mod php_parse_url;
mod python_furl;
mod python_hyperlink;
mod python_rfc3986;
mod python_rfc3987;
mod python_uritools;
mod python_urllib;
mod python_urllib3;
mod python_yarl;
mod ruby_addressable;
mod ruby_uri;
pub(crate) mod spec;
pub(crate) mod uriparse;
pub(crate) mod url;

/// Every parser uridiff ships, in the order they are listed and run: the in-process ones first
/// (impl and the oracles, then the Rust crates), then the workers.
pub const CARDS: &[&Card] = &[
    &spec::CARD,
    &oracle_regex::CARD,
    &oracle_grammar::CARD,
    &url::CARD,
    &http::CARD,
    &fluent_uri::CARD,
    &iri_string::CARD,
    &oxiri::CARD,
    &iref::CARD,
    &uriparse::CARD,
    &ada_url::CARD,
    &python_urllib::CARD,
    &python_rfc3986::CARD,
    &python_urllib3::CARD,
    &python_yarl::CARD,
    &python_hyperlink::CARD,
    &python_furl::CARD,
    &python_rfc3987::CARD,
    &python_uritools::CARD,
    &node_whatwg::CARD,
    &node_legacy_url::CARD,
    &node_whatwg_url::CARD,
    &node_url_parse::CARD,
    &node_urijs::CARD,
    &node_fast_uri::CARD,
    &node_uri_js::CARD,
    &java_uri::CARD,
    &go_net_url::CARD,
    &php_parse_url::CARD,
    &ruby_uri::CARD,
    &perl_uri::CARD,
    &curl_url::CARD,
    // Debian 12's parsers.
    &c_uriparser::CARD,
    &cpp_boost_url::CARD,
    &c_libwget::CARD,
    &ruby_addressable::CARD,
    &perl_mojo_url::CARD,
    &java_okhttp::CARD,
];

/// One parser: what it is, how it runs, and how its answers are shown without uridiff.
#[derive(Debug)]
pub struct Card {
    /// The short stable name reports, baselines and `--parser` use (a worker's handshake must
    /// give the same).
    pub name: &'static str,
    /// The library and the entry points it calls, for people (a worker's handshake may say
    /// more once it runs).
    pub library: &'static str,
    /// Where the version reports show comes from.
    pub version: Version,
    /// The profile it claims (`subjects::profile::PROFILES`): what it is judged against, and
    /// the owner of the by-design rules it takes (`engine::profile`), beside the rules filed
    /// under its own name for behaviour of its library alone.
    pub profile: &'static str,
    /// Where the library documents what it does: the pages its profile and rules cite.
    pub docs: &'static [&'static str],
    /// How it runs.
    pub runs: Runs,
    /// The template of its reproduce lines (`subjects::reproduce`).
    pub reproduce: Reproduce,
    /// The schemes it takes part for in the URL-confusion classes (`run::schemes`).
    pub schemes: Schemes,
}

/// Where a parser's version comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// A crate of this workspace or one uridiff links: its version as `Cargo.lock` records it,
    /// read at build time (`build.rs`).
    Crate {
        /// The crate's name in `Cargo.lock`.
        krate: &'static str,
        /// Its version.
        version: &'static str,
    },
    /// What the worker's handshake says when it starts: the library's or the runtime's own
    /// version, pinned where `pinned` says.
    Handshake {
        /// Where the version is fixed, in words (a pins file, a Debian release, the runtime on
        /// `PATH`).
        pinned: &'static str,
    },
}

impl Version {
    /// The version when it is known before the parser runs (a crate's), `None` for a worker's.
    ///
    /// ```
    /// use uridiff::parsers::{card, Version};
    /// assert!(card("url").unwrap().version.known().is_some());
    /// assert_eq!(card("go-net-url").unwrap().version.known(), None);
    /// ```
    pub fn known(&self) -> Option<&'static str> {
        match self {
            Version::Crate { version, .. } => Some(version),
            Version::Handshake { .. } => None,
        }
    }
}

/// How a parser runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// Inside uridiff, through the adapter of `subjects` it names; with a covered build of its
    /// crate for guided campaigns where it has one.
    InProcess(Adapter, Option<RustCoverage>),
    /// As a worker process speaking the JSON-lines protocol.
    Worker(Worker),
}

/// The in-process adapters of `subjects`, one for each library linked into uridiff: the card
/// names its adapter, and `subjects` builds it (the card itself holds no code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adapter {
    /// `subjects::Spec`: this project's `impl/`.
    Spec,
    /// `subjects::OracleRegex`: RFC 3986 Appendix B's expression.
    OracleRegex,
    /// `subjects::OracleGrammar`: each edition's collected grammar.
    OracleGrammar,
    /// `subjects::UrlCrate`.
    Url,
    /// `subjects::HttpUri`.
    Http,
    /// `subjects::FluentUri`.
    FluentUri,
    /// `subjects::IriString`.
    IriString,
    /// `subjects::Oxiri`.
    Oxiri,
    /// `subjects::Iref`.
    Iref,
    /// `subjects::Uriparse`.
    Uriparse,
    /// `subjects::Ada`, compiled with the `ada` feature (a C++ compiler); listed as not compiled
    /// otherwise.
    Ada,
}

/// A worker uridiff ships: what it declares before it is started, its source (embedded in the
/// binary), and how it is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worker {
    /// The operations it declares.
    pub operations: &'static [Op],
    /// The components its parse reports.
    pub components: &'static [Component],
    /// Whether its parse is meant to tell valid from invalid.
    pub decides_validity: bool,
    /// The source's file name in `workers/` and in the cache directory.
    pub file: &'static str,
    /// The source text.
    pub source: &'static str,
    /// How it is run.
    pub run: Run,
    /// The packages it needs beyond its runtime, each from where it is pinned.
    pub packages: &'static [Package],
    /// What installs its runtime and packages, for the reason shown when it is unavailable.
    pub needs: &'static str,
}

/// A package a worker needs, and the registry it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Package {
    /// A Debian package, installed by `workers/install.sh` (its `want` list).
    Debian(&'static str),
    /// A PyPI package, pinned with its hashes in `workers/python/requirements.txt` and installed
    /// in uridiff's venv.
    PyPi(&'static str),
    /// An npm package, pinned by `workers/node/package.json` and its lock, installed in
    /// uridiff's packages folder; checked to be there before the worker starts.
    Npm(&'static str),
}

/// How a shipped worker is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// `PROGRAM ARGS... SOURCE`: an interpreter given the cached source file.
    Interpreted {
        /// The interpreter, looked up on `PATH`.
        program: &'static str,
        /// Arguments before the source file.
        args: &'static [&'static str],
    },
    /// `<packages>/python/bin/python3 SOURCE`: the interpreter of the venv of pinned PyPI
    /// packages (`subjects::external::venv_python`, filled by `workers/install.sh` from
    /// `workers/python/requirements.txt`), so the worker sees the pinned versions and not the
    /// system's site-packages.
    PythonVenv,
    /// `node SOURCE ARGS...` with `NODE_PATH=<packages>/node/node_modules`: a Node.js worker
    /// calling npm packages (its [`Package::Npm`] packages, each checked to be installed before
    /// it starts).
    NodePackages {
        /// Arguments after the source (one source serving two packages of one API names the
        /// package it calls).
        args: &'static [&'static str],
    },
    /// Compiled once into the cache directory with `cc -O2 -o BINARY SOURCE LIBS...`, then run.
    Compiled {
        /// Libraries to link (`-lcurl`).
        libs: &'static [&'static str],
    },
    /// C++: compiled once into the cache directory with
    /// `c++ -std=c++17 -O2 -o BINARY SOURCE LIBS...`, then run; or, where `coverage` says how
    /// and the compiler takes its flags, from two translation units of the same source, the
    /// library's instrumented and the worker's not ([`CxxCoverage`]).
    CompiledCxx {
        /// Libraries to link (`-lboost_url`).
        libs: &'static [&'static str],
        /// How to build the worker with its library's code compiled in and instrumented, so
        /// that it can send coverage (workers/README.md, "Coverage"); tried first, the plain
        /// build where it fails.
        coverage: Option<CxxCoverage>,
    },
    /// `java -cp JARS SOURCE`: a single-file Java program given a class path; each jar must be
    /// there before `java` starts (a missing one makes the worker unavailable, naming it).
    JavaClassPath {
        /// The jars, as absolute paths (Debian puts them in `/usr/share/java`).
        jars: &'static [&'static str],
        /// The jars of the worker's coverage (workers/README.md, "Coverage"), put on the class
        /// path after `jars` only when every one of them is there: without them the worker
        /// runs as it is and declares no coverage.
        coverage: &'static [&'static str],
    },
}

/// A C++ worker built from its one source as two translation units, so that only the library's
/// code is instrumented: `c++ -std=c++17 -O2 -c LIBRARY... SOURCE` (the library's sources,
/// selected by a macro, with the instrumentation's flags), `c++ -std=c++17 -O2 -c WORKER...
/// SOURCE` (the worker, which defines the instrumentation's callback), linked worker first with
/// `libs`. The worker declares coverage only when built so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CxxCoverage {
    /// The library's unit's flags (`-DURIDIFF_LIBRARY_TU`, `-fsanitize-coverage=trace-pc`).
    pub library: &'static [&'static str],
    /// The worker's unit's flags (`-DURIDIFF_COVERAGE`).
    pub worker: &'static [&'static str],
    /// Libraries to link instead of the plain build's (none: the library is compiled in).
    pub libs: &'static [&'static str],
}

/// The covered build of an in-process Rust parser (`workers/README.md`, "Coverage"): a worker
/// of `tools/rustcov` (`covered-NAME`, NAME the card's) that makes the subject's library calls
/// and answers with the SanitizerCoverage counters they moved, built once into the cache by
/// `cargo build --release --offline` with a `RUSTC_WRAPPER` that instruments `crates` (and the
/// calls of `tools/rustcov`) and nothing else. A guided campaign asks it, beside the in-process
/// answer, for each parse and resolution (`subjects::covered`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RustCoverage {
    /// The crates instrumented for it, as rustc's `--crate-name` spells them: the parser's own
    /// crate, and those of its dependencies written for URLs.
    pub crates: &'static [&'static str],
}

/// The flags every Java worker runs with. `-XX:TieredStopAtLevel=1`: only the client compiler
/// (C1). A worker lives for one run, and on a machine of few cores the server compiler (C2)
/// costs more than its faster code saves: a report of 30,000 inputs through 21 parsers took
/// 3.5 CPU-s less with it off, and the same classes (HotSpot's tiered compilation: level 1
/// is C1 code without profiling). `-XX:+UseSerialGC -Xmx256m`: a worker's heap holds one
/// request at a time, but HotSpot's default (G1, a quarter of the machine's memory) let it grow
/// as the run went, to 455 MB resident for java-okhttp in a 30,000-input report; the serial
/// collector is the one HotSpot's own ergonomics picks for a small heap.
pub const JAVA_FLAGS: &[&str] = &["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m"];

/// An interpreter given the source and nothing else.
pub const fn interpreted(program: &'static str) -> Run {
    Run::Interpreted { program, args: &[] }
}

/// The schemes a parser takes part for in the URL-confusion classes (`run::schemes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schemes {
    /// Every scheme.
    Any,
    /// `http`, `https`, `ws` and `wss` only. `scheme_less`: whether it reads an input without a
    /// scheme as an http URL (it takes part, with a note) or takes no part in it.
    Http {
        /// Reads a scheme-less input as http.
        scheme_less: bool,
    },
}

/// The reproduce-line template of a parser: which family of `subjects::reproduce` writes its
/// line, and with which of the family's calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reproduce {
    /// None: the parser is uridiff itself (impl and the oracles).
    None,
    /// A statement to paste into a Rust `main`, calling the crate as the adapter does.
    Rust(RustCall),
    /// `python3 -c`: `urllib.parse`.
    PythonUrllib,
    /// The venv's `python3 -c`: `rfc3986`.
    PythonRfc3986,
    /// The venv's `python3 -c`: one of the PyPI packages' calls.
    PyPi(PyPiCall),
    /// `node -e`: the WHATWG `URL` class.
    NodeWhatwg,
    /// `node -e`: `url.parse`, `url.resolve`.
    NodeLegacyUrl,
    /// `NODE_PATH=... node -e`: one of the npm packages' calls.
    Npm(NpmCall),
    /// A single-file Java program: `java.net.URI`.
    JavaUri,
    /// A Go file run by `go run`: `net/url`.
    GoNetUrl,
    /// `php -r`: `parse_url`.
    PhpParseUrl,
    /// `ruby -ruri -e`: `URI.parse`, `URI.join`.
    RubyUri,
    /// `perl -MURI -e`.
    PerlUri,
    /// A C file built with `-lcurl`: the URL API.
    CurlUrl,
    /// One of Debian 12's parsers' lines.
    Debian(DebianCall),
}

/// The Rust crates' calls (`subjects::reproduce`'s `rust`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RustCall {
    /// `url::Url::parse`, `join`.
    Url,
    /// `ada_url::Url::parse`.
    AdaUrl,
    /// `http::Uri::try_from`.
    Http,
    /// `fluent_uri::UriRef`.
    FluentUri,
    /// `iri_string::types`.
    IriString,
    /// `oxiri`.
    Oxiri,
    /// `iref`.
    Iref,
    /// `uriparse::URIReference`.
    Uriparse,
}

/// The PyPI packages' calls (`subjects::reproduce`'s `pypi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PyPiCall {
    /// `urllib3.util.parse_url`.
    Urllib3,
    /// `yarl.URL`, `join`.
    Yarl,
    /// `hyperlink.parse`, `click`, `normalize`.
    Hyperlink,
    /// `furl.furl`, `join`.
    Furl,
    /// `rfc3987.parse`, `resolve`.
    Rfc3987,
    /// `uritools.urisplit`, `urijoin`.
    Uritools,
}

/// The npm packages' calls (`subjects::reproduce`'s `npm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NpmCall {
    /// `whatwg-url`: `parseURL`, `serializeURL`.
    WhatwgUrl,
    /// `url-parse`.
    UrlParse,
    /// `urijs`.
    Urijs,
    /// A package of uri-js's API (`parse`, `resolve`, `normalize`, `equal`): the package's name.
    UriJsFamily(&'static str),
}

/// Debian 12's parsers' calls (`subjects::reproduce`'s `debian`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebianCall {
    /// uriparser, in C.
    Uriparser,
    /// Boost.URL, in C++.
    BoostUrl,
    /// libwget, in C.
    Libwget,
    /// Addressable, in Ruby.
    Addressable,
    /// Mojo::URL, in Perl.
    MojoUrl,
    /// OkHttp's `HttpUrl`, in Java.
    OkHttp,
}

impl Card {
    /// The worker that runs it, or `None` for a parser inside uridiff.
    ///
    /// ```
    /// let urllib = uridiff::parsers::card("python-urllib").unwrap();
    /// assert_eq!(urllib.worker().unwrap().file, "python-urllib.py");
    /// assert!(uridiff::parsers::card("url").unwrap().worker().is_none());
    /// ```
    pub fn worker(&self) -> Option<&Worker> {
        match &self.runs {
            Runs::Worker(w) => Some(w),
            Runs::InProcess(..) => None,
        }
    }

    /// Whether the parser is this project's own (impl and the two oracles): the references and
    /// instruments, not a library under test.
    ///
    /// ```
    /// use uridiff::parsers::card;
    /// assert!(card("oracle-regex").unwrap().is_this_project());
    /// assert!(!card("url").unwrap().is_this_project());
    /// ```
    pub fn is_this_project(&self) -> bool {
        matches!(
            self.runs,
            Runs::InProcess(
                Adapter::Spec | Adapter::OracleRegex | Adapter::OracleGrammar,
                _
            )
        )
    }
}

/// The card named `name`.
///
/// ```
/// assert_eq!(uridiff::parsers::card("go-net-url").unwrap().profile, "go-net-url");
/// assert!(uridiff::parsers::card("no-such-parser").is_none());
/// ```
pub fn card(name: &str) -> Option<&'static Card> {
    // Asked per parser per input where a report partitions URL-confusion readings (once per
    // component): a scan comparing names cost 1% of a 30,000-input report's uridiff.
    static BY_NAME: std::sync::OnceLock<
        std::collections::HashMap<&'static str, &'static Card, foldhash::fast::FixedState>,
    > = std::sync::OnceLock::new();
    BY_NAME
        .get_or_init(|| CARDS.iter().map(|&c| (c.name, c)).collect())
        .get(name)
        .copied()
}

/// The cards of the parsers that run as workers, in [`CARDS`]'s order.
///
/// ```
/// let first = uridiff::parsers::workers().next().unwrap();
/// assert_eq!(first.name, "python-urllib");
/// ```
pub fn workers() -> impl Iterator<Item = &'static Card> {
    CARDS.iter().copied().filter(|c| c.worker().is_some())
}

/// The version of a dependency as recorded in `Cargo.lock`, read at build time (`build.rs`).
#[macro_export]
#[doc(hidden)]
macro_rules! dep_version {
    ($krate:literal) => {
        env!(concat!("UDV_", $krate))
    };
}

/// A crate's [`Version`], from `Cargo.lock`.
macro_rules! krate {
    ($krate:literal) => {
        $crate::parsers::Version::Crate {
            krate: $krate,
            version: $crate::dep_version!($krate),
        }
    };
}
pub(crate) use krate;

/// Every component but the authority.
pub const ALL_BUT_AUTHORITY: &[Component] = &[
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
/// The eight components of RFC 3986 3 and 3.2.
pub const ALL_EIGHT: &[Component] = &[
    Component::Scheme,
    Component::Authority,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
/// RFC 3986 3's five parts, the authority not split (rfc3987's `URI_reference` groups).
pub const FIVE_PARTS: &[Component] = &[
    Component::Scheme,
    Component::Authority,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
/// `parse` and `resolve`.
pub const PARSE_RESOLVE: &[Op] = &[Op::Parse, Op::Resolve];
/// The four operations of a worker: `parse`, `resolve`, `normalize`, `equivalent`.
pub const FOUR_OPS: &[Op] = &[Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent];

/// What a worker of [`Run::PythonVenv`] needs.
pub(crate) const PYPI_NEEDS: &str =
    "python3 with the pinned PyPI packages of workers/python/requirements.txt in uridiff's venv";

/// What the Node.js workers calling npm packages need.
pub(crate) const NPM_NEEDS: &str =
    "node and npm (Debian: nodejs, npm) and the npm packages of workers/node/package-lock.json";

/// Where the version of a PyPI package's worker is pinned.
pub(crate) const PYPI_PINNED: Version = Version::Handshake {
    pinned: "workers/python/requirements.txt",
};

/// Where the version of an npm package's worker is pinned.
pub(crate) const NPM_PINNED: Version = Version::Handshake {
    pinned: "workers/node/package-lock.json",
};

/// Where the version of a Debian 12 package's worker is fixed.
pub(crate) const DEBIAN_PINNED: Version = Version::Handshake {
    pinned: "the Debian release's package (workers/install.sh)",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_worker_files_are_distinct_and_sources_embedded() {
        let mut names: Vec<&str> = CARDS.iter().map(|c| c.name).collect();
        names.sort_unstable();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n, "a name given twice");
        for c in workers() {
            let w = c.worker().unwrap();
            assert!(!w.source.is_empty(), "{}", c.name);
            assert!(!w.operations.is_empty(), "{}", c.name);
            // A worker shared by two packages of one API names the package it calls.
            if let Run::NodePackages { args: [package] } = w.run {
                assert!(w.packages.contains(&Package::Npm(package)), "{}", c.name);
            }
        }
    }

    #[test]
    fn every_package_of_a_card_is_pinned_where_its_registry_says() {
        let pypi = include_str!("../../workers/python/requirements.txt");
        let npm = include_str!("../../workers/node/package.json");
        let debian = include_str!("../../workers/install.sh");
        let mut checked = 0;
        for c in workers() {
            for p in c.worker().unwrap().packages {
                let (pinned, pins) = match p {
                    Package::PyPi(name) => {
                        (pypi.contains(&format!("\n{name}==")), "requirements.txt")
                    }
                    Package::Npm(name) => {
                        (npm.contains(&format!("\"{name}\": \"")), "package.json")
                    }
                    Package::Debian(name) => {
                        (debian.contains(&format!("\nwant {name} ")), "install.sh")
                    }
                };
                assert!(pinned, "{}: {p:?} is not in workers' {pins}", c.name);
                checked += 1;
            }
            // A worker run in the venv or on npm packages has its packages on its card.
            let needs = |f: fn(&Package) -> bool| c.worker().unwrap().packages.iter().any(f);
            match c.worker().unwrap().run {
                Run::PythonVenv => assert!(needs(|p| matches!(p, Package::PyPi(_))), "{}", c.name),
                Run::NodePackages { .. } => {
                    assert!(needs(|p| matches!(p, Package::Npm(_))), "{}", c.name)
                }
                _ => {}
            }
        }
        assert!(checked >= 27, "{checked}");
    }

    #[test]
    fn every_card_has_documentation() {
        for c in CARDS {
            assert!(!c.docs.is_empty(), "{} has no documentation link", c.name);
        }
    }
}
