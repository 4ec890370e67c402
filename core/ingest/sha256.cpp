#include "core/ingest/sha256.h"

#include "core/store/shared_library.h"

#include <openssl/evp.h>

#include <utility>

namespace ett::core {

namespace {

// The functions of libcrypto called here, by their own names without "EVP_".
struct CryptoLibrary
{
    decltype(&::EVP_MD_CTX_new) MD_CTX_new = nullptr;
    decltype(&::EVP_MD_CTX_free) MD_CTX_free = nullptr;
    decltype(&::EVP_sha256) sha256 = nullptr;
    decltype(&::EVP_DigestInit_ex) DigestInit_ex = nullptr;
    decltype(&::EVP_DigestUpdate) DigestUpdate = nullptr;
    decltype(&::EVP_DigestFinal_ex) DigestFinal_ex = nullptr;
};

struct CryptoLoaded
{
    CryptoLibrary library;
    bool ok = false;
    std::string error;
};

constexpr const char* kLibrary = "libcrypto.so.3";

template <class F> bool resolveCrypto(void* handle, const char* name, F& f, std::string& error)
{
    return resolveSymbol(handle, kLibrary, name, f, error);
}

CryptoLoaded loadCrypto()
{
    CryptoLoaded out;
    void* handle = openSharedLibrary(kLibrary, "OpenSSL's libcrypto for SHA-256", "libssl3", out.error);
    if (handle == nullptr) {
        return out;
    }
    CryptoLibrary& l = out.library;
    std::string& e = out.error;
    out.ok = resolveCrypto(handle, "EVP_MD_CTX_new", l.MD_CTX_new, e)
        && resolveCrypto(handle, "EVP_MD_CTX_free", l.MD_CTX_free, e)
        && resolveCrypto(handle, "EVP_sha256", l.sha256, e)
        && resolveCrypto(handle, "EVP_DigestInit_ex", l.DigestInit_ex, e)
        && resolveCrypto(handle, "EVP_DigestUpdate", l.DigestUpdate, e)
        && resolveCrypto(handle, "EVP_DigestFinal_ex", l.DigestFinal_ex, e);
    return out;
}

const CryptoLoaded& crypto()
{
    static const CryptoLoaded once = loadCrypto(); // thread-safe: the first caller loads, the others wait
    return once;
}

std::string hexDigits(const unsigned char* data, unsigned n)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(n * 2);
    for (unsigned i = 0; i < n; ++i) {
        out.push_back(kDigits[data[i] >> 4]);
        out.push_back(kDigits[data[i] & 15]);
    }
    return out;
}

} // namespace

Result<Sha256> Sha256::start()
{
    const CryptoLoaded& loaded = crypto();
    if (!loaded.ok) {
        return Error { loaded.error };
    }
    const CryptoLibrary& l = loaded.library;
    EVP_MD_CTX* context = l.MD_CTX_new();
    if (context == nullptr || l.DigestInit_ex(context, l.sha256(), nullptr) != 1) {
        if (context != nullptr) {
            l.MD_CTX_free(context);
        }
        return Error { "cannot start a SHA-256 digest (OpenSSL)" };
    }
    return Sha256(context);
}

Sha256::Sha256(Sha256&& other) noexcept
    : m_context(std::exchange(other.m_context, nullptr))
{
}

Sha256& Sha256::operator=(Sha256&& other) noexcept
{
    if (this != &other) {
        std::swap(m_context, other.m_context);
    }
    return *this;
}

Sha256::~Sha256()
{
    if (m_context != nullptr) {
        crypto().library.MD_CTX_free(static_cast<EVP_MD_CTX*>(m_context));
    }
}

void Sha256::update(const void* data, size_t size)
{
    crypto().library.DigestUpdate(static_cast<EVP_MD_CTX*>(m_context), data, size);
}

std::string Sha256::finishHex()
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned len = 0;
    crypto().library.DigestFinal_ex(static_cast<EVP_MD_CTX*>(m_context), md, &len);
    return hexDigits(md, len);
}

Result<std::string> sha256Hex(std::string_view data)
{
    auto sha = Sha256::start();
    if (!sha) {
        return sha.error();
    }
    sha->update(data.data(), data.size());
    return sha->finishHex();
}

} // namespace ett::core
