#!/usr/bin/env bash
# Installs the runtimes the shipped uridiff workers need (see workers/README.md, "Set-up"):
# Debian's packages for Go, PHP, Ruby, Perl's URI module and libcurl's headers, the libraries
# of Debian 12's parsers (uriparser, Boost.URL, libwget, Addressable, Mojo::URL, OkHttp), and the
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
