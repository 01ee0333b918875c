#!/usr/bin/env bash
# Builds the book of docs/ (mdBook's layout: book.toml, src/SUMMARY.md, the chapters in src/)
# into docs/book/, with the mdbook on PATH or else the one workers/install.sh installs in
# <packages>/mdbook (<packages>: an absolute $URIDIFF_PACKAGES, else an absolute
# $XDG_CACHE_HOME/uridiff/packages, else $HOME/.cache/uridiff/packages, as install.sh says).
# Without mdBook it prints one note and exits 0: nothing else needs the book built, and
# tests/docs.rs checks its chapters, links and commands either way.
set -euo pipefail
cd "$(dirname "$0")"
absolute() { case $1 in /*) return 0 ;; *) return 1 ;; esac; }
if absolute "${URIDIFF_PACKAGES:-}"; then
    packages=$URIDIFF_PACKAGES
elif absolute "${XDG_CACHE_HOME:-}"; then
    packages=$XDG_CACHE_HOME/uridiff/packages
else
    packages=$HOME/.cache/uridiff/packages
fi
if command -v mdbook >/dev/null 2>&1; then
    mdbook=mdbook
elif [ -x "$packages/mdbook/bin/mdbook" ]; then
    mdbook=$packages/mdbook/bin/mdbook
else
    echo "docs/build.sh: note: mdbook is not installed (workers/install.sh installs it); the book is not built"
    exit 0
fi
rm -rf book
if ! out=$("$mdbook" build . 2>&1); then
    printf '%s\n' "$out" >&2
    echo "docs/build.sh: $mdbook build docs failed" >&2
    exit 1
fi
# Its warnings (a link mdBook cannot follow, say) are shown; its progress lines are not.
grep -v '^ *INFO' <<<"$out" || true
echo "docs/build.sh: the book is in docs/book/index.html ($("$mdbook" --version))"
