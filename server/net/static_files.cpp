#include "net/static_files.h"

#include <array>
#include <chrono>
#include <filesystem>
#include <utility>

namespace banmen::server {

std::optional<std::string> static_path_for(std::string_view root, std::string_view target) {
  auto q = target.find_first_of("?#");
  if (q != std::string_view::npos) target = target.substr(0, q);
  if (target.empty() || target[0] != '/') return std::nullopt;
  if (target == "/" || target == "/index.html") return std::string(root) + "/index.html";
  // The list of one's rooms (/my) and share links (/r/<room id>) are the client's own routes.
  if (target == "/my" || target == "/my/") return std::string(root) + "/index.html";
  if (target.starts_with("/r/") && target.find('/', 3) == std::string_view::npos)
    return std::string(root) + "/index.html";
  if (target.find("..") != std::string_view::npos) return std::nullopt;
  for (char c : target)
    if (c == '\\' || c == '\0' || c == '%' || static_cast<unsigned char>(c) < 0x20)
      return std::nullopt;
  if (target.find("//") != std::string_view::npos) return std::nullopt;
  std::string path(root);
  path += target;
  if (path.back() == '/') path += "index.html";
  return path;
}

std::string_view mime_type(std::string_view path) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".webp", "image/webp"},
      {".woff2", "font/woff2"},
      {".woff", "font/woff"},
      {".wasm", "application/wasm"},
      {".txt", "text/plain; charset=utf-8"},
  }};
  auto dot = path.rfind('.');
  if (dot == std::string_view::npos) return "application/octet-stream";
  auto ext = path.substr(dot);
  for (const auto& [e, type] : kTypes)
    if (e == ext) return type;
  return "application/octet-stream";
}

namespace {
namespace fs = std::filesystem;

// The real path of `p` if it is a regular file inside `real_root`.
std::optional<fs::path> contained_regular_file(const fs::path& real_root, const fs::path& p) {
  std::error_code ec;
  auto real = fs::canonical(p, ec);
  if (ec || !fs::is_regular_file(real, ec) || ec) return std::nullopt;
  auto rel = real.lexically_relative(real_root);
  if (rel.empty() || *rel.begin() == "..") return std::nullopt;
  return real;
}

std::string etag_of(const fs::path& p) {
  std::error_code ec;
  const auto size = fs::file_size(p, ec);
  const auto mtime = fs::last_write_time(p, ec).time_since_epoch();
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(mtime).count();
  std::string tag(1, '"');
  tag.append(std::to_string(size)).append(1, '-').append(std::to_string(ns)).append(1, '"');
  return tag;
}
}  // namespace

std::optional<StaticFile> find_static_file(std::string_view root, const std::string& path,
                                           bool gzip_ok) {
  std::error_code ec;
  const auto real_root = fs::canonical(fs::path(root), ec);
  if (ec) return std::nullopt;
  auto file = contained_regular_file(real_root, path);
  if (!file) return std::nullopt;
  StaticFile out{file->string(), std::string(mime_type(path)), etag_of(*file), false};
  if (gzip_ok) {
    // A copy older than its file is stale (the file was edited after the build): the
    // browser gets the file itself rather than yesterday's version of it.
    auto gz = contained_regular_file(real_root, path + ".gz");
    if (gz && fs::last_write_time(*gz, ec) < fs::last_write_time(*file, ec)) gz.reset();
    if (gz) {
      out.path = gz->string();
      out.etag = etag_of(*gz);
      out.gzip = true;
    }
  }
  return out;
}

bool accepts_gzip(std::string_view value) {
  for (std::size_t at = 0; at < value.size();) {
    auto comma = value.find(',', at);
    auto item = value.substr(at, comma == std::string_view::npos ? value.npos : comma - at);
    at = comma == std::string_view::npos ? value.size() : comma + 1;
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    auto semi = item.find(';');
    auto coding = item.substr(0, semi);
    while (!coding.empty() && coding.back() == ' ') coding.remove_suffix(1);
    if (coding != "gzip" && coding != "*") continue;
    if (semi == std::string_view::npos) return true;
    auto params = item.substr(semi + 1);
    auto q = params.find("q=");
    if (q == std::string_view::npos) return true;
    auto number = params.substr(q + 2);
    // q=0, q=0.0, q=0.000: refused; anything else: accepted.
    bool zero = !number.empty() && number.front() == '0';
    for (std::size_t i = 1; zero && i < number.size() && number[i] != ' ' && number[i] != ';'; ++i)
      zero = number[i] == '.' || number[i] == '0';
    return !zero;
  }
  return false;
}

bool etag_matches(std::string_view value, std::string_view etag) {
  if (value == "*") return true;
  for (std::size_t at = 0; at < value.size();) {
    auto comma = value.find(',', at);
    auto item = value.substr(at, comma == std::string_view::npos ? value.npos : comma - at);
    at = comma == std::string_view::npos ? value.size() : comma + 1;
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (item.starts_with("W/")) item.remove_prefix(2);  // weak comparison, as RFC 9110 asks
    if (item == etag) return true;
  }
  return false;
}

}  // namespace banmen::server
