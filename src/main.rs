//! The `uridiff` command: parses arguments and calls the harness library. See `cli/`.

mod cli;

use std::io::Write as _;
use std::process::ExitCode;

/// Answers are allocated on the threads that read them and freed on the engine's: mimalloc's
/// per-thread free lists keep that cheap (see Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc's `mi_option_e` (`mimalloc.h`), which `libmimalloc-sys`
/// does not name.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> ExitCode {
    // Memory a thread freed goes back to the system at once, not after mimalloc 3's default
    // second: a report's classification runs eight threads for each worker, and what each had
    // freed but kept took a 30,000-input report's peak from 273 to 344 MB (296 MB with 10 ms).
    // The cost, on a 3,000-input report: 2% more system calls and 31% more page faults (of
    // every process), the CPU time within the run-to-run noise.
    // SAFETY: `mi_option_set` stores an option's value; it reads or writes nothing else.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
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
