// Feeds arbitrary bytes to every game's position parser and, for positions that parse, to
// its move parser: nothing may crash, hang or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "games/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& ids = banmen::game_ids();
  std::string_view id = ids[data[0] % ids.size()];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto nl = text.find('\n');
  std::string_view position = text.substr(0, nl);
  std::string_view move = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  auto game = banmen::create_game(id, position);
  if (game) {
    (void)(*game)->apply(move);
    (void)(*game)->legal_moves();
  }
  (void)banmen::create_game(id, move);
  return 0;
}
