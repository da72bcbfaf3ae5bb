// RFC 6455 conformance of /ws, case by case through the real binary: framing (masking,
// reserved bits and opcodes, lengths), fragmentation, control frames, closing handshakes
// and their status codes, and UTF-8 in text frames. Each case sends raw frames and states
// what the RFC requires back: an answer, a pong, or a close frame with a given code.
// The case count is reported in docs/security.md.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

using namespace std::chrono_literals;

// What the server must do after the frames of a case.
enum class Expect {
  answer,            // a text frame with the JSON answer (type "pong") to our request
  pong_then_answer,  // a pong frame echoing the ping's payload, then the answer
  pong,              // a pong frame echoing the ping's payload
  close_echo,        // a close frame: the client's own code echoed, 1000, or none (7.4.1)
  close_failed,      // the connection failed: close with 1002 or 1007 (the RFC names no code)
  close_1002,        // close: protocol error
  close_1007,        // close: invalid frame payload data (UTF-8)
  close_1009,        // close: message too big
};

struct Case {
  const char* name;
  std::vector<std::string> frames;
  Expect expect;
  std::string ping_payload = {};
  int sent_code = 0;  // close_echo: the code the client sent
};

using F = RawWsClient;
const std::string kRequest = R"({"type":"ping","id":1})";

std::string close_payload(int code, const std::string& reason = {}) {
  std::string p;
  p.push_back(static_cast<char>(code >> 8));
  p.push_back(static_cast<char>(code & 0xff));
  return p + reason;
}

std::vector<Case> cases() {
  std::vector<Case> c;
  // 5.2 Framing.
  c.push_back({"masked_text_frame", {F::frame(1, kRequest)}, Expect::answer});
  c.push_back(
      {"unmasked_client_frame", {F::frame(1, kRequest, true, 0, false)}, Expect::close_1002});
  for (int rsv : {1, 2, 4})
    c.push_back({rsv == 4   ? "rsv1_set"
                 : rsv == 2 ? "rsv2_set"
                            : "rsv3_set",
                 {F::frame(1, kRequest, true, rsv)},
                 Expect::close_1002});
  for (int op : {3, 4, 5, 6, 7, 11, 12, 13, 14, 15})
    c.push_back({"reserved_opcode", {F::frame(op, "x")}, Expect::close_1002});
  c.push_back({"length_16_bit", {F::frame(1, kRequest + std::string(300, ' '))}, Expect::answer});
  c.push_back(
      {"empty_text_frame_then_request", {F::frame(1, ""), F::frame(1, kRequest)}, Expect::answer});
  // 5.4 Fragmentation.
  c.push_back({"three_fragments",
               {F::frame(1, kRequest.substr(0, 5), false),
                F::frame(0, kRequest.substr(5, 7), false), F::frame(0, kRequest.substr(12), true)},
               Expect::answer});
  c.push_back({"ping_between_fragments",
               {F::frame(1, kRequest.substr(0, 9), false), F::frame(9, "between"),
                F::frame(0, kRequest.substr(9), true)},
               Expect::pong_then_answer,
               "between"});
  c.push_back({"continuation_without_start", {F::frame(0, kRequest)}, Expect::close_1002});
  c.push_back({"new_message_inside_fragmented_one",
               {F::frame(1, kRequest.substr(0, 5), false), F::frame(1, kRequest)},
               Expect::close_1002});
  c.push_back({"fragmented_ping", {F::frame(9, "a", false), F::frame(0, "b")}, Expect::close_1002});
  c.push_back({"fragments_over_the_size_limit",
               {F::frame(1, std::string(20000, ' '), false), F::frame(0, std::string(20000, ' '))},
               Expect::close_1009});
  // 5.5 Control frames.
  c.push_back({"ping_125_bytes",
               {F::frame(9, std::string(125, 'p'))},
               Expect::pong,
               std::string(125, 'p')});
  c.push_back({"ping_empty", {F::frame(9, "")}, Expect::pong, ""});
  c.push_back({"ping_126_bytes", {F::frame(9, std::string(126, 'p'))}, Expect::close_1002});
  c.push_back(
      {"unsolicited_pong_ignored", {F::frame(10, "hi"), F::frame(1, kRequest)}, Expect::answer});
  // 5.5.1 and 7.4 Closing.
  c.push_back({"close_1000", {F::frame(8, close_payload(1000))}, Expect::close_echo, {}, 1000});
  c.push_back({"close_without_code", {F::frame(8, "")}, Expect::close_echo});
  c.push_back({"close_with_reason",
               {F::frame(8, close_payload(1000, "bye"))},
               Expect::close_echo,
               {},
               1000});
  for (int code : {1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999})
    c.push_back(
        {"close_valid_code", {F::frame(8, close_payload(code))}, Expect::close_echo, {}, code});
  c.push_back(
      {"close_one_byte_payload", {F::frame(8, std::string(1, '\x03'))}, Expect::close_1002});
  // (Codes from 5000 on are not defined by the RFC; Beast echoes them, as Autobahn's
  // informational cases allow.)
  for (int code : {0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999})
    c.push_back({"close_invalid_code", {F::frame(8, close_payload(code))}, Expect::close_1002});
  c.push_back({"close_126_bytes",
               {F::frame(8, close_payload(1000, std::string(124, 'r')))},
               Expect::close_1002});
  // 8.1 UTF-8 in text frames.
  c.push_back(
      {"valid_multibyte", {F::frame(1, R"({"type":"ping","id":1,"x":"é漢字🎌"})")}, Expect::answer});
  c.push_back({"overlong_encoding", {F::frame(1, "{\"x\":\"\xc0\xaf\"}")}, Expect::close_1007});
  c.push_back({"encoded_surrogate", {F::frame(1, "{\"x\":\"\xed\xa0\x80\"}")}, Expect::close_1007});
  c.push_back(
      {"beyond_u10ffff", {F::frame(1, "{\"x\":\"\xf4\x90\x80\x80\"}")}, Expect::close_1007});
  c.push_back({"lone_continuation_byte", {F::frame(1, "{\"x\":\"\x80\"}")}, Expect::close_1007});
  c.push_back({"truncated_at_the_end", {F::frame(1, "{\"x\":\"\xe2\x82")}, Expect::close_1007});
  const std::string euro = R"({"type":"ping","id":1,"x":"€"})";  // € is E2 82 AC
  const auto split = euro.find('\xe2') + 1;
  c.push_back({"multibyte_split_across_fragments",
               {F::frame(1, euro.substr(0, split), false), F::frame(0, euro.substr(split))},
               Expect::answer});
  c.push_back({"invalid_sequence_across_fragments",
               {F::frame(1, "{\"x\":\"\xe2", false), F::frame(0, "\x28\xa1\"}")},
               Expect::close_1007});
  c.push_back({"invalid_close_reason",
               {F::frame(8, close_payload(1000, "\xff\xfe"))},
               Expect::close_failed});
  return c;
}

class WebsocketConformance : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { server_ = new ServerProcess(); }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }
  static ServerProcess* server_;
};
ServerProcess* WebsocketConformance::server_ = nullptr;

// Reads until the case's expectation is met or refuted; "" when met, else what went wrong.
std::string check(RawWsClient& ws, const Case& c) {
  bool ponged = false;
  const auto deadline = std::chrono::steady_clock::now() + 3s;
  while (std::chrono::steady_clock::now() < deadline) {
    auto f = ws.read_frame(100ms);
    if (!f) continue;
    if (f->opcode == 10) {
      if (f->payload != c.ping_payload) return "a pong with another payload";
      ponged = true;
      if (c.expect == Expect::pong) return "";
      continue;
    }
    if (f->opcode == 1) {
      auto j = nlohmann::json::parse(f->payload, nullptr, false);
      if (!j.is_object()) return "a text frame that is not JSON";
      if (j.value("type", "") != "pong") continue;  // e.g. an error for the empty frame
      if (c.expect == Expect::answer) return "";
      if (c.expect == Expect::pong_then_answer) return ponged ? "" : "the answer before the pong";
      return "answered where the RFC requires a close";
    }
    if (f->opcode == 8) {
      const int code = f->close_code();
      switch (c.expect) {
        case Expect::close_echo:
          return code == c.sent_code || code == 1000 || code == 0
                     ? ""
                     : "closed with " + std::to_string(code);
        case Expect::close_failed:
          return code == 1002 || code == 1007 ? "" : "closed with " + std::to_string(code);
        case Expect::close_1002:
          return code == 1002 ? "" : "closed with " + std::to_string(code) + ", not 1002";
        case Expect::close_1007:
          return code == 1007 ? "" : "closed with " + std::to_string(code) + ", not 1007";
        case Expect::close_1009:
          return code == 1009 ? "" : "closed with " + std::to_string(code) + ", not 1009";
        default:
          return "closed with " + std::to_string(code);
      }
    }
  }
  return "nothing within 3 s";
}

TEST_F(WebsocketConformance, EveryCaseBehavesAsTheRfcRequires) {
  ASSERT_TRUE(server_->ok()) << server_->log();
  int passed = 0, total = 0;
  for (const auto& c : cases()) {
    ++total;
    RawWsClient ws;
    ASSERT_EQ(ws.open(server_->port()), 101) << c.name;
    for (const auto& frame : c.frames) ws.send_raw(frame);
    const std::string problem = check(ws, c);
    EXPECT_EQ(problem, "") << "case " << total << " " << c.name;
    passed += problem.empty() ? 1 : 0;
  }
  std::cout << "RFC 6455 conformance: " << passed << " of " << total << " cases\n";
  // And the server is still there for everyone else.
  EXPECT_NE(raw_http_get(server_->port(), "/healthz").find("200 OK"), std::string::npos);
}

}  // namespace
}  // namespace banmen::testing
