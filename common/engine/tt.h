// The transposition table: what the search learnt about a position, found again by its
// key when the same position comes back by another move order or in the next iteration.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace banmen::engine {

enum class Bound : std::uint8_t { none, upper, lower, exact };

struct TtEntry {
  std::uint64_t key = 0;
  std::uint32_t move = 0;  // the node's move code (0: none)
  std::int16_t score = 0;
  std::int8_t depth = -1;
  Bound bound = Bound::none;
};

// An entry whose bound is none is empty, whatever its other fields: reset() clears the
// table with memset (all bytes zero).
static_assert(std::is_trivially_copyable_v<TtEntry> && Bound{} == Bound::none);

class TranspositionTable {
 public:
  // 2^bits entries of 16 bytes: the default 2^16 is one megabyte per search.
  explicit TranspositionTable(int bits = 16) : mask_((std::uint64_t{1} << bits) - 1) {
    entries_.resize(mask_ + 1);
  }

  // Empties the table and gives it 2^bits entries, keeping its memory when it already has
  // as much (a kept 16 MB table is cleared in milliseconds; a new one faults in every page).
  void reset(int bits) {
    mask_ = (std::uint64_t{1} << bits) - 1;
    // All bytes zero is an empty entry, so one memset clears the table: the fastest clear
    // there is, and one call instead of a million 16-byte copies under the sanitizers.
    entries_.resize(mask_ + 1);
    std::memset(static_cast<void*>(entries_.data()), 0, entries_.size() * sizeof(TtEntry));
  }

  const TtEntry* probe(std::uint64_t key) const {
    const TtEntry& e = entries_[key & mask_];
    return e.key == key && e.bound != Bound::none ? &e : nullptr;
  }
  // Keeps the deeper result of a slot, but always lets a new position in.
  void store(std::uint64_t key, std::uint32_t move, int score, int depth, Bound bound) {
    TtEntry& e = entries_[key & mask_];
    const bool same = e.key == key && e.bound != Bound::none;
    if (same && depth < e.depth && bound != Bound::exact) return;
    if (same && move == 0) move = e.move;
    e = TtEntry{key, move, static_cast<std::int16_t>(score), static_cast<std::int8_t>(depth),
                bound};
  }

 private:
  std::uint64_t mask_;
  std::vector<TtEntry> entries_;
};

}  // namespace banmen::engine
