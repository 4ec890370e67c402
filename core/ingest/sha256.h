// SHA-256 (an imported file's identity, a label's digest in the fleet store) from OpenSSL's
// libcrypto, loaded with dlopen the first time a digest is asked for rather than linked: linked,
// libcrypto.so.3 (21,000 relocations) cost every command about 3.5 ms and 120 page faults of dynamic
// loading, a twentieth of a `summary` that never hashes a byte. The programs are compiled against
// OpenSSL's headers and load the library of the same ABI, libcrypto.so.3 (Debian's libssl3).
#pragma once

#include "core/model/result.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace ett::core {

// One digest, fed in pieces. Movable, not copyable.
class Sha256
{
public:
    // Error: libcrypto cannot be loaded (the message says which file and why) or will not start a
    // SHA-256 digest.
    static Result<Sha256> start();
    Sha256(Sha256&& other) noexcept;
    Sha256& operator=(Sha256&& other) noexcept;
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    ~Sha256();

    void update(const void* data, size_t size);
    // The digest of everything added, as 64 lowercase hex digits. Once only: nothing may be added after.
    std::string finishHex();

private:
    explicit Sha256(void* context)
        : m_context(context)
    {
    }
    void* m_context = nullptr; // EVP_MD_CTX
};

// The SHA-256 of `data` as 64 lowercase hex digits. Error: as Sha256::start.
Result<std::string> sha256Hex(std::string_view data);

} // namespace ett::core
