//! The serving glue of a covered worker (uridiff's `workers/README.md`, "Coverage"), included by
//! each binary of `src/bin/` and never instrumented: it learns where the instrumented code's
//! counters are, speaks the worker protocol through the `uridiff-worker` SDK, and for each
//! request that asks zeroes the counters, makes the parser's calls ([`uridiff_rustcov`]) and
//! answers with the indexes of the counters that moved.
//!
//! The counters are LLVM SanitizerCoverage's inline 8-bit counters ("SanitizerCoverage", Clang's
//! documentation, "Inline 8bit-counters"): one byte per edge of the instrumented code,
//! incremented when the edge runs, in one section of the executable whose bounds each
//! instrumented module's constructor hands to `__sanitizer_cov_8bit_counters_init` before `main`.
//! An id is a counter's index in that section (sections in address order), so the same binary
//! gives the same ids in every run; `coverage_total` is the number of counters. A counter run
//! a multiple of 256 times in one answer wraps to zero and is not seen in that answer.

use std::sync::Mutex;

use uridiff_rustcov::{Parse, Parser};
use uridiff_worker::{library, Components, Rejected, Worker};

/// A section of counters: its start and length. Written by the constructors before `main`,
/// read and zeroed only by the worker's one thread between its library calls.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Counters(*mut u8, usize);

// SAFETY: the pointer is the address of a static section of the executable, valid for the
// whole process; the worker touches it from one thread at a time (the lock below, then `main`).
unsafe impl Send for Counters {}

/// Every section of counters the constructors reported, in address order, without repeats
/// (every module's constructor may report the same section).
static SECTIONS: Mutex<Vec<Counters>> = Mutex::new(Vec::new());

/// Called by the constructor of each instrumented module with the bounds of the counters
/// (SanitizerCoverage's interface for `-sanitizer-coverage-inline-8bit-counters`).
///
/// # Safety
///
/// `start..stop` is a section of counters, as SanitizerCoverage's constructors give it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn __sanitizer_cov_8bit_counters_init(start: *mut u8, stop: *mut u8) {
    let len = (stop as usize).saturating_sub(start as usize);
    if len == 0 {
        return;
    }
    let mut sections = SECTIONS.lock().unwrap_or_else(|e| e.into_inner());
    if !sections.contains(&Counters(start, len)) {
        sections.push(Counters(start, len));
        sections.sort_by_key(|c| c.0 as usize);
    }
}

/// The counters, read by the worker's thread alone.
fn sections() -> Vec<Counters> {
    SECTIONS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Zeroes every counter.
fn reset(sections: &[Counters]) {
    for &Counters(start, len) in sections {
        // SAFETY: a section of counters (see `Counters`); no library call runs meanwhile.
        unsafe { std::ptr::write_bytes(start, 0, len) };
    }
}

/// The ids of the counters that are not zero: their indexes, the sections one after another.
fn moved(sections: &[Counters]) -> Vec<u32> {
    let mut ids = Vec::new();
    let mut offset = 0usize;
    for &Counters(start, len) in sections {
        // SAFETY: a section of counters; nothing writes it while this slice lives.
        let counters = unsafe { std::slice::from_raw_parts(start, len) };
        for (i, _) in counters.iter().enumerate().filter(|(_, c)| **c != 0) {
            ids.extend(u32::try_from(offset + i).ok());
        }
        offset += len;
    }
    ids
}

/// Text, or the rejection a subject gives for bytes that are not UTF-8 (no library call).
fn text(input: &[u8]) -> Result<&str, Rejected> {
    std::str::from_utf8(input).map_err(|e| Rejected::new(e).code("not-utf8"))
}

/// What a call's verdict answers: the library took the input or not (nothing else is sent).
fn verdict(took: bool) -> Result<(), Rejected> {
    if took {
        Ok(())
    } else {
        Err(Rejected::new("refused by the library"))
    }
}

/// Serves `parser` on stdin and stdout: `PROFILE VERSION` are the arguments (the profile and
/// version of the parser's card, which uridiff gives when it starts the worker).
pub fn serve(parser: &'static Parser) -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let profile = args.first().map_or("rfc3986", String::as_str);
    let version = args.get(1).map_or("unknown", String::as_str);
    let sections = sections();
    let total: usize = sections.iter().map(|c| c.1).sum();
    let mut worker = Worker::new(parser.name, profile)
        .version(version)
        .library("the covered build of uridiff's in-process subject (tools/rustcov)")
        .components(&[])
        .parse(move |input| {
            let took = match parser.parse {
                Parse::Text(f) => {
                    let s = text(input)?;
                    library(|| f(s))
                }
                Parse::Bytes(f) => library(|| f(input)),
            };
            verdict(took).map(|()| Components::new())
        });
    if let Some(f) = parser.resolve {
        worker = worker.resolve(move |base, reference| {
            let (base, reference) = (text(base)?, text(reference)?);
            verdict(library(|| f(base, reference))).map(|()| Vec::new())
        });
    }
    // Without counters (a build the wrapper did not instrument) the worker declares none.
    if total > 0 {
        let (a, b) = (sections.clone(), sections);
        worker = worker.coverage(
            "edges",
            Some(total as u64),
            move || reset(&a),
            move || moved(&b),
        );
    }
    worker.run()
}
