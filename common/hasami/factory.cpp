#include "hasami/factory.h"

#include "hasami/hasami_game.h"
#include "hasami/transcript.h"

namespace banmen::hasami {

namespace {

Result<GamePtr> create(std::string_view position) {
  if (position.empty()) return GamePtr(std::make_unique<HasamiGame>(Position::start()));
  auto p = parse_position(position);
  if (!p) return p.error();
  return GamePtr(std::make_unique<HasamiGame>(*p));
}

Result<GamePtr> import_record(std::string_view format, std::string_view text) {
  if (format != "transcript")
    return make_error(errc::unsupported,
                      "hasami shogi records are transcripts, not '" + std::string(format) + "'");
  return read_transcript(text);
}

}  // namespace

const GameFactory& hasami_factory() {
  static const GameFactory f{hasami_info, create, import_record};
  return f;
}

}  // namespace banmen::hasami
