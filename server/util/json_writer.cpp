#include "util/json_writer.h"

namespace banmen::server {

void JsonWriter::key(std::string_view k) {
  if (out_.size() > 1) out_.push_back(',');
  string(k);
  out_.push_back(':');
}

void JsonWriter::string(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out_.push_back('"');
  for (char ch : s) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out_.push_back('\\');
      out_.push_back(ch);
    } else if (u < 0x20) {
      out_ += "\\u00";
      out_.push_back(kHex[u >> 4]);
      out_.push_back(kHex[u & 15]);
    } else {
      out_.push_back(ch);  // UTF-8 passes through unchanged, as nlohmann writes it
    }
  }
  out_.push_back('"');
}

JsonWriter& JsonWriter::field(std::string_view k, std::string_view value) {
  key(k);
  string(value);
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view k, std::int64_t value) {
  key(k);
  out_ += std::to_string(value);
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view k, bool value) {
  key(k);
  out_ += value ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::null_field(std::string_view k) {
  key(k);
  out_ += "null";
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view k, const std::vector<std::string>& values) {
  key(k);
  out_.push_back('[');
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out_.push_back(',');
    string(values[i]);
  }
  out_.push_back(']');
  return *this;
}

JsonWriter& JsonWriter::field(std::string_view k, std::int64_t a, std::int64_t b) {
  key(k);
  out_.push_back('[');
  out_ += std::to_string(a);
  out_.push_back(',');
  out_ += std::to_string(b);
  out_.push_back(']');
  return *this;
}

JsonWriter& JsonWriter::raw_field(std::string_view k, std::string_view json_text) {
  key(k);
  out_ += json_text;
  return *this;
}

std::string JsonWriter::done() && {
  out_.push_back('}');
  return std::move(out_);
}

}  // namespace banmen::server
