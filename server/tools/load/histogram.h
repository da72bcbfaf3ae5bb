// A latency histogram with bounded relative error, for percentiles without keeping samples.
//
// Values are microseconds. Below 1024 us every microsecond has its own bucket; above, each
// power of two is split into 512 equal buckets, so a reported percentile is never more than
// 0.2 % above the true value. Recording is a few integer operations and no allocation, so
// it can run on every message of tens of thousands of connections.
#pragma once

#include <array>
#include <cstdint>

namespace banmen::load {

class Histogram {
 public:
  void record(std::uint64_t micros);
  void merge(const Histogram& other);

  std::uint64_t count() const { return count_; }
  std::uint64_t max() const { return max_; }
  std::uint64_t min() const { return count_ == 0 ? 0 : min_; }
  double mean() const { return count_ == 0 ? 0.0 : static_cast<double>(sum_) / count_; }
  // The smallest bucket bound with at least `fraction` (0..1) of the samples at or below
  // it; never above max(). 0 when empty.
  std::uint64_t percentile(double fraction) const;

 private:
  static constexpr int kSubBits = 9;                              // 512 buckets per power of two
  static constexpr std::uint64_t kLinear = 1u << (kSubBits + 1);  // exact below 1024 us
  static constexpr int kPowers = 40;                              // up to 2^40 us (12 days)
  static constexpr std::size_t kBuckets = kLinear + (kPowers - kSubBits - 1) * (1u << kSubBits);

  static std::size_t bucket_of(std::uint64_t micros);
  static std::uint64_t upper_bound_of(std::size_t bucket);

  std::array<std::uint64_t, kBuckets> buckets_{};
  std::uint64_t count_ = 0, sum_ = 0, max_ = 0, min_ = UINT64_MAX;
};

}  // namespace banmen::load
