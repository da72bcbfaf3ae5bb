// Writes a JSON object straight into a string, for the one message sent most often (the
// move event): building it as an nlohmann::json tree first cost an allocation per field
// and per legal move. Strings are escaped as JSON requires; they must be valid UTF-8
// (everything written here comes from the rules core or the server itself).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace banmen::server {

class JsonWriter {
 public:
  // `expected_bytes`: room reserved up front, so a typical message is written without
  // growing the string. A copy of a writer continues independently (two messages sharing
  // their first fields are written once up to the fork).
  explicit JsonWriter(std::size_t expected_bytes = 256) {
    out_.reserve(expected_bytes);
    out_.push_back('{');
  }

  JsonWriter& field(std::string_view key, std::string_view value);
  JsonWriter& field(std::string_view key, const char* value) {
    return field(key, std::string_view(value));
  }
  JsonWriter& field(std::string_view key, std::int64_t value);
  JsonWriter& field(std::string_view key, int value) {
    return field(key, static_cast<std::int64_t>(value));
  }
  JsonWriter& field(std::string_view key, bool value);
  JsonWriter& null_field(std::string_view key);
  JsonWriter& field(std::string_view key, const std::vector<std::string>& values);
  JsonWriter& field(std::string_view key, std::int64_t a, std::int64_t b);  // [a, b]
  // A value already written as JSON (a nested object from another JsonWriter).
  JsonWriter& raw_field(std::string_view key, std::string_view json);

  // The finished object; the writer is spent.
  std::string done() &&;

 private:
  void key(std::string_view k);
  void string(std::string_view s);

  std::string out_;
};

}  // namespace banmen::server
