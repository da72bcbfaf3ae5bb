// The "type" of a protocol message without parsing the whole JSON text.
#pragma once

#include <string_view>

namespace banmen::load {

// The value of the top-level-looking "type" key: the first `"type"` followed by a colon and
// a string. Good enough for messages the server builds (it never nests a "type" key before
// its own); empty when there is none.
inline std::string_view message_type(std::string_view text) {
  constexpr std::string_view key = "\"type\"";
  std::size_t at = 0;
  while ((at = text.find(key, at)) != std::string_view::npos) {
    at += key.size();
    std::size_t i = at;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')) ++i;
    if (i >= text.size() || text[i] != ':') continue;
    ++i;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')) ++i;
    if (i >= text.size() || text[i] != '"') continue;
    const std::size_t end = text.find('"', i + 1);
    if (end == std::string_view::npos) return {};
    return text.substr(i + 1, end - i - 1);
  }
  return {};
}

}  // namespace banmen::load
