#include "shogi/records/kif_tree.h"

#include <charconv>
#include <vector>

#include "core/record_text.h"
#include "shogi/records/kif.h"
#include "shogi/records/record_common.h"
#include "shogi/sfen.h"

namespace banmen::shogi {

namespace {

// The marks a KI2 move starts with: sente's and gote's, in the two forms writers use.
constexpr std::string_view kMarks[] = {"▲", "△", "☗", "☖"};

// Where the next mark starts in `s`, or npos.
std::size_t next_mark(std::string_view s, std::size_t from) {
  std::size_t best = std::string_view::npos;
  for (auto m : kMarks) best = std::min(best, s.find(m, from));
  return best;
}

// The KI2 moves of one line: the texts between the marks.
std::vector<std::string_view> ki2_moves(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t at = next_mark(line, 0); at != std::string_view::npos;) {
    const std::size_t body = at + kMarks[0].size();  // every mark is 3 bytes of UTF-8
    const std::size_t next = next_mark(line, body);
    out.push_back(
        trim_record_spaces(line.substr(body, next == std::string_view::npos ? next : next - body)));
    at = next;
  }
  return out;
}

bool starts_with_mark(std::string_view s) {
  for (auto m : kMarks)
    if (s.starts_with(m)) return true;
  return false;
}

// One line of play as the reader met it: its first move's ply, the node it branches from
// and its nodes in order (nodes[k] is ply first + k).
struct Line {
  std::uint32_t first;
  NodeId from;
  std::vector<NodeId> nodes;
};

class KifTreeReader {
 public:
  KifTreeReader(const GameInfo& info, const Position& start, KifStyle style,
                const VariationLimits& limits)
      : style_(style), game_(info, start), tree_(game_, limits) {
    lines_.push_back(Line{1, VariationTree::root(), {}});
  }

  Result<void> read(const std::vector<std::string_view>& lines, std::size_t first) {
    for (std::size_t i = first; i < lines.size(); ++i) {
      line_no_ = i;
      const std::string_view l = trim_record_spaces(lines[i]);
      if (l.starts_with("変化：")) {
        if (auto r = side_line(l.substr(std::string_view("変化：").size())); !r) return r;
      } else if (style_ == KifStyle::kif) {
        if (l.empty() || l[0] < '0' || l[0] > '9') continue;  // comments, summaries
        if (auto r = kif_move(l); !r) return r;
      } else if (starts_with_mark(l)) {
        for (std::string_view text : ki2_moves(l))
          if (auto r = ki2_move(text); !r) return r;
      }
    }
    return ok();
  }

  VariationTree& tree() { return tree_; }

 private:
  Error bad(const std::string& why) const { return record_error(line_no_, why); }

  // "変化：N手": continues from the node before move N of the latest line that has one.
  Result<void> side_line(std::string_view rest) {
    std::uint32_t n = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
    if (ec != std::errc() || n == 0 || std::string_view(end, rest.data() + rest.size()) != "手")
      return bad("expected '変化：N手'");
    for (auto line = lines_.rbegin(); line != lines_.rend(); ++line) {
      if (n < line->first || n >= line->first + line->nodes.size()) continue;
      const NodeId from = n == line->first ? line->from : line->nodes[n - line->first - 1];
      auto game = tree_.game_at(from);
      if (!game) return bad(game.error().message);
      game_ = static_cast<const ShogiGame&>(**game);
      at_ = from;
      ended_ = false;
      lines_.push_back(Line{n, from, {}});
      return ok();
    }
    return bad("no line before it has a move " + std::to_string(n));
  }

  Move prev() const { return game_.moves().empty() ? kNoMove : game_.moves().back(); }

  Result<void> kif_move(std::string_view l) {
    std::uint32_t number = 0;
    std::from_chars(l.data(), l.data() + l.size(), number);
    const std::string_view text = kif_move_token(l);
    auto m = parse_kif_move(game_.current(), text, prev());
    if (!m) {
      ShogiGame probe = game_;
      if (apply_ending_word(probe, text)) {
        ended_ = true;
        return ok();
      }
      return bad("cannot read the move '" + std::string(text) + "'");
    }
    const std::uint32_t expected = game_.moves().size() + 1;
    if (number != expected)
      return bad("move number " + std::to_string(number) + " where " + std::to_string(expected) +
                 " was expected");
    return play(*m, text);
  }

  Result<void> ki2_move(std::string_view text) {
    auto m = parse_ki2_move(game_.current(), text, prev());
    if (!m) return bad(std::string(text) + " is not a legal move here");
    return play(*m, text);
  }

  Result<void> play(Move m, std::string_view text) {
    if (ended_) return bad("a move after the end of the line: " + std::string(text));
    if (!game_.play(m)) return bad(std::string(text) + " is not a legal move here");
    const std::string usi = usi_move(game_.start().variant(), game_.moves().back());
    auto id = tree_.add(at_, usi);
    if (!id) return bad(id.error().message);
    at_ = *id;
    lines_.back().nodes.push_back(*id);
    return ok();
  }

  KifStyle style_;
  ShogiGame game_;  // the position after node at_
  VariationTree tree_;
  NodeId at_ = VariationTree::root();
  std::vector<Line> lines_;
  std::size_t line_no_ = 0;
  bool ended_ = false;
};

}  // namespace

Result<KifTree> read_kif_tree(const GameInfo& info, const Variant& v, std::string_view text,
                              KifStyle style, const VariationLimits& limits) {
  const auto lines = record_lines(text);
  auto head = read_kif_start(v, lines);
  if (!head) return head.error();
  KifTreeReader reader(info, head->start, style, limits);
  if (auto r = reader.read(lines, head->first_move_line); !r) return r.error();
  return KifTree{std::move(reader.tree()), head->info};
}

}  // namespace banmen::shogi
