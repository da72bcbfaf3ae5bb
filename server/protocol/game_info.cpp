#include "protocol/game_info.h"

#include "games/registry.h"

namespace banmen::server {

json game_info_json(const GameInfo& info) {
  json j{{"id", std::string(info.id)},
         {"name", std::string(info.name)},
         {"sides", {std::string(info.side_names[0]), std::string(info.side_names[1])}},
         {"side_letters",
          {std::string(1, info.side_letters[0]), std::string(1, info.side_letters[1])}},
         {"hidden_information", info.hidden_information},
         {"files", info.files},
         {"ranks", info.ranks},
         {"squares", info.squares == SquareNames::shogi ? "digit_letter" : "letter_number"},
         {"hands", info.hands},
         {"notation", std::string(info.notation)},
         {"board", std::string(info.board)}};
  if (const auto family = game_family(info.id); !family.empty()) j["family"] = std::string(family);
  return j;
}

}  // namespace banmen::server
