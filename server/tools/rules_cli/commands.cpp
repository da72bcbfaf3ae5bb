#include "commands.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <functional>
#include <istream>
#include <iterator>
#include <optional>
#include <ostream>

#include "fairy/factory.h"
#include "games/registry.h"

namespace banmen::cli {

namespace {

constexpr const char* kUsage =
    "usage: banmen-rules perft|moves|play|view --game G [--variant-file F.ini] [--position P] "
    "...";

struct Options {
  std::string command;
  std::string game;
  std::optional<std::string> position;
  std::optional<std::string> depth;
  std::optional<std::string> viewer;
  std::optional<std::string> variant_file;  // a variants.ini whose section --game names
  bool divide = false;
  bool batch = false;
  std::vector<std::string> moves;  // positional arguments of `play`
};

struct UsageError {
  std::string message;
};

// Parses the arguments; a UsageError explains the first thing wrong.
std::optional<UsageError> parse(const std::vector<std::string>& args, Options& o) {
  if (args.empty()) return UsageError{"no command given"};
  o.command = args[0];
  if (o.command != "perft" && o.command != "moves" && o.command != "play" && o.command != "view")
    return UsageError{"unknown command '" + o.command + "' (perft, moves, play, view)"};
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::optional<std::string>& slot) -> std::optional<UsageError> {
      if (i + 1 >= args.size()) return UsageError{a + " needs a value"};
      slot = args[++i];
      return std::nullopt;
    };
    std::optional<UsageError> e;
    if (a == "--game") {
      std::optional<std::string> g;
      e = value(g);
      if (g) o.game = *g;
    } else if (a == "--position") {
      e = value(o.position);
    } else if (a == "--variant-file") {
      e = value(o.variant_file);
    } else if (a == "--depth") {
      e = value(o.depth);
    } else if (a == "--viewer") {
      e = value(o.viewer);
    } else if (a == "--divide") {
      o.divide = true;
    } else if (a == "--batch") {
      o.batch = true;
    } else if (o.command == "play" && !(a.size() > 1 && a.starts_with("--"))) {
      o.moves.push_back(a);
    } else {
      e = UsageError{"unknown argument '" + a + "' for " + o.command};
    }
    if (e) return e;
  }
  if (o.game.empty()) return UsageError{"--game is required"};
  if (o.command == "perft" && !o.depth) return UsageError{"--depth is required for perft"};
  if (o.command == "view" && !o.viewer) return UsageError{"--viewer is required for view"};
  if (o.batch && o.command != "moves") return UsageError{"--batch goes with moves only"};
  if (o.batch && o.position)
    return UsageError{"--batch reads positions from stdin, not --position"};
  if (o.divide && o.command != "perft") return UsageError{"--divide goes with perft only"};
  return std::nullopt;
}

std::optional<int> parse_depth(const std::string& s) {
  int d = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
  if (ec != std::errc() || p != s.data() + s.size() || d < 0 || d > 64) return std::nullopt;
  return d;
}

std::string status_line(const Game& g) {
  Outcome o = g.outcome();
  switch (o.kind) {
    case Outcome::Kind::ongoing:
      return "ongoing";
    case Outcome::Kind::draw:
      return "draw " + o.reason;
    case Outcome::Kind::aborted:
      return "aborted " + o.reason;
    case Outcome::Kind::win:
      return std::string(1, g.info().side_letters[o.winner]) + " " + o.reason;
  }
  return "ongoing";
}

std::vector<std::string> sorted_moves(const Game& g) {
  auto moves = g.legal_moves();
  std::sort(moves.begin(), moves.end());
  return moves;
}

int fail(std::ostream& err, const std::string& message, int code = 2) {
  err << "error: " << message << "\n";
  return code;
}

using Maker = std::function<Result<GamePtr>(std::string_view position)>;

int run_batch(const Maker& make, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto g = make(line);
    if (!g) {
      out << "error: " << g.error().message << "\n";
      continue;
    }
    auto moves = sorted_moves(**g);
    for (std::size_t i = 0; i < moves.size(); ++i) out << (i ? " " : "") << moves[i];
    out << "\n";
  }
  return 0;
}

}  // namespace

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err) {
  Options o;
  if (auto e = parse(args, o)) return fail(err, e->message + "; " + kUsage);
  Maker make = [&](std::string_view position) { return create_game(o.game, position); };
  if (o.variant_file) {
    // A user's fairy-chess definition: the section named by --game.
    std::ifstream file(*o.variant_file, std::ios::binary);
    if (!file) return fail(err, "cannot read " + *o.variant_file);
    std::string text;
    text.resize(fairy::max_variant_file_bytes + 1);
    file.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(file.gcount()));
    auto variant = fairy::load_variant(text, o.game);
    if (!variant) return fail(err, *o.variant_file + ": " + variant.error().message);
    make = [v = *variant](std::string_view position) {
      return fairy::create_fairy_game(v, position);
    };
  } else if (!find_game(o.game)) {
    // Fairy-Stockfish's other built-in variants that the fairy engine plays, by name.
    if (auto v = fairy::named_variant(o.game)) {
      make = [v](std::string_view position) { return fairy::create_fairy_game(v, position); };
    } else if (auto why = fairy::unplayable_builtin(o.game)) {
      return fail(err, *why);
    } else {
      auto r = create_game(o.game);  // for the standard "unknown game" message
      return fail(err, r.ok() ? "unknown game" : r.error().message);
    }
  }
  if (o.batch) return run_batch(make, in, out);

  auto created = make(o.position.value_or(""));
  if (!created) return fail(err, created.error().message);
  Game& g = **created;

  if (o.command == "perft") {
    auto depth = parse_depth(*o.depth);
    if (!depth) return fail(err, "bad depth '" + *o.depth + "' (a whole number from 0 to 64)");
    if (o.divide) {
      std::uint64_t total = 0;
      for (const auto& [move, n] : g.perft_divide(*depth)) {
        out << move << " " << n << "\n";
        total += n;
      }
      out << (*depth == 0 ? g.perft(0) : total) << "\n";
    } else {
      out << g.perft(*depth) << "\n";
    }
    return 0;
  }
  if (o.command == "moves") {
    for (const auto& m : sorted_moves(g)) out << m << "\n";
    return 0;
  }
  if (o.command == "play") {
    for (std::size_t i = 0; i < o.moves.size(); ++i) {
      auto r = g.apply(o.moves[i]);
      if (!r) {
        return fail(err,
                    "illegal move " + o.moves[i] + " at ply " + std::to_string(i + 1) + ": " +
                        r.error().message,
                    1);
      }
    }
    out << g.position() << "\n" << status_line(g) << "\n";
    return 0;
  }
  // view
  auto viewer = parse_viewer(*o.viewer, g.info().side_letters);
  if (!viewer || *viewer == Viewer::referee) {
    return fail(err, "bad viewer '" + *o.viewer + "' (" + std::string(1, g.info().side_letters[0]) +
                         ", " + std::string(1, g.info().side_letters[1]) + " or spectator)");
  }
  out << g.view(*viewer) << "\n";
  return 0;
}

}  // namespace banmen::cli
