//! Command-line definitions (clap derive) and the thin functions behind each subcommand.
//!
//! Exit codes, grep-style: 0 yes/valid/clean, 1 the answer is no (invalid input, not equivalent,
//! a failing case), 2 a usage or I/O error, 3 no answer for some input and no "no" for any
//! (`equivalent`: an operand is not a URI-reference; `oracle`: an input too long to decide;
//! `report`, `diff`: a parser crashed or a worker misbehaved).

mod bench;
mod ci;
mod diff;
mod fuzz;
mod hint;
mod inputs;
mod normalize;
mod oracle;
mod parse;
mod parsers;
mod report;
mod resolve;
mod subjects;
mod suite;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use uri_spec::Edition;

/// Differential conformance testing of URI parsers against every edition of the URI
/// specification (1994 to RFC 3986).
#[derive(Debug, Parser)]
#[command(name = "uridiff", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The main job: every suite and a generated corpus through every available parser, written
    /// to --out (default reports/) as index.html, summary.md, discrepancies.json and junit.xml.
    ///
    /// Exits 0, or 3 if a parser crashed: an in-process parser panicked, or a worker timed out,
    /// exited, broke the protocol or was given up on after failing requests in a row (each a
    /// crash-* class in the report, crash-dead with the reason for a worker given up on; its
    /// remaining jobs are not run). The report is complete for every other parser. In CI, treat 3
    /// as a failure when the crashed parser is the one you maintain (fix the crash, or its
    /// worker); otherwise keep the report and read its crash classes.
    Report(ReportArgs),
    /// The CI gate: run what `report` runs and compare, for each parser under test, every job on
    /// which it deviates from its reference (and a digest of its answer) with a baseline file.
    ///
    /// The file's header records the uridiff version with digests of its rules and default
    /// corpus, the seed, count, editions and each parser under test with its version and
    /// profile; then each class heads the jobs (id, answer digest, the input shown) on which it
    /// shows. Exits 1 on a new deviating job, a changed answer and a stale line (each printed
    /// with the `uridiff diff` command that shows it); 2 on a malformed baseline
    /// (file:line:column), one from another uridiff or another run (which field differs), or a parser under
    /// test that cannot run (or stops running during the run: a worker given up on after
    /// failing request after request). --write-baseline writes the file instead.
    Check(CheckArgs),
    /// Every parser's outcome on each INPUT side by side (parse; resolve with --base), marking
    /// where each differs from impl.
    ///
    /// Exits 0 when none differs (or every difference is by design), 1 when one does, 3 when a
    /// parser crashed (a panic, or a worker that timed out, exited or broke the protocol).
    Diff(DiffArgs),
    /// List every parser: version, profile, kind, operations, components, availability.
    Parsers(ParsersArgs),
    /// Parse each INPUT as a URI-reference and show its components (or the error and its offset).
    ///
    /// Exits 1 if any input is invalid. `-` reads one input per line from standard input.
    Parse(ParseArgs),
    /// Resolve each REF against BASE (RFC 3986 section 5.2). Exits 1 if an input is invalid.
    ///
    /// `-` as BASE or as a REF reads one per line from standard input (not both). Under
    /// `--edition all`, 1994 (no relative references) is shown as not applicable.
    Resolve(ResolveArgs),
    /// Normalize each INPUT: syntax-based (6.2.2), and scheme-based (6.2.3) with --scheme-based.
    ///
    /// Exits 1 if an input is invalid.
    Normalize(NormalizeArgs),
    /// Say whether A and B are equivalent after 6.2.2 and 6.2.3 normalization.
    ///
    /// Exits 0 if equivalent, 1 if not, 3 if an operand is not a URI-reference (and no pair was
    /// "not equivalent"). `-` as A or B compares each line of standard input with the other.
    Equivalent(EquivalentArgs),
    /// Ask the oracles: the Appendix B groups $1..$9 and components, and the grammar's verdict.
    ///
    /// The verdict is the document's reading (its first-match rules); --membership asks for pure
    /// grammar membership instead. Exits 1 if any input is not valid, else 3 if an input was too
    /// long to decide (`too-long`).
    Oracle(OracleArgs),
    /// Run YAML suites (files or folders; default: the suites built into uridiff) and WHATWG URL
    /// test-data files (--whatwg), and end with `N passed, M failed`.
    ///
    /// Exits 1 on a failing case, 2 on an unreadable or malformed suite or test-data entry, or
    /// when no case is selected.
    Suite(SuiteArgs),
    /// A fuzzing campaign: generated inputs through every selected parser for --seconds, each
    /// new discrepancy signature minimized and appended at once to DIR/findings.jsonl. Run again
    /// on the same --out, it resumes. --merge DIR... merges campaigns' findings into --out.
    ///
    /// Exits 0, 1 when a worker died for good during the campaign (its death is a crash-dead
    /// finding), or 2 on an unwritable --out or a bad --shard.
    Fuzz(FuzzArgs),
    /// Turn findings (a findings.jsonl) into YAML suite cases that `uridiff suite` runs: expect
    /// is what impl answered, the note records every parser's outcome.
    Promote(PromoteArgs),
    /// Every in-process parser's speed side by side (ns per URI, MB/s, ratio to impl) from
    /// interleaved rounds over the realistic corpus, the engine's throughput, and an external
    /// worker persistent against one process per input. --out DIR also writes bench.md,
    /// bench.json and bench.svg there.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct FuzzArgs {
    /// How long to run, in seconds.
    #[arg(long, value_name = "N", default_value_t = 60)]
    seconds: u64,
    /// Stop after this many inputs in this run (exactly: the last batch is cut to fit), if
    /// --seconds has not run out first.
    #[arg(long, value_name = "N")]
    inputs: Option<u64>,
    /// The generator's seed (default: the folder's campaign, else 1).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Run only the inputs whose index k has k mod N = I (default: the folder's, else 0/1).
    #[arg(long, value_name = "I/N", value_parser = fuzz::shard)]
    shard: Option<uridiff::campaign::Shard>,
    /// The campaign folder: findings.jsonl and state.json.
    #[arg(long, value_name = "DIR", default_value = "fuzz-campaign")]
    out: PathBuf,
    /// Merge the findings of these campaign folders into --out instead of running.
    #[arg(long, value_name = "DIR", num_args = 1..)]
    merge: Vec<PathBuf>,
    /// Exit 1 when the campaign's findings hold an unexplained class that this baseline does
    /// not: a previous campaign's folder or its findings.jsonl (update it with --merge).
    #[arg(long, value_name = "BASELINE")]
    fail_on_new: Option<PathBuf>,
    /// Subject runs spent minimizing each new signature's example.
    #[arg(long, value_name = "RUNS", default_value_t = 120)]
    budget: usize,
    /// Findings of one (parser, class, operation) group a run minimizes at most, looking for
    /// forms of it not seen yet (a new signature is known only once its example is minimized).
    /// More collects more forms of the behaviours already found, at fewer inputs a second while
    /// the groups fill; the limit is a run's, so a resumed campaign looks again
    #[arg(long, value_name = "N", default_value_t = uridiff::campaign::MINIMIZED_PER_GROUP as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    minimize_per_group: u64,
    /// Blind generation: ask no worker for coverage, keep no corpus (DIR/corpus.jsonl), draw no
    /// input from one. Without it, workers that declare coverage are asked for it, an input
    /// that reaches library code new to some parser is kept, and half the inputs mutate those.
    #[arg(long)]
    blind: bool,
    /// Blind generation with coverage measured: workers are asked for coverage and the corpus
    /// is kept (so the end of the run and `report --campaign` say what was reached), but every
    /// input is the blind campaign's, none drawn from the corpus: set beside a guided campaign
    /// of the same seed and seconds, it shows what the guidance adds.
    #[arg(long, conflicts_with = "blind")]
    coverage_only: bool,
    /// Guide by the in-process Rust parsers' coverage too (url, http, fluent-uri, iri-string,
    /// oxiri, iref, uriparse): their covered build is made once into the cache by cargo (two to
    /// three minutes, offline, from the crates in its registry). Without it only the workers
    /// that declare coverage are asked, and a campaign of in-process parsers alone runs as blind
    /// ones do, the same inputs for the same seed whatever the timing.
    #[arg(long, conflicts_with = "blind")]
    rust_coverage: bool,
    /// No progress: neither the bar (on a terminal: time left, rate, classes by severity) nor,
    /// when standard error is not a terminal or under CI, the status line every 30 seconds.
    #[arg(long, short)]
    quiet: bool,
    /// Print one JSON document on standard output instead of the text (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    subjects: subjects::SubjectArgs,
}

#[derive(Debug, Args)]
struct PromoteArgs {
    /// The findings file (DIR/findings.jsonl of a campaign).
    #[arg(value_name = "FINDINGS")]
    findings: PathBuf,
    /// Append the cases to this suite file (created with a header if missing) instead of
    /// printing a whole suite.
    #[arg(long, value_name = "FILE")]
    to: Option<PathBuf>,
    /// Promote only the findings with this signature key or case id (repeatable; default all).
    #[arg(long, value_name = "KEY")]
    select: Vec<String>,
    /// Print one JSON document on standard output (schema 1): the counts, the case ids, and
    /// the suite text when there is no --to.
    #[arg(long)]
    json: bool,
}

/// `--edition`: one edition id, or `all` where a command supports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EditionArg {
    One(Edition),
    All,
}

impl EditionArg {
    fn editions(self) -> Vec<Edition> {
        match self {
            EditionArg::One(e) => vec![e],
            EditionArg::All => Edition::ALL.to_vec(),
        }
    }
}

fn edition_or_all(s: &str) -> Result<EditionArg, String> {
    if s == "all" {
        return Ok(EditionArg::All);
    }
    s.parse()
        .map(EditionArg::One)
        .map_err(|e: uri_spec::UnknownEdition| format!("{e}, or all"))
}

fn one_edition(s: &str) -> Result<Edition, String> {
    s.parse()
        .map_err(|e: uri_spec::UnknownEdition| e.to_string())
}

#[derive(Debug, Args)]
struct ParseArgs {
    /// The edition whose grammar applies (an id, or `all` for every edition side by side).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = edition_or_all)]
    edition: EditionArg,
    /// The grammar rule to match (default: the edition's URI-reference rule).
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,
    /// One JSON object per line (schema 1; docs/src/json.md).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The inputs; `-` reads one per line from standard input.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Debug, Args)]
struct ResolveArgs {
    /// The edition whose resolution procedure applies (an id, or `all`).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = edition_or_all)]
    edition: EditionArg,
    /// The non-strict reading of 5.2.2: ignore a reference's scheme equal to the base's
    /// (2003 and RFC 3986 only).
    #[arg(long)]
    non_strict: bool,
    /// 2003 only: what to do with ".." left above the root (section 5.2 step 7; default remove).
    #[arg(long, value_name = "WHAT")]
    above_root: Option<AboveRoot>,
    /// 2003 only: follow the pseudocode (no dot-segment removal for a path beginning with "/")
    /// instead of the example table (`/./g` gives `http://a/g`).
    #[arg(long)]
    pseudocode: bool,
    /// One JSON object per line (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The base URI; `-` reads one per line from standard input.
    #[arg(value_name = "BASE")]
    base: OsString,
    /// The references; `-` reads one per line from standard input.
    #[arg(required = true, value_name = "REF")]
    references: Vec<OsString>,
}

/// `--above-root`: 2003's two permitted handlings of a leftover "..".
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum AboveRoot {
    /// Discard the ".." segments (what the document's table prints).
    Remove,
    /// Refuse the reference.
    Error,
}

#[derive(Debug, Args)]
struct NormalizeArgs {
    /// Also apply scheme-based normalization (6.2.3): default ports, empty port, empty path.
    #[arg(long)]
    scheme_based: bool,
    /// The edition whose grammar and unreserved set apply (an id, or `all`).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = edition_or_all)]
    edition: EditionArg,
    /// One JSON object per line (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The inputs; `-` reads one per line from standard input.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Debug, Args)]
struct EquivalentArgs {
    /// The edition whose grammar and unreserved set apply (an id, or `all`).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = edition_or_all)]
    edition: EditionArg,
    /// One JSON object per line (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The first URI; `-` reads one per line from standard input.
    a: OsString,
    /// The second URI; `-` reads one per line from standard input (not with A `-`).
    b: OsString,
}

#[derive(Debug, Args)]
struct OracleArgs {
    /// The edition whose grammar and component names apply (an id, or `all`).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = edition_or_all)]
    edition: EditionArg,
    /// The grammar rule to match (default: the edition's URI-reference rule).
    #[arg(long, value_name = "NAME")]
    rule: Option<String>,
    /// Pure grammar membership instead of the document's reading.
    #[arg(long)]
    membership: bool,
    /// One JSON object per input (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The inputs; `-` reads one per line from standard input.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Debug, Args)]
struct SuiteArgs {
    /// The parser to run the cases against: impl, oracle-regex (components of valid inputs),
    /// oracle-grammar (valid against invalid), any other of `uridiff parsers`, or a worker added
    /// with --external. YAML suites take one (default impl); --whatwg files take any number
    /// (default: every available parser of profile whatwg-url).
    #[arg(long = "parser", value_name = "NAME")]
    parsers: Vec<String>,
    /// A WHATWG URL test-data file (the format of web-platform-tests' urltestdata.json) to score
    /// the parsers on (repeatable). Without PATH, no YAML suite runs.
    #[arg(long, value_name = "FILE")]
    whatwg: Vec<PathBuf>,
    /// Add an external worker speaking the JSON-lines protocol (docs/src/workers.md):
    /// NAME=COMMAND, the command run by `sh -c`; run the suites against it with --parser NAME.
    #[arg(long = "external", value_name = "NAME=COMMAND")]
    external: Vec<String>,
    /// Per-request timeout for external workers, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    timeout_ms: u64,
    /// Run only the cases whose id, section, input, label or note contains this text.
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Also print passing and skipped cases.
    #[arg(short, long)]
    verbose: bool,
    /// One JSON object per case, then one for the totals (schema 1).
    #[arg(long)]
    json: bool,
    /// Also write every case as JUnit XML to FILE (test names are the stable case ids).
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Suite files or folders: these alone run (default: the suites built into uridiff, unless
    /// --whatwg is given).
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct ParsersArgs {
    /// One JSON object per parser (schema 1); with --rules, one document (schemas/rules.schema.json).
    #[arg(long)]
    json: bool,
    /// List every profile rule instead: its id, owner and prose, and how many findings it
    /// explained on `report`'s default run (which this runs, without writing a report); the
    /// rules that never fired are listed last.
    #[arg(long)]
    rules: bool,
    #[command(flatten)]
    subjects: subjects::SubjectArgs,
}

#[derive(Debug, Args)]
struct DiffArgs {
    /// Resolve each INPUT against this base instead of parsing it.
    #[arg(long, value_name = "URI")]
    base: Option<OsString>,
    /// The edition impl and the oracles follow (the others answer under their profile).
    #[arg(long, value_name = "ID", default_value = "rfc3986", value_parser = one_edition)]
    edition: Edition,
    /// One JSON object per input (schema 1).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    subjects: subjects::SubjectArgs,
    #[command(flatten)]
    stdin: inputs::StdinArgs,
    /// The inputs; `-` reads one per line from standard input.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<OsString>,
}

/// What `report` and `check` run: the suites and a generated corpus.
#[derive(Debug, Args)]
struct CorpusArgs {
    /// The generator's seed: the same seed and parser versions give the same report.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// How many inputs to generate.
    #[arg(long, value_name = "N", default_value_t = uridiff::generate::DEFAULT_COUNT)]
    count: usize,
    /// Leave out the boundary set (every ASCII byte first in and inside each component, in
    /// parse inputs and resolution references; `uridiff::generate::boundary`), which the generated
    /// jobs include by default.
    #[arg(long)]
    no_boundary: bool,
    /// Subject runs per class spent minimizing its example.
    #[arg(long, value_name = "RUNS", default_value_t = 120)]
    budget: usize,
    /// Seconds spent minimizing the URL-confusion classes' examples once the classes' own
    /// minimization is done (they start beside it), most severe first (those past the limit
    /// keep a larger example and say `minimized: false`).
    #[arg(long, value_name = "S", default_value_t = 20)]
    confusion_seconds: u64,
    #[command(flatten)]
    suites: suite::SuiteSources,
    /// A WHATWG URL test-data file (urltestdata.json's format): its entries join the jobs, and
    /// the WHATWG reference and every WHATWG parser are scored on it. Repeatable.
    #[arg(long, value_name = "FILE")]
    whatwg: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct ReportArgs {
    /// The folder the report is written to.
    #[arg(long, value_name = "DIR", default_value = "reports")]
    out: PathBuf,
    /// No progress bar (there is none when standard error is not a terminal, or under CI).
    #[arg(long, short)]
    quiet: bool,
    /// Report on a campaign folder's findings (each one's example and first-seen input)
    /// instead of a generated corpus; the suites run as usual (--no-builtin-suites for the
    /// campaign's classes alone).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["seed", "count"])]
    campaign: Option<PathBuf>,
    #[command(flatten)]
    corpus: CorpusArgs,
    #[command(flatten)]
    subjects: subjects::SubjectArgs,
    #[command(flatten)]
    ci: ci::CiArgs,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The baseline: every job a parser under test deviates on, by class.
    #[arg(long, value_name = "FILE")]
    baseline: PathBuf,
    /// Write the baseline from this run instead of checking.
    #[arg(long)]
    write_baseline: bool,
    /// A parser under test (repeatable; default: every available parser but impl and the two
    /// oracles). Only these change the verdict: the others are bystanders.
    #[arg(long = "under-test", value_name = "NAME")]
    under_test: Vec<String>,
    #[command(flatten)]
    corpus: CorpusArgs,
    #[command(flatten)]
    subjects: subjects::SubjectArgs,
    #[command(flatten)]
    ci: ci::CiArgs,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// A short run: 10,000 URIs, 5 rounds, fewer worker calls.
    #[arg(long)]
    quick: bool,
    /// The results as one JSON document (schema 1; schemas/bench.schema.json).
    #[arg(long)]
    json: bool,
    /// Measure only this parser (repeatable; impl is always measured, as the reference).
    #[arg(long = "parser", value_name = "NAME")]
    parsers: Vec<String>,
    /// Measure no external worker.
    #[arg(long)]
    no_external: bool,
    /// Also measure this worker, persistent against one process per input: NAME=COMMAND, the
    /// command run by `sh -c` (repeatable).
    #[arg(long = "external", value_name = "NAME=COMMAND")]
    external: Vec<String>,
    /// Also write bench.md, bench.json and bench.svg into this folder.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// How many realistic URIs (default 100,000; 10,000 with --quick).
    #[arg(long, value_name = "N", hide = true)]
    count: Option<usize>,
    /// How many measured rounds (default 15; 5 with --quick).
    #[arg(long, value_name = "N", hide = true)]
    rounds: Option<usize>,
    /// Also measure the harness itself: a report run and fuzz campaigns, in process, written
    /// as the `harness` section.
    #[arg(long)]
    harness: bool,
    /// With --harness: one report run per count of generated inputs (comma-separated, e.g.
    /// 3000,30000,100000).
    #[arg(
        long,
        value_name = "N,...",
        value_delimiter = ',',
        default_value = "3000"
    )]
    harness_inputs: Vec<usize>,
    /// With --harness: seconds each fuzz campaign runs (through every available parser, then
    /// the in-process ones only).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    harness_seconds: f64,
    /// With --harness: run the report and the first campaign through this parser only
    /// (repeatable; default every available one). `uridiff parsers` lists them.
    #[arg(long = "harness-parser", value_name = "NAME")]
    harness_parsers: Vec<String>,
    /// With --harness: the cores the runs plan for (default: the machine's), as `report
    /// --cores`: a worker dearer than a core's share of the run runs as several processes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    harness_cores: Option<u16>,
}

/// Runs the parsed command.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    // A terminal sees each answer as soon as it is written (standard output is line-buffered
    // there); a pipe gets them in blocks.
    let mut out: Box<dyn Write> = if io::stdout().is_terminal() {
        Box::new(io::stdout().lock())
    } else {
        Box::new(io::BufWriter::new(io::stdout().lock()))
    };
    let code = match cli.command {
        Command::Report(a) => report::run(&mut out, &a)?,
        Command::Check(a) => report::check(&mut out, &a)?,
        Command::Diff(a) => diff::run(&mut out, &a)?,
        Command::Parsers(a) => parsers::run(&mut out, &a)?,
        Command::Parse(a) => parse::run(&mut out, &a)?,
        Command::Resolve(a) => resolve::run(&mut out, &a)?,
        Command::Normalize(a) => normalize::run(&mut out, &a)?,
        Command::Equivalent(a) => normalize::equivalent(&mut out, &a)?,
        Command::Suite(a) => suite::run(&mut out, &a)?,
        Command::Oracle(a) => oracle::run(&mut out, &a)?,
        Command::Fuzz(a) => fuzz::run(&mut out, &a)?,
        Command::Promote(a) => fuzz::promote(&mut out, &a)?,
        Command::Bench(a) => bench::run(&mut out, &a)?,
    };
    out.flush()?;
    Ok(code)
}

/// Whether the error is a closed standard output (`uridiff parse - | head`): not a failure.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain()
        .filter_map(|e| e.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// The exit code for "every answer was yes" or not.
fn code(all_ok: bool) -> ExitCode {
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The exit code of answers to many questions: 1 if any answer was "no", else 3 if some question
/// had no answer, else 0.
#[derive(Clone, Copy, Debug, Default)]
struct Answers {
    no: bool,
    unanswered: bool,
}

impl Answers {
    fn code(self) -> ExitCode {
        if self.no {
            ExitCode::from(1)
        } else if self.unanswered {
            ExitCode::from(3)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// The text a command's `--help` ends with: the edition ids when it takes `--edition` (with `all`
/// when its `--edition` accepts it), each edition's rule names when it takes `--rule`, and the
/// exit codes. Read from the command's own flags, so a command never lists what it has no
/// option for.
fn after_help(c: &clap::Command) -> String {
    let takes = |id: &str| c.get_arguments().any(|a| a.get_id() == id);
    let mut s = String::new();
    if takes("edition") {
        s.push_str("Editions (--edition):\n");
        for e in Edition::ALL {
            s.push_str(&format!("  {:<34} {} ({})\n", e.id(), e.title(), e.year()));
        }
        // Whether `all` parses is the command's own value parser's answer.
        let all = c
            .clone()
            .mut_args(|a| a.required(false))
            .try_get_matches_from(["uridiff", "--edition", "all"])
            .is_ok();
        if all {
            s.push_str("  all                                every edition side by side\n");
        }
        s.push('\n');
    }
    if takes("rule") {
        s.push_str("Rules (--rule):\n");
        for e in Edition::ALL {
            s.push_str(&format!(
                "  {}: {}\n",
                e.id(),
                uri_spec::Rule::names(e).join(", ")
            ));
        }
        s.push('\n');
    }
    s.push_str(
        "Exit codes:\n  0  yes: valid, equivalent, every case passed\n  1  no: an input is invalid, \
         not equivalent, a case failed\n  2  a usage, I/O or suite-file error\n  3  no answer for \
         some input and no \"no\": equivalent with an invalid operand, oracle\n     too-long; \
         report and diff: a parser crashed or a worker misbehaved (timed out,\n     exited, \
         broke the protocol, was given up on: a crash-* class), the output complete\n     for \
         the other parsers. In CI: a failure when the crashed parser is yours, else\n     read \
         its crash class\n",
    );
    s
}

/// Parses the command line, each command's `--help` ending with what [`after_help`] lists.
pub fn parse_args() -> Cli {
    use clap::FromArgMatches;
    Cli::from_arg_matches(&command().get_matches()).unwrap_or_else(|e| e.exit())
}

/// The clap command with each `--help`'s closing text.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut command = Cli::command();
    command = command.clone().after_long_help(after_help(&command));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |c| {
            let help = after_help(&c);
            c.after_long_help(help)
        });
    }
    command
}
