// What a dog-cat leak looks like in text, for the tests that scan what the server sends.
// Positions write seat 0's pieces in capitals and seat 1's in small letters, a hidden
// piece whose type must not be seen as ?X / !X (?x / !x); move notation writes every side
// in capitals, a hidden drop as ?*2e for everyone but its owner (?R*2e).
#pragma once

#include <cctype>
#include <string>

namespace banmen::testing {

// Does `text` name the type of one of `owner`'s hidden pieces (?R, !b, ...)?
inline bool names_hidden_type(const std::string& text, int owner) {
  const std::string types = owner == 0 ? "KRBGS" : "krbgs";
  for (std::size_t i = 0; i + 1 < text.size(); ++i)
    if ((text[i] == '?' || text[i] == '!') && types.find(text[i + 1]) != std::string::npos)
      return true;
  return false;
}

// Does `move` hold a hidden drop written with its type ("?R*2e" instead of "?*2e")?
inline bool names_dropped_type(const std::string& move) {
  for (std::size_t i = 0; i + 2 < move.size(); ++i)
    if (move[i] == '?' && std::isalpha(static_cast<unsigned char>(move[i + 1])) &&
        move[i + 2] == '*')
      return true;
  return false;
}

}  // namespace banmen::testing
