#include "push/payload_crypto.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <memory>

#include "push/p256.h"

namespace banmen::server {
namespace {

constexpr std::size_t kSaltBytes = 16;
constexpr std::size_t kAuthBytes = 16;
constexpr std::size_t kTagBytes = 16;
constexpr std::size_t kHeaderBytes = kSaltBytes + 4 + 1 + kP256PublicBytes;

struct CipherCtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};

// HKDF-Expand for one block (every output here is at most 32 bytes): T(1) cut to `len`.
std::string hkdf_expand_one(std::string_view prk, std::string_view info, std::size_t len) {
  std::string block(info);
  block.push_back('\x01');
  return hmac_sha256(prk, block).substr(0, len);
}

struct ContentKeys {
  std::string cek;    // 16 bytes
  std::string nonce;  // 12 bytes
};

// RFC 8291 section 3.4, then RFC 8188 section 2.2 for the content key and nonce.
ContentKeys derive_keys(std::string_view ecdh_secret, std::string_view auth_secret,
                        std::string_view ua_public, std::string_view as_public,
                        std::string_view salt) {
  std::string prk_key = hmac_sha256(auth_secret, ecdh_secret);
  std::string key_info = "WebPush: info";
  key_info.push_back('\0');
  key_info.append(ua_public);
  key_info.append(as_public);
  std::string ikm = hkdf_expand_one(prk_key, key_info, 32);
  std::string prk = hmac_sha256(salt, ikm);
  return {hkdf_expand_one(prk, std::string_view("Content-Encoding: aes128gcm\0", 28), 16),
          hkdf_expand_one(prk, std::string_view("Content-Encoding: nonce\0", 24), 12)};
}

std::optional<std::string> aes128gcm(bool encrypt, const ContentKeys& keys, std::string_view in) {
  std::unique_ptr<EVP_CIPHER_CTX, CipherCtxFree> ctx(EVP_CIPHER_CTX_new());
  if (!ctx) return std::nullopt;
  auto* key = reinterpret_cast<const unsigned char*>(keys.cek.data());
  auto* iv = reinterpret_cast<const unsigned char*>(keys.nonce.data());
  if (EVP_CipherInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, key, iv, encrypt ? 1 : 0) <= 0)
    return std::nullopt;
  std::string_view body = in;
  if (!encrypt) {
    if (in.size() < kTagBytes) return std::nullopt;
    body = in.substr(0, in.size() - kTagBytes);
    std::string tag(in.substr(body.size()));
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, kTagBytes, tag.data()) <= 0)
      return std::nullopt;
  }
  std::string out(body.size() + kTagBytes, '\0');
  int len = 0;
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  if (EVP_CipherUpdate(ctx.get(), o, &len, reinterpret_cast<const unsigned char*>(body.data()),
                       static_cast<int>(body.size())) <= 0)
    return std::nullopt;
  int tail = 0;
  if (EVP_CipherFinal_ex(ctx.get(), o + len, &tail) <= 0) return std::nullopt;
  len += tail;
  if (encrypt) {
    if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, kTagBytes, o + len) <= 0)
      return std::nullopt;
    len += kTagBytes;
  }
  out.resize(static_cast<std::size_t>(len));
  return out;
}

std::optional<std::string> encrypt_with_key(std::string_view plaintext, std::string_view ua_public,
                                            std::string_view auth_secret, EVP_PKEY* sender,
                                            std::string_view salt) {
  if (plaintext.size() > kPushMaxPlaintext || auth_secret.size() != kAuthBytes ||
      salt.size() != kSaltBytes)
    return std::nullopt;
  P256Key peer = p256_from_public(ua_public);
  if (!peer || !sender) return std::nullopt;
  auto secret = p256_ecdh(sender, peer.get());
  std::string as_public = p256_public_raw(sender);
  if (!secret || as_public.size() != kP256PublicBytes) return std::nullopt;
  ContentKeys keys = derive_keys(*secret, auth_secret, ua_public, as_public, salt);
  std::string record(plaintext);
  record.push_back('\x02');  // the last (and only) record's delimiter, no padding
  auto sealed = aes128gcm(true, keys, record);
  if (!sealed) return std::nullopt;
  std::string body(salt);
  for (int shift : {24, 16, 8, 0})
    body.push_back(static_cast<char>((kPushRecordSize >> shift) & 0xff));
  body.push_back(static_cast<char>(kP256PublicBytes));
  body.append(as_public);
  body.append(*sealed);
  return body;
}

}  // namespace

std::optional<std::string> encrypt_push_payload(std::string_view plaintext,
                                                std::string_view ua_public,
                                                std::string_view auth_secret) {
  P256Key sender = p256_generate();
  std::string salt(kSaltBytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), kSaltBytes) != 1)
    return std::nullopt;
  return encrypt_with_key(plaintext, ua_public, auth_secret, sender.get(), salt);
}

std::optional<std::string> encrypt_push_payload_with(std::string_view plaintext,
                                                     std::string_view ua_public,
                                                     std::string_view auth_secret,
                                                     std::string_view as_private,
                                                     std::string_view salt) {
  P256Key sender = p256_from_private(as_private);
  return encrypt_with_key(plaintext, ua_public, auth_secret, sender.get(), salt);
}

std::optional<std::string> decrypt_push_payload(std::string_view body, std::string_view ua_private,
                                                std::string_view auth_secret) {
  if (body.size() < kHeaderBytes + kTagBytes ||
      static_cast<unsigned char>(body[20]) != kP256PublicBytes)
    return std::nullopt;
  std::string_view salt = body.substr(0, kSaltBytes);
  std::string_view as_public = body.substr(21, kP256PublicBytes);
  P256Key own = p256_from_private(ua_private);
  P256Key sender = p256_from_public(as_public);
  if (!own || !sender) return std::nullopt;
  auto secret = p256_ecdh(own.get(), sender.get());
  if (!secret) return std::nullopt;
  ContentKeys keys = derive_keys(*secret, auth_secret, p256_public_raw(own.get()), as_public, salt);
  auto record = aes128gcm(false, keys, body.substr(kHeaderBytes));
  if (!record) return std::nullopt;
  // Strip the padding: zeros back to the delimiter, which must be 2 (the last record).
  while (!record->empty() && record->back() == '\0') record->pop_back();
  if (record->empty() || record->back() != '\x02') return std::nullopt;
  record->pop_back();
  return record;
}

}  // namespace banmen::server
