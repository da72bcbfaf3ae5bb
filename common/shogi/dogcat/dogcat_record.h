// Dog-cat's own game record ("record" format; docs/rules/dogcat.md shows an example).
// A line-based text: a title line, `Key: value` headers, the start position, one line
// per ply and the result. Exported for the referee, or for anyone once the game is over,
// it reveals every piece and can be imported again; exported for a seat or a spectator
// before the end, it holds only what that viewer may see and is marked as such.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"

namespace banmen::shogi {

class DogcatGame;

constexpr std::size_t kMaxDogcatRecordLength = 1 << 20;

Result<std::string> export_dogcat_record(const DogcatGame& game, Viewer viewer,
                                         const RecordInfo& record);
// Rebuilds a game from a full record, replaying every move through the rules.
// Errors: bad_record (naming the line at fault), unsupported.
Result<GamePtr> import_dogcat_record(const GameInfo& info, std::string_view format,
                                     std::string_view text);

}  // namespace banmen::shogi
