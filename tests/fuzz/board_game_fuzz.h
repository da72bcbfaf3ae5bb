// One fuzzer body for the games whose positions, moves and transcripts are all text of
// their own (hasami shogi, reversi): arbitrary bytes go to the position parser (the first
// line), its moves (the rest, one per space-separated word) and its transcript reader.
// Nothing may crash, hang or trip a sanitizer, and whatever is accepted must write back
// out and read in again to the same position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "games/registry.h"

inline int fuzz_board_game(const char* game_id, const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto nl = text.find('\n');
  auto game = banmen::create_game(game_id, text.substr(0, nl));
  if (game && nl != std::string_view::npos) {
    std::string_view rest = text.substr(nl + 1);
    while (!rest.empty()) {
      auto sp = rest.find(' ');
      (void)(*game)->apply(rest.substr(0, sp));
      rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
    }
    (void)(*game)->perft(1);
  }
  auto imported = banmen::import_game(game_id, "transcript", text);
  if (imported) {
    auto record = (*imported)->export_record("transcript", banmen::Viewer::spectator, {});
    if (!record) std::abort();
    auto again = banmen::import_game(game_id, "transcript", *record);
    if (!again || (*again)->position() != (*imported)->position()) std::abort();
  }
  return 0;
}
