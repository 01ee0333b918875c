//! Speed: every in-process parser measured side by side (issue 10, items 3 and 4), for the
//! criterion benches in `benches/` and for `uridiff bench`.
//!
//! A [`Peer`] calls its library directly, not through its [`crate::subjects`] adapter, so that
//! the figures are the library's own and not the cost of filling the shared model: each
//! operation is a closure over the input bytes that does what a user of the library would do
//! (parse; resolve against a base parsed once where the library allows it; normalize to the
//! normalized text) and answers whether the library accepted the input.
//!
//! [`measure`] runs every (peer, operation) pair over the same corpus in interleaved rounds:
//! within a round each pair makes one pass over the corpus, in an order rotated from round to
//! round, so a busy neighbour slows every pair alike; the figure is the median over the rounds
//! and the spread is the rounds' range. [`engine_throughput`] and [`external_speedup`] measure
//! the harness itself. The writers ([`write_table`], [`write_markdown`], [`write_svg`]) are
//! generic over [`std::io::Write`].

use std::hint::black_box;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::{Engine, Task};
use crate::model::Op;
use crate::report::html::esc;
use crate::subjects::{self, Subject};

/// The operations measured, in the order they are shown.
pub const OPS: [Op; 3] = [Op::Parse, Op::Resolve, Op::Normalize];

/// The base every `resolve` measurement resolves against (RFC 3986 section 5.4's).
pub const BASE: &str = "http://a/b/c/d;p?q";

/// One operation of one library, ready to run on an input: answers whether the library
/// accepted it (the result itself goes through [`black_box`]).
pub type Run<'a> = Box<dyn Fn(&[u8]) -> bool + 'a>;

/// An in-process parser as the benches call it: its library's own entry points.
pub struct Peer {
    /// The subject name (`impl`, `url`, ...), as `uridiff parsers` lists it.
    pub name: &'static str,
    parse: Option<fn() -> Run<'static>>,
    resolve: Option<fn(&str) -> Option<Run<'_>>>,
    normalize: Option<fn() -> Run<'static>>,
    /// What a `resolve` measurement covers, for the reader of the figures.
    pub resolve_note: &'static str,
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Peer").field("name", &self.name).finish()
    }
}

impl Peer {
    /// Whether the library has `op`.
    pub fn has(&self, op: Op) -> bool {
        match op {
            Op::Parse => self.parse.is_some(),
            Op::Resolve => self.resolve.is_some(),
            Op::Normalize => self.normalize.is_some(),
            _ => false,
        }
    }

    /// The operation `op`, ready to run (`resolve`: against `base`, parsed once where the
    /// library can hold a parsed base); `None` when the library lacks it or rejects `base`.
    ///
    /// ```
    /// use uridiff::{bench, model::Op};
    /// let fluent = bench::peers().into_iter().find(|p| p.name == "fluent-uri").unwrap();
    /// let resolve = fluent.op(Op::Resolve, bench::BASE).unwrap();
    /// assert!(resolve(b"../g"));
    /// let parse = fluent.op(Op::Parse, "").unwrap();
    /// assert!(!parse(b"http://a b"));
    /// ```
    pub fn op<'a>(&self, op: Op, base: &'a str) -> Option<Run<'a>> {
        match op {
            Op::Parse => self.parse.map(|f| f()),
            Op::Resolve => self.resolve.and_then(|f| f(base)),
            Op::Normalize => self.normalize.map(|f| f()),
            _ => None,
        }
    }
}

fn utf8(input: &[u8]) -> Option<&str> {
    std::str::from_utf8(input).ok()
}

/// Passes `value` through [`black_box`] by reference, so that the result is built where it
/// lies and not moved again (a move of a large result would be the harness's cost, not the
/// library's), and says whether it is `Some`.
fn keep<T>(value: Option<T>) -> bool {
    black_box(&value).is_some()
}

/// [`keep`] for a library's own `Result`, passed by reference without converting it.
fn keep_ok<T, E>(value: &Result<T, E>) -> bool {
    black_box(value).is_ok()
}

/// Every in-process parser, in registry order (those not compiled into this build left out).
///
/// ```
/// let names: Vec<_> = uridiff::bench::peers().iter().map(|p| p.name).collect();
/// assert_eq!(names[0], "impl");
/// assert!(names.contains(&"fluent-uri"));
/// ```
pub fn peers() -> Vec<Peer> {
    let mut all = vec![
        Peer {
            name: "impl",
            parse: Some(|| Box::new(|i| keep_ok(&uri_spec::parse(i)))),
            resolve: Some(|base| {
                let base = uri_spec::Resolver::new().base(base.as_bytes()).ok()?;
                Some(Box::new(move |r| keep_ok(&base.resolve(r))))
            }),
            normalize: Some(|| Box::new(|i| keep_ok(&uri_spec::normalize(i)))),
            resolve_note: "base parsed once (`Resolver::base`, then `Base::resolve`)",
        },
        Peer {
            name: "oracle-regex",
            parse: Some(|| {
                Box::new(|i| {
                    black_box(uri_oracle::appendix_b::captures(i));
                    true
                })
            }),
            resolve: None,
            normalize: None,
            resolve_note: "",
        },
        Peer {
            name: "oracle-grammar",
            parse: Some(|| {
                use uri_oracle::grammar::{Grammar, Reading, Verdict};
                match Grammar::for_edition("rfc3986") {
                    Ok(g) => Box::new(move |i| {
                        matches!(
                            black_box(g.recognize(None, i, Reading::Document)),
                            Ok(Verdict::Valid)
                        )
                    }),
                    Err(_) => Box::new(|_| false),
                }
            }),
            resolve: None,
            normalize: None,
            resolve_note: "",
        },
        Peer {
            name: "url",
            parse: Some(|| Box::new(|i| keep(utf8(i).and_then(|s| url::Url::parse(s).ok())))),
            resolve: Some(|base| {
                let base = url::Url::parse(base).ok()?;
                Some(Box::new(move |r| {
                    keep(utf8(r).and_then(|s| base.join(s).ok()))
                }))
            }),
            normalize: None,
            resolve_note: "base parsed once (`Url::join`)",
        },
        Peer {
            name: "http",
            parse: Some(|| Box::new(|i| keep_ok(&http::Uri::try_from(i)))),
            resolve: None,
            normalize: None,
            resolve_note: "",
        },
        Peer {
            name: "fluent-uri",
            parse: Some(|| {
                Box::new(|i| keep(utf8(i).and_then(|s| fluent_uri::UriRef::parse(s).ok())))
            }),
            resolve: Some(|base| {
                let base = fluent_uri::Uri::parse(base).ok()?;
                Some(Box::new(move |r| {
                    keep(
                        utf8(r)
                            .and_then(|s| fluent_uri::UriRef::parse(s).ok())
                            .and_then(|r| r.resolve_against(&base).ok()),
                    )
                }))
            }),
            normalize: Some(|| {
                Box::new(|i| {
                    keep(
                        utf8(i)
                            .and_then(|s| fluent_uri::UriRef::parse(s).ok())
                            .map(|u| u.normalize()),
                    )
                })
            }),
            resolve_note: "base parsed once (`UriRef::resolve_against`)",
        },
        Peer {
            name: "iri-string",
            parse: Some(|| {
                Box::new(|i| {
                    keep(utf8(i).and_then(|s| iri_string::types::UriReferenceStr::new(s).ok()))
                })
            }),
            resolve: Some(|base| {
                let base = iri_string::types::UriStr::new(base).ok()?.to_absolute();
                Some(Box::new(move |r| {
                    keep(
                        utf8(r)
                            .and_then(|s| iri_string::types::UriReferenceStr::new(s).ok())
                            .and_then(|r| {
                                let t = r.resolve_against(base);
                                t.ensure_rfc3986_normalizable().ok()?;
                                Some(t.to_string())
                            }),
                    )
                }))
            }),
            normalize: Some(|| {
                Box::new(|i| {
                    keep(
                        utf8(i)
                            .and_then(|s| iri_string::types::UriStr::new(s).ok())
                            .and_then(|u| {
                                let n = u.normalize();
                                n.ensure_rfc3986_normalizable().ok()?;
                                Some(n.to_string())
                            }),
                    )
                })
            }),
            resolve_note: "base parsed once (`resolve_against`, then the text)",
        },
        Peer {
            name: "oxiri",
            parse: Some(|| Box::new(|i| keep(utf8(i).and_then(|s| oxiri::IriRef::parse(s).ok())))),
            resolve: Some(|base| {
                let base = oxiri::Iri::parse(base).ok()?;
                Some(Box::new(move |r| {
                    keep(
                        utf8(r)
                            .and_then(|s| oxiri::IriRef::parse(s).ok())
                            .and_then(|r| base.resolve(&r).ok()),
                    )
                }))
            }),
            normalize: None,
            resolve_note: "base parsed once (`IriRef::parse`, then `Iri::resolve`)",
        },
        Peer {
            name: "iref",
            parse: Some(|| Box::new(|i| keep(utf8(i).and_then(|s| iref::IriRef::new(s).ok())))),
            resolve: Some(|base| {
                let base = iref::Iri::new(base).ok()?;
                Some(Box::new(move |r| {
                    keep(
                        utf8(r)
                            .and_then(|s| iref::IriRef::new(s).ok())
                            .map(|r| r.resolved(base)),
                    )
                }))
            }),
            normalize: None,
            resolve_note: "base parsed once (`IriRef::resolved`)",
        },
        Peer {
            name: "uriparse",
            parse: Some(|| Box::new(|i| keep_ok(&uriparse::URIReference::try_from(i)))),
            resolve: None,
            normalize: Some(|| {
                Box::new(|i| {
                    keep(uriparse::URIReference::try_from(i).ok().map(|mut u| {
                        u.normalize();
                        u.to_string()
                    }))
                })
            }),
            resolve_note: "",
        },
    ];
    #[cfg(feature = "ada")]
    all.push(Peer {
        name: "ada-url",
        parse: Some(|| Box::new(|i| keep(utf8(i).and_then(|s| ada_url::Url::parse(s, None).ok())))),
        resolve: Some(|base| {
            ada_url::Url::parse(base, None).ok()?;
            Some(Box::new(move |r| {
                keep(utf8(r).and_then(|s| ada_url::Url::parse(s, Some(base)).ok()))
            }))
        }),
        normalize: None,
        resolve_note: "parses the base again on every call (the API takes the base as text)",
    });
    all
}

/// The references `resolve` is measured on, made from a corpus of absolute URIs: in turn the
/// URI itself, its path onward (`/p?q#f`), its last segment under `../`, and its query or
/// fragment alone, so that every branch of RFC 3986 section 5.2.2 is taken.
///
/// ```
/// let refs = uridiff::bench::references(&vec![b"http://h/a/b?q".to_vec(); 4]);
/// assert_eq!(refs, [&b"http://h/a/b?q"[..], b"/a/b?q", b"../b?q", b"?q"]);
/// ```
pub fn references(uris: &[Vec<u8>]) -> Vec<Vec<u8>> {
    uris.iter()
        .enumerate()
        .map(|(i, u)| {
            let after_authority = find(u, b"://")
                .map(|at| at + 3)
                .and_then(|from| u[from..].iter().position(|&b| b == b'/').map(|p| from + p));
            let path_on = after_authority.map(|p| &u[p..]).unwrap_or(&u[..]);
            match i % 4 {
                0 => u.clone(),
                1 => path_on.to_vec(),
                2 => {
                    let end = path_on
                        .iter()
                        .position(|&b| b == b'?' || b == b'#')
                        .unwrap_or(path_on.len());
                    let last = path_on[..end]
                        .iter()
                        .rposition(|&b| b == b'/')
                        .map_or(0, |p| p + 1);
                    [&b"../"[..], &path_on[last..]].concat()
                }
                _ => match path_on.iter().position(|&b| b == b'?' || b == b'#') {
                    Some(p) => path_on[p..].to_vec(),
                    None => b"#f".to_vec(),
                },
            }
        })
        .collect()
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The shapes of adversarial input: each grows one part of a URI to any length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `http://h/aaaa/aaaa/...`: a long path of ordinary segments.
    LongPath,
    /// `http://h/a/./../a/./..`: thousands of dot segments.
    DotSegments,
    /// `http://h/p?k=v&k=v...`: a long query.
    LongQuery,
    /// `http://h/%41%41%41...`: a run of percent-encoded octets.
    PercentRun,
    /// `http://aaaa...aaaa/`: a long host.
    LongHost,
    /// `http://uuuu...@h/`: a long userinfo.
    LongUserinfo,
    /// `http://[12:12:12:...`: a long host that looks like an IP literal and never closes.
    IpLiteralLike,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 7] = [
        Shape::LongPath,
        Shape::DotSegments,
        Shape::LongQuery,
        Shape::PercentRun,
        Shape::LongHost,
        Shape::LongUserinfo,
        Shape::IpLiteralLike,
    ];

    /// A short stable name (`long-path`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Shape::LongPath => "long-path",
            Shape::DotSegments => "dot-segments",
            Shape::LongQuery => "long-query",
            Shape::PercentRun => "percent-run",
            Shape::LongHost => "long-host",
            Shape::LongUserinfo => "long-userinfo",
            Shape::IpLiteralLike => "ip-literal-like",
        }
    }

    /// An input of this shape, `len` bytes long.
    ///
    /// ```
    /// use uridiff::bench::Shape;
    /// for shape in Shape::ALL {
    ///     assert_eq!(shape.input(1024).len(), 1024, "{}", shape.name());
    /// }
    /// assert!(uri_spec::parse(&Shape::PercentRun.input(1000)).is_ok());
    /// ```
    pub fn input(self, len: usize) -> Vec<u8> {
        let (head, unit, tail): (&[u8], &[u8], &[u8]) = match self {
            Shape::LongPath => (b"http://h", b"/aaaa", b""),
            Shape::DotSegments => (b"http://h", b"/a/./..", b""),
            Shape::LongQuery => (b"http://h/p?", b"k=v&", b""),
            Shape::PercentRun => (b"http://h/", b"%41", b""),
            Shape::LongHost => (b"http://", b"a", b"/"),
            Shape::LongUserinfo => (b"http://", b"u", b"@h/"),
            Shape::IpLiteralLike => (b"http://[", b"12:", b""),
        };
        let mut out = head.to_vec();
        while out.len() + unit.len() + tail.len() <= len {
            out.extend_from_slice(unit);
        }
        // Pad with the unit's first byte up to the exact length (a valid byte for every shape).
        while out.len() + tail.len() < len {
            out.push(
                unit[if unit[0] == b'/' || unit[0] == b'%' {
                    1
                } else {
                    0
                }],
            );
        }
        out.extend_from_slice(tail);
        out
    }
}

/// The inputs of the parse cases of the suites under `paths` (their text, once each), for the
/// benches; a malformed suite is skipped.
///
/// # Errors
///
/// When `paths` cannot be walked.
pub fn suite_inputs(
    paths: &[std::path::PathBuf],
) -> Result<Vec<Vec<u8>>, crate::suite::SuiteError> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for path in crate::suite::collect(paths)? {
        let Ok(suite) = crate::suite::load(&path) else {
            continue;
        };
        for case in &suite.file.cases {
            if case.op == crate::suite::Op::Parse && seen.insert(case.input.clone()) {
                out.push(case.input.as_bytes().to_vec());
            }
        }
    }
    Ok(out)
}

/// What to measure and how long (the command line's validated settings).
#[derive(Clone, Debug)]
pub struct Config {
    /// The realistic corpus's seed.
    pub seed: u64,
    /// How many realistic URIs.
    pub count: usize,
    /// Measured rounds (after one warm-up round).
    pub rounds: usize,
    /// The parsers to measure (empty: all); impl is always measured, as the reference.
    pub parsers: Vec<String>,
}

impl Config {
    /// The full measurement: 100k URIs, 15 rounds.
    pub fn full() -> Config {
        Config {
            seed: 1,
            count: 100_000,
            rounds: 15,
            parsers: Vec::new(),
        }
    }

    /// A quick look: 10k URIs, 5 rounds.
    pub fn quick() -> Config {
        Config {
            count: 10_000,
            rounds: 5,
            ..Config::full()
        }
    }
}

/// One parser's figures for one operation.
#[derive(Clone, Debug, Serialize)]
pub struct Figure {
    /// The parser.
    pub parser: String,
    /// The operation (`parse`, `resolve`, `normalize`).
    pub op: String,
    /// Median over the rounds of the time per URI, in nanoseconds.
    pub ns_per_uri: f64,
    /// The fastest round's time per URI.
    pub ns_per_uri_min: f64,
    /// The slowest round's time per URI.
    pub ns_per_uri_max: f64,
    /// The rounds' range relative to the median, in percent.
    pub spread_pct: f64,
    /// Input megabytes (10^6 bytes) per second at the median.
    pub mb_per_s: f64,
    /// The median over impl's median for the same operation (`None` when impl lacks it).
    pub ratio_to_impl: Option<f64>,
    /// How many inputs the library accepted.
    pub accepted: usize,
    /// What a `resolve` figure covers (does the library hold the parsed base?).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub note: String,
}

/// The corpus a measurement ran on.
#[derive(Clone, Debug, Serialize)]
pub struct CorpusInfo {
    /// The generator (`gen::realistic`).
    pub generator: String,
    /// Its seed.
    pub seed: u64,
    /// How many URIs.
    pub count: usize,
    /// Their total length in bytes (the references', for `resolve`).
    pub bytes: usize,
    /// The base of `resolve`.
    pub base: String,
}

/// Every figure of one run of [`measure`].
#[derive(Clone, Debug, Serialize)]
pub struct Measurement {
    /// The corpus.
    pub corpus: CorpusInfo,
    /// Measured rounds.
    pub rounds: usize,
    /// One figure per parser and operation, operation by operation.
    pub results: Vec<Figure>,
}

/// Runs every selected (parser, operation) pair over the realistic corpus in interleaved
/// rounds.
///
/// ```
/// let cfg = uridiff::bench::Config { count: 20, rounds: 1, ..uridiff::bench::Config::quick() };
/// let m = uridiff::bench::measure(&cfg);
/// let imp = m.results.iter().find(|f| f.parser == "impl" && f.op == "parse").unwrap();
/// assert_eq!(imp.ratio_to_impl, Some(1.0));
/// assert_eq!(imp.accepted, 20);
/// ```
pub fn measure(cfg: &Config) -> Measurement {
    let uris = crate::gen::realistic(cfg.seed, cfg.count);
    let refs = references(&uris);
    let bytes = |c: &[Vec<u8>]| c.iter().map(Vec::len).sum::<usize>();
    let peers: Vec<Peer> = peers()
        .into_iter()
        .filter(|p| {
            p.name == "impl" || cfg.parsers.is_empty() || cfg.parsers.iter().any(|n| n == p.name)
        })
        .collect();
    struct Pair<'a> {
        peer: &'a Peer,
        op: Op,
        run: Run<'a>,
        corpus: &'a [Vec<u8>],
        samples: Vec<Duration>,
        accepted: usize,
    }
    let mut pairs: Vec<Pair<'_>> = OPS
        .iter()
        .flat_map(|&op| peers.iter().map(move |p| (p, op)))
        .filter_map(|(peer, op)| {
            Some(Pair {
                peer,
                op,
                run: peer.op(op, BASE)?,
                corpus: if op == Op::Resolve { &refs } else { &uris },
                samples: Vec::new(),
                accepted: 0,
            })
        })
        .collect();
    let n = pairs.len();
    // Round 0 warms caches and allocators and is not kept.
    for round in 0..=cfg.rounds {
        for k in 0..n {
            let pair = &mut pairs[(k + round) % n];
            let start = Instant::now();
            let mut accepted = 0;
            for input in pair.corpus {
                accepted += usize::from((pair.run)(black_box(input)));
            }
            let took = start.elapsed();
            pair.accepted = accepted;
            if round > 0 {
                pair.samples.push(took);
            }
        }
    }
    let count = uris.len().max(1) as f64;
    let mut results: Vec<Figure> = pairs
        .iter()
        .map(|p| {
            let mut ns: Vec<f64> = p
                .samples
                .iter()
                .map(|d| d.as_nanos() as f64 / count)
                .collect();
            ns.sort_by(f64::total_cmp);
            let median = median(&ns);
            let (min, max) = (
                ns.first().copied().unwrap_or(0.0),
                ns.last().copied().unwrap_or(0.0),
            );
            let corpus_bytes = bytes(p.corpus) as f64;
            Figure {
                parser: p.peer.name.to_owned(),
                op: p.op.name().to_owned(),
                ns_per_uri: median,
                ns_per_uri_min: min,
                ns_per_uri_max: max,
                spread_pct: if median > 0.0 {
                    (max - min) / median * 100.0
                } else {
                    0.0
                },
                mb_per_s: if median > 0.0 {
                    corpus_bytes / (median * count) * 1e3
                } else {
                    0.0
                },
                ratio_to_impl: None,
                accepted: p.accepted,
                note: if p.op == Op::Resolve {
                    p.peer.resolve_note.to_owned()
                } else {
                    String::new()
                },
            }
        })
        .collect();
    for op in OPS {
        let reference = results
            .iter()
            .find(|f| f.parser == "impl" && f.op == op.name())
            .map(|f| f.ns_per_uri);
        for f in results.iter_mut().filter(|f| f.op == op.name()) {
            f.ratio_to_impl = reference.filter(|r| *r > 0.0).map(|r| f.ns_per_uri / r);
        }
    }
    Measurement {
        corpus: CorpusInfo {
            generator: "gen::realistic".into(),
            seed: cfg.seed,
            count: uris.len(),
            bytes: bytes(&uris),
            base: BASE.into(),
        },
        rounds: cfg.rounds,
        results,
    }
}

fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The engine's own speed: parse tasks through every in-process adapter via [`Engine::run`].
#[derive(Clone, Debug, Serialize)]
pub struct EngineThroughput {
    /// The subjects the tasks went through.
    pub subjects: Vec<String>,
    /// How many tasks (each goes to every subject).
    pub tasks: usize,
    /// Worker threads (rayon's).
    pub threads: usize,
    /// Wall-clock seconds of the fastest of the runs.
    pub seconds: f64,
    /// Subject calls (task x subject) per second.
    pub parser_inputs_per_s: f64,
    /// The same per thread.
    pub parser_inputs_per_s_per_core: f64,
}

/// Runs `tasks` realistic parse tasks through [`Engine::run`] with `subjects` (impl is added
/// when missing), `runs` times, and keeps the fastest.
///
/// ```
/// let t = uridiff::bench::engine_throughput(uridiff::subjects::in_process(), 1, 50, 1);
/// assert_eq!(t.tasks, 50);
/// assert!(t.subjects.contains(&"impl".to_owned()));
/// ```
pub fn engine_throughput(
    subjects: Vec<Arc<dyn Subject>>,
    seed: u64,
    tasks: usize,
    runs: usize,
) -> EngineThroughput {
    let engine = Engine::new(subjects);
    let tasks: Vec<Task> = crate::gen::realistic(seed, tasks)
        .into_iter()
        .map(|u| Task::parse(u, "bench"))
        .collect();
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        black_box(engine.run(&tasks, &|| {}));
        best = best.min(start.elapsed());
    }
    let subjects: Vec<String> = engine.infos().iter().map(|i| i.name.clone()).collect();
    let threads = rayon::current_num_threads();
    let calls = (tasks.len() * subjects.len()) as f64;
    let per_s = calls / best.as_secs_f64().max(1e-9);
    EngineThroughput {
        subjects,
        tasks: tasks.len(),
        threads,
        seconds: best.as_secs_f64(),
        parser_inputs_per_s: per_s,
        parser_inputs_per_s_per_core: per_s / threads.max(1) as f64,
    }
}

/// A worker measured both ways.
#[derive(Clone, Debug, Serialize)]
pub struct ExternalSpeedup {
    /// The worker.
    pub worker: String,
    /// Inputs sent to the persistent worker (after its handshake and one warm-up input).
    pub persistent_inputs: usize,
    /// Microseconds per input, persistent.
    pub persistent_us_per_input: f64,
    /// Inputs each given to a freshly started worker.
    pub spawned_inputs: usize,
    /// Microseconds per input when a worker is started (and its handshake awaited) for each.
    pub spawn_us_per_input: f64,
    /// How many times faster the persistent worker is.
    pub speedup: f64,
}

/// Why a worker could not be measured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("worker {worker} is not available: {why}")]
pub struct Unavailable {
    /// The worker.
    pub worker: String,
    /// Its reason.
    pub why: String,
}

/// Measures an external worker in persistent mode (one process for `persistent` inputs) against
/// one process per input (`spawned` inputs, `make` called for each). The first persistent
/// answer (the worker's start) is not counted.
///
/// # Errors
///
/// [`Unavailable`] when the worker cannot start.
pub fn external_speedup(
    make: &dyn Fn() -> Arc<dyn Subject>,
    seed: u64,
    persistent: usize,
    spawned: usize,
) -> Result<ExternalSpeedup, Unavailable> {
    let inputs = crate::gen::realistic(seed, persistent.max(spawned).max(1));
    let worker = make();
    let name = worker.info().name.clone();
    worker.available().map_err(|why| Unavailable {
        worker: name.clone(),
        why,
    })?;
    black_box(subjects::run(
        worker.as_ref(),
        &subjects::Job::parse(&inputs[0]),
    ));
    let start = Instant::now();
    for input in inputs.iter().cycle().take(persistent.max(1)) {
        black_box(subjects::run(worker.as_ref(), &subjects::Job::parse(input)));
    }
    let persistent_us = start.elapsed().as_secs_f64() * 1e6 / persistent.max(1) as f64;
    drop(worker);
    let start = Instant::now();
    for input in inputs.iter().take(spawned.max(1)) {
        let fresh = make();
        black_box(subjects::run(fresh.as_ref(), &subjects::Job::parse(input)));
    }
    let spawn_us = start.elapsed().as_secs_f64() * 1e6 / spawned.max(1) as f64;
    Ok(ExternalSpeedup {
        worker: name,
        persistent_inputs: persistent.max(1),
        persistent_us_per_input: persistent_us,
        spawned_inputs: spawned.max(1),
        spawn_us_per_input: spawn_us,
        speedup: spawn_us / persistent_us.max(1e-9),
    })
}

/// Where and when a measurement ran.
#[derive(Clone, Debug, Serialize)]
pub struct Machine {
    /// UTC time of the run (RFC 3339).
    pub date: String,
    /// Logical CPUs (`nproc`).
    pub nproc: usize,
    /// The CPU model (`/proc/cpuinfo`'s `model name`), or `unknown`.
    pub cpu: String,
    /// The operating system and architecture.
    pub os: String,
}

impl Machine {
    /// This machine, now.
    ///
    /// ```
    /// let m = uridiff::bench::Machine::here();
    /// assert!(m.nproc >= 1);
    /// assert!(m.date.ends_with('Z'));
    /// ```
    pub fn here() -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        Machine {
            date: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            nproc: std::thread::available_parallelism().map_or(1, usize::from),
            cpu,
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        }
    }
}

/// Everything `uridiff bench` measured (`bench.json`, schema 1).
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// The JSON schema version.
    pub schema: u32,
    /// Where and when.
    pub machine: Machine,
    /// Whether this was a `--quick` run.
    pub quick: bool,
    /// The per-parser figures.
    #[serde(flatten)]
    pub measurement: Measurement,
    /// The engine's throughput: with every in-process subject, then without the grammar
    /// recognizer (a deliberately naive oracle that dominates the first figure).
    pub engine: Vec<EngineThroughput>,
    /// External workers, persistent against one process per input.
    pub external: Vec<ExternalSpeedup>,
    /// Workers that could not be measured, and why.
    pub external_unavailable: Vec<String>,
}

/// Writes the figures as a plain-text table, then the engine and worker lines.
///
/// # Errors
///
/// Those of `out`.
pub fn write_table(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    writeln!(
        out,
        "{} URIs (gen::realistic, seed {}, {} bytes), {} interleaved rounds, medians; {} ({} CPUs), {}",
        r.measurement.corpus.count,
        r.measurement.corpus.seed,
        r.measurement.corpus.bytes,
        r.measurement.rounds,
        r.machine.cpu,
        r.machine.nproc,
        r.machine.date
    )?;
    writeln!(
        out,
        "{:<15} {:<10} {:>10} {:>9} {:>9} {:>9}",
        "parser", "op", "ns/URI", "spread", "MB/s", "x impl"
    )?;
    for f in &r.measurement.results {
        writeln!(
            out,
            "{:<15} {:<10} {:>10.0} {:>8.0}% {:>9.1} {:>9}",
            f.parser,
            f.op,
            f.ns_per_uri,
            f.spread_pct,
            f.mb_per_s,
            ratio(f.ratio_to_impl)
        )?;
    }
    for e in &r.engine {
        writeln!(
        out,
        "engine: {} parse tasks x {} in-process subjects in {:.3} s on {} threads: {:.0} parser-inputs/s ({:.0} per core)",
        e.tasks,
        e.subjects.len(),
        e.seconds,
        e.threads,
        e.parser_inputs_per_s,
        e.parser_inputs_per_s_per_core
    )?;
    }
    for x in &r.external {
        writeln!(
            out,
            "external {}: persistent {:.1} us/input ({} inputs), one process per input {:.0} us/input ({} inputs): {:.0}x",
            x.worker,
            x.persistent_us_per_input,
            x.persistent_inputs,
            x.spawn_us_per_input,
            x.spawned_inputs,
            x.speedup
        )?;
    }
    for why in &r.external_unavailable {
        writeln!(out, "external: {why}")?;
    }
    Ok(())
}

fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_owned(), |r| format!("{r:.2}"))
}

/// Writes `bench.md`: the machine at its head, one table per operation, the engine and the
/// workers.
///
/// # Errors
///
/// Those of `out`.
pub fn write_markdown(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    let m = &r.machine;
    writeln!(out, "# uridiff bench\n")?;
    writeln!(out, "- date: {}", m.date)?;
    writeln!(out, "- machine: {} (`nproc` {}), {}", m.cpu, m.nproc, m.os)?;
    writeln!(
        out,
        "- corpus: {} URIs from `gen::realistic` (seed {}), {} bytes; `resolve` against `{}` on references made from them (`bench::references`)",
        r.measurement.corpus.count, r.measurement.corpus.seed, r.measurement.corpus.bytes, r.measurement.corpus.base
    )?;
    writeln!(
        out,
        "- method: {} interleaved rounds (every parser once per round, order rotated), median per URI; spread is the rounds' range over the median{}",
        r.measurement.rounds,
        if r.quick { "; a --quick run" } else { "" }
    )?;
    writeln!(
        out,
        "- command: `uridiff bench --out reports/` (release build)\n"
    )?;
    writeln!(out, "![ns per URI](bench.svg)\n")?;
    for op in OPS {
        let rows: Vec<&Figure> = r
            .measurement
            .results
            .iter()
            .filter(|f| f.op == op.name())
            .collect();
        if rows.is_empty() {
            continue;
        }
        writeln!(out, "## {}\n", op.name())?;
        writeln!(
            out,
            "| parser | ns/URI | spread | MB/s | ratio to impl | accepted | note |"
        )?;
        writeln!(out, "|---|---:|---:|---:|---:|---:|---|")?;
        for f in rows {
            writeln!(
                out,
                "| {} | {:.0} | {:.0}% | {:.1} | {} | {} | {} |",
                f.parser,
                f.ns_per_uri,
                f.spread_pct,
                f.mb_per_s,
                ratio(f.ratio_to_impl),
                f.accepted,
                f.note
            )?;
        }
        writeln!(out)?;
    }
    writeln!(out, "## The engine\n")?;
    for e in &r.engine {
        writeln!(
        out,
        "{} realistic parse tasks through `Engine::run` with {} in-process subjects ({}) on {} threads: {:.3} s, **{:.0} parser-inputs per second, {:.0} per core** (target: at least 100,000 per core).\n",
        e.tasks,
        e.subjects.len(),
        e.subjects.join(", "),
        e.threads,
        e.seconds,
        e.parser_inputs_per_s,
        e.parser_inputs_per_s_per_core
    )?;
    }
    writeln!(out, "## External workers\n")?;
    if r.external.is_empty() && r.external_unavailable.is_empty() {
        writeln!(out, "Not measured (`--no-external`).")?;
    }
    for x in &r.external {
        writeln!(
            out,
            "`{}`: persistent {:.1} µs per input ({} inputs to one process); one process per input {:.0} µs ({} inputs): **{:.0} times faster** persistent (target: at least 50).",
            x.worker, x.persistent_us_per_input, x.persistent_inputs, x.spawn_us_per_input, x.spawned_inputs, x.speedup
        )?;
    }
    for why in &r.external_unavailable {
        writeln!(out, "{why}")?;
    }
    Ok(())
}

/// Writes `bench.svg`: one horizontal bar per parser and operation, the length its ns per URI
/// (one scale per operation), labelled with the figure and its ratio to impl. A self-contained
/// SVG document: no script, no external reference.
///
/// # Errors
///
/// Those of `out`.
pub fn write_svg(out: &mut dyn Write, r: &BenchReport) -> io::Result<()> {
    const BAR: usize = 18;
    const GAP: usize = 4;
    const LEFT: usize = 130;
    const WIDTH: usize = 780;
    const SCALE: f64 = 440.0;
    let mut body = String::new();
    let mut y = 10;
    for op in OPS {
        let rows: Vec<&Figure> = r
            .measurement
            .results
            .iter()
            .filter(|f| f.op == op.name())
            .collect();
        if rows.is_empty() {
            continue;
        }
        // One scale per operation, up to ten times impl's figure: a bar beyond that (the
        // grammar recognizer's) is drawn full length and marked off scale, so that it does not
        // flatten every other bar.
        let cap = rows
            .iter()
            .find(|f| f.parser == "impl")
            .map_or(f64::INFINITY, |f| f.ns_per_uri * 10.0);
        let max = rows
            .iter()
            .map(|f| f.ns_per_uri)
            .filter(|&ns| ns <= cap)
            .fold(0.0, f64::max)
            .max(1.0);
        y += 16;
        body.push_str(&format!(
            "<text x=\"4\" y=\"{y}\" font-weight=\"bold\">{} (ns per URI)</text>\n",
            op.name()
        ));
        y += 8;
        for f in rows {
            let off_scale = f.ns_per_uri > max;
            let w = (f.ns_per_uri.min(max) / max * SCALE).max(1.0);
            let fill = if f.parser == "impl" {
                "#c0392b"
            } else {
                "#2e86c1"
            };
            body.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><rect x=\"{LEFT}\" y=\"{y}\" width=\"{w:.1}\" height=\"{BAR}\" fill=\"{fill}\"/><text x=\"{:.1}\" y=\"{}\">{:.0} ({}x impl){}</text>\n",
                LEFT - 6,
                y + 13,
                esc(&f.parser),
                LEFT as f64 + w + 4.0,
                y + 13,
                f.ns_per_uri,
                ratio(f.ratio_to_impl),
                if off_scale { ", off scale" } else { "" }
            ));
            y += BAR + GAP;
        }
    }
    y += 10;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{y}\" viewBox=\"0 0 {WIDTH} {y}\" font-family=\"sans-serif\" font-size=\"12\">"
    )?;
    writeln!(
        out,
        "<title>uridiff bench, {}, {} ({} CPUs)</title>",
        esc(&r.machine.date),
        esc(&r.machine.cpu),
        r.machine.nproc
    )?;
    out.write_all(body.as_bytes())?;
    writeln!(out, "</svg>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_peer_is_an_in_process_subject_with_the_same_operations() {
        let subjects = subjects::in_process();
        for p in peers() {
            let s = subjects
                .iter()
                .find(|s| s.info().name == p.name)
                .unwrap_or_else(|| panic!("{} is no subject", p.name));
            for op in OPS {
                assert_eq!(
                    s.info().operations.contains(op),
                    p.has(op),
                    "{} {op}",
                    p.name
                );
            }
        }
    }

    #[test]
    fn peers_accept_a_plain_uri_and_resolve_against_the_base() {
        for p in peers() {
            for op in OPS {
                if let Some(run) = p.op(op, BASE) {
                    assert!(run(b"http://example.com/a/b?c#d"), "{} {op}", p.name);
                }
            }
            if p.name != "oracle-regex" {
                let parse = p.op(Op::Parse, BASE).unwrap();
                assert!(!parse(b"http://a b/\x7f"), "{} accepts a space", p.name);
            }
        }
    }

    #[test]
    fn shapes_have_the_asked_length_at_every_size() {
        for shape in Shape::ALL {
            for len in [1000, 1024, 4099, 1 << 20] {
                assert_eq!(shape.input(len).len(), len, "{} {len}", shape.name());
            }
        }
        // The dot-segment input really is thousands of dot segments.
        let dots = Shape::DotSegments.input(1 << 16);
        assert!(dots.windows(4).filter(|w| w == b"/../").count() > 5000);
    }

    #[test]
    fn the_svg_is_one_self_contained_document() {
        let m = measure(&Config {
            count: 5,
            rounds: 1,
            parsers: vec!["url".into()],
            ..Config::quick()
        });
        let r = BenchReport {
            schema: 1,
            machine: Machine::here(),
            quick: true,
            measurement: m,
            engine: vec![engine_throughput(subjects::in_process(), 1, 5, 1)],
            external: Vec::new(),
            external_unavailable: Vec::new(),
        };
        let mut svg = Vec::new();
        write_svg(&mut svg, &r).unwrap();
        let svg = String::from_utf8(svg).unwrap();
        assert!(svg.starts_with("<svg xmlns="));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert!(!svg.contains("href"));
        assert_eq!(svg.matches("<rect").count(), r.measurement.results.len());
        let mut md = Vec::new();
        write_markdown(&mut md, &r).unwrap();
        let md = String::from_utf8(md).unwrap();
        assert!(md.contains("| url |"));
        assert!(md.contains(&r.machine.date));
    }
}
