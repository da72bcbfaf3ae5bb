// Who is looking at a game. Every position, move or error a client receives is made for
// exactly one viewer, so hidden information never reaches the wrong one.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace banmen {

enum class Viewer : std::uint8_t {
  seat0 = 0,      // the side that moves first
  seat1 = 1,      // the side that moves second
  spectator = 2,  // anyone else
  referee = 3,    // the server itself and storage: sees everything
};

inline Viewer seat_viewer(int seat) {
  return seat == 0 ? Viewer::seat0 : Viewer::seat1;
}
inline bool is_seat(Viewer v) {
  return v == Viewer::seat0 || v == Viewer::seat1;
}
inline int seat_of(Viewer v) {
  return static_cast<int>(v);
}  // only for seats

// Parses "spectator", "referee" or a game's side letter (given as letters[2]).
inline std::optional<Viewer> parse_viewer(std::string_view s, const char letters[2]) {
  if (s == "spectator") return Viewer::spectator;
  if (s == "referee") return Viewer::referee;
  if (s.size() == 1 && s[0] == letters[0]) return Viewer::seat0;
  if (s.size() == 1 && s[0] == letters[1]) return Viewer::seat1;
  return std::nullopt;
}

}  // namespace banmen
