#include "engine/dogcat_view.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <string>

#include "shogi/dogcat/dogcat_notation.h"

namespace banmen::engine {
namespace {

constexpr std::string_view kTypeLetters = "KRBGS";

int type_index(char c) {
  const auto i = kTypeLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  return i == std::string_view::npos ? -1 : static_cast<int>(i);
}

// A hidden piece whose type the seat does not see: where its X is in the text, and
// whether the king may be there.
struct Unknown {
  std::size_t at;
  bool may_be_king;
};

Error bad(std::string why) {
  return make_error(errc::bad_position, "dog-cat view: " + why);
}

}  // namespace

Result<std::vector<shogi::DogcatPosition>> determinize_dogcat(std::string_view view, int samples,
                                                              std::uint64_t seed) {
  if (view.size() > shogi::kMaxDogcatPositionLength) return bad("too long");
  const std::string text(view);
  // Fields: board, side, hand, ply.
  const std::size_t board_end = text.find(' ');
  if (board_end == std::string::npos) return bad("no side field");
  const std::size_t side_end = text.find(' ', board_end + 1);
  if (side_end == std::string::npos) return bad("no hand field");
  const std::size_t hand_end = text.find(' ', side_end + 1);
  if (hand_end == std::string::npos) return bad("no move number");

  std::array<int, 5> unseen{2, 2, 2, 2, 2};
  std::vector<Unknown> unknowns;
  int multiplier = 0;
  for (std::size_t i = 0; i < hand_end; ++i) {
    const char c = text[i];
    const bool in_hand = i > side_end;
    if (i >= board_end && !in_hand) continue;
    if (in_hand && std::isdigit(static_cast<unsigned char>(c))) {
      multiplier = multiplier * 10 + (c - '0');
      continue;
    }
    if (c == 'X' || c == 'x') {
      unknowns.push_back({i, i > 0 && text[i - 1] == '?'});
    } else if (const int t = type_index(c); t >= 0) {
      unseen[t] -= in_hand && multiplier > 0 ? multiplier : 1;
    }
    multiplier = 0;
  }
  std::vector<char> pool;
  for (int t = 0; t < 5; ++t) {
    if (unseen[t] < 0) return bad("more pieces than the set holds");
    pool.insert(pool.end(), unseen[t], kTypeLetters[t]);
  }
  if (pool.size() != unknowns.size()) return bad("hidden pieces and unseen types differ");
  const bool king_unseen = unseen[0] > 0;
  std::vector<std::size_t> king_places;
  for (std::size_t i = 0; i < unknowns.size(); ++i)
    if (unknowns[i].may_be_king) king_places.push_back(i);
  if (king_unseen && king_places.empty()) return bad("no place for the hidden king");

  std::mt19937_64 rng(seed);
  std::vector<shogi::DogcatPosition> out;
  for (int s = 0; s < samples; ++s) {
    std::string filled = text;
    std::vector<char> rest = pool;
    std::vector<bool> used(unknowns.size(), false);
    if (king_unseen) {
      // The king: uniformly among the places a king may be.
      const std::size_t k = king_places[rng() % king_places.size()];
      used[k] = true;
      rest.erase(std::find(rest.begin(), rest.end(), 'K'));
      const char x = filled[unknowns[k].at];
      filled[unknowns[k].at] = x == 'X' ? 'K' : 'k';
    }
    std::shuffle(rest.begin(), rest.end(), rng);
    std::size_t next = 0;
    for (std::size_t i = 0; i < unknowns.size(); ++i) {
      if (used[i]) continue;
      const char x = filled[unknowns[i].at];
      const char t = rest[next++];
      filled[unknowns[i].at] =
          x == 'X' ? t : static_cast<char>(std::tolower(static_cast<unsigned char>(t)));
    }
    auto pos = shogi::parse_dogcat(filled);
    if (!pos.ok()) return bad(pos.error().message);
    out.push_back(std::move(pos.value()));
  }
  return out;
}

}  // namespace banmen::engine
