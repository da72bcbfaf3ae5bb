#include "reversi/factory.h"

#include "reversi/reversi_game.h"
#include "reversi/transcript.h"

namespace banmen::reversi {

namespace {

Result<GamePtr> create(std::string_view position) {
  if (position.empty()) return GamePtr(std::make_unique<ReversiGame>(Position::start()));
  auto p = parse_position(position);
  if (!p) return p.error();
  return GamePtr(std::make_unique<ReversiGame>(*p));
}

Result<GamePtr> import_record(std::string_view format, std::string_view text) {
  if (format != "transcript")
    return make_error(errc::unsupported,
                      "reversi records are transcripts, not '" + std::string(format) + "'");
  return read_transcript(text);
}

}  // namespace

const GameFactory& reversi_factory() {
  static const GameFactory f{reversi_info, create, import_record};
  return f;
}

}  // namespace banmen::reversi
