// PGN of a fairy-chess game as pychess-variants and Fairy-Stockfish read it: the Seven Tag
// Roster, [Variant "Capablanca"] (Fairy-Stockfish lower-cases it to its variant name;
// "Chess960" reads as chess with Chess960 castling), [FEN] and [SetUp], SAN movetext.
#include <cctype>
#include <string>

#include "core/record_text.h"
#include "core/variation_pgn.h"
#include "fairy/fairy_game.h"

namespace banmen::fairy {
namespace {

// The Variant tag: the variant's Fairy-Stockfish name with a capital; chess960 is written
// "Chess960", the form pychess-variants uses and Fairy-Stockfish's reader understands.
std::string variant_tag(const std::string& id) {
  if (id == "chess960") return "Chess960";
  std::string out = id;
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

}  // namespace

std::string export_pgn(const FairyGame& game, const RecordInfo& record) {
  const Outcome outcome = game.outcome();
  const std::string& start = record.start_time;
  const bool dated = start.size() >= 10 && start[4] == '-' && start[7] == '-';
  std::string date = "????.??.??";
  if (dated) {
    date = start.substr(0, 4);
    date += '.';
    date += start.substr(5, 2);
    date += '.';
    date += start.substr(8, 2);
  }
  std::string out;
  out += pgn_tag("Event", record.event);
  out += pgn_tag("Site", record.site);
  out += pgn_tag("Date", date);
  out += pgn_tag("Round", "-");
  out += pgn_tag("White", record.players[0]);
  out += pgn_tag("Black", record.players[1]);
  out += pgn_tag("Result", pgn_result(outcome));
  out += pgn_tag("Variant", variant_tag(game.variant().id));
  out += pgn_tag("FEN", game.initial_position());
  out += pgn_tag("SetUp", "1");
  if (outcome.over()) out += pgn_tag("Termination", outcome.reason);
  out += '\n';
  // Movetext: numbered SAN, wrapped at 80 columns; a start with Black to move opens "1...".
  std::string line;
  auto word = [&](const std::string& w) {
    if (!line.empty() && line.size() + 1 + w.size() > 80) {
      out += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += w;
  };
  const int first_side = game.initial_position().find(" b ") != std::string::npos ? 1 : 0;
  int number = 1;
  {
    const std::string fen = game.initial_position();
    const auto last_space = fen.rfind(' ');
    number = std::max(1, std::atoi(fen.c_str() + last_space + 1));
  }
  for (std::size_t i = 0; i < game.history_size(); ++i) {
    const int side = static_cast<int>((i + static_cast<std::size_t>(first_side)) % 2);
    if (side == 0) word(std::to_string(number) + ".");
    if (i == 0 && side == 1) word(std::to_string(number) + "...");
    if (side == 1) ++number;
    word(game.display_notation(i, Viewer::referee));
    if (i < record.move_comments.size() && !record.move_comments[i].empty())
      word("{" + record.move_comments[i] + "}");
  }
  word(pgn_result(outcome));
  out += line + "\n";
  return out;
}

Result<std::string> export_pgn_variations(const VariationTree& tree, const RecordInfo& record) {
  const auto* root = dynamic_cast<const FairyGame*>(&tree.root_game());
  if (!root) return make_error(errc::unsupported, "not a fairy-chess game");
  RecordInfo header = record;
  header.move_times_ms.clear();
  std::string tags = export_pgn(*root, header);
  tags = tags.substr(0, tags.find("\n\n") + 2);
  return tags + pgn_variation_movetext(tree);
}

}  // namespace banmen::fairy
