//! `uridiff bench --harness`'s CPU split (`bench::ReportRun::cpu`): a worker that burns CPU on
//! each request shows a larger CPU time and share than one that answers at once, uridiff's own
//! row comes first, and the shares add up to the whole. Linux only: a worker's CPU is read from
//! `/proc/<pid>/stat` (proc(5)).

use std::sync::Arc;
use std::time::Duration;

use uridiff::bench::{harness, HarnessConfig};
use uridiff::subjects::{external::External, Subject};

/// A worker written with the Python SDK (workers/sdk/uridiff_worker.py), named `name`, whose
/// parse spends `spin` iterations of a loop inside the library's mark before answering.
fn worker(dir: &std::path::Path, name: &str, spin: u32) -> Arc<dyn Subject> {
    let sdk = concat!(env!("CARGO_MANIFEST_DIR"), "/workers/sdk");
    let path = dir.join(format!("{name}.py"));
    std::fs::write(
        &path,
        format!(
            "import sys\nsys.path.insert(0, {sdk:?})\nimport uridiff_worker\n\
             def parse(text):\n    with uridiff_worker.library():\n        \
             n = sum(i * i for i in range({spin}))\n    return {{'path': text}}\n\
             uridiff_worker.serve({name:?}, 'rfc3986', version='1', parse=parse, \
             components=['path'], decides_validity=False)\n"
        ),
    )
    .unwrap();
    Arc::new(External::from_command(
        name,
        &format!("exec python3 {}", path.display()),
    ))
}

#[test]
fn a_worker_that_burns_cpu_has_the_larger_share() {
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !python {
        eprintln!("note: python3 missing: the CPU split of workers is not tested");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Names of their own: the CPU is looked up by subject name, process-wide.
    let burn = format!("cpu-split-burn-{}", std::process::id());
    let idle = format!("cpu-split-idle-{}", std::process::id());
    let mut subjects: Vec<Arc<dyn Subject>> = uridiff::subjects::in_process()
        .into_iter()
        .filter(|s| s.info().name == "impl")
        .collect();
    subjects.push(worker(dir.path(), &burn, 5_000));
    subjects.push(worker(dir.path(), &idle, 0));
    let cfg = HarnessConfig {
        report_inputs: vec![30],
        fuzz_seconds: Duration::from_millis(20),
        budget: 2,
        ..HarnessConfig::default()
    };
    let h = harness(subjects, &cfg).unwrap();
    let run = &h.report[0];
    assert!(
        run.subjects.contains(&burn) && run.subjects.contains(&idle),
        "{run:?}"
    );
    assert_eq!(run.cpu[0].process, "uridiff", "{:?}", run.cpu);
    let row = |name: &str| {
        run.cpu
            .iter()
            .find(|c| c.process == name)
            .unwrap_or_else(|| panic!("no row for {name}: {:?}", run.cpu))
            .clone()
    };
    let (b, i) = (row(&burn), row(&idle));
    let (b_s, i_s) = (b.cpu_s.unwrap(), i.cpu_s.unwrap());
    // Each of some thousands of requests spins 5,000 iterations (a quarter of a millisecond):
    // tenths of a second, where the idle worker spends a few hundredths.
    assert!(b_s > 0.1, "{b:?}");
    assert!(b_s > 2.0 * i_s, "burning {b:?} against idle {i:?}");
    assert!(b.share.unwrap() > i.share.unwrap(), "{:?}", run.cpu);
    let shares: f64 = run.cpu.iter().filter_map(|c| c.share).sum();
    assert!((shares - 1.0).abs() < 1e-6, "{:?}", run.cpu);
    assert!(
        run.cpu[0].cpu_s.unwrap() > 0.0,
        "uridiff spends CPU too: {:?}",
        run.cpu
    );
}
