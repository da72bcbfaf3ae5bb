// Chess parsers on arbitrary bytes: FEN (and its round trip), UCI and SAN moves, and PGN
// import. Nothing may crash, hang or trip a sanitizer; a FEN that parses must format back
// to one that parses to the same position; a move found from SAN must write back as SAN
// that finds it again. The first byte picks what the rest is, so that moves are also tried
// in real positions and FENs near valid ones, not only in random text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chess/chess_game.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/pgn.h"

using namespace banmen::chess;

namespace {

const char* const kKnown[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/Q7/4K3/Q1Q5 w - - 0 1",
};

void check_fen(std::string_view text) {
  auto pos = parse_fen(text);
  if (!pos) return;
  const std::string fen = format_fen(*pos);
  auto again = parse_fen(fen);
  if (!again || format_fen(*again) != fen || again->key != pos->key) std::abort();
}

void check_move(const Position& pos, std::string_view move) {
  if (auto u = parse_uci(pos, move); u && to_uci(*u) != move) std::abort();
  auto m = parse_san(pos, move);
  if (!m) return;
  auto back = parse_san(pos, to_san(pos, *m));
  if (!back || !(*back == *m)) std::abort();
  ChessGame g(pos);
  if (!g.play(*m)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  const std::string_view known = kKnown[data[1] % std::size(kKnown)];
  switch (data[0] % 4) {
    case 0:  // a PGN record
      (void)import_pgn(text);
      break;
    case 1:  // a FEN, then a move on the next line
      if (auto nl = text.find('\n'); nl != text.npos) {
        check_fen(text.substr(0, nl));
        if (auto pos = parse_fen(text.substr(0, nl))) check_move(*pos, text.substr(nl + 1));
      } else {
        check_fen(text);
      }
      break;
    case 2:  // a move in a known position
      check_move(*parse_fen(known), text);
      break;
    default: {  // a known FEN with bytes overwritten: (index, byte) pairs
      std::string fen(known);
      for (std::size_t i = 0; i + 1 < text.size(); i += 2) fen[text[i] % fen.size()] = text[i + 1];
      check_fen(fen);
    }
  }
  return 0;
}
