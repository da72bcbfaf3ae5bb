#include "histogram.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace banmen::load {
namespace {

TEST(Histogram, EmptyReportsZero) {
  Histogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.percentile(0.5), 0u);
  EXPECT_EQ(h.max(), 0u);
}

TEST(Histogram, SmallValuesAreExact) {
  Histogram h;
  for (std::uint64_t v = 1; v <= 100; ++v) h.record(v);
  EXPECT_EQ(h.percentile(0.5), 50u);
  EXPECT_EQ(h.percentile(0.9), 90u);
  EXPECT_EQ(h.percentile(0.99), 99u);
  EXPECT_EQ(h.percentile(1.0), 100u);
  EXPECT_EQ(h.min(), 1u);
  EXPECT_DOUBLE_EQ(h.mean(), 50.5);
}

TEST(Histogram, LargeValuesStayWithinTheRelativeError) {
  Histogram h;
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> values;
  std::lognormal_distribution<double> dist(8.0, 2.0);
  for (int i = 0; i < 20000; ++i) {
    values.push_back(static_cast<std::uint64_t>(dist(rng)));
    h.record(values.back());
  }
  std::sort(values.begin(), values.end());
  for (double q : {0.5, 0.9, 0.99, 0.999}) {
    const auto exact = values[static_cast<std::size_t>(std::ceil(q * values.size())) - 1];
    const auto got = h.percentile(q);
    EXPECT_GE(got, exact) << q;
    EXPECT_LE(static_cast<double>(got), static_cast<double>(exact) * 1.002 + 1) << q;
  }
  EXPECT_EQ(h.max(), values.back());
  EXPECT_EQ(h.percentile(1.0), values.back());
}

TEST(Histogram, HugeValuesLandInTheLastBucket) {
  Histogram h;
  h.record(UINT64_MAX / 2);
  h.record(3);
  EXPECT_EQ(h.percentile(0.5), 3u);
  EXPECT_EQ(h.percentile(1.0), UINT64_MAX / 2);
}

TEST(Histogram, MergeAddsCounts) {
  Histogram a, b;
  for (int i = 0; i < 10; ++i) a.record(10);
  for (int i = 0; i < 30; ++i) b.record(5000);
  a.merge(b);
  EXPECT_EQ(a.count(), 40u);
  EXPECT_EQ(a.percentile(0.25), 10u);
  EXPECT_GE(a.percentile(0.5), 5000u);
  EXPECT_LE(a.percentile(0.5), 5010u);
  EXPECT_EQ(a.max(), 5000u);
}

}  // namespace
}  // namespace banmen::load
