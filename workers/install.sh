#!/usr/bin/env bash
# Installs the runtimes the shipped uridiff workers need (see workers/README.md, "Set-up"):
# Debian's packages for Go, PHP, Ruby, Perl's URI module and libcurl's headers, and the
# `rfc3986` package from PyPI for the interpreter that `python3` names.
#
# Idempotent (installs only what is missing, runs `apt-get update` at most once), quiet
# (prints one line per step it takes, nothing when all is present) and non-interactive, so CI
# can run it on a fresh machine. Python, Node.js and Java are expected on the machine; where one
# is missing, its Debian package is installed too.
set -euo pipefail

# Debian package -> a command (or file) whose presence shows it is installed.
want() { # want PACKAGE CHECK
    local pkg=$1 check=$2
    if ! eval "$check" >/dev/null 2>&1; then
        missing+=("$pkg")
    fi
}

missing=()
want python3 'command -v python3'
want python3-pip 'python3 -m pip --version'
want nodejs 'command -v node'
want default-jdk-headless 'command -v java'
want golang-go 'command -v go'
want php-cli 'command -v php'
want ruby 'command -v ruby'
want liburi-perl 'perl -MURI -e 1'
want npm 'command -v npm'
want gcc 'command -v cc'
want libcurl4-openssl-dev 'test -e /usr/include/x86_64-linux-gnu/curl/urlapi.h || test -e /usr/include/curl/urlapi.h'

if [ "${#missing[@]}" -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
    echo "workers/install.sh: apt-get install ${missing[*]}"
    log=$(mktemp)
    # Quiet on success; on failure the whole apt log is shown.
    if ! { $sudo apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
            "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
fi

if ! python3 -c 'import rfc3986' >/dev/null 2>&1; then
    echo "workers/install.sh: pip install rfc3986"
    # --break-system-packages: Debian's own python3 refuses pip installs without it (PEP 668);
    # the flag is known to pip >= 23.0.1 only, so it is passed where pip knows it.
    extra=()
    if python3 -m pip install --help 2>/dev/null | grep -q -- --break-system-packages; then
        extra+=(--break-system-packages)
    fi
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check \
        "${extra[@]}" rfc3986
fi

# npm packages of the Node.js workers (node-whatwg-url, node-url-parse, node-urijs, node-fast-uri,
# node-uri-js): workers/node/package.json and its package-lock.json (exact versions and
# integrity hashes), installed with `npm ci` into uridiff's own packages folder,
# <packages>/node/node_modules, never a global node_modules. <packages> is $URIDIFF_PACKAGES
# (absolute), else ${XDG_CACHE_HOME:-$HOME/.cache}/uridiff/packages: the folder uridiff reads
# (src/subjects/external/packages.rs). A stamp there holds the hash of the pins installed, so a
# second run with the same lockfile does nothing and prints nothing.
npm_packages() {
    local here root node stamp want_stamp log start
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    if [[ "${URIDIFF_PACKAGES:-}" == /* ]]; then
        root=$URIDIFF_PACKAGES
    elif [[ "${XDG_CACHE_HOME:-}" == /* ]]; then
        root=$XDG_CACHE_HOME/uridiff/packages
    elif [[ "${HOME:-}" == /* ]]; then
        root=$HOME/.cache/uridiff/packages
    else
        echo "workers/install.sh: no packages folder (set URIDIFF_PACKAGES, XDG_CACHE_HOME or HOME)" >&2
        return 1
    fi
    node=$root/node
    stamp=$node/.uridiff-pins
    want_stamp=$(cat "$here/node/package.json" "$here/node/package-lock.json" | sha256sum | cut -d' ' -f1)
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want_stamp" ] && [ -d "$node/node_modules" ]; then
        return 0
    fi
    echo "workers/install.sh: npm ci into $node"
    start=$(date +%s%N)
    mkdir -p "$node"
    cp "$here/node/package.json" "$here/node/package-lock.json" "$node/"
    rm -f "$stamp"
    log=$(mktemp)
    # --ignore-scripts: none of the pinned packages needs an install script.
    if ! npm ci --prefix "$node" --ignore-scripts --no-audit --no-fund --loglevel=error \
        >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        return 1
    fi
    rm -f "$log"
    echo "$want_stamp" >"$stamp"
    echo "workers/install.sh: npm ci took $(awk "BEGIN { printf \"%.1f\", ($(date +%s%N) - $start) / 1e9 }") s"
}
npm_packages
