#include "fairy/factory.h"

#include <array>
#include <atomic>
#include <map>
#include <memory>
#include <random>

#include "fairy/fen.h"

namespace banmen::fairy {
namespace {

std::string display_name(const std::string& id) {
  static const std::map<std::string, std::string> names = {{"chess960", "Chess960"},
                                                           {"capablanca", "Capablanca Chess"},
                                                           {"gothic", "Gothic Chess"},
                                                           {"janus", "Janus Chess"},
                                                           {"embassy", "Embassy Chess"},
                                                           {"grand", "Grand Chess"},
                                                           {"almost", "Almost Chess"},
                                                           {"shatranj", "Shatranj"},
                                                           {"makruk", "Makruk"},
                                                           {"knightmate", "Knightmate"},
                                                           {"amazon", "Amazon Chess"},
                                                           {"kingofthehill", "King of the Hill"},
                                                           {"atomic", "Atomic"},
                                                           {"3check", "Three-check"},
                                                           {"antichess", "Antichess"},
                                                           {"horde", "Horde"},
                                                           {"racingkings", "Racing Kings"},
                                                           {"duck", "Duck Chess"},
                                                           {"crazyhouse", "Crazyhouse"},
                                                           {"placement", "Placement"},
                                                           {"seirawan", "S-Chess"},
                                                           {"shouse", "S-House"},
                                                           {"capahouse", "Capahouse"},
                                                           {"kyotoshogi", "Kyoto Shogi"},
                                                           {"torishogi", "Tori Shogi"},
                                                           {"euroshogi", "EuroShogi"},
                                                           {"judkins", "Judkins Shogi"},
                                                           {"xiangqi", "Xiangqi"},
                                                           {"minixiangqi", "Minixiangqi"},
                                                           {"janggi", "Janggi"},
                                                           {"cambodian", "Ouk Chaktrang"},
                                                           {"sittuyin", "Sittuyin"},
                                                           {"gardner", "Gardner Minichess"},
                                                           {"losalamos", "Los Alamos Chess"},
                                                           {"dobutsu", "Dobutsu Shogi"},
                                                           {"micro", "Micro Shogi"}};
  const auto it = names.find(id);
  return it == names.end() ? id : it->second;
}

Result<std::shared_ptr<const VariantRules>> compile(const VariantDefinition& d,
                                                    std::string display) {
  std::string error;
  auto rules = compile_rules(d, error);
  if (!rules) return make_error(errc::bad_position, d.name + ": " + error);
  auto v = std::make_shared<VariantRules>();
  v->rules = std::move(*rules);
  v->id = d.name;
  v->name = std::move(display);
  v->info = GameInfo{
      v->id,          v->name,        {'w', 'b'},         {"white", "black"}, false, {"pgn"}, false,
      v->rules.files, v->rules.ranks, SquareNames::chess, v->rules.hands(),   "uci", "fairy"};
  // The computer opponent plays every variant: its move lists grow with the variant's
  // bound (walls multiply the moves, up to max_walling_moves).
  v->info.computer = true;
  return std::shared_ptr<const VariantRules>(std::move(v));
}

const std::vector<std::shared_ptr<const VariantRules>>& builtins() {
  static const std::vector<std::shared_ptr<const VariantRules>> all = [] {
    std::vector<std::shared_ptr<const VariantRules>> out;
    for (const VariantDefinition& d : builtin_variants().variants) {
      auto v = compile(d, display_name(d.name));
      // The built-in file is checked by the tests; a variant that does not compile is a
      // build defect.
      if (!v.ok()) std::abort();
      out.push_back(*v);
    }
    return out;
  }();
  return all;
}

}  // namespace

std::shared_ptr<const VariantRules> builtin_variant(std::string_view id) {
  for (const auto& v : builtins())
    if (v->id == id) return v;
  return nullptr;
}

std::shared_ptr<const VariantRules> named_variant(std::string_view id) {
  if (auto v = builtin_variant(id)) return v;
  // The catalogue's variants are compiled one at a time, when first asked for: compiling
  // all of them (their move bounds above all) cost every process that asked for one
  // variant about 0.17 s, and 1.5 s under the sanitizers. Rooms on several threads may ask
  // at once, and the core takes no lock: each variant's slot is an atomic pointer, and of
  // two threads compiling the same variant the first to store it wins.
  const auto& defs = catalogue_variants().variants;
  using Slot = std::atomic<std::shared_ptr<const VariantRules>>;
  static const std::unique_ptr<Slot[]> slots(new Slot[defs.size()]);
  for (std::size_t i = 0; i < defs.size(); ++i) {
    if (defs[i].name != id) continue;
    if (auto v = slots[i].load()) return v;
    auto v = compile(defs[i], display_name(defs[i].name));
    if (!v.ok()) std::abort();  // checked by the tests, as the built-in file
    std::shared_ptr<const VariantRules> none;
    return slots[i].compare_exchange_strong(none, *v) ? *v : none;
  }
  return nullptr;
}

std::shared_ptr<const VariantRules> room_variant(std::string_view id) {
  if (auto v = builtin_variant(id)) return v;
  for (std::string_view name : room_catalogue)
    if (name == id) return named_variant(id);
  return nullptr;
}

Result<std::shared_ptr<const VariantRules>> load_variant(std::string_view ini_text,
                                                         std::string_view name,
                                                         VariantError* detail) {
  VariantError error;
  auto refuse = [&]() -> Error {
    if (detail) *detail = error;
    return make_error(errc::bad_position, error.to_string());
  };
  auto file = parse_variant_file(ini_text, error);
  if (!file) return refuse();
  const VariantDefinition* d = name.empty() ? &file->variants.back() : file->find(name);
  if (!d) {
    error = {0, "", "the file defines no variant " + std::string(name)};
    return refuse();
  }
  auto compiled = compile(*d, d->name);
  if (!compiled) {
    error = {0, "", compiled.error().message};
    return refuse();
  }
  return compiled;
}

// Scharnagl's numbering: the bishops on their colours, the queen, the knights by the
// table of ten placements, then rook, king, rook on the three squares left.
std::string chess960_fen(int number) {
  std::array<char, 8> rank{};
  int n = number;
  rank[static_cast<std::size_t>(2 * (n % 4) + 1)] = 'b';
  n /= 4;
  rank[static_cast<std::size_t>(2 * (n % 4))] = 'b';
  n /= 4;
  auto place_in_empty = [&](int index, char piece) {
    for (std::size_t f = 0; f < 8; ++f)
      if (!rank[f] && index-- == 0) {
        rank[f] = piece;
        return;
      }
  };
  place_in_empty(n % 6, 'q');
  n /= 6;
  static constexpr int knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                         {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  // The second knight's index counts the empty squares left after the first is placed.
  place_in_empty(knights[n][0], 'n');
  place_in_empty(knights[n][1] - 1, 'n');
  place_in_empty(0, 'r');
  place_in_empty(0, 'k');
  place_in_empty(0, 'r');
  std::string fen(rank.begin(), rank.end());
  fen += "/pppppppp/8/8/8/8/PPPPPPPP/";
  for (char c : rank) fen += static_cast<char>(c - 'a' + 'A');
  return fen + " w KQkq - 0 1";
}

Result<GamePtr> create_fairy_game(std::shared_ptr<const VariantRules> variant,
                                  std::string_view position) {
  const Rules& rules = variant->rules;
  std::string fen(position);
  const bool is_number = !position.empty() && position.size() <= 3 &&
                         position.find_first_not_of("0123456789") == std::string_view::npos;
  if (rules.chess960 && rules.files == 8 && rules.ranks == 8 && (position.empty() || is_number)) {
    int number = 0;
    if (is_number) {
      number = std::stoi(fen);
      if (number > 959) return make_error(errc::bad_position, "Chess960 positions are 0 to 959");
    } else {
      // A fresh generator per game: no state shared between threads.
      std::mt19937 engine{std::random_device{}()};
      number = std::uniform_int_distribution<int>(0, 959)(engine);
    }
    fen = chess960_fen(number);
  } else if (position.empty()) {
    fen = rules.start_fen;
  }
  std::string error;
  auto pos = parse_fen(rules, fen, error);
  if (!pos) return make_error(errc::bad_position, error);
  return GamePtr(std::make_unique<FairyGame>(std::move(variant), *pos));
}

std::shared_ptr<const VariantRules> builtin_variant_at(std::size_t index) {
  return index < builtins().size() ? builtins()[index] : nullptr;
}

Result<GamePtr> import_fairy_record(std::shared_ptr<const VariantRules> variant,
                                    std::string_view format, std::string_view text) {
  if (format != "pgn")
    return make_error(errc::unsupported,
                      "fairy-chess records are PGN, not '" + std::string(format) + "'");
  return import_fairy_pgn(std::move(variant), text);
}

}  // namespace banmen::fairy
