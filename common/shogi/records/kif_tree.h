// KIF and KI2 records read with their side lines (変化) into a variation tree, for
// bringing a record into a review. The header is the one import_kif reads (手合割, BOD).
//
// A "変化：N手" block is a side line replacing move N, Kakinoki's convention: it belongs to
// the most recent line that has a move N, searched from the latest side line back to the
// main line. Comments ("*"), bookmarks ("&"), time fields and summaries are skipped; an
// ending word (投了, 詰み, 中断, 千日手, ...) closes its line.
#pragma once

#include <optional>
#include <string_view>

#include "core/game.h"
#include "core/variation_tree.h"
#include "shogi/position.h"
#include "shogi/variant.h"

namespace banmen::shogi {

struct KifTree {
  VariationTree tree;
  RecordInfo info;
};

enum class KifStyle { kif, ki2 };

// Errors: bad_record, the message "line N: reason" (N 1-based), also when the tree would
// pass `limits`.
Result<KifTree> read_kif_tree(const GameInfo& info, const Variant& v, std::string_view text,
                              KifStyle style, const VariationLimits& limits);

// A KI2 move without its mover's mark ("７六歩", "同　銀", "５二金右", "４五角打") resolved
// against the legal moves of `pos` (`prev`: the move before, kNoMove at the start): the
// one move japanese_move_text writes so; failing that, the one move that matches once the
// origin words (右左上引寄直打) are set aside. nullopt when none or several fit.
std::optional<Move> parse_ki2_move(const Position& pos, std::string_view text, Move prev);

}  // namespace banmen::shogi
