// uridiff worker (protocol uridiff-worker/1, workers/README.md): Boost.URL (Debian's
// libboost-url1.81-dev), whose documentation says it follows "RFC 3986".
// Build and run:  c++ -std=c++17 -O2 -o cpp-boost-url workers/cpp-boost-url.cpp -lboost_url
//                 && ./cpp-boost-url
// (uridiff builds it into its cache directory on first use.)
//
// parse = boost::urls::parse_uri_reference, then url_view's encoded accessors, reported as
// they are (no decoding): each component is undefined (null) where its has_* says it is
// absent (has_scheme, has_authority, has_userinfo, has_port, has_query, has_fragment), else
// its text, "" included. host is encoded_host() where there is an authority (an IP literal
// with its brackets, as encoded_host returns it: "[::1]"), null where there is none (it
// returns "" then). The path is encoded_path(), never undefined. serialization = buffer().
// resolve = boost::urls::resolve(base, reference, url), the base parsed with parse_uri (it
// must be absolute); normalize = url::normalize(), its buffer. The library's error (an
// error_code) is the rejection: its message and its category:value as the code. Boost.URL
// takes a string_view of bytes: any byte reaches it. JSON comes from Boost.JSON, compiled in
// from its header-only form (boost/json/src.hpp, same Boost).
//
// Coverage (workers/README.md, "Coverage"): uridiff builds this file twice where its compiler
// takes -fsanitize-coverage=trace-pc, into two translation units linked together without
// -lboost_url: once with URIDIFF_LIBRARY_TU defined, which is Boost.URL's own sources compiled
// in with that flag (boost/url/src.hpp; Boost.URL's overview, "Requirements": to use it header
// only, "simply place the following line in exactly one source file in your project"), and
// once with URIDIFF_COVERAGE defined, this worker, uninstrumented. The flag "inserts a call to
// __sanitizer_cov_trace_pc into every basic block" of the library's code (GCC's manual,
// "Program Instrumentation Options"), which the worker defines below: the block's id is its call's
// return address as an offset from where the executable is loaded, so the same binary gives
// the same ids in every run. Built by hand:
//   c++ -std=c++17 -O2 -DURIDIFF_LIBRARY_TU -DNDEBUG -fsanitize-coverage=trace-pc \
//       -fno-optimize-sibling-calls -c -o lib.o SOURCE
//   c++ -std=c++17 -O2 -DURIDIFF_COVERAGE -c -o worker.o SOURCE
//   c++ -o cpp-boost-url worker.o lib.o
// (the worker's object first: see build_covered in src/subjects/external/launch.rs).
#if defined(URIDIFF_LIBRARY_TU)
#include <boost/url/src.hpp>
#else
#include <boost/json/src.hpp>
#include <boost/url.hpp>
#include <boost/version.hpp>

#include <iostream>
#include <optional>
#include <string>

namespace json = boost::json;
namespace urls = boost::urls;

#if defined(URIDIFF_COVERAGE)
#include <link.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <vector>

// The coverage of the library's blocks (see the top of this file). Only the library's
// translation unit calls __sanitizer_cov_trace_pc, and only while `recording`: from inside the
// library's calls of a request that asked (library() below), so the worker's own code, Boost.JSON
// and the C++ runtime have no id. Plain globals, constant-initialized: the library's static
// initializers may run its instrumented code before main, and then nothing is recorded.
namespace cover {
bool recording = false;
std::uintptr_t base = 0;      // where the executable is loaded (0 for a fixed-address one)
std::uintptr_t lo = 0, hi = 0; // its executable segments, as offsets from base
std::uint64_t *seen = nullptr; // a bit per byte offset in [lo, hi): an answer's ids once each
bool wanted = false;           // the request being answered asked for coverage
bool ready = false;            // init() succeeded: the handshake declares coverage
std::vector<std::uint32_t> hits;

// dl_iterate_phdr(3): "The first object visited by callback is the main program"; its dlpi_addr
// is the load address, and its PT_LOAD segments with PF_X hold the code.
int main_program(struct dl_phdr_info *info, size_t, void *) {
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const auto &ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X)) continue;
        if (hi == 0 || ph.p_vaddr < lo) lo = ph.p_vaddr;
        if (ph.p_vaddr + ph.p_memsz > hi) hi = ph.p_vaddr + ph.p_memsz;
    }
    base = info->dlpi_addr;
    return 1; // the main program only
}
} // namespace cover

extern "C" void __sanitizer_cov_trace_pc() {
    if (!cover::recording) return;
    std::uintptr_t at = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)) - cover::base;
    if (at < cover::lo || at >= cover::hi) return;
    std::uintptr_t bit = at - cover::lo;
    std::uint64_t &word = cover::seen[bit >> 6];
    std::uint64_t mask = std::uint64_t{1} << (bit & 63);
    if (word & mask) return;
    word |= mask;
    cover::hits.push_back(static_cast<std::uint32_t>(at));
}

namespace cover {
// How many blocks the instrumentation can report: the calls to __sanitizer_cov_trace_pc in the
// executable's code, found as x86's `call rel32` (opcode E8, Intel SDM vol. 2A, "CALL") whose
// target is that function: what GCC emits there and the linker resolves to the function defined
// here. Read from the running program's own code, so it needs no binutils; 0 (coverage_total
// left out) on another architecture, or if the calls are made another way (none found). An E8
// byte inside another instruction counts only if the next four bytes happen to point exactly
// at the function; for this binary the count equals objdump's count of the calls (5,029).
std::uint64_t count_blocks() {
#if defined(__x86_64__) || defined(__i386__)
    auto target = reinterpret_cast<std::uintptr_t>(&__sanitizer_cov_trace_pc);
    const auto *code = reinterpret_cast<const unsigned char *>(base + lo);
    std::uint64_t n = 0;
    for (std::uintptr_t i = 0; i + 5 <= hi - lo; i++) {
        if (code[i] != 0xE8) continue;
        std::int32_t rel;
        std::memcpy(&rel, code + i + 1, 4);
        if (base + lo + i + 5 + static_cast<std::intptr_t>(rel) == target) n++;
    }
    return n;
#else
    return 0;
#endif
}

// Whether ids can be given (`ready`): the code's range found, its offsets 32-bit as ids are.
void init() {
    dl_iterate_phdr(main_program, nullptr);
    if (hi <= lo || hi > UINT32_MAX) return;
    seen = new std::uint64_t[((hi - lo) >> 6) + 1]();
    ready = true;
}

// The ids recorded since the last take, ascending, as a JSON array's text, and the bits cleared
// for the next answer. Written as text rather than built as a json::array: with some 300 ids
// an answer, the array and its serialization cost about 2 us more per answer.
std::string take() {
    std::sort(hits.begin(), hits.end());
    std::string ids = "[";
    char digits[16];
    for (auto at : hits) {
        if (ids.size() > 1) ids += ',';
        ids.append(digits, std::to_chars(digits, digits + sizeof digits, at).ptr);
        std::uintptr_t bit = at - lo;
        seen[bit >> 6] &= ~(std::uint64_t{1} << (bit & 63));
    }
    hits.clear();
    ids += ']';
    return ids;
}
} // namespace cover
#endif


namespace {

const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Strict UTF-8 (no surrogates, no overlong forms, nothing past U+10FFFF).
bool valid_utf8(const std::string &s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned c = static_cast<unsigned char>(s[i]);
        size_t more;
        unsigned min;
        if (c < 0x80) { i++; continue; }
        if (c >= 0xC2 && c <= 0xDF) { more = 1; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { more = 2; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { more = 3; min = 0x10000; }
        else return false;
        if (i + more >= n) return false; // the sequence runs past the end
        unsigned cp = c & (0x3F >> more);
        for (size_t k = 1; k <= more; k++) {
            unsigned d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += more + 1;
    }
    return true;
}

std::string b64_encode(const std::string &s) {
    std::string out;
    for (size_t i = 0; i < s.size(); i += 3) {
        unsigned v = static_cast<unsigned char>(s[i]) << 16;
        if (i + 1 < s.size()) v |= static_cast<unsigned char>(s[i + 1]) << 8;
        if (i + 2 < s.size()) v |= static_cast<unsigned char>(s[i + 2]);
        out += B64[(v >> 18) & 63];
        out += B64[(v >> 12) & 63];
        out += i + 1 < s.size() ? B64[(v >> 6) & 63] : '=';
        out += i + 2 < s.size() ? B64[v & 63] : '=';
    }
    return out;
}

std::optional<std::string> b64_decode(const std::string &s) {
    if (s.size() % 4) return std::nullopt;
    std::string out;
    for (size_t i = 0; i < s.size(); i += 4) {
        unsigned v = 0;
        int pad = 0;
        for (int k = 0; k < 4; k++) {
            char c = s[i + k];
            const char *p = c ? std::strchr(B64, c) : nullptr;
            if (c == '=' && i + 4 == s.size() && k >= 2) { pad++; v <<= 6; continue; }
            if (!p || pad) return std::nullopt;
            v = (v << 6) | static_cast<unsigned>(p - B64);
        }
        out += static_cast<char>(v >> 16);
        if (pad < 2) out += static_cast<char>((v >> 8) & 255);
        if (pad < 1) out += static_cast<char>(v & 255);
    }
    return out;
}

// A byte string: a JSON string when UTF-8, else {"b64": ...}.
json::value give(const std::string &s) {
    if (valid_utf8(s)) return json::value(s);
    return json::object{{"b64", b64_encode(s)}};
}

json::value give(bool defined, urls::string_view s) {
    if (!defined) return nullptr;
    return give(std::string(s));
}

struct BadRequest {
    std::string why;
};

std::string take_bytes(const json::object &request, const char *name) {
    auto it = request.find(name);
    if (it == request.end()) throw BadRequest{std::string("missing field \"") + name + "\""};
    if (it->value().is_string()) return std::string(it->value().as_string());
    if (it->value().is_object()) {
        const auto &o = it->value().as_object();
        auto b = o.find("b64");
        if (b != o.end() && b->value().is_string()) {
            if (auto bytes = b64_decode(std::string(b->value().as_string()))) return *bytes;
            throw BadRequest{std::string("field \"") + name + "\": bad base64"};
        }
    }
    throw BadRequest{std::string("field \"") + name + "\": a byte string is a string or {\"b64\": ...}"};
}

json::object rejected(const boost::system::error_code &ec) {
    return {{"outcome", "rejected"},
            {"message", ec.message()},
            {"code", std::string(ec.category().name()) + ":" + std::to_string(ec.value())},
            {"offset", nullptr}};
}

// Runs f, a call of the library and the reads of its result that run the library's code, with
// its blocks recorded when the request asked: the mark of the library's call that every
// shipped worker has (workers/README.md, "Marking the library's call").
template <class F> auto library(F f) -> decltype(f()) {
#if defined(URIDIFF_COVERAGE)
    struct Recording {
        Recording() { cover::recording = cover::wanted; }
        ~Recording() { cover::recording = false; }
    } recording;
#endif
    return f();
}

struct Part {
    bool defined;
    urls::string_view text; // into the input, which the url_view refers to
};

json::object parse(const std::string &input) {
    boost::system::error_code ec;
    Part parts[8];
    urls::string_view buffer;
    bool ok = library([&] {
        auto r = urls::parse_uri_reference(input);
        if (!r) {
            ec = r.error();
            return false;
        }
        urls::url_view v = *r;
        parts[0] = {v.has_scheme(), v.scheme()};
        parts[1] = {v.has_authority(), v.encoded_authority()};
        parts[2] = {v.has_userinfo(), v.encoded_userinfo()};
        parts[3] = {v.has_authority(), v.encoded_host()};
        parts[4] = {v.has_port(), v.port()};
        parts[5] = {true, v.encoded_path()};
        parts[6] = {v.has_query(), v.encoded_query()};
        parts[7] = {v.has_fragment(), v.encoded_fragment()};
        buffer = v.buffer();
        return true;
    });
    if (!ok) return rejected(ec);
    json::object components{
        {"scheme", give(parts[0].defined, parts[0].text)},
        {"authority", give(parts[1].defined, parts[1].text)},
        {"userinfo", give(parts[2].defined, parts[2].text)},
        {"host", give(parts[3].defined, parts[3].text)},
        {"port", give(parts[4].defined, parts[4].text)},
        {"path", give(parts[5].defined, parts[5].text)},
        {"query", give(parts[6].defined, parts[6].text)},
        {"fragment", give(parts[7].defined, parts[7].text)},
    };
    return {{"outcome", "accepted"},
            {"components", std::move(components)},
            {"serialization", give(std::string(buffer))}};
}

json::object resolve(const std::string &base, const std::string &input) {
    boost::system::error_code ec;
    std::string value;
    bool ok = library([&] {
        auto b = urls::parse_uri(base);
        if (!b) {
            ec = b.error();
            return false;
        }
        auto r = urls::parse_uri_reference(input);
        if (!r) {
            ec = r.error();
            return false;
        }
        urls::url target;
        auto done = urls::resolve(*b, *r, target);
        if (!done) {
            ec = done.error();
            return false;
        }
        value = std::string(target.buffer());
        return true;
    });
    if (!ok) return rejected(ec);
    return {{"outcome", "accepted"}, {"value", give(value)}};
}

json::object normalize(const std::string &input) {
    boost::system::error_code ec;
    std::string value;
    bool ok = library([&] {
        auto r = urls::parse_uri_reference(input);
        if (!r) {
            ec = r.error();
            return false;
        }
        urls::url u(*r);
        u.normalize();
        value = std::string(u.buffer());
        return true;
    });
    if (!ok) return rejected(ec);
    return {{"outcome", "accepted"}, {"value", give(value)}};
}

// One request line to its response; nullopt for shutdown.
std::optional<json::object> handle(const std::string &line) {
    boost::system::error_code ec;
    json::value parsed = json::parse(line, ec);
    if (ec) return json::object{{"id", nullptr}, {"outcome", "error"}, {"message", "not JSON: " + ec.message()}};
    if (!parsed.is_object()) {
        return json::object{{"id", nullptr}, {"outcome", "error"}, {"message", "a request is a JSON object"}};
    }
    const auto &request = parsed.as_object();
    auto id = request.find("id");
    json::object response{{"id", id == request.end() ? json::value(nullptr) : id->value()}};
    auto op_it = request.find("op");
    std::string op = op_it != request.end() && op_it->value().is_string()
                         ? std::string(op_it->value().as_string())
                         : std::string();
    if (op == "shutdown") return std::nullopt;
#if defined(URIDIFF_COVERAGE)
    // Only a worker that declared coverage is asked, and only then does it answer with ids.
    auto asked = request.find("coverage");
    cover::wanted = cover::ready && asked != request.end() && asked->value() == true;
#endif
    json::object answer;
    try {
        if (op == "parse") {
            answer = parse(take_bytes(request, "input"));
        } else if (op == "resolve") {
            std::string base = take_bytes(request, "base");
            answer = resolve(base, take_bytes(request, "input"));
        } else if (op == "normalize") {
            answer = normalize(take_bytes(request, "input"));
        } else if (op == "equivalent") {
            answer = {{"outcome", "unsupported"}, {"message", "cpp-boost-url offers no equivalent"}};
        } else {
            throw BadRequest{"unknown op " + (op_it == request.end() ? std::string("(none)")
                                                                      : json::serialize(op_it->value()))};
        }
    } catch (const BadRequest &e) {
        answer = {{"outcome", "error"}, {"message", e.why}};
    } catch (const std::exception &e) { // any library exception is its answer
        answer = {{"outcome", "rejected"}, {"message", e.what()}, {"code", "exception"}, {"offset", nullptr}};
    }
    for (auto &kv : answer) response.emplace(kv.key(), kv.value());
    return response;
}

// Answers are flushed when standard input's buffer holds nothing more to read (in_avail():
// the characters buffered, or what the pipe holds), not after each: uridiff writes its requests
// in blocks of whole lines (its src/subjects/external/feeder.rs), answered with one write(2)
// instead of one each, and no answer waits behind a read that blocks for want of a request.
void flush_unless_more() {
    if (std::cin.rdbuf()->in_avail() <= 0) std::cout.flush();
}

} // namespace

int main() {
    std::ios::sync_with_stdio(false);
    // Not tied: a tied std::cout is flushed before every read of std::cin ([ios.members]
    // tie(); std::cin is tied to std::cout by default), a write(2) per answer; the loop below
    // flushes when no request is left to answer.
    std::cin.tie(nullptr);
    std::string version = std::to_string(BOOST_VERSION / 100000) + "." +
                          std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                          std::to_string(BOOST_VERSION % 100);
    json::object hello{
        {"protocol", "uridiff-worker/1"},
        {"name", "cpp-boost-url"},
        {"version", version},
        {"profile", "rfc3986"},
        {"operations", json::array{"parse", "resolve", "normalize"}},
        {"components", json::array{"scheme", "authority", "userinfo", "host", "port", "path",
                                   "query", "fragment"}},
        {"decides_validity", true},
        {"library", "Boost.URL (Boost " + version + ")"},
        {"notes", json::array{"components encoded, as url_view's encoded accessors give them",
                              "host: null without an authority (encoded_host gives \"\" then)"}},
    };
#if defined(URIDIFF_COVERAGE)
    cover::init();
    if (cover::ready) {
        hello.emplace("coverage", "blocks");
        if (std::uint64_t total = cover::count_blocks()) hello.emplace("coverage_total", total);
    }
#endif
    std::cout << json::serialize(hello) << '\n' << std::flush;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        auto response = handle(line);
        if (!response) break;
#if defined(URIDIFF_COVERAGE)
        if (cover::wanted) {
            // The answer's last member: its text spliced in before the object's closing brace.
            std::string text = json::serialize(*response);
            text.pop_back();
            std::cout << text << ",\"coverage\":" << cover::take() << "}\n";
            cover::wanted = false;
            flush_unless_more();
            continue;
        }
#endif
        std::cout << json::serialize(*response) << '\n';
        flush_unless_more();
    }
    std::cout.flush();
    return 0;
}

#endif // URIDIFF_LIBRARY_TU
