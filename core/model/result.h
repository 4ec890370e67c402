// Errors as values (DESIGN.md: core never throws across its API). An Error carries the whole
// message a user reads: where (file:line), which field, what was expected and what was found.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace ett::core {

struct Error
{
    std::string message;
    // The import option (a ReaderOptions field: "year", "timezone", "format", "mapping", ...) whose
    // value would settle this error, or empty. The message says it the CLI's way (--year); the
    // window points its user at the field of its import dialog instead.
    std::string option = {};
};

// `e` with every mention of `copyPath` (a copy that was read) replaced by `sourcePath`, the file
// the user knows: messages name that one (ImportOptions::sourcePath, the watcher's snapshots).
inline Error namingSource(Error e, const std::string& copyPath, const std::string& sourcePath)
{
    for (size_t at = e.message.find(copyPath); at != std::string::npos;
         at = e.message.find(copyPath, at + sourcePath.size())) {
        e.message.replace(at, copyPath.size(), sourcePath);
    }
    return e;
}

// A value or an Error. Minimal stand-in for std::expected (C++23), which g++ 12 lacks.
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    T& value() & { return std::get<T>(m_data); }
    const T& value() const& { return std::get<T>(m_data); }
    T&& value() && { return std::get<T>(std::move(m_data)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// Success or an Error, for operations that return nothing.
class [[nodiscard]] Status
{
public:
    Status() = default;
    Status(Error error)
        : m_error(std::move(error))
    {
    }
    static Status success() { return {}; }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace ett::core
