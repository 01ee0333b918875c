#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/Cargo.toml for ClusterFuzzLite (issue 19, item 7) and
# puts each binary in $OUT with its seed corpus (corpus/<target>/ as <target>_seed_corpus.zip,
# where that folder exists) and, for the targets whose input is a URI reference, the libFuzzer
# dictionary fuzz/uri.dict as <target>.dict. ClusterFuzzLite's Rust page ("Integrating a Rust
# project"): build with `cargo fuzz build -O`, copy the binaries to $OUT. The `<name>.dict` and
# `<name>_seed_corpus.zip` beside a binary are the names the OSS-Fuzz tooling looks for.
#
# Runs inside the image of the Dockerfile beside it ($SRC/uridiff holds the repository), and
# anywhere else with SRC, OUT and WORK set (tests/clusterfuzzlite.rs does so).
#
# Environment:
#   SANITIZER        set by ClusterFuzzLite. `address` is the one sanitizer its Rust page
#                    supports and is passed to cargo-fuzz; `coverage` and `none` build without a
#                    sanitizer (the coverage build's instrumentation comes from the image's
#                    RUSTFLAGS); anything else is refused. Unset: `address` on a nightly rustc,
#                    `none` on stable (sanitizers need nightly; cargo-fuzz builds with
#                    `-s none` on stable).
#   FUZZ_TARGET_DIR  cargo's target folder for the build (default $CARGO_TARGET_DIR, else
#                    fuzz/target as cargo-fuzz uses); a kept folder makes the build incremental.

cd "$SRC/uridiff"

sanitizer="${SANITIZER:-}"
case "$sanitizer" in
    address | none) ;;
    coverage) sanitizer=none ;;
    "")
        if rustc --version | grep -q nightly; then sanitizer=address; else sanitizer=none; fi
        ;;
    *)
        echo "build.sh: SANITIZER=$sanitizer: Rust targets build with address (or none, coverage) only" >&2
        exit 2
        ;;
esac

target_dir="${FUZZ_TARGET_DIR:-${CARGO_TARGET_DIR:-$PWD/fuzz/target}}"
mkdir -p "$target_dir"
target_dir="$(cd "$target_dir" && pwd)"

# Every target, in fuzz/Cargo.toml's order: the `name` of each [[bin]].
mapfile -t targets < <(sed -n '/^\[\[bin\]\]/,/^path/ s/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml)
if [ "${#targets[@]}" -eq 0 ]; then
    echo "build.sh: no [[bin]] target found in $PWD/fuzz/Cargo.toml" >&2
    exit 2
fi

# The targets whose input is one or two URI references (fuzz/README.md's table); the others
# read generator choices, YAML, JSON or baselines, where URI delimiters are no help.
uri_targets=" parse resolve normalize no_panic appendix_b grammar peers "

# Release with debug assertions: overflow checks stay on, as in fuzz/replay.sh. The features
# turn on the targets that need the root crate (`gen`: generated; `peers`: the rest).
cargo fuzz build -O --debug-assertions --sanitizer "$sanitizer" --features gen,peers \
    --target-dir "$target_dir"

release="$target_dir/x86_64-unknown-linux-gnu/release"
for t in "${targets[@]}"; do
    cp "$release/$t" "$OUT/$t"
    if [[ "$uri_targets" == *" $t "* ]]; then
        cp fuzz/uri.dict "$OUT/$t.dict"
    fi
    if [ -d "corpus/$t" ]; then
        zipfile="$OUT/${t}_seed_corpus.zip"
        rm -f "$zipfile"
        # Flat archives of the folder's files; zip when installed, else Python's zipfile.
        if command -v zip >/dev/null; then
            (cd "corpus/$t" && zip -q -X -r "$zipfile" .)
        else
            python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk(sys.argv[2]):
        for f in sorted(files):
            path = os.path.join(root, f)
            z.write(path, os.path.relpath(path, sys.argv[2]))' "$zipfile" "corpus/$t"
        fi
    fi
done
echo "build.sh: ${#targets[@]} targets in $OUT (sanitizer $sanitizer)"
