#include "protocol/messages.h"

#include "core/unicode_text.h"

namespace banmen::server {

json error_message(const json& re, std::string_view code, std::string_view message) {
  json j{{"type", "error"}, {"code", code}, {"message", message}};
  if (!re.is_null()) j["re"] = re;
  return j;
}

json request_id(const json& msg) {
  if (!msg.is_object()) return nullptr;
  auto it = msg.find("id");
  if (it == msg.end()) return nullptr;
  if (it->is_number_integer()) return *it;
  if (it->is_string() && it->get_ref<const std::string&>().size() <= 64) return *it;
  return nullptr;
}

json request_id_of(std::string_view text) {
  auto j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return nullptr;
  return request_id(j);
}

std::optional<std::string> get_string(const json& msg, const char* key) {
  auto it = msg.find(key);
  if (it == msg.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<std::int64_t> get_int(const json& msg, const char* key) {
  auto it = msg.find(key);
  if (it == msg.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<std::int64_t>();
}

std::optional<bool> get_bool(const json& msg, const char* key) {
  auto it = msg.find(key);
  if (it == msg.end() || !it->is_boolean()) return std::nullopt;
  return it->get<bool>();
}

std::string trim(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

std::size_t utf8_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp;
    const std::size_t n = decode_utf8(s, i, cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

}  // namespace banmen::server
