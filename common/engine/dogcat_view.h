// What a dog-cat seat knows, turned into positions the search can play: the seat's view
// text (the only input; the opponent's hidden types appear there as X) and, for each
// sample, one assignment of the unseen types to the opponent's hidden pieces that fits
// the view: the multiset of unseen types is the whole set (two of each type) minus every
// piece whose type the seat sees, and the king only goes where a king may be (a hidden
// king candidate on the board, or a hidden piece in hand).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "shogi/dogcat/dogcat_position.h"

namespace banmen::engine {

// Up to `samples` determinizations of `view`, drawn with `seed`. Errors: bad_position
// when the view cannot be read or its unseen types do not add up.
Result<std::vector<shogi::DogcatPosition>> determinize_dogcat(std::string_view view, int samples,
                                                              std::uint64_t seed);

}  // namespace banmen::engine
