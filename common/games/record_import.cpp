#include "games/record_import.h"

#include <charconv>

#include "games/registry.h"

namespace banmen {

const std::vector<std::string_view>& import_formats() {
  static const std::vector<std::string_view> formats = {
      "auto", "kif", "ki2", "csa", "pgn", "sfen", "fen", "usi", "uci", "transcript", "txt"};
  return formats;
}

Result<ImportedRecord> import_record_tree(std::string_view text, std::string_view format,
                                          std::string_view room_game_id,
                                          const VariationLimits& limits) {
  if (text.size() > kMaxImportLength)
    return make_error(errc::bad_record, "a record is at most " +
                                            std::to_string(kMaxImportLength / 1024) + " KiB");
  if (format != "auto" && format != "kif")
    return make_error(errc::bad_record, "the format '" + std::string(format) + "' is not read yet");
  const std::string game_id = room_game_id == "minishogi" ? "minishogi" : "shogi";
  auto game = import_game(game_id, "kif", text);
  if (!game) return make_error(errc::bad_record, game.error().message);
  auto root = create_game(game_id, (*game)->initial_position());
  if (!root) return make_error(errc::bad_record, root.error().message);
  VariationTree tree(**root, limits);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < (*game)->history_size(); ++i)
    moves.push_back((*game)->notation(i, Viewer::referee));
  if (auto added = tree.add_line(VariationTree::root(), moves); !added)
    return make_error(errc::bad_record, added.error().message);
  return ImportedRecord{game_id, "kif", std::move(tree), RecordInfo{}};
}

ImportError import_error_of(const Error& error) {
  std::string_view m = error.message;
  if (m.starts_with("line ")) {
    std::size_t n = 0;
    const char* first = m.data() + 5;
    const auto [end, ec] = std::from_chars(first, m.data() + m.size(), n);
    if (ec == std::errc() && std::string_view(end, m.data() + m.size()).starts_with(": "))
      return {n, std::string(end + 2, m.data() + m.size())};
  }
  return {0, error.message};
}

}  // namespace banmen
