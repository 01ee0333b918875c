//! The card of cpp-boost-url: Boost.URL (Debian 12).

use super::*;

/// `cpp-boost-url`.
pub const CARD: Card = Card {
    name: "cpp-boost-url",
    library: "Boost.URL: parse_uri_reference, resolve, normalize",
    version: DEBIAN_PINNED,
    profile: "rfc3986",
    docs: &["https://www.boost.org/doc/libs/1_81_0/libs/url/doc/html/index.html"],
    runs: Runs::Worker(Worker {
        operations: &[Op::Parse, Op::Resolve, Op::Normalize],
        components: ALL_EIGHT,
        decides_validity: true,
        file: "cpp-boost-url.cpp",
        source: include_str!("../../workers/cpp-boost-url.cpp"),
        run: Run::CompiledCxx {
            libs: &["-lboost_url"],
            // Boost.URL compiled in from its sources (boost/url/src.hpp, the header-only form
            // its documentation describes), each basic block calling the worker's
            // __sanitizer_cov_trace_pc (GCC's manual, "Program Instrumentation Options").
            // -fno-optimize-sibling-calls: a block that ends its function would otherwise
            // jump to the callback rather than call it, and the return address the worker
            // takes for the block's id would be the library's caller's. -DNDEBUG: the library
            // as Debian's libboost_url is built, its BOOST_ASSERTs off (Boost.Assert: "by
            // default, BOOST_ASSERT(expr) expands to assert(expr)"); compiled with them on, it
            // aborts on inputs the shared library answers (an assertion in path_segments).
            coverage: Some(CxxCoverage {
                library: &[
                    "-DURIDIFF_LIBRARY_TU",
                    "-DNDEBUG",
                    "-fsanitize-coverage=trace-pc",
                    "-fno-optimize-sibling-calls",
                ],
                worker: &["-DURIDIFF_COVERAGE"],
                libs: &[],
            }),
        },
        packages: &[
            Package::Debian("g++"),
            Package::Debian("libboost-url1.81-dev"),
        ],
        needs: "c++ and Boost.URL (Debian: g++, libboost-url1.81-dev)",
    }),
    reproduce: Reproduce::Debian(DebianCall::BoostUrl),
    schemes: Schemes::Any,
};
