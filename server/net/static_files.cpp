#include "net/static_files.h"

#include <array>
#include <utility>

namespace banmen::server {

std::optional<std::string> static_path_for(std::string_view root, std::string_view target) {
  auto q = target.find_first_of("?#");
  if (q != std::string_view::npos) target = target.substr(0, q);
  if (target.empty() || target[0] != '/') return std::nullopt;
  if (target == "/" || target == "/index.html") return std::string(root) + "/index.html";
  // Share links: /r/<room id> is the client's own route.
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

}  // namespace banmen::server
