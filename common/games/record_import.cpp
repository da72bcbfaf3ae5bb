// Chooses the reader and the game for a record brought into a room. The readers are the
// games' own (shogi/records/kif_tree.h, core/pgn_read.h for chess and fairy chess, each
// game's import_record for its main-line formats, core/variation_text.h for reviews);
// this file only detects the format (record_detect.cpp) and wires them to a tree.
#include "games/record_import.h"

#include <charconv>

#include "core/pgn_read.h"
#include "core/variation_text.h"
#include "games/record_detect.h"
#include "games/registry.h"
#include "shogi/records/kif_tree.h"
#include "shogi/variant.h"

namespace banmen {

namespace {

Error import_bad(std::size_t line, const std::string& why) {
  std::string message;
  if (line > 0) message.append("line ").append(std::to_string(line)).append(": ");
  message.append(why);
  return make_error(errc::bad_record, std::move(message));
}

// Any error as bad_record, its "line N: " kept.
Error as_bad_record(const Error& e) {
  return make_error(errc::bad_record, e.message);
}

bool is_registry_game(std::string_view id) {
  return find_game(id) != nullptr;
}

// The tree of a game read by a main-line reader: its start, then every move it played.
Result<VariationTree> tree_of_game(const Game& game, const VariationLimits& limits) {
  auto root = create_game(game.info().id, game.initial_position());
  if (!root) return as_bad_record(root.error());
  VariationTree tree(**root, limits);
  NodeId at = VariationTree::root();
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    auto id = tree.add(at, game.notation(i, Viewer::referee));
    if (!id) return import_bad(0, "move " + std::to_string(i + 1) + ": " + id.error().message);
    at = *id;
  }
  return tree;
}

Result<ImportedRecord> from_game(Result<GamePtr> game, std::string format,
                                 const VariationLimits& limits) {
  if (!game) return as_bad_record(game.error());
  auto tree = tree_of_game(**game, limits);
  if (!tree) return tree.error();
  return ImportedRecord{std::string((*game)->info().id), std::move(format), std::move(*tree), {}};
}

// KIF and KI2: minishogi when the record says ５五将棋, or when the room plays it and the
// record names no handicap; shogi otherwise.
Result<ImportedRecord> read_kif(std::string_view text, shogi::KifStyle style, std::string_view room,
                                const VariationLimits& limits) {
  const bool mini = text.find("５五将棋") != std::string_view::npos ||
                    text.find("5五将棋") != std::string_view::npos ||
                    (room == "minishogi" && text.find("手合割") == std::string_view::npos);
  const std::string id = mini ? "minishogi" : "shogi";
  const auto& info = find_game(id)->info();
  const auto& variant = mini ? shogi::minishogi_variant() : shogi::shogi_variant();
  auto read = shogi::read_kif_tree(info, variant, text, style, limits);
  if (!read) return as_bad_record(read.error());
  return ImportedRecord{id, style == shogi::KifStyle::kif ? "kif" : "ki2", std::move(read->tree),
                        std::move(read->info)};
}

// CSA (main line only: CSA has no side lines), as the room's shogi game reads it first.
Result<ImportedRecord> read_csa(std::string_view text, std::string_view room,
                                const VariationLimits& limits) {
  std::vector<std::string> ids;
  if (room == "minishogi") ids.emplace_back(room);
  ids.emplace_back("shogi");
  if (room != "minishogi") ids.emplace_back("minishogi");
  Error first{};
  for (const auto& id : ids) {
    auto game = import_game(id, "csa", text);
    if (game) return from_game(std::move(game), "csa", limits);
    if (first.code.empty()) first = game.error();
  }
  return as_bad_record(first);
}

// The game a PGN's [Variant] names ("Standard", a registry id, or a fairy name such as
// "Three-check" or "King of the Hill"); the room's PGN game, else chess, when it names none.
Result<std::string> pgn_game(std::string_view variant, std::string_view room) {
  std::string key;
  for (char c : variant)
    if (c != ' ' && c != '-' && c != '_')
      key += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (key.empty()) {
    if (!room.empty() && room != "chess" && is_registry_game(room) &&
        find_game(room)->info().notation == "uci")
      return std::string(room);
    return std::string("chess");
  }
  if (key == "standard" || key == "chess" || key == "fromposition" || key == "normal")
    return std::string("chess");
  if (key == "threecheck") return std::string("3check");
  if (key.ends_with("chess") && !is_registry_game(key)) key.resize(key.size() - 5);
  if (is_registry_game(key) && find_game(key)->info().notation == "uci") return key;
  return import_bad(
      0, "the variant '" + std::string(variant.substr(0, 40)) + "' is not one the rooms play");
}

Result<ImportedRecord> read_pgn(std::string_view text, std::string_view room,
                                const VariationLimits& limits) {
  auto tags = read_pgn_tags(text);
  if (!tags) return tags.error();
  auto id = pgn_game(tags->value("Variant"), room);
  if (!id) return id.error();
  auto root = create_game(*id, tags->value("FEN"));
  if (!root) return import_bad(0, "the FEN tag: " + root.error().message);
  auto tree = read_pgn_movetext(**root, text, tags->movetext, limits);
  if (!tree) return tree.error();
  RecordInfo info;
  info.players[0] = tags->value("White");
  info.players[1] = tags->value("Black");
  info.event = tags->value("Event");
  info.site = tags->value("Site");
  return ImportedRecord{*id, "pgn", std::move(*tree), std::move(info)};
}

// A position alone, maybe followed by moves, in the forms USI and UCI engines are told
// them: "position startpos moves ...", "position sfen <SFEN> moves ...", "position fen
// <FEN> moves ...", the same without "position", a bare SFEN or FEN, or a bare move list.
Result<ImportedRecord> read_position(std::string_view text, std::string_view format,
                                     std::string_view room, const VariationLimits& limits) {
  const PositionText p = split_position_text(text);
  const bool usi_family = format == "sfen" || format == "usi";
  const bool uci_family = format == "fen" || format == "uci";
  // The games to try, the room's first: a bare SFEN or FEN, or a bare move list, does not
  // say its game.
  std::vector<std::string> ids;
  if (is_registry_game(room)) ids.emplace_back(room);
  const bool says_sfen = p.kind == PositionText::Kind::sfen;
  const bool says_fen = p.kind == PositionText::Kind::fen;
  if (!uci_family && !says_fen) {
    ids.emplace_back("shogi");
    ids.emplace_back("minishogi");
  }
  if (!usi_family && !says_sfen) ids.emplace_back("chess");
  Error first{};
  for (const auto& id : ids) {
    const auto& info = find_game(id)->info();
    if ((says_sfen || usi_family) && info.notation == "uci") continue;
    if ((says_fen || uci_family) && info.notation != "uci") continue;
    auto root = create_game(id, p.position);
    if (!root) {
      if (first.code.empty()) first = import_bad(p.position_line, root.error().message);
      continue;
    }
    VariationTree tree(**root, limits);
    NodeId at = VariationTree::root();
    bool played_all = true;
    for (const auto& [move, line] : p.moves) {
      auto next = tree.add(at, move);
      if (!next) {
        if (first.code.empty())
          first = import_bad(line, std::string(move.substr(0, 24)) + ": " + next.error().message);
        played_all = false;
        break;
      }
      at = *next;
    }
    if (!played_all) continue;
    const bool shogi_like = info.notation != "uci";
    std::string read =
        p.moves.empty() ? (shogi_like ? "sfen" : "fen") : (shogi_like ? "usi" : "uci");
    return ImportedRecord{id, std::move(read), std::move(tree), {}};
  }
  if (first.code.empty()) return import_bad(0, "no game of the rooms reads this position");
  return first;
}

// The project's own transcripts: reversi's and hasami shogi's ("Game: <id>" header) and
// dog-cat's record.
Result<ImportedRecord> read_transcript(std::string_view text, const VariationLimits& limits) {
  const std::string id = transcript_game(text);
  if (id.empty() || !is_registry_game(id))
    return import_bad(1, "not a transcript of a game the rooms play");
  const auto& formats = find_game(id)->info().record_formats;
  const std::string_view format = formats.empty() ? std::string_view("transcript") : formats[0];
  return from_game(import_game(id, format, text), "transcript", limits);
}

// The review's text form (core/variation_text.h): "review <id>", "start <position>",
// "moves ...".
Result<ImportedRecord> read_review_text(std::string_view text, const VariationLimits& limits) {
  const ReviewHead head = review_text_head(text);
  if (!is_registry_game(head.game)) return import_bad(1, "expected 'review <game>'");
  auto root = create_game(head.game, head.start);
  if (!root) return import_bad(2, root.error().message);
  auto tree = read_variation_text(**root, text, limits);
  if (!tree) return as_bad_record(tree.error());
  return ImportedRecord{std::string(head.game), "txt", std::move(*tree), {}};
}

}  // namespace

const std::vector<std::string_view>& import_formats() {
  static const std::vector<std::string_view> formats = {
      "auto", "kif", "ki2", "csa", "pgn", "sfen", "fen", "usi", "uci", "transcript", "txt"};
  return formats;
}

Result<ImportedRecord> import_record_tree(std::string_view text, std::string_view format,
                                          std::string_view room_game_id,
                                          const VariationLimits& limits) {
  if (text.size() > kMaxImportLength)
    return import_bad(0, "a record is at most " + std::to_string(kMaxImportLength / 1024) + " KiB");
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  if (text.find('\0') != std::string_view::npos)
    return import_bad(0, "a record is text, without NUL bytes");
  std::string_view chosen = format;
  if (format == "auto") chosen = detect_record_format(text);
  if (chosen == "kif") return read_kif(text, shogi::KifStyle::kif, room_game_id, limits);
  if (chosen == "ki2") return read_kif(text, shogi::KifStyle::ki2, room_game_id, limits);
  if (chosen == "csa") return read_csa(text, room_game_id, limits);
  if (chosen == "pgn") return read_pgn(text, room_game_id, limits);
  if (chosen == "sfen" || chosen == "fen" || chosen == "usi" || chosen == "uci" ||
      chosen == "position")
    return read_position(text, format == "auto" ? "position" : chosen, room_game_id, limits);
  if (chosen == "transcript") return read_transcript(text, limits);
  if (chosen == "txt") return read_review_text(text, limits);
  if (chosen.empty()) return import_bad(0, "the text is empty");
  return import_bad(0, "unknown record format '" + std::string(format.substr(0, 16)) + "'");
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
