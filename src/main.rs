//! The `uridiff` command: parses arguments and calls the harness library. See `cli/`.

mod cli;

use std::io::Write as _;
use std::process::ExitCode;

/// Answers are allocated on the threads that read them and freed on the engine's: mimalloc's
/// per-thread free lists keep that cheap (see Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::parse_args();
    // What a worker detaches becomes uridiff's child, to be ended with the run.
    uridiff::subjects::external::adopt_orphans();
    let result = cli::run(args);
    // The parsers are dropped by now, each worker ended with its tree; what a worker detached
    // from it ends here, before uridiff's exit would hand it to init.
    uridiff::subjects::external::end_orphans();
    match result {
        Ok(code) => code,
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            // A failed write to stderr has nowhere to be reported: the exit code still says it.
            let _ = writeln!(std::io::stderr(), "uridiff: {err:#}");
            ExitCode::from(2)
        }
    }
}
