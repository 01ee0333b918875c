#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/Cargo.toml for ClusterFuzzLite and puts each in $OUT
# with its seed corpus (corpus/<target>/ as <target>_seed_corpus.zip) and the libFuzzer
# dictionary (fuzz/uri.dict as <target>.dict). Runs inside the image of the Dockerfile beside it.

cd "$SRC/uridiff"
# Release with debug assertions: overflow checks stay on, as in fuzz/replay.sh.
cargo fuzz build -O --debug-assertions --features gen,peers

targets=$(sed -n '/^\[\[bin\]\]/,/^path/ s/^name = "\(.*\)"$/\1/p' fuzz/Cargo.toml)
release=fuzz/target/x86_64-unknown-linux-gnu/release
for t in $targets; do
    cp "$release/$t" "$OUT/"
    cp fuzz/uri.dict "$OUT/$t.dict"
    if [ -d "corpus/$t" ]; then
        (cd "corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
    fi
done
