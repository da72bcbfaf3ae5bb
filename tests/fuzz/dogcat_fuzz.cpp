// Arbitrary bytes into dog-cat's position parser, its move parser (through apply, which
// also runs the illegal-move explanation) and its record importer: nothing may crash,
// hang or trip a sanitizer, and a position that parses must print and parse back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto nl = text.find('\n');
  const std::string_view position = text.substr(0, nl);
  const std::string_view moves = nl == std::string_view::npos ? "" : text.substr(nl + 1);
  if (auto game = banmen::create_game("dogcat", position); game) {
    banmen::Game& g = **game;
    const std::string printed = g.position();
    auto again = banmen::create_game("dogcat", printed);
    if (!again || (*again)->position() != printed) std::abort();
    // Each space-separated word is tried as a move; at most 64 of them.
    std::size_t i = 0;
    for (int n = 0; n < 64 && i < moves.size(); ++n) {
      std::size_t j = moves.find(' ', i);
      if (j == std::string_view::npos) j = moves.size();
      (void)g.apply(moves.substr(i, j - i));
      i = j + 1;
    }
    for (int v = 0; v < 3; ++v) (void)g.view(banmen::Viewer(v));
  }
  (void)banmen::import_game("dogcat", "record", text);
  return 0;
}
