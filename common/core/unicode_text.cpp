#include "core/unicode_text.h"

namespace banmen {

bool is_control_char(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029;
}

bool is_invisible_format_char(char32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 ||
         cp == 0xFEFF;
}

std::size_t decode_utf8(std::string_view text, std::size_t at, char32_t& cp) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char c = byte(at);
  std::size_t len;
  char32_t min;
  if (c < 0x80) {
    cp = c;
    return 1;
  } else if ((c >> 5) == 0x6) {
    len = 2, cp = c & 0x1F, min = 0x80;
  } else if ((c >> 4) == 0xE) {
    len = 3, cp = c & 0x0F, min = 0x800;
  } else if ((c >> 3) == 0x1E) {
    len = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (at + len > text.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    if ((byte(at + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(at + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool is_plain_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp;
    const std::size_t n = decode_utf8(text, i, cp);
    if (n == 0 || is_control_char(cp) || is_invisible_format_char(cp)) return false;
    i += n;
  }
  return true;
}

std::string plain_text(std::string_view text, std::size_t max_bytes) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp;
    const std::size_t n = decode_utf8(text, i, cp);
    if (n == 0) {
      ++i;  // an invalid byte: dropped
      continue;
    }
    if (!is_invisible_format_char(cp)) {
      const bool control = is_control_char(cp);
      if (out.size() + (control ? 1 : n) > max_bytes) break;
      if (control)
        out += ' ';
      else
        out.append(text.substr(i, n));
    }
    i += n;
  }
  return out;
}

}  // namespace banmen
