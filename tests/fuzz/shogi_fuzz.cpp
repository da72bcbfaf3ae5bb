// Arbitrary bytes into every shogi parser: SFEN, USI moves on a parsed position, and the
// KIF, CSA and USI record importers, for shogi and minishogi. Nothing may crash, hang or
// trip a sanitizer; whatever parses must format back to something that parses again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/registry.h"
#include "shogi/sfen.h"

namespace {

void check_sfen(const banmen::shogi::Variant& v, std::string_view text) {
  auto pos = banmen::shogi::parse_sfen(v, text);
  if (!pos) return;
  const std::string out = banmen::shogi::format_sfen(*pos);
  auto again = banmen::shogi::parse_sfen(v, out);
  if (!again || banmen::shogi::format_sfen(*again) != out) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool mini = data[0] & 1;
  const std::string_view id = mini ? "minishogi" : "shogi";
  const auto& variant = mini ? banmen::shogi::minishogi_variant() : banmen::shogi::shogi_variant();
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  switch ((data[0] >> 1) % 5) {
    case 0:
      check_sfen(variant, text);
      break;
    case 1: {
      // "<sfen>\n<move>\n<move>...": moves applied to the position while they are legal.
      auto nl = text.find('\n');
      auto game = banmen::create_game(id, text.substr(0, nl));
      if (!game) break;
      std::string_view rest =
          nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
      for (int i = 0; i < 64 && !rest.empty(); ++i) {
        auto end = rest.find('\n');
        (void)(*game)->apply(rest.substr(0, end));
        (void)banmen::shogi::parse_usi(variant, rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
      }
      (void)(*game)->legal_moves();
      (void)(*game)->declare_win();
      break;
    }
    case 2:
      (void)banmen::import_game(id, "kif", text);
      break;
    case 3:
      (void)banmen::import_game(id, "csa", text);
      break;
    default:
      (void)banmen::import_game(id, "sfen", text);
      break;
  }
  return 0;
}
