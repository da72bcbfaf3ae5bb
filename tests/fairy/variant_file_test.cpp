#include "fairy/variant_file.h"

#include <gtest/gtest.h>

#include <string>

namespace banmen::fairy {
namespace {

VariantError error_of(std::string_view text) {
  VariantError error;
  EXPECT_FALSE(parse_variant_file(text, error).has_value()) << text;
  return error;
}

TEST(FairyVariantFile, EveryBuiltinIsThereWithFairyStockfishNames) {
  const VariantFile& file = builtin_variants();
  for (std::string_view name :
       {"chess960", "capablanca", "gothic", "janus", "embassy", "grand", "almost", "shatranj",
        "makruk", "knightmate", "amazon", "kingofthehill"})
    EXPECT_NE(file.find(name), nullptr) << name;
  EXPECT_EQ(file.variants.size(), 12u);
  const VariantDefinition* grand = file.find("grand");
  ASSERT_NE(grand, nullptr);
  EXPECT_EQ(grand->files, 10);
  EXPECT_EQ(grand->ranks, 10);
  EXPECT_EQ(grand->piece('c')->name, "chancellor");
  EXPECT_FALSE(grand->settings.castling);
  const VariantDefinition* knightmate = file.find("knightmate");
  ASSERT_NE(knightmate, nullptr);
  EXPECT_EQ(knightmate->king_betza, "N");
  EXPECT_EQ(knightmate->piece('n'), nullptr);
}

TEST(FairyVariantFile, SectionsInheritFromParentsDefinedAbove) {
  VariantError error;
  const auto file = parse_variant_file(
      "[base:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 "
      "1\n"
      "castling = false\n\n[child:base]\ncustomPiece1 = z:W2\n"
      "startFen = rnbzkr/pppppp/6/6/PPPPPP/RNBZKR w - - 0 1\n",
      error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const VariantDefinition* child = file->find("child");
  ASSERT_NE(child, nullptr);
  EXPECT_EQ(child->files, 6);
  EXPECT_FALSE(child->settings.castling);
  ASSERT_NE(child->piece('z'), nullptr);
  EXPECT_EQ(child->piece('z')->moves.vectors.size(), 4u);
}

// Each key, spelt as Fairy-Stockfish spells it, lands in its own field: a key misspelt in
// the reader's table is refused here as unknown, and a key paired with another key's field
// leaves its own field at the initial value.
TEST(FairyVariantFile, EveryPlainKeyIsReadIntoItsField) {
  VariantError error;
  const auto file = parse_variant_file(
      "[v:chess]\n"
      "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"
      "chess960 = true\n"
      "promotionRegionWhite = *7 *8\n"
      "promotionRegionBlack = *1 *2\n"
      "promotionPieceTypes = nb\n"
      "promotionPieceTypesWhite = q\n"
      "promotionPieceTypesBlack = r\n"
      "mandatoryPawnPromotion = false\n"
      "promotedPieceType = n:b\n"
      "mandatoryPiecePromotion = true\n"
      "promotionLimit = q:1\n"
      "doubleStep = false\n"
      "doubleStepRegionWhite = *3\n"
      "doubleStepRegionBlack = *6\n"
      "enPassantRegion = *4\n"
      "castling = false\n"
      "castlingKingsideFile = f\n"
      "castlingQueensideFile = b\n"
      "castlingRank = 2\n"
      "castlingKingFile = d\n"
      "castlingKingPiece = q\n"
      "castlingRookPieces = b\n"
      "checking = false\n"
      "stalemateValue = loss\n"
      "checkmateValue = win\n"
      "nMoveRule = 40\n"
      "nFoldRule = 4\n"
      "nFoldValue = loss\n"
      "extinctionValue = win\n"
      "extinctionClaim = true\n"
      "extinctionPieceTypes = *\n"
      "extinctionPieceCount = 2\n"
      "extinctionOpponentPieceCount = 3\n"
      "flagPiece = k\n"
      "flagRegionWhite = d5\n"
      "flagRegionBlack = e4\n"
      "flagMove = true\n"
      "flagPieceCount = 2\n"
      "flagPieceBlockedWin = true\n"
      "immobilityIllegal = true\n"
      "mustCapture = true\n"
      "countingRule = asean\n"
      "variantTemplate = shogi\n"
      "pieceToCharTable = PNBRQ.+K*pnbrq.+k\n",
      error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const VariantSettings& s = file->variants.front().settings;
  EXPECT_EQ(s.start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  EXPECT_TRUE(s.chess960);
  EXPECT_EQ(s.promotion_region_white, "*7 *8");
  EXPECT_EQ(s.promotion_region_black, "*1 *2");
  EXPECT_EQ(s.promotion_piece_types, "nb");
  EXPECT_EQ(s.promotion_piece_types_white, "q");
  EXPECT_EQ(s.promotion_piece_types_black, "r");
  EXPECT_FALSE(s.mandatory_pawn_promotion);
  EXPECT_EQ(s.promoted_piece_type, "n:b");
  EXPECT_TRUE(s.mandatory_piece_promotion);
  EXPECT_EQ(s.promotion_limit, "q:1");
  EXPECT_FALSE(s.double_step);
  EXPECT_EQ(s.double_step_region_white, "*3");
  EXPECT_EQ(s.double_step_region_black, "*6");
  EXPECT_EQ(s.en_passant_region, "*4");
  EXPECT_FALSE(s.castling);
  EXPECT_EQ(s.castling_kingside_file, 'f');
  EXPECT_EQ(s.castling_queenside_file, 'b');
  EXPECT_EQ(s.castling_rank, 2);
  EXPECT_EQ(s.castling_king_file, 'd');
  EXPECT_EQ(s.castling_king_piece, "q");
  EXPECT_EQ(s.castling_rook_pieces, "b");
  EXPECT_FALSE(s.checking);
  EXPECT_EQ(s.stalemate_value, EndValue::loss);
  EXPECT_EQ(s.checkmate_value, EndValue::win);
  EXPECT_EQ(s.n_move_rule, 40);
  EXPECT_EQ(s.n_fold_rule, 4);
  EXPECT_EQ(s.n_fold_value, EndValue::loss);
  EXPECT_EQ(s.extinction_value, EndValue::win);
  EXPECT_TRUE(s.extinction_claim);
  EXPECT_EQ(s.extinction_piece_types, "*");
  EXPECT_EQ(s.extinction_piece_count, 2);
  EXPECT_EQ(s.extinction_opponent_piece_count, 3);
  EXPECT_EQ(s.flag_piece, "k");
  EXPECT_EQ(s.flag_region_white, "d5");
  EXPECT_EQ(s.flag_region_black, "e4");
  EXPECT_TRUE(s.flag_move);
  EXPECT_EQ(s.flag_piece_count, 2);
  EXPECT_TRUE(s.flag_piece_blocked_win);
  EXPECT_TRUE(s.immobility_illegal);
  EXPECT_TRUE(s.must_capture);
  EXPECT_EQ(s.counting_rule, CountingRule::asean);
  EXPECT_EQ(s.variant_template, "shogi");
  EXPECT_EQ(s.piece_to_char_table, "PNBRQ.+K*pnbrq.+k");
}

TEST(FairyVariantFile, ErrorsNameTheLineAndTheKey) {
  VariantError e = error_of("[v:chess]\n\nfoo = 1\n");
  EXPECT_EQ(e.line, 3);
  EXPECT_EQ(e.key, "foo");
  EXPECT_EQ(e.to_string(), "line 3: foo is not a key this engine supports");

  e = error_of("[v:chess]\nnMoveRule = lots\n");
  EXPECT_EQ(e.line, 2);
  EXPECT_EQ(e.key, "nMoveRule");

  e = error_of("[v:chess]\ncustomPiece1 = a:X\n");
  EXPECT_EQ(e.key, "customPiece1");

  e = error_of("[v:nowhere]\n");
  EXPECT_EQ(e.line, 1);
  EXPECT_EQ(e.message,
            "the parent nowhere is neither chess, fairy, a built-in variant nor a variant defined "
            "above");
  // Fairy-Stockfish's built-ins of two boards are named with the reason they are not played.
  for (const char* two_boards : {"bughouse", "koedem", "supply"}) {
    e = error_of(std::string("[v:") + two_boards + "]\n");
    EXPECT_EQ(e.line, 1);
    EXPECT_EQ(e.message, std::string("the parent ") + two_boards +
                             " is played on two boards by four players, each side dropping "
                             "pieces its partner took on the other board; Banmen plays one "
                             "board between two players");
  }
  EXPECT_FALSE(unplayable_builtin("crazyhouse"));

  e = error_of("# comment\n[v:chess]\nmaxFile = 10\n");
  EXPECT_EQ(e.line, 2);  // the start position is checked against the section's board
  EXPECT_EQ(e.key, "startFen");

  e = error_of("[v:chess]\nmaxFile = 13\n");
  EXPECT_EQ(e.key, "maxFile");
  e = error_of("[v:chess]\nmaxRank = 11\n");
  EXPECT_EQ(e.key, "maxRank");

  e = error_of("[v:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1\n");
  EXPECT_EQ(e.key, "startFen");
  EXPECT_EQ(e.line, 2);

  e = error_of("[v:chess]\npromotionPieceTypes = qx\n");
  EXPECT_EQ(e.key, "promotionPieceTypes");

  e = error_of("[v:chess]\nvariantTemplate = Xiangqi<>\n");
  EXPECT_EQ(e.key, "variantTemplate");
  EXPECT_EQ(e.message, "expects a board's name in lowercase letters, such as fairy or shogi");
  e = error_of("[v:chess]\npieceToCharTable = PNB<script>\n");
  EXPECT_EQ(e.key, "pieceToCharTable");
  e = error_of("[v:chess]\npieceToCharTable = " + std::string(max_piece_to_char_table + 1, '.') +
               "\n");
  EXPECT_EQ(e.key, "pieceToCharTable");

  // A square of the largest board that this one lacks is clipped (Fairy-Stockfish's own
  // epicatomic names ranks 9 and 10 of an 8-rank board); one beyond every board is refused.
  VariantError clipped;
  EXPECT_TRUE(parse_variant_file("[v:chess]\nflagRegionWhite = i4 *10\n", clipped));
  e = error_of("[v:chess]\n\nflagRegionWhite = m4\n");
  EXPECT_EQ(e.key, "flagRegionWhite");
  EXPECT_EQ(e.line, 3);
  e = error_of("[v:chess]\nflagRegion = a11\n");
  EXPECT_EQ(e.key, "flagRegion");

  e = error_of("maxFile = 8\n");
  EXPECT_EQ(e.line, 1);
  e = error_of("[v:chess]\njust words\n");
  EXPECT_EQ(e.line, 2);
  e = error_of("[a:chess]\n[a]\n");
  EXPECT_EQ(e.line, 2);
}

// A section without a parent starts as Fairy-Stockfish's bare variant: no piece, not even a
// king, and no promotion choice, until it names them.
TEST(FairyVariantFile, ASectionWithoutAParentHasOnlyThePiecesItNames) {
  VariantError error;
  auto file = parse_variant_file(
      "[bare]\npawn = p\nqueen = q\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1\n", error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const VariantDefinition& d = file->variants[0];
  EXPECT_EQ(d.pieces.size(), 2u);
  EXPECT_EQ(d.king_letter, 0);
  EXPECT_EQ(d.settings.promotion_piece_types, "-");
  const VariantError none = error_of("[bare]\nmaxFile = 6\n");
  EXPECT_NE(none.message.find("no pieces"), std::string::npos) << none.to_string();
}

TEST(FairyVariantFile, InheritedCastlingFilesOffASmallBoardNeedAStartWithoutCastling) {
  const std::string small = "[v:chess]\nmaxFile = 6\nmaxRank = 6\n";
  // Chess's g file is off a six-file board: harmless while the start grants no castling...
  VariantError error;
  EXPECT_TRUE(
      parse_variant_file(small + "startFen = rnqkbr/pppppp/6/6/PPPPPP/RNQKBR w - - 0 1\n", error)
          .has_value())
      << error.to_string();
  EXPECT_TRUE(
      parse_variant_file(small + "startFen = rnqkbr/pppppp/6/6/PPPPPP/RNQKBR\n", error).has_value())
      << error.to_string();
  // ...refused when it grants some, or when the section names the file itself.
  EXPECT_EQ(error_of(small + "startFen = rnqkbr/pppppp/6/6/PPPPPP/RNQKBR w KQkq - 0 1\n").key,
            "castlingKingsideFile");
  EXPECT_EQ(error_of(small +
                     "startFen = rnqkbr/pppppp/6/6/PPPPPP/RNQKBR w - - 0 1\ncastlingKingsideFile = "
                     "h\n")
                .key,
            "castlingKingsideFile");
}

TEST(FairyVariantFile, AnImmobilePieceHasNoMoves) {
  VariantError error;
  const auto file = parse_variant_file("[v:chess]\nimmobile = w\n", error);
  ASSERT_TRUE(file.has_value()) << error.to_string();
  const PieceType* wall = file->variants.front().piece('w');
  ASSERT_NE(wall, nullptr);
  EXPECT_TRUE(wall->moves.vectors.empty());
  EXPECT_EQ(error_of("[v:chess]\nimmobile = ww\n").key, "immobile");
}

TEST(FairyVariantFile, SizeLimitsAreEnforced) {
  EXPECT_NE(error_of(std::string(max_variant_file_bytes + 1, '#')).message.find("bytes"),
            std::string::npos);
  std::string many;
  for (int i = 0; i <= static_cast<int>(max_variant_sections); ++i)
    many += "[v" + std::to_string(i) + ":chess]\n";
  EXPECT_EQ(error_of(many).line, static_cast<int>(max_variant_sections) + 1);
  // Letters are a-z, so 26 is the most a variant can have.
  EXPECT_EQ(error_of("[v:chess]\ncustomPiece1 = A:W\n").key, "customPiece1");
  // A piece given the king's letter takes it, as in Fairy-Stockfish (whose FEN reader finds
  // the piece before the king): the variant is left without a royal king.
  VariantError ignored;
  const auto taken = parse_variant_file("[v:chess]\ncustomPiece1 = k:W\n", ignored);
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(taken->variants[0].king_letter, 0);
  EXPECT_EQ(taken->variants[0].piece('k')->name, "customPiece1");
}

}  // namespace
}  // namespace banmen::fairy
