#include "json_scan.h"

#include <charconv>

namespace banmen::load {

namespace {

constexpr std::size_t kNone = std::string_view::npos;
// Nesting deeper than any message of the protocol is treated as malformed.
constexpr int kMaxDepth = 64;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skip_spaces(std::string_view t, std::size_t i) {
  while (i < t.size() && is_space(t[i])) ++i;
  return i;
}

// `i` at an opening quote: the index just past the closing quote, or kNone.
std::size_t skip_string(std::string_view t, std::size_t i) {
  for (++i; i < t.size(); ++i) {
    if (t[i] == '\\') {
      ++i;  // whatever follows is part of the escape
    } else if (t[i] == '"') {
      return i + 1;
    } else if (static_cast<unsigned char>(t[i]) < 0x20) {
      return kNone;  // control characters must be escaped
    }
  }
  return kNone;
}

std::size_t skip_value(std::string_view t, std::size_t i, int depth);

// `i` at '[' or '{': the index just past the matching bracket, or kNone.
std::size_t skip_container(std::string_view t, std::size_t i, int depth) {
  if (depth > kMaxDepth) return kNone;
  const bool object = t[i] == '{';
  const char close = object ? '}' : ']';
  i = skip_spaces(t, i + 1);
  if (i < t.size() && t[i] == close) return i + 1;
  while (i < t.size()) {
    if (object) {
      if (t[i] != '"') return kNone;
      i = skip_spaces(t, skip_string(t, i));
      if (i >= t.size() || t[i] != ':') return kNone;
      i = skip_spaces(t, i + 1);
    }
    i = skip_spaces(t, skip_value(t, i, depth + 1));
    if (i >= t.size()) return kNone;
    if (t[i] == close) return i + 1;
    if (t[i] != ',') return kNone;
    i = skip_spaces(t, i + 1);
  }
  return kNone;
}

// `i` at the first character of a value: the index just past it, or kNone.
std::size_t skip_value(std::string_view t, std::size_t i, int depth) {
  if (i >= t.size()) return kNone;
  const char c = t[i];
  if (c == '"') return skip_string(t, i);
  if (c == '{' || c == '[') return skip_container(t, i, depth);
  // A number or a literal: up to the next delimiter.
  const std::size_t start = i;
  while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !is_space(t[i])) ++i;
  return i > start ? i : kNone;
}

}  // namespace

std::optional<std::string_view> top_level_value(std::string_view text, std::string_view key) {
  std::size_t i = skip_spaces(text, 0);
  if (i >= text.size() || text[i] != '{') return std::nullopt;
  i = skip_spaces(text, i + 1);
  while (i < text.size() && text[i] == '"') {
    const std::size_t key_end = skip_string(text, i);
    if (key_end == kNone) return std::nullopt;
    const std::string_view this_key = text.substr(i + 1, key_end - i - 2);
    i = skip_spaces(text, key_end);
    if (i >= text.size() || text[i] != ':') return std::nullopt;
    i = skip_spaces(text, i + 1);
    const std::size_t value_end = skip_value(text, i, 1);
    if (value_end == kNone) return std::nullopt;
    if (this_key == key) return text.substr(i, value_end - i);
    i = skip_spaces(text, value_end);
    if (i >= text.size() || text[i] != ',') return std::nullopt;
    i = skip_spaces(text, i + 1);
  }
  return std::nullopt;
}

long scan_integer(std::optional<std::string_view> raw, long fallback) {
  if (!raw || raw->empty()) return fallback;
  long value = 0;
  const char* end = raw->data() + raw->size();
  const auto [ptr, ec] = std::from_chars(raw->data(), end, value);
  if (ec != std::errc() || ptr != end) return fallback;
  return value;
}

std::optional<std::string_view> scan_plain_string(std::optional<std::string_view> raw) {
  if (!raw || raw->size() < 2 || raw->front() != '"' || raw->back() != '"') return std::nullopt;
  const std::string_view inner = raw->substr(1, raw->size() - 2);
  if (inner.find('\\') != std::string_view::npos) return std::nullopt;
  return inner;
}

bool scan_string_array(std::optional<std::string_view> raw, std::vector<std::string>& out) {
  out.clear();
  if (!raw || raw->size() < 2 || raw->front() != '[' || raw->back() != ']') return false;
  const std::string_view t = raw->substr(0, raw->size() - 1);  // without the ']'
  std::size_t i = skip_spaces(t, 1);
  while (i < t.size()) {
    if (t[i] != '"') break;
    const std::size_t end = skip_string(t, i);
    if (end == kNone) break;
    const std::string_view item = t.substr(i + 1, end - i - 2);
    if (item.find('\\') != std::string_view::npos) break;
    out.emplace_back(item);
    i = skip_spaces(t, end);
    if (i == t.size()) return true;
    if (t[i] != ',') break;
    i = skip_spaces(t, i + 1);
  }
  if (i == t.size() && out.empty()) return true;  // []
  out.clear();
  return false;
}

}  // namespace banmen::load
