// A fixed-bucket latency histogram in the shape Prometheus expects (cumulative `le`
// buckets, a sum and a count; written out by render_histogram in util/metrics.h).
// Not synchronised: its owner guards it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

namespace banmen::server {

class LatencyHistogram {
 public:
  // Upper bounds in milliseconds; a last, implicit bucket is +Inf. Chosen around what a
  // move may wait for its commit: a fraction of a millisecond idle, tens under load.
  static constexpr std::array<double, 11> kBoundsMs{0.25, 0.5, 1, 2, 5, 10, 20, 50, 100, 250, 1000};
  // Chosen around the computer opponent: a search takes 0.1 to 10 s by level, and a search
  // may wait for an engine thread about as long as the ones ahead of it think.
  static constexpr std::array<double, 14> kEngineBoundsMs{
      1, 5, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 20000, 30000, 60000};
  static constexpr std::size_t kMaxBounds = 16;

  LatencyHistogram() : LatencyHistogram(kBoundsMs) {}
  // `bounds_ms`: ascending, at most kMaxBounds, and it must outlive the histogram (one of
  // the constants above).
  explicit LatencyHistogram(std::span<const double> bounds_ms)
      : bounds_(bounds_ms.first(std::min(bounds_ms.size(), kMaxBounds))) {}

  void add(double ms) {
    std::size_t i = 0;
    while (i < bounds_.size() && ms > bounds_[i]) ++i;
    ++counts_[i];
    ++count_;
    sum_ms_ += ms;
  }
  std::span<const double> bounds() const { return bounds_; }
  std::uint64_t count() const { return count_; }
  double sum_ms() const { return sum_ms_; }
  // Observations at or below bounds()[i] (i == bounds().size(): all of them).
  std::uint64_t cumulative(std::size_t i) const {
    std::uint64_t n = 0;
    for (std::size_t k = 0; k <= i && k <= bounds_.size(); ++k) n += counts_[k];
    return n;
  }

 private:
  std::span<const double> bounds_;
  std::array<std::uint64_t, kMaxBounds + 1> counts_{};
  std::uint64_t count_ = 0;
  double sum_ms_ = 0;
};

}  // namespace banmen::server
