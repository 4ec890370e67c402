#include "core/ingest/regex.h"

#include <re2/re2.h>

namespace ett::core {

Regex::Regex() = default;
Regex::~Regex() = default;
Regex::Regex(const Regex&) = default;
Regex& Regex::operator=(const Regex&) = default;
Regex::Regex(Regex&&) noexcept = default;
Regex& Regex::operator=(Regex&&) noexcept = default;

Result<Regex> Regex::compile(const std::string& pattern, const std::string& where)
{
    RE2::Options options;
    options.set_log_errors(false);
    auto re = std::make_shared<const re2::RE2>(pattern, options);
    if (!re->ok()) {
        return Error { where + ": regex \"" + pattern + "\" is not valid: " + re->error() };
    }
    Regex r;
    r.m_pattern = pattern;
    r.m_re = std::move(re);
    return r;
}

int Regex::groups() const
{
    return m_re ? m_re->NumberOfCapturingGroups() : 0;
}

bool Regex::search(std::string_view text) const
{
    return run(text, false, nullptr);
}

bool Regex::search(std::string_view text, RegexMatch& m) const
{
    return run(text, false, &m);
}

bool Regex::matchPrefix(std::string_view text) const
{
    return run(text, true, nullptr);
}

bool Regex::matchPrefix(std::string_view text, RegexMatch& m) const
{
    return run(text, true, &m);
}

bool Regex::run(std::string_view text, bool anchored, RegexMatch* m) const
{
    if (!m_re) {
        return false;
    }
    const re2::StringPiece input(text.data(), text.size());
    const RE2::Anchor anchor = anchored ? RE2::ANCHOR_START : RE2::UNANCHORED;
    if (!m) {
        return m_re->Match(input, 0, input.size(), anchor, nullptr, 0);
    }
    const int n = 1 + m_re->NumberOfCapturingGroups();
    std::vector<re2::StringPiece> pieces(static_cast<size_t>(n));
    if (!m_re->Match(input, 0, input.size(), anchor, pieces.data(), n)) {
        return false;
    }
    m->m_groups.assign(static_cast<size_t>(n), {});
    m->m_matched.assign(static_cast<size_t>(n), false);
    for (size_t g = 0; g < pieces.size(); ++g) {
        if (pieces[g].data() != nullptr) {
            m->m_groups[g] = std::string_view(pieces[g].data(), pieces[g].size());
            m->m_matched[g] = true;
        }
    }
    return true;
}

} // namespace ett::core
