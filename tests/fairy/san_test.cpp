// SAN as Fairy-Stockfish writes it, over random games it played (san_games.txt, written by
// san_games.mjs with ffish-es6): the xiangqi family's horse H and elephants E, gating moves
// (never disambiguated against moves that gate nothing), drops, promotions, walls. The
// PGN reader takes each game back in that SAN, and in SAN with the FEN's letters.
#include <gtest/gtest.h>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "fairy/factory.h"
#include "fairy/fairy_game.h"
#include "fairy/fen.h"
#include "fairy/notation.h"
#include "fairy/variant_file.h"

namespace banmen::fairy {
namespace {

struct SanGame {
  std::string variant;
  std::vector<std::string> uci, san;
};

std::vector<std::string> san_split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::vector<SanGame> read_san_games() {
  std::ifstream in(BANMEN_FAIRY_TEST_SAN_GAMES);
  std::vector<SanGame> games;
  for (std::string line; std::getline(in, line);) {
    const auto tab1 = line.find('\t'), tab2 = line.rfind('\t');
    if (tab1 == std::string::npos || tab2 == tab1) continue;
    games.push_back({line.substr(0, tab1), san_split_words(line.substr(tab1 + 1, tab2 - tab1 - 1)),
                     san_split_words(line.substr(tab2 + 1))});
  }
  return games;
}

// A PGN of these moves from the variant's start.
std::string san_pgn_of(const std::string& variant, const std::vector<std::string>& moves) {
  std::string text = "[Variant \"" + variant + "\"]\n\n";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) text += std::to_string(i / 2 + 1) + ". ";
    text += moves[i] + ' ';
  }
  return text + "*\n";
}

TEST(FairySan, FairyStockfishSanOfRandomGames) {
  const auto games = read_san_games();
  ASSERT_GE(games.size(), 60u);  // 16 variants
  std::size_t compared = 0, with_synonyms = 0;
  for (const SanGame& g : games) {
    const auto variant = named_variant(g.variant);
    ASSERT_NE(variant, nullptr) << g.variant;
    ASSERT_EQ(g.uci.size(), g.san.size()) << g.variant;
    std::string error;
    auto pos = parse_fen(variant->rules, variant->rules.start_fen, error);
    ASSERT_TRUE(pos) << error;
    std::vector<std::string> fen_letters;
    for (std::size_t i = 0; i < g.uci.size(); ++i) {
      Move m{};
      ASSERT_TRUE(find_uci_move(*pos, g.uci[i], m))
          << g.variant << " ply " << i + 1 << " " << g.uci[i] << " at " << write_fen(*pos);
      EXPECT_EQ(san_move(*pos, m), g.san[i])
          << g.variant << " ply " << i + 1 << " " << g.uci[i] << " at " << write_fen(*pos);
      fen_letters.push_back(san_move(*pos, m, true));
      if (fen_letters.back() != g.san[i]) ++with_synonyms;
      pos->make(m);
      ++compared;
    }
    // Read back in Fairy-Stockfish's SAN and in the FEN's letters, to the same position.
    for (const std::vector<std::string>* moves :
         std::initializer_list<const std::vector<std::string>*>{&g.san, &fen_letters}) {
      auto game = import_fairy_pgn(variant, san_pgn_of(g.variant, *moves));
      ASSERT_TRUE(game) << g.variant << ": " << game.error().message;
      EXPECT_EQ(static_cast<const FairyGame&>(**game).current().key(), pos->key()) << g.variant;
    }
  }
  EXPECT_GT(compared, 4000u);
  EXPECT_GT(with_synonyms, 100u);  // the horses and elephants were written H and E
}

TEST(FairySan, SynonymsAreReadInFensAndOnlyInTheBuiltInFiles) {
  // Xiangqi's FEN may name the horse h and the elephant e, as Fairy-Stockfish reads it.
  const auto xiangqi = named_variant("xiangqi");
  std::string error;
  auto with_synonyms =
      parse_fen(xiangqi->rules,
                "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1", error);
  ASSERT_TRUE(with_synonyms) << error;
  EXPECT_EQ(write_fen(*with_synonyms), xiangqi->rules.start_fen);
  // A user's file cannot give a piece a second letter.
  VariantError problem;
  EXPECT_FALSE(parse_variant_file("[v:chess]\npieceSynonyms = n:h\n", problem));
  EXPECT_EQ(problem.key, "pieceSynonyms");
  EXPECT_NE(problem.message.find("built-in"), std::string::npos) << problem.message;
  // A child that names the horse again has Fairy-Stockfish's plain N; one that does not
  // keeps the H.
  auto file = parse_variant_file(
      "[plain:xiangqi]\nhorse = n\n[kept:xiangqi]\nflyingGeneral = false\n", problem);
  ASSERT_TRUE(file) << problem.to_string();
  EXPECT_EQ(file->find("plain")->piece('n')->synonym, 0);
  EXPECT_EQ(file->find("kept")->piece('n')->synonym, 'h');
  EXPECT_EQ(file->find("kept")->piece('b')->synonym, 'e');
}

}  // namespace
}  // namespace banmen::fairy
