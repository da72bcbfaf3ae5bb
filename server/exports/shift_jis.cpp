#include "exports/shift_jis.h"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <utility>

namespace banmen::server {

namespace {

// Characters Unicode writes differently from the code points CP932's table maps, as
// Japanese text from other systems often holds them (wave dash, minus, double bar, ...),
// each with the character CP932 has in its place.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kNearest{{
    {"\u301C", "\uFF5E"},  // WAVE DASH -> FULLWIDTH TILDE
    {"\u2016", "\u2225"},  // DOUBLE VERTICAL LINE -> PARALLEL TO
    {"\u2212", "\uFF0D"},  // MINUS SIGN -> FULLWIDTH HYPHEN-MINUS
    {"\u00A2", "\uFFE0"},  // CENT SIGN -> FULLWIDTH CENT SIGN
    {"\u00A3", "\uFFE1"},  // POUND SIGN -> FULLWIDTH POUND SIGN
    {"\u00AC", "\uFFE2"},  // NOT SIGN -> FULLWIDTH NOT SIGN
}};

// The length of the UTF-8 sequence starting with `lead` (1 for a stray byte: it is skipped
// alone).
std::size_t sequence_length(unsigned char lead) {
  if (lead < 0xC2) return 1;
  if (lead < 0xE0) return 2;
  if (lead < 0xF0) return 3;
  if (lead < 0xF5) return 4;
  return 1;
}

// One iconv descriptor per conversion: cheap next to the record it converts, and no state
// shared between threads.
class Converter {
 public:
  Converter() : cd_(iconv_open("CP932", "UTF-8")) {}
  ~Converter() {
    if (ok()) iconv_close(cd_);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  bool ok() const { return cd_ != reinterpret_cast<iconv_t>(-1); }

  // Converts as much of `in` as it can into `out`; returns false at a character it cannot
  // convert (or an invalid or cut sequence), with `in` advanced to it.
  bool convert(std::string_view& in, std::string& out) {
    std::array<char, 4096> buffer;
    while (!in.empty()) {
      char* src = const_cast<char*>(in.data());
      std::size_t src_left = in.size();
      char* dst = buffer.data();
      std::size_t dst_left = buffer.size();
      const std::size_t r = iconv(cd_, &src, &src_left, &dst, &dst_left);
      out.append(buffer.data(), buffer.size() - dst_left);
      in.remove_prefix(in.size() - src_left);
      if (r == static_cast<std::size_t>(-1) && errno != E2BIG) {
        iconv(cd_, nullptr, nullptr, nullptr, nullptr);  // back to the initial state
        return false;
      }
    }
    return true;
  }

 private:
  iconv_t cd_;
};

}  // namespace

std::string utf8_to_shift_jis(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  Converter converter;
  if (!converter.ok()) {  // no CP932 table in this C library: ASCII survives, the rest is '?'
    for (std::size_t i = 0; i < utf8.size();) {
      const auto c = static_cast<unsigned char>(utf8[i]);
      out += c < 0x80 ? static_cast<char>(c) : '?';
      i += c < 0x80 ? 1 : sequence_length(c);
    }
    return out;
  }
  std::string_view rest = utf8;
  while (!converter.convert(rest, out)) {
    std::size_t n =
        std::min(sequence_length(static_cast<unsigned char>(rest.front())), rest.size());
    std::string_view bad = rest.substr(0, n);
    rest.remove_prefix(n);
    bool replaced = false;
    for (const auto& [from, to] : kNearest) {
      if (bad != from) continue;
      std::string_view nearest = to;
      replaced = converter.convert(nearest, out);
      break;
    }
    if (!replaced) out += '?';
  }
  return out;
}

std::string kif_to_shift_jis(std::string_view utf8_kif) {
  constexpr std::string_view utf8_name = "encoding=UTF-8";
  const std::string_view first = utf8_kif.substr(0, utf8_kif.find('\n'));
  const auto at = first.find(utf8_name);
  if (!first.starts_with("#KIF") || at == std::string_view::npos)
    return utf8_to_shift_jis(utf8_kif);
  std::string text(utf8_kif.substr(0, at));
  text += "encoding=";
  text += kShiftJisCharset;
  text += utf8_kif.substr(at + utf8_name.size());
  return utf8_to_shift_jis(text);
}

}  // namespace banmen::server
