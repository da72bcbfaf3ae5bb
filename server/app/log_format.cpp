#include "app/log_format.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

namespace banmen::server {

namespace {

// The length of the valid UTF-8 sequence at the start of `s`, or 0.
std::size_t utf8_sequence(std::string_view s) {
  const auto b0 = static_cast<unsigned char>(s[0]);
  std::size_t n = 0;
  unsigned min = 0, cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF)
    n = 2, min = 0x80, cp = b0 & 0x1Fu;
  else if (b0 >= 0xE0 && b0 <= 0xEF)
    n = 3, min = 0x800, cp = b0 & 0x0Fu;
  else if (b0 >= 0xF0 && b0 <= 0xF4)
    n = 4, min = 0x10000, cp = b0 & 0x07u;
  else
    return 0;
  if (s.size() < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
  if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  return n;
}

// %* in the JSON pattern: the message, escaped.
class JsonMessage : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    std::string escaped;
    append_json_escaped(std::string_view(msg.payload.data(), msg.payload.size()), escaped);
    dest.append(escaped.data(), escaped.data() + escaped.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessage>();
  }
};

}  // namespace

void append_json_escaped(std::string_view text, std::string& out) {
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t n = utf8_sequence(text.substr(i));
      if (n == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(text.substr(i, n));
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
    ++i;
  }
}

std::unique_ptr<spdlog::formatter> make_log_formatter(std::string_view format) {
  // %z after a UTC time is "+00:00": the offset is written, never left to be guessed.
  auto f = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
  if (format == "json") {
    f->add_flag<JsonMessage>('*').set_pattern(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","message":"%*"})");
  } else {
    f->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%l%$ %v");
  }
  return f;
}

void configure_logging(const std::string& level, const std::string& format) {
  spdlog::set_level(spdlog::level::from_str(level));
  spdlog::set_formatter(make_log_formatter(format));
}

}  // namespace banmen::server
