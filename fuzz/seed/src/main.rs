//! Writes the seed corpora of the fuzz targets into `corpus/<target>/`: every
//! input of the suites (`suites/`, shaped for each target) and inputs of the generators
//! (`uridiff::generate::corpus`, seed 12). Run from the repository root:
//!
//! ```sh
//! cargo run --release --manifest-path fuzz/seed/Cargo.toml
//! ```
//!
//! The files are named `suite-NNNN` and `gen-NNNN-<origin>`; the set is the same on every run,
//! so a rerun changes nothing unless the suites or the generators changed. Files named
//! `regress-*` (inputs that once failed a target, with the reason in the name) are left alone. Targets that take
//! two references (`resolve`, `normalize`) read them split at the first newline.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use uridiff::generate;
use uridiff::suite::{self, Op};

/// Targets that take one reference.
const SINGLE: [&str; 5] = ["parse", "no_panic", "appendix_b", "grammar", "peers"];
/// Targets that take two, split at the first newline.
const PAIRS: [&str; 2] = ["resolve", "normalize"];
/// Generated inputs per target.
const GENERATED: usize = 300;
/// The generators' seed.
const SEED: u64 = 12;
/// The longest seed written: the grammar target's measured limit (longer generated inputs are
/// cut; libFuzzer grows inputs itself).
const MAX_SEED: usize = 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from("corpus");
    let mut singles: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut resolve_pairs: BTreeSet<Vec<u8>> = BTreeSet::new();
    let mut normalize_pairs: BTreeSet<Vec<u8>> = BTreeSet::new();
    for path in suite::collect(&[PathBuf::from("suites")])? {
        let s = suite::load(&path)?;
        for c in &s.file.cases {
            let input = c.input.as_bytes().to_vec();
            if c.op == Op::Extract {
                continue;
            }
            singles.insert(input.clone());
            match c.op {
                Op::Resolve => {
                    if let Some(base) = &c.base {
                        singles.insert(base.as_bytes().to_vec());
                        resolve_pairs.insert(pair(base.as_bytes(), &input));
                    }
                }
                Op::Equivalent => {
                    if let Some(other) = &c.other {
                        singles.insert(other.as_bytes().to_vec());
                        normalize_pairs.insert(pair(&input, other.as_bytes()));
                    }
                }
                _ => {
                    normalize_pairs.insert(input.clone());
                }
            }
        }
    }
    let suites: Vec<Vec<u8>> = singles
        .into_iter()
        .filter(|i| !i.contains(&b'\n'))
        .collect();
    let generated = generate::corpus(SEED, GENERATED * 2);
    for target in SINGLE {
        let dir = fresh(&root, target)?;
        write_all(
            &dir,
            "suite",
            suites.iter().map(|i| (i.clone(), String::new())),
        )?;
        let gen_inputs = generated
            .iter()
            .take(GENERATED)
            .map(|(i, o)| (cut(i), origin(o)));
        write_all(&dir, "gen", gen_inputs)?;
    }
    for (target, pairs) in PAIRS.iter().zip([resolve_pairs, normalize_pairs]) {
        let dir = fresh(&root, target)?;
        write_all(&dir, "suite", pairs.into_iter().map(|p| (p, String::new())))?;
        // Generated pairs: a realistic base (or the first of two generated inputs) and a
        // generated reference.
        let bases = generate::realistic(SEED, GENERATED);
        let gen_pairs = generated.chunks(2).zip(bases).map(|(two, base)| {
            let (first, _) = &two[0];
            let (second, o) = two.get(1).unwrap_or(&two[0]);
            let a = if *target == "resolve" {
                base
            } else {
                first.clone()
            };
            (pair(&cut(&a), &cut(second)), origin(o))
        });
        write_all(&dir, "gen", gen_pairs)?;
    }
    Ok(())
}

fn pair(a: &[u8], b: &[u8]) -> Vec<u8> {
    [a, b"\n", b].concat()
}

fn cut(i: &[u8]) -> Vec<u8> {
    i[..i.len().min(MAX_SEED)].to_vec()
}

fn origin(o: &generate::Origin) -> String {
    format!("-{}", o.to_string().replace('/', "-"))
}

/// `corpus/<target>/`, emptied of the seeds this program wrote before (`suite-*`, `gen-*`);
/// other files (`regress-*`, inputs that once failed a target) are kept.
fn fresh(root: &Path, target: &str) -> std::io::Result<PathBuf> {
    let dir = root.join(target);
    fs::create_dir_all(&dir)?;
    for entry in fs::read_dir(&dir)? {
        let path = entry?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.starts_with("suite-") || name.starts_with("gen-") {
            fs::remove_file(&path)?;
        }
    }
    Ok(dir)
}

fn write_all(
    dir: &Path,
    prefix: &str,
    inputs: impl Iterator<Item = (Vec<u8>, String)>,
) -> std::io::Result<()> {
    for (n, (input, tag)) in inputs.enumerate() {
        fs::write(dir.join(format!("{prefix}-{n:04}{tag}")), input)?;
    }
    Ok(())
}
