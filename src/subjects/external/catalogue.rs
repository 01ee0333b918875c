//! The catalogue of the workers uridiff ships ([`SHIPPED`]): for each, what it declares before it
//! is started, its source (embedded in the binary), and how it is run or built from the cache
//! directory ([`super::cache_dir`]). The protocol they speak is `workers/README.md`'s; each
//! entry's `library` names the library documentation its worker follows.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use super::cache::cache_dir;
use super::packages::{packages_dir, venv_python};
use super::External;
use crate::model::{Component, Op};
use crate::subjects::Subject;

/// A worker uridiff ships: its source (embedded in the binary), the interpreter that runs it,
/// and what it declares, so that it can be listed without being started.
#[derive(Debug)]
pub struct Shipped {
    /// The subject's name (also the name its handshake must give).
    pub name: &'static str,
    /// The profile it declares.
    pub profile: &'static str,
    /// The operations it declares.
    pub operations: &'static [Op],
    /// The components its parse reports.
    pub components: &'static [Component],
    /// Whether its parse is meant to tell valid from invalid.
    pub decides_validity: bool,
    /// The library it calls, for people (the handshake's own text replaces it once started).
    pub library: &'static str,
    /// The source's file name in `workers/` and in the cache directory.
    pub file: &'static str,
    /// The source text.
    pub source: &'static str,
    /// How it is run.
    pub run: Run,
    /// What installs its runtime, for the reason shown when it is unavailable.
    pub needs: &'static str,
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
    /// packages ([`super::venv_python`], filled by `workers/install.sh` from
    /// `workers/python/requirements.txt`), so the worker sees the pinned versions and not the
    /// system's site-packages.
    PythonVenv,
    /// `node SOURCE ARGS...` with `NODE_PATH=<packages>/node/node_modules` ([`packages_dir`]): a
    /// Node.js worker calling npm packages, pinned by `workers/node/package-lock.json` and
    /// installed by `workers/install.sh` with `npm ci`.
    NodePackages {
        /// The npm packages it requires, each checked to be installed before it starts.
        packages: &'static [&'static str],
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
    /// `c++ -std=c++17 -O2 -o BINARY SOURCE LIBS...`, then run.
    CompiledCxx {
        /// Libraries to link (`-lboost_url`).
        libs: &'static [&'static str],
    },
    /// `java -cp JARS SOURCE`: a single-file Java program given a class path; each jar must be
    /// there before `java` starts (a missing one makes the worker unavailable, naming it).
    JavaClassPath {
        /// The jars, as absolute paths (Debian puts them in `/usr/share/java`).
        jars: &'static [&'static str],
    },
}

pub(super) const ALL_BUT_AUTHORITY: &[Component] = &[
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
pub(super) const ALL_EIGHT: &[Component] = &[
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
pub(super) const FIVE_PARTS: &[Component] = &[
    Component::Scheme,
    Component::Authority,
    Component::Path,
    Component::Query,
    Component::Fragment,
];
pub(super) const PARSE_RESOLVE: &[Op] = &[Op::Parse, Op::Resolve];
pub(super) const FOUR_OPS: &[Op] = &[Op::Parse, Op::Resolve, Op::Normalize, Op::Equivalent];

/// What a worker of [`Run::PythonVenv`] needs.
pub(super) const PYPI: &str =
    "python3 with the pinned PyPI packages of workers/python/requirements.txt in uridiff's venv";

/// The flags every Java worker runs with. `-XX:TieredStopAtLevel=1`: only the client compiler
/// (C1). A worker lives for one run, and on a machine of few cores the server compiler (C2)
/// costs more than its faster code saves: a report of 30,000 inputs through 21 parsers took
/// 3.5 CPU-s less with it off, and the same classes (HotSpot's tiered compilation: level 1
/// is C1 code without profiling).
const JAVA_FLAGS: &[&str] = &["-XX:TieredStopAtLevel=1"];

pub(super) const fn interpreted(program: &'static str) -> Run {
    Run::Interpreted { program, args: &[] }
}

/// What the Node.js workers calling npm packages need.
const NPM_NEEDS: &str =
    "node and npm (Debian: nodejs, npm) and the npm packages of workers/node/package-lock.json";

/// The files every shipped worker of a language shares, written beside the workers in the
/// cache under the same relative paths as in `workers/`, so a worker finds them the same way in
/// the repository and in the cache: the protocol's side of a worker, once per language, which is
/// also what a library's maintainer vendors (`workers/sdk/`).
///
/// ```
/// let (path, source) = uridiff::subjects::external::SUPPORT[0];
/// assert!(path.starts_with("sdk/") && source.contains("uridiff-worker/1"));
/// ```
pub const SUPPORT: &[(&str, &str)] = &[
    (
        "sdk/uridiff_worker.js",
        include_str!("../../../workers/sdk/uridiff_worker.js"),
    ),
    (
        "sdk/uridiff_worker.py",
        include_str!("../../../workers/sdk/uridiff_worker.py"),
    ),
    (
        "sdk/uridiff_worker.h",
        include_str!("../../../workers/sdk/uridiff_worker.h"),
    ),
];

/// The shipped workers, in the order they are listed (sources in `workers/`).
pub const SHIPPED: &[Shipped] = &[
    Shipped {
        name: "python-urllib",
        profile: "python-urllib",
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "urllib.parse: urlsplit, urljoin (CPython)",
        file: "python-urllib.py",
        source: include_str!("../../../workers/python-urllib.py"),
        run: interpreted("python3"),
        needs: "python3",
    },
    Shipped {
        name: "python-rfc3986",
        profile: "rfc3986",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        library: "rfc3986 (PyPI): uri_reference, resolve_with, normalize",
        file: "python-rfc3986.py",
        source: include_str!("../../../workers/python-rfc3986.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-urllib3",
        profile: "python-urllib3",
        operations: &[Op::Parse],
        components: ALL_EIGHT,
        decides_validity: false,
        library: "urllib3 (PyPI): util.parse_url",
        file: "python-urllib3.py",
        source: include_str!("../../../workers/python-urllib3.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-yarl",
        profile: "python-yarl",
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "yarl (PyPI): URL, URL.join",
        file: "python-yarl.py",
        source: include_str!("../../../workers/python-yarl.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-hyperlink",
        profile: "rfc3986",
        operations: &[Op::Parse, Op::Resolve, Op::Normalize],
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "hyperlink (PyPI): parse(decoded=False), URL.click, URL.normalize",
        file: "python-hyperlink.py",
        source: include_str!("../../../workers/python-hyperlink.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-furl",
        profile: "python-furl",
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "furl (PyPI): furl, furl.join",
        file: "python-furl.py",
        source: include_str!("../../../workers/python-furl.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-rfc3987",
        profile: "rfc3986",
        operations: PARSE_RESOLVE,
        components: FIVE_PARTS,
        decides_validity: true,
        library: "rfc3987 (PyPI): parse(rule='URI_reference'), resolve",
        file: "python-rfc3987.py",
        source: include_str!("../../../workers/python-rfc3987.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "python-uritools",
        profile: "rfc3986",
        operations: PARSE_RESOLVE,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "uritools (PyPI): urisplit, urijoin",
        file: "python-uritools.py",
        source: include_str!("../../../workers/python-uritools.py"),
        run: Run::PythonVenv,
        needs: PYPI,
    },
    Shipped {
        name: "node-whatwg",
        profile: "whatwg-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "WHATWG URL (Node.js): new URL(input[, base])",
        file: "node-whatwg.js",
        source: include_str!("../../../workers/node-whatwg.js"),
        run: interpreted("node"),
        needs: "node (Debian: nodejs)",
    },
    Shipped {
        name: "node-legacy-url",
        profile: "node-legacy-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "url.parse, url.resolve (Node.js)",
        file: "node-legacy-url.js",
        source: include_str!("../../../workers/node-legacy-url.js"),
        run: interpreted("node"),
        needs: "node (Debian: nodejs)",
    },
    Shipped {
        name: "node-whatwg-url",
        profile: "whatwg-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "whatwg-url (npm): parseURL, serializeURL",
        file: "node-whatwg-url.js",
        source: include_str!("../../../workers/node-whatwg-url.js"),
        run: Run::NodePackages {
            packages: &["whatwg-url"],
            args: &[],
        },
        needs: NPM_NEEDS,
    },
    Shipped {
        name: "node-url-parse",
        profile: "url-parse",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "url-parse (npm): new Url(input, base)",
        file: "node-url-parse.js",
        source: include_str!("../../../workers/node-url-parse.js"),
        run: Run::NodePackages {
            packages: &["url-parse"],
            args: &[],
        },
        needs: NPM_NEEDS,
    },
    Shipped {
        name: "node-urijs",
        profile: "urijs",
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "URI.js (npm urijs): URI(), absoluteTo, normalize, equals",
        file: "node-urijs.js",
        source: include_str!("../../../workers/node-urijs.js"),
        run: Run::NodePackages {
            packages: &["urijs"],
            args: &[],
        },
        needs: NPM_NEEDS,
    },
    Shipped {
        name: "node-fast-uri",
        profile: "rfc3986",
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "fast-uri (npm): parse, resolve, normalize, equal",
        file: "node-uri-js-family.js",
        source: include_str!("../../../workers/node-uri-js-family.js"),
        run: Run::NodePackages {
            packages: &["fast-uri"],
            args: &["fast-uri"],
        },
        needs: NPM_NEEDS,
    },
    Shipped {
        name: "node-uri-js",
        profile: "rfc3986",
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "uri-js (npm): parse, resolve, normalize, equal",
        file: "node-uri-js-family.js",
        source: include_str!("../../../workers/node-uri-js-family.js"),
        run: Run::NodePackages {
            packages: &["uri-js"],
            args: &["uri-js"],
        },
        needs: NPM_NEEDS,
    },
    Shipped {
        name: "java-uri",
        profile: "rfc2396",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: true,
        library: "java.net.URI: new URI, resolve, normalize, equals",
        file: "java-uri.java",
        source: include_str!("../../../workers/java-uri.java"),
        run: Run::Interpreted {
            program: "java",
            args: JAVA_FLAGS,
        },
        needs: "java 11 or later (Debian: default-jdk-headless)",
    },
    Shipped {
        name: "go-net-url",
        profile: "go-net-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "net/url: Parse, ResolveReference (Go)",
        file: "go-net-url.go",
        source: include_str!("../../../workers/go-net-url.go"),
        run: Run::Interpreted {
            program: "go",
            args: &["run"],
        },
        needs: "go (Debian: golang-go)",
    },
    Shipped {
        name: "php-parse-url",
        profile: "php-parse-url",
        operations: &[Op::Parse],
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "parse_url (PHP)",
        file: "php-parse-url.php",
        source: include_str!("../../../workers/php-parse-url.php"),
        run: interpreted("php"),
        needs: "php (Debian: php-cli)",
    },
    Shipped {
        name: "ruby-uri",
        profile: "ruby-uri",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "URI.parse, URI.join (Ruby)",
        file: "ruby-uri.rb",
        source: include_str!("../../../workers/ruby-uri.rb"),
        run: interpreted("ruby"),
        needs: "ruby (Debian: ruby)",
    },
    Shipped {
        name: "perl-uri",
        profile: "perl-uri",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "URI->new, new_abs, canonical, URI::eq (Perl)",
        file: "perl-uri.pl",
        source: include_str!("../../../workers/perl-uri.pl"),
        run: interpreted("perl"),
        needs: "perl with the URI module (Debian: liburi-perl)",
    },
    Shipped {
        name: "curl-url",
        profile: "curl-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "libcurl URL API: curl_url_set, curl_url_get",
        file: "curl-url.c",
        source: include_str!("../../../workers/curl-url.c"),
        run: Run::Compiled { libs: &["-lcurl"] },
        needs: "cc and libcurl's headers (Debian: gcc, libcurl4-openssl-dev)",
    },
    // Debian 12's parsers (uriparser, Boost.URL, libwget, Addressable, Mojo::URL, OkHttp).
    Shipped {
        name: "c-uriparser",
        profile: "rfc3986",
        operations: FOUR_OPS,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library:
            "uriparser: uriParseSingleUriA, uriAddBaseUriA, uriNormalizeSyntaxA, uriEqualsUriA",
        file: "c-uriparser.c",
        source: include_str!("../../../workers/c-uriparser.c"),
        run: Run::Compiled {
            libs: &["-luriparser"],
        },
        needs: "cc and uriparser's headers (Debian: gcc, liburiparser-dev)",
    },
    Shipped {
        name: "cpp-boost-url",
        profile: "rfc3986",
        operations: &[Op::Parse, Op::Resolve, Op::Normalize],
        components: ALL_EIGHT,
        decides_validity: true,
        library: "Boost.URL: parse_uri_reference, resolve, normalize",
        file: "cpp-boost-url.cpp",
        source: include_str!("../../../workers/cpp-boost-url.cpp"),
        run: Run::CompiledCxx {
            libs: &["-lboost_url"],
        },
        needs: "c++ and Boost.URL (Debian: g++, libboost-url1.81-dev)",
    },
    Shipped {
        name: "c-libwget",
        profile: "libwget",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "libwget: wget_iri_parse, wget_iri_parse_base",
        file: "c-libwget.c",
        source: include_str!("../../../workers/c-libwget.c"),
        run: Run::Compiled { libs: &["-lwget"] },
        needs: "cc and libwget's headers (Debian: gcc, wget2-dev)",
    },
    Shipped {
        name: "ruby-addressable",
        profile: "rfc3987-iri",
        operations: FOUR_OPS,
        components: ALL_EIGHT,
        decides_validity: false,
        library: "Addressable::URI.parse, join, normalize, == (Ruby)",
        file: "ruby-addressable.rb",
        source: include_str!("../../../workers/ruby-addressable.rb"),
        run: interpreted("ruby"),
        needs: "ruby with Addressable (Debian: ruby-addressable)",
    },
    Shipped {
        name: "perl-mojo-url",
        profile: "mojo-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: false,
        library: "Mojo::URL->new, to_abs (Perl)",
        file: "perl-mojo-url.pl",
        source: include_str!("../../../workers/perl-mojo-url.pl"),
        run: interpreted("perl"),
        needs: "perl with Mojolicious (Debian: libmojolicious-perl)",
    },
    Shipped {
        name: "java-okhttp",
        profile: "whatwg-url",
        operations: PARSE_RESOLVE,
        components: ALL_BUT_AUTHORITY,
        decides_validity: true,
        library: "OkHttp: HttpUrl.parse, HttpUrl.resolve",
        file: "java-okhttp.java",
        source: include_str!("../../../workers/java-okhttp.java"),
        run: Run::JavaClassPath {
            jars: &["/usr/share/java/okhttp.jar", "/usr/share/java/okio.jar"],
        },
        needs: "java 11 or later and OkHttp's jars (Debian: default-jdk-headless, libokhttp-java)",
    },
];

/// The shipped worker `name` as a registry entry (one line each in [`super::REGISTRY`]).
///
/// # Panics
///
/// When `name` is not in [`SHIPPED`]: the registry names shipped workers only, so that is a
/// bug in the registry, caught by its tests.
pub(crate) fn shipped(name: &str, timeout: Duration) -> Arc<dyn Subject> {
    let worker = SHIPPED
        .iter()
        .find(|w| w.name == name)
        .unwrap_or_else(|| panic!("{name} is not a shipped worker"));
    Arc::new(External::shipped(worker).timeout(timeout))
}

impl Shipped {
    /// The command line that runs this worker from the cache directory ([`cache_dir`]),
    /// building it first if it is compiled: what uridiff starts, for running it by hand.
    ///
    /// # Errors
    ///
    /// When the cache directory cannot be written or the worker cannot be built.
    ///
    /// ```
    /// let urllib = &uridiff::subjects::external::SHIPPED[0];
    /// let argv = urllib.argv().unwrap();
    /// assert_eq!(argv[0], "python3");
    /// assert!(argv[1].to_string_lossy().ends_with("python-urllib.py"));
    /// ```
    pub fn argv(&self) -> Result<Vec<OsString>, String> {
        let dir = cache_dir()?;
        let source = dir.join(self.file);
        Ok(match self.run {
            Run::Interpreted { program, args } => std::iter::once(program)
                .chain(args.iter().copied())
                .map(OsString::from)
                .chain([source.into_os_string()])
                .collect(),
            Run::PythonVenv => vec![venv_python()?.into_os_string(), source.into_os_string()],
            Run::NodePackages { args, .. } => ["node".into(), source.into_os_string()]
                .into_iter()
                .chain(args.iter().map(OsString::from))
                .collect(),
            Run::Compiled { libs } => {
                vec![build(self, dir, &source, &["cc"], libs)?.into_os_string()]
            }
            Run::CompiledCxx { libs } => {
                vec![build(self, dir, &source, CXX, libs)?.into_os_string()]
            }
            Run::JavaClassPath { jars } => {
                if let Some(missing) = jars.iter().find(|j| !Path::new(j).is_file()) {
                    return Err(format!(
                        "`{missing}` not found (needs {}; workers/install.sh installs it)",
                        self.needs
                    ));
                }
                ["java"]
                    .into_iter()
                    .chain(JAVA_FLAGS.iter().copied())
                    .chain(["-cp", &jars.join(":")])
                    .map(OsString::from)
                    .chain([source.into_os_string()])
                    .collect()
            }
        })
    }
}

impl Shipped {
    /// The environment variables this worker is run with besides uridiff's own: for a worker
    /// calling npm packages, `NODE_PATH` naming uridiff's packages folder
    /// (`<packages>/node/node_modules`), checked to hold each package it requires.
    ///
    /// # Errors
    ///
    /// When a package it requires is not installed: the message names the package and the
    /// command that installs it.
    ///
    /// ```
    /// let urllib = &uridiff::subjects::external::SHIPPED[0];
    /// assert!(urllib.env().unwrap().is_empty());
    /// ```
    pub fn env(&self) -> Result<Vec<(&'static str, PathBuf)>, String> {
        Ok(match self.run {
            Run::NodePackages { packages, .. } => {
                vec![("NODE_PATH", node_modules(self, packages)?)]
            }
            _ => Vec::new(),
        })
    }
}

/// The command that runs a shipped worker, and how it is shown in messages.
pub(super) fn shipped_command(w: &Shipped) -> Result<(Command, String), String> {
    let argv = w.argv()?;
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]);
    if matches!(w.run, Run::Interpreted { program: "go", .. }) {
        go_environment(&mut c, cache_dir()?);
    }
    c.envs(w.env()?);
    let shown = argv
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((c, shown))
}

/// `go run` needs a build cache; where the environment names none, one in the cache directory.
/// `GOTOOLCHAIN=local`: never fetch another Go.
fn go_environment(c: &mut Command, dir: &Path) {
    let named = ["GOCACHE", "XDG_CACHE_HOME", "HOME"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !named {
        c.env("GOCACHE", dir.join("go-build"));
    }
    c.env("GOTOOLCHAIN", "local");
}

/// `<packages>/node/node_modules`, checked to hold each of `packages` (a folder with its
/// `package.json`), so that a missing package is one line naming it and the command that
/// installs it, rather than a worker dying before its handshake.
fn node_modules(w: &Shipped, packages: &[&str]) -> Result<PathBuf, String> {
    let dir = packages_dir()
        .ok_or("no packages folder: set URIDIFF_PACKAGES, XDG_CACHE_HOME or HOME")?
        .join("node")
        .join("node_modules");
    if let Some(missing) = packages
        .iter()
        .find(|p| !dir.join(p).join("package.json").is_file())
    {
        return Err(format!(
            "npm package `{missing}` is not installed in {} (needs {}; workers/install.sh installs it)",
            dir.display(),
            w.needs
        ));
    }
    Ok(dir)
}

/// The C++ compiler and its dialect: Boost.URL's documentation asks for C++11 at least; C++17
/// is what Debian 12's g++ defaults to anyway, said here so that another `c++` agrees.
const CXX: &[&str] = &["c++", "-std=c++17"];

/// Builds a compiled worker into the cache directory once (the directory's name carries the
/// sources' hash, so a binary there always matches its source) with `compiler` (the program,
/// then its first arguments).
fn build(
    w: &Shipped,
    dir: &Path,
    source: &Path,
    compiler: &[&str],
    libs: &[&str],
) -> Result<PathBuf, String> {
    let program = compiler[0];
    let binary = dir.join(w.name);
    if binary.is_file() {
        return Ok(binary);
    }
    let partial = dir.join(format!("{}.{}.partial", w.name, std::process::id()));
    let out = Command::new(program)
        .args(&compiler[1..])
        .arg("-O2")
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .args(libs)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                format!(
                    "`{program}` not found on PATH (needs {}; workers/install.sh installs it)",
                    w.needs
                )
            } else {
                format!("cannot run {program}: {e}")
            }
        })?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&partial);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = stderr
            .lines()
            .find(|l| l.contains("error"))
            .or_else(|| stderr.lines().next())
            .unwrap_or("no message");
        return Err(format!(
            "cannot build {} with {program} ({}): {} (needs {})",
            w.name,
            out.status,
            first.trim(),
            w.needs
        ));
    }
    std::fs::rename(&partial, &binary)
        .map_err(|e| format!("cannot place {}: {e}", binary.display()))?;
    Ok(binary)
}
