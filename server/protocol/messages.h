// Small helpers for the JSON messages of docs/protocol.md.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace banmen::server {

using json = nlohmann::json;

// Serialises once; the same buffer is shared by every recipient's write queue.
inline std::shared_ptr<const std::string> encode(const json& j) {
  return std::make_shared<const std::string>(
      j.dump(-1, ' ', false, json::error_handler_t::replace));
}

// {"type":"error","re":<re>,"code":...,"message":...}; `re` is omitted when null.
json error_message(const json& re, std::string_view code, std::string_view message);

// The request id of a message ("id": number or short string), or null when absent/invalid.
json request_id(const json& msg);
// The same from raw text, for answering messages refused before they are parsed fully.
json request_id_of(std::string_view text);

// Field readers that never throw: nullopt when absent or of the wrong type.
std::optional<std::string> get_string(const json& msg, const char* key);
std::optional<std::int64_t> get_int(const json& msg, const char* key);
std::optional<bool> get_bool(const json& msg, const char* key);

// Trims ASCII whitespace; counts and limits UTF-8 code points.
std::string trim(std::string_view s);
std::size_t utf8_length(std::string_view s);
bool valid_utf8(std::string_view s);

}  // namespace banmen::server
