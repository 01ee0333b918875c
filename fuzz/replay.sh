#!/usr/bin/env bash
# Replays the committed seed corpora (corpus/<target>/) through every fuzz target, so that a
# crash once found and fixed stays fixed (issue 12, item 7). CI replays the same corpora through
# the same target bodies inside `cargo test` (tests/fuzz_replay.rs), without libFuzzer's build.
#
# A plain stable build: no cargo-fuzz, no sanitizer, no coverage instrumentation. libFuzzer's
# driver is still linked in, and with -runs=0 it runs each file of the given directories once
# and exits non-zero on the first panic. Debug profile: quicker to build than release, and
# overflow checks and debug assertions stay on.
#
# Usage: fuzz/replay.sh [TARGET...]   (default: every [[bin]] of fuzz/Cargo.toml that builds
# with the `peers` feature (the peers target); `generated`, behind the `gen` feature, has no
# committed corpus)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus="$here/../corpus"
cd "$here"

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(sed -n '/^\[\[bin\]\]/,/^path/ s/^name = "\(.*\)"$/\1/p' Cargo.toml)
fi
if [ "${#targets[@]}" -eq 0 ]; then
    echo "replay.sh: no fuzz targets found in $here/Cargo.toml" >&2
    exit 2
fi

cargo build --quiet --bins --features peers
# Where cargo put them: CARGO_TARGET_DIR when set (relative to fuzz/, as cargo reads it here).
bin="${CARGO_TARGET_DIR:-target}/debug"
artifacts="$(mktemp -d)"
trap 'rm -rf "$artifacts"' EXIT

status=0
for t in "${targets[@]}"; do
    dir="$corpus/$t"
    if [ ! -x "$bin/$t" ]; then
        echo "replay.sh: $t: skipped (needs a feature replay.sh does not turn on)"
        continue
    fi
    if [ ! -d "$dir" ]; then
        echo "replay.sh: $t: no seed corpus at $dir" >&2
        status=2
        continue
    fi
    files=$(find "$dir" -type f | wc -l)
    start=$(date +%s)
    if "$bin/$t" -runs=0 -timeout=30 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/$t-" "$dir" >"$artifacts/$t.log" 2>&1; then
        echo "replay.sh: $t: $files inputs, no crash ($(( $(date +%s) - start )) s)"
    else
        echo "replay.sh: $t: CRASH (the input is in the log below)" >&2
        grep -E -A12 "panicked|ERROR|Test unit written|Base64" "$artifacts/$t.log" >&2 || tail -40 "$artifacts/$t.log" >&2
        status=1
    fi
done
exit "$status"
