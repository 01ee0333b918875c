#!/bin/sh
# The RUSTC_WRAPPER of uridiff's covered build (tools/rustcov): cargo runs it as
# `WRAPPER RUSTC ARGS...` for every crate it compiles. The crates named in
# $URIDIFF_SANCOV_CRATES (their --crate-name, space-separated: the parser crates of the cards,
# their URL-specific dependencies and the calls of tools/rustcov) are compiled with LLVM's
# SanitizerCoverage, edges counted by inline 8-bit counters, as cargo-fuzz instruments Rust on
# stable (rustc's -Cpasses and -Cllvm-args; LLVM's "SanitizerCoverage", "Inline 8bit-counters");
# every other crate (std, serde_json, the binaries' own glue) as it is.
rustc=$1
shift
name=
previous=
for arg in "$@"; do
    if [ "$previous" = --crate-name ]; then
        name=$arg
    fi
    previous=$arg
done
for crate in $URIDIFF_SANCOV_CRATES; do
    if [ "$crate" = "$name" ]; then
        exec "$rustc" "$@" \
            -Cpasses=sancov-module \
            -Cllvm-args=-sanitizer-coverage-level=3 \
            -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
    fi
done
exec "$rustc" "$@"
