// The chess entry in the game registry: start positions from FEN, games from PGN.
#include "chess/factory.h"

#include <memory>

#include "chess/chess_game.h"
#include "chess/fen.h"
#include "chess/pgn.h"

namespace banmen::chess {

namespace {

Result<GamePtr> create(std::string_view position) {
  auto pos = parse_fen(position.empty() ? kStartFen : position);
  if (!pos) return pos.error();
  return GamePtr(std::make_unique<ChessGame>(*pos));
}

Result<GamePtr> import_record(std::string_view format, std::string_view text) {
  if (format != "pgn")
    return make_error(errc::unsupported,
                      "chess records are PGN, not '" + std::string(format) + "'");
  return import_pgn(text);
}

}  // namespace

const GameFactory& chess_factory() {
  static const GameFactory f{chess_game_info, create, import_record};
  return f;
}

}  // namespace banmen::chess
