// A record brought in part by part (rooms/record_uploads.h): parts in order, out of order,
// twice, too big, another client's upload under way, the sender leaving, an idle upload;
// without a room, a strand or sockets.
#include "rooms/record_uploads.h"

#include <gtest/gtest.h>

#include "protocol/error_codes.h"

namespace banmen::server {
namespace {

ReviewImportFields part(std::int64_t n, std::int64_t of, std::string text) {
  return {"auto", "game.kif", n, of, std::move(text)};
}

TEST(RecordUploads, PartsInOrderMakeTheWholeTextOnTheLast) {
  RecordUploads uploads;
  auto first = uploads.receive(1, part(0, 3, "ab"), 0);
  EXPECT_FALSE(first.refusal);
  EXPECT_FALSE(first.record);
  EXPECT_TRUE(uploads.under_way());
  EXPECT_FALSE(uploads.receive(1, part(1, 3, "cd"), 1).record);
  auto last = uploads.receive(1, part(2, 3, "ef"), 2);
  ASSERT_FALSE(last.refusal);
  ASSERT_TRUE(last.record);
  EXPECT_EQ(last.record->text, "abcdef");
  EXPECT_EQ(last.record->format, "auto");
  EXPECT_EQ(last.record->name, "game.kif");
  EXPECT_FALSE(uploads.under_way());
  // A one-part record is whole at once.
  auto one = uploads.receive(1, part(0, 1, "x"), 3);
  ASSERT_TRUE(one.record);
  EXPECT_EQ(one.record->text, "x");
}

TEST(RecordUploads, APartOutOfOrderOrTwiceIsRefusedAndTheUploadGoesOn) {
  RecordUploads uploads;
  auto early = uploads.receive(1, part(1, 3, "cd"), 0);
  ASSERT_TRUE(early.refusal);
  EXPECT_EQ(early.refusal->code, errc::bad_request);  // part 0 first
  ASSERT_FALSE(uploads.receive(1, part(0, 3, "ab"), 0).refusal);
  auto skipped = uploads.receive(1, part(2, 3, "ef"), 1);
  ASSERT_TRUE(skipped.refusal);
  EXPECT_EQ(skipped.refusal->message, "part 1 expected");
  ASSERT_FALSE(uploads.receive(1, part(1, 3, "cd"), 2).refusal);
  auto twice = uploads.receive(1, part(1, 3, "cd"), 3);
  ASSERT_TRUE(twice.refusal);
  EXPECT_EQ(twice.refusal->message, "part 2 expected");
  auto other_count = uploads.receive(1, part(2, 4, "ef"), 3);
  ASSERT_TRUE(other_count.refusal);
  EXPECT_EQ(other_count.refusal->code, errc::bad_request);
  auto last = uploads.receive(1, part(2, 3, "ef"), 4);
  ASSERT_TRUE(last.record);
  EXPECT_EQ(last.record->text, "abcdef");  // the refused parts added nothing
}

TEST(RecordUploads, MoreThanTheLimitEndsTheUpload) {
  RecordUploads uploads;
  const std::string quarter(kMaxImportBytes / 4, 'a');
  for (int i = 0; i < 4; ++i) ASSERT_FALSE(uploads.receive(1, part(i, 5, quarter), i).refusal);
  auto over = uploads.receive(1, part(4, 5, "b"), 5);
  ASSERT_TRUE(over.refusal);
  EXPECT_EQ(over.refusal->code, errc::bad_record);
  EXPECT_FALSE(uploads.under_way());
  EXPECT_EQ(uploads.bytes(), 0u);
  // Exactly the limit is taken.
  for (int i = 0; i < 4; ++i) ASSERT_FALSE(uploads.receive(1, part(i, 4, quarter), 10).refusal);
  EXPECT_FALSE(uploads.under_way());
  auto too_many = uploads.receive(1, part(0, kMaxImportParts + 1, "a"), 11);
  ASSERT_TRUE(too_many.refusal);
  EXPECT_EQ(too_many.refusal->code, errc::bad_request);
}

TEST(RecordUploads, OneUploadAtATimeUntilItsSenderLeavesOrFallsSilent) {
  RecordUploads uploads;
  ASSERT_FALSE(uploads.receive(1, part(0, 2, "ab"), 0).refusal);
  auto other = uploads.receive(2, part(0, 2, "xy"), 1000);
  ASSERT_TRUE(other.refusal);
  EXPECT_EQ(other.refusal->code, errc::rate_limited);
  // Nor may the other client finish the first one's upload.
  EXPECT_TRUE(uploads.receive(2, part(1, 2, "cd"), 1000).refusal);
  uploads.left(2);  // someone else leaving changes nothing
  EXPECT_TRUE(uploads.under_way());
  uploads.left(1);
  EXPECT_FALSE(uploads.under_way());
  ASSERT_FALSE(uploads.receive(2, part(0, 2, "xy"), 2000).refusal);
  // Silent for longer than kUploadIdleMs: anyone may start afresh.
  ASSERT_TRUE(uploads.receive(1, part(0, 2, "ab"), 2000 + kUploadIdleMs).refusal);
  ASSERT_FALSE(uploads.receive(1, part(0, 2, "ab"), 2001 + kUploadIdleMs).refusal);
  // Its own sender may still finish it while nobody else took the room's upload.
  auto late = uploads.receive(1, part(1, 2, "cd"), 2002 + 2 * kUploadIdleMs);
  ASSERT_TRUE(late.record);
  EXPECT_EQ(late.record->text, "abcd");
  // A sender's new part 0 replaces its own upload.
  ASSERT_FALSE(uploads.receive(1, part(0, 2, "ab"), 3 * kUploadIdleMs).refusal);
  ASSERT_FALSE(uploads.receive(1, part(0, 2, "AB"), 3 * kUploadIdleMs).refusal);
  auto whole = uploads.receive(1, part(1, 2, "CD"), 3 * kUploadIdleMs);
  ASSERT_TRUE(whole.record);
  EXPECT_EQ(whole.record->text, "ABCD");
}

}  // namespace
}  // namespace banmen::server
