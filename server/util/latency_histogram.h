// A fixed-bucket latency histogram in the shape Prometheus expects (cumulative `le`
// buckets, a sum and a count; written out by render_histogram in util/metrics.h).
// Not synchronised: its owner guards it.
#pragma once

#include <array>
#include <cstdint>

namespace banmen::server {

class LatencyHistogram {
 public:
  // Upper bounds in milliseconds; a last, implicit bucket is +Inf. Chosen around what a
  // move may wait for its commit: a fraction of a millisecond idle, tens under load.
  static constexpr std::array<double, 11> kBoundsMs{0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 250, 1000};

  void add(double ms) {
    std::size_t i = 0;
    while (i < kBoundsMs.size() && ms > kBoundsMs[i]) ++i;
    ++counts_[i];
    ++count_;
    sum_ms_ += ms;
  }
  std::uint64_t count() const { return count_; }
  double sum_ms() const { return sum_ms_; }
  // Observations at or below kBoundsMs[i] (i == kBoundsMs.size(): all of them).
  std::uint64_t cumulative(std::size_t i) const {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k <= i && k < counts_.size(); ++k) n += counts_[k];
    return n;
  }

 private:
  std::array<std::uint64_t, kBoundsMs.size() + 1> counts_{};
  std::uint64_t count_ = 0;
  double sum_ms_ = 0;
};

}  // namespace banmen::server
