// How a game ended (or that it has not). Reason codes are the ones in the rules specs,
// plus the endings the server owns: "resignation", "timeout", "agreement", "abandonment",
// "aborted".
#pragma once

#include <string>
#include <utility>

namespace banmen {

struct Outcome {
  enum class Kind { ongoing, win, draw, aborted };
  Kind kind = Kind::ongoing;
  int winner = -1;     // seat of the winner when kind == win
  std::string reason;  // e.g. "checkmate", "repetition", "disc_count"

  static Outcome ongoing() { return {}; }
  static Outcome win(int seat, std::string why) { return {Kind::win, seat, std::move(why)}; }
  static Outcome draw(std::string why) { return {Kind::draw, -1, std::move(why)}; }
  static Outcome abort(std::string why) { return {Kind::aborted, -1, std::move(why)}; }

  bool over() const { return kind != Kind::ongoing; }
  bool operator==(const Outcome&) const = default;
};

}  // namespace banmen
