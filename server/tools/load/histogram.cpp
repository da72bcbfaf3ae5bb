#include "histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace banmen::load {

std::size_t Histogram::bucket_of(std::uint64_t micros) {
  if (micros < kLinear) return static_cast<std::size_t>(micros);
  const int top = std::bit_width(micros) - 1;  // >= kSubBits + 1
  if (top >= kPowers) return kBuckets - 1;
  const int shift = top - kSubBits;
  const std::uint64_t sub = (micros >> shift) - (1u << kSubBits);  // 0..511
  return kLinear + static_cast<std::size_t>(top - kSubBits - 1) * (1u << kSubBits) + sub;
}

std::uint64_t Histogram::upper_bound_of(std::size_t bucket) {
  if (bucket < kLinear) return bucket;
  const std::size_t rest = bucket - kLinear;
  const int top = static_cast<int>(rest >> kSubBits) + kSubBits + 1;
  const std::uint64_t sub = rest & ((1u << kSubBits) - 1);
  const int shift = top - kSubBits;
  return (((1u << kSubBits) + sub + 1) << shift) - 1;
}

void Histogram::record(std::uint64_t micros) {
  ++buckets_[bucket_of(micros)];
  ++count_;
  sum_ += micros;
  max_ = std::max(max_, micros);
  min_ = std::min(min_, micros);
}

void Histogram::merge(const Histogram& other) {
  for (std::size_t i = 0; i < kBuckets; ++i) buckets_[i] += other.buckets_[i];
  count_ += other.count_;
  sum_ += other.sum_;
  max_ = std::max(max_, other.max_);
  min_ = std::min(min_, other.min_);
}

std::uint64_t Histogram::percentile(double fraction) const {
  if (count_ == 0) return 0;
  fraction = std::clamp(fraction, 0.0, 1.0);
  const auto wanted =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(fraction * count_)));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += buckets_[i];
    // The last bucket also holds everything beyond its range: only max() bounds it.
    if (seen >= wanted) return i + 1 == kBuckets ? max_ : std::min(upper_bound_of(i), max_);
  }
  return max_;
}

}  // namespace banmen::load
