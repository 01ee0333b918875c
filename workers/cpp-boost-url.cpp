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
#include <boost/json/src.hpp>
#include <boost/url.hpp>
#include <boost/version.hpp>

#include <iostream>
#include <optional>
#include <string>

namespace json = boost::json;
namespace urls = boost::urls;

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

json::object parse(const std::string &input) {
    auto r = urls::parse_uri_reference(input);
    if (!r) return rejected(r.error());
    urls::url_view v = *r;
    json::object components{
        {"scheme", give(v.has_scheme(), v.scheme())},
        {"authority", give(v.has_authority(), v.encoded_authority())},
        {"userinfo", give(v.has_userinfo(), v.encoded_userinfo())},
        {"host", give(v.has_authority(), v.encoded_host())},
        {"port", give(v.has_port(), v.port())},
        {"path", give(true, v.encoded_path())},
        {"query", give(v.has_query(), v.encoded_query())},
        {"fragment", give(v.has_fragment(), v.encoded_fragment())},
    };
    return {{"outcome", "accepted"},
            {"components", std::move(components)},
            {"serialization", give(std::string(v.buffer()))}};
}

json::object resolve(const std::string &base, const std::string &input) {
    auto b = urls::parse_uri(base);
    if (!b) return rejected(b.error());
    auto r = urls::parse_uri_reference(input);
    if (!r) return rejected(r.error());
    urls::url target;
    auto done = urls::resolve(*b, *r, target);
    if (!done) return rejected(done.error());
    return {{"outcome", "accepted"}, {"value", give(std::string(target.buffer()))}};
}

json::object normalize(const std::string &input) {
    auto r = urls::parse_uri_reference(input);
    if (!r) return rejected(r.error());
    urls::url u(*r);
    u.normalize();
    return {{"outcome", "accepted"}, {"value", give(std::string(u.buffer()))}};
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

} // namespace

int main() {
    std::ios::sync_with_stdio(false);
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
    std::cout << json::serialize(hello) << '\n' << std::flush;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        auto response = handle(line);
        if (!response) break;
        std::cout << json::serialize(*response) << '\n' << std::flush;
    }
    return 0;
}
