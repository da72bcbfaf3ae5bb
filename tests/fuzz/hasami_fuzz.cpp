// Arbitrary bytes as a hasami shogi position, its moves and its transcript (board_game_fuzz.h).
#include "board_game_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz_board_game("hasami", data, size);
}
