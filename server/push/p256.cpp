#include "push/p256.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>

namespace banmen::server {
namespace {

struct BnFree {
  void operator()(BIGNUM* n) const { BN_free(n); }
};
struct GroupFree {
  void operator()(EC_GROUP* g) const { EC_GROUP_free(g); }
};
struct PointFree {
  void operator()(EC_POINT* p) const { EC_POINT_free(p); }
};
struct ParamBldFree {
  void operator()(OSSL_PARAM_BLD* b) const { OSSL_PARAM_BLD_free(b); }
};
struct ParamFree {
  void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); }
};
struct PkeyCtxFree {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
struct MdCtxFree {
  void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
struct SigFree {
  void operator()(ECDSA_SIG* s) const { ECDSA_SIG_free(s); }
};

const unsigned char* bytes_of(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// An EVP key from the curve's name, the public point and (for a key pair) the scalar.
P256Key p256_from_parts(std::string_view point, const BIGNUM* scalar) {
  std::unique_ptr<OSSL_PARAM_BLD, ParamBldFree> bld(OSSL_PARAM_BLD_new());
  if (!bld) return nullptr;
  if (!OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
      !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(),
                                        point.size()))
    return nullptr;
  if (scalar && !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar))
    return nullptr;
  std::unique_ptr<OSSL_PARAM, ParamFree> params(OSSL_PARAM_BLD_to_param(bld.get()));
  std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree> ctx(
      EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0) return nullptr;
  EVP_PKEY* key = nullptr;
  if (EVP_PKEY_fromdata(ctx.get(), &key, scalar ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                        params.get()) <= 0)
    return nullptr;
  return P256Key(key);
}

}  // namespace

P256Key p256_from_private(std::string_view scalar) {
  if (scalar.size() != kP256PrivateBytes) return nullptr;
  std::unique_ptr<EC_GROUP, GroupFree> group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  std::unique_ptr<BIGNUM, BnFree> d(
      BN_bin2bn(bytes_of(scalar), static_cast<int>(scalar.size()), nullptr));
  if (!group || !d) return nullptr;
  if (BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0) return nullptr;
  std::unique_ptr<EC_POINT, PointFree> q(EC_POINT_new(group.get()));
  if (!q || !EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, nullptr)) return nullptr;
  std::string point(kP256PublicBytes, '\0');
  if (EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED,
                         reinterpret_cast<unsigned char*>(point.data()), point.size(),
                         nullptr) != kP256PublicBytes)
    return nullptr;
  return p256_from_parts(point, d.get());
}

P256Key p256_from_public(std::string_view point) {
  if (point.size() != kP256PublicBytes || point[0] != 0x04) return nullptr;
  return p256_from_parts(point, nullptr);
}

P256Key p256_generate() {
  return P256Key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
}

std::string p256_public_raw(EVP_PKEY* key) {
  // Uncompressed whatever the key was made with: the form browsers and RFC 8291 use.
  EVP_PKEY_set_utf8_string_param(key, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "uncompressed");
  std::string point(kP256PublicBytes, '\0');
  std::size_t len = 0;
  if (!EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY,
                                       reinterpret_cast<unsigned char*>(point.data()), point.size(),
                                       &len) ||
      len != kP256PublicBytes)
    return {};
  return point;
}

std::string p256_private_raw(EVP_PKEY* key) {
  BIGNUM* d = nullptr;
  if (!EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &d)) return {};
  std::unique_ptr<BIGNUM, BnFree> owned(d);
  std::string out(kP256PrivateBytes, '\0');
  if (BN_bn2binpad(d, reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(out.size())) <
      0)
    return {};
  return out;
}

std::optional<std::string> p256_ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  std::unique_ptr<EVP_PKEY_CTX, PkeyCtxFree> ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr));
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 ||
      EVP_PKEY_derive_set_peer(ctx.get(), peer) <= 0)
    return std::nullopt;
  std::size_t len = 0;
  if (EVP_PKEY_derive(ctx.get(), nullptr, &len) <= 0) return std::nullopt;
  std::string secret(len, '\0');
  if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &len) <= 0)
    return std::nullopt;
  secret.resize(len);
  return secret;
}

std::optional<std::string> es256_sign(EVP_PKEY* key, std::string_view data) {
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> md(EVP_MD_CTX_new());
  if (!md || EVP_DigestSignInit(md.get(), nullptr, EVP_sha256(), nullptr, key) <= 0)
    return std::nullopt;
  std::size_t len = 0;
  if (EVP_DigestSign(md.get(), nullptr, &len, bytes_of(data), data.size()) <= 0)
    return std::nullopt;
  std::string der(len, '\0');
  if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char*>(der.data()), &len, bytes_of(data),
                     data.size()) <= 0)
    return std::nullopt;
  // OpenSSL writes the DER SEQUENCE of r and s; JWT wants each as 32 big-endian bytes.
  const unsigned char* p = bytes_of(der);
  std::unique_ptr<ECDSA_SIG, SigFree> sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(len)));
  if (!sig) return std::nullopt;
  std::string out(64, '\0');
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), o, 32) != 32 ||
      BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), o + 32, 32) != 32)
    return std::nullopt;
  return out;
}

bool es256_verify(EVP_PKEY* key, std::string_view data, std::string_view signature) {
  if (signature.size() != 64) return false;
  std::unique_ptr<ECDSA_SIG, SigFree> sig(ECDSA_SIG_new());
  BIGNUM* r = BN_bin2bn(bytes_of(signature), 32, nullptr);
  BIGNUM* s = BN_bin2bn(bytes_of(signature) + 32, 32, nullptr);
  if (!sig || !r || !s || !ECDSA_SIG_set0(sig.get(), r, s)) {
    BN_free(r);
    BN_free(s);
    return false;
  }
  unsigned char* der = nullptr;
  int der_len = i2d_ECDSA_SIG(sig.get(), &der);
  if (der_len <= 0) return false;
  std::unique_ptr<EVP_MD_CTX, MdCtxFree> md(EVP_MD_CTX_new());
  bool ok = md && EVP_DigestVerifyInit(md.get(), nullptr, EVP_sha256(), nullptr, key) > 0 &&
            EVP_DigestVerify(md.get(), der, static_cast<std::size_t>(der_len), bytes_of(data),
                             data.size()) == 1;
  OPENSSL_free(der);
  return ok;
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::string out(32, '\0');
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes_of(data), data.size(),
       reinterpret_cast<unsigned char*>(out.data()), &len);
  out.resize(len);
  return out;
}

}  // namespace banmen::server
