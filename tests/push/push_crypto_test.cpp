// Web Push's cryptography against outside truth: RFC 8291's worked example for the payload,
// OpenSSL's own verification for the VAPID token's signature, and the key checks the server
// makes at start.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <vector>

#include "push/base64url.h"
#include "push/payload_crypto.h"
#include "push/vapid.h"

namespace {

using namespace banmen::server;

std::string b64(std::string_view text) {
  auto bytes = base64url_decode(text);
  EXPECT_TRUE(bytes.has_value()) << text;
  return bytes.value_or("");
}

// RFC 8291, Appendix A.
constexpr std::string_view kRfcPlaintext = "When I grow up, I want to be a watermelon";
constexpr std::string_view kRfcAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr std::string_view kRfcAsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr std::string_view kRfcUaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr std::string_view kRfcUaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr std::string_view kRfcAuth = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr std::string_view kRfcSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr std::string_view kRfcBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAm"
    "S6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Q"
    "ulcy4a-fN";

TEST(PushCrypto, Rfc8291ExampleEncryptsByteForByte) {
  auto body = encrypt_push_payload_with(kRfcPlaintext, b64(kRfcUaPublic), b64(kRfcAuth),
                                        b64(kRfcAsPrivate), b64(kRfcSalt));
  ASSERT_TRUE(body);
  EXPECT_EQ(base64url_encode(*body), kRfcBody);
}

TEST(PushCrypto, Rfc8291ExampleDecryptsWithTheSubscribersKeys) {
  auto plain = decrypt_push_payload(b64(kRfcBody), b64(kRfcUaPrivate), b64(kRfcAuth));
  ASSERT_TRUE(plain);
  EXPECT_EQ(*plain, kRfcPlaintext);
  // Another auth secret, or one flipped byte, does not open it.
  std::string other_auth = b64(kRfcAuth);
  other_auth[0] ^= 1;
  EXPECT_FALSE(decrypt_push_payload(b64(kRfcBody), b64(kRfcUaPrivate), other_auth));
  std::string flipped = b64(kRfcBody);
  flipped.back() ^= 1;
  EXPECT_FALSE(decrypt_push_payload(flipped, b64(kRfcUaPrivate), b64(kRfcAuth)));
}

TEST(PushCrypto, FreshKeysRoundTripAndDiffer) {
  auto [ua_public, ua_private] = new_vapid_key_pair();
  std::string auth = "0123456789abcdef";
  auto one = encrypt_push_payload(R"({"room":"r"})", b64(ua_public), auth);
  auto two = encrypt_push_payload(R"({"room":"r"})", b64(ua_public), auth);
  ASSERT_TRUE(one && two);
  EXPECT_NE(*one, *two);  // a new salt and sender key every time
  EXPECT_EQ(decrypt_push_payload(*one, b64(ua_private), auth), R"({"room":"r"})");
}

TEST(PushCrypto, RefusesBadSubscriptionKeysAndOversizedPayloads) {
  std::string auth = "0123456789abcdef";
  EXPECT_FALSE(encrypt_push_payload("x", std::string(65, '\x04'), auth));  // not on the curve
  EXPECT_FALSE(encrypt_push_payload("x", b64(kRfcUaPublic).substr(0, 33), auth));
  EXPECT_FALSE(encrypt_push_payload("x", b64(kRfcUaPublic), "short"));
  EXPECT_FALSE(
      encrypt_push_payload(std::string(kPushMaxPlaintext + 1, 'a'), b64(kRfcUaPublic), auth));
  EXPECT_TRUE(encrypt_push_payload(std::string(kPushMaxPlaintext, 'a'), b64(kRfcUaPublic), auth));
}

TEST(PushCrypto, Base64UrlRoundTripsAndRefusesOtherAlphabets) {
  for (const std::string& s :
       std::vector<std::string>{"", "a", "ab", "abc", "abcd", std::string("\xff\x00\xfe", 3)})
    EXPECT_EQ(base64url_decode(base64url_encode(s)), s);
  EXPECT_FALSE(base64url_decode("ab+/"));
  EXPECT_FALSE(base64url_decode("abc="));
  EXPECT_FALSE(base64url_decode("a"));
  EXPECT_FALSE(base64url_decode("AB"));  // stray low bits in the last character
}

TEST(VapidKeys, AcceptsAMatchingPairAndRefusesTheRest) {
  std::string why;
  auto keys = parse_vapid_keys(kRfcAsPublic, kRfcAsPrivate, why);
  ASSERT_TRUE(keys) << why;
  EXPECT_EQ(keys->public_b64, kRfcAsPublic);
  // Halves of two pairs.
  EXPECT_FALSE(parse_vapid_keys(kRfcUaPublic, kRfcAsPrivate, why));
  EXPECT_NE(why.find("different pairs"), std::string::npos) << why;
  EXPECT_FALSE(parse_vapid_keys("not base64!", kRfcAsPrivate, why));
  EXPECT_FALSE(parse_vapid_keys(kRfcAsPublic, "AAAA", why));
  EXPECT_FALSE(parse_vapid_keys(kRfcAsPublic, base64url_encode(std::string(32, '\0')), why));
  auto [pub, priv] = new_vapid_key_pair();
  EXPECT_TRUE(parse_vapid_keys(pub, priv, why)) << why;
}

TEST(VapidKeys, SubjectIsMailtoOrHttps) {
  EXPECT_TRUE(valid_vapid_subject("mailto:ops@example.org"));
  EXPECT_TRUE(valid_vapid_subject("https://banmen.example.org/contact"));
  EXPECT_FALSE(valid_vapid_subject("http://banmen.example.org"));
  EXPECT_FALSE(valid_vapid_subject("ops@example.org"));
  EXPECT_FALSE(valid_vapid_subject("mailto:ops@example.org\r\nX: y"));
}

TEST(VapidJwt, OriginOfEndpoints) {
  EXPECT_EQ(endpoint_origin("https://fcm.googleapis.com/fcm/send/abc"),
            "https://fcm.googleapis.com");
  EXPECT_EQ(endpoint_origin("https://push.example.net:8443/x?y"), "https://push.example.net:8443");
  EXPECT_EQ(endpoint_origin("http://127.0.0.1:5000/p"), "http://127.0.0.1:5000");
  EXPECT_FALSE(endpoint_origin("ftp://example.net/x"));
  EXPECT_FALSE(endpoint_origin("https:///x"));
  EXPECT_FALSE(endpoint_origin("https://user@example.net/x"));
}

TEST(VapidJwt, TokenVerifiesWithThePublicKeyAndCarriesTheClaims) {
  std::string why;
  auto keys = parse_vapid_keys(kRfcAsPublic, kRfcAsPrivate, why);
  ASSERT_TRUE(keys) << why;
  auto expires = std::chrono::system_clock::time_point(std::chrono::seconds(1'900'000'000));
  auto header =
      vapid_authorization(*keys, "https://push.example.net", "mailto:ops@example.org", expires);
  ASSERT_TRUE(header);
  ASSERT_TRUE(header->starts_with("vapid t="));
  std::size_t k_at = header->find(", k=");
  ASSERT_NE(k_at, std::string::npos);
  EXPECT_EQ(header->substr(k_at + 4), kRfcAsPublic);
  std::string jwt = header->substr(8, k_at - 8);
  std::size_t dot1 = jwt.find('.');
  std::size_t dot2 = jwt.rfind('.');
  ASSERT_NE(dot1, dot2);
  auto head = nlohmann::json::parse(b64(jwt.substr(0, dot1)));
  EXPECT_EQ(head["alg"], "ES256");
  auto claims = nlohmann::json::parse(b64(jwt.substr(dot1 + 1, dot2 - dot1 - 1)));
  EXPECT_EQ(claims["aud"], "https://push.example.net");
  EXPECT_EQ(claims["sub"], "mailto:ops@example.org");
  EXPECT_EQ(claims["exp"], 1'900'000'000);
  // The signature checked by OpenSSL against the public key alone.
  P256Key verifier = p256_from_public(b64(kRfcAsPublic));
  ASSERT_TRUE(verifier);
  std::string signature = b64(jwt.substr(dot2 + 1));
  EXPECT_TRUE(es256_verify(verifier.get(), jwt.substr(0, dot2), signature));
  EXPECT_FALSE(es256_verify(verifier.get(), jwt.substr(0, dot2) + "x", signature));
  P256Key stranger = p256_from_public(b64(kRfcUaPublic));
  EXPECT_FALSE(es256_verify(stranger.get(), jwt.substr(0, dot2), signature));
}

}  // namespace
