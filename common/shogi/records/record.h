// Game records of shogi and minishogi: the USI form ("sfen <start> moves ..."), KIF and
// CSA. Exporters write what common shogi software reads; importers take the main line
// of such a record and replay it through the rules, so an illegal record is rejected.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "shogi/variant.h"

namespace banmen::shogi {

class ShogiGame;

// Longest record text accepted by the importers.
constexpr std::size_t kMaxRecordLength = 1 << 20;

Result<std::string> export_usi(const ShogiGame& game);
Result<std::string> export_kif(const ShogiGame& game, const RecordInfo& record);
Result<std::string> export_csa(const ShogiGame& game, const RecordInfo& record);

// format: "sfen" (a bare SFEN, "sfen <SFEN> [moves ...]" or "startpos [moves ...]"),
// "kif" or "csa". Errors: bad_record (with the line at fault), unsupported.
Result<GamePtr> import_record(const GameInfo& info, const Variant& v, std::string_view format,
                              std::string_view text);

}  // namespace banmen::shogi
