// The regular expressions of mapping rules and log formats, on RE2: matching takes time linear in
// the text and never recurses, so no line, name or message, however long, can exhaust the stack or
// make an import quadratic. The syntax is RE2's (Perl-like: classes, groups, alternatives,
// repetition; no backreferences or lookaround). A pattern that starts with "^" is tried at the
// start of the text only.
#pragma once

#include "core/model/result.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace re2 {
class RE2;
}

namespace ett::core {

// The groups of one match: group 0 is the whole match; an unmatched group is absent.
class RegexMatch
{
public:
    size_t size() const { return m_groups.size(); }
    bool matched(size_t group) const { return group < m_groups.size() && m_matched[group]; }
    // The group's text (empty when it did not match); it points into the searched text.
    std::string_view group(size_t group) const { return matched(group) ? m_groups[group] : std::string_view(); }
    std::string str(size_t g) const { return std::string(group(g)); }
    size_t length(size_t g) const { return group(g).size(); }

private:
    friend class Regex;
    std::vector<std::string_view> m_groups;
    std::vector<bool> m_matched;
};

class Regex
{
public:
    Regex();
    ~Regex();
    Regex(const Regex&);
    Regex& operator=(const Regex&);
    Regex(Regex&&) noexcept;
    Regex& operator=(Regex&&) noexcept;

    // Error "WHERE: regex "P" is not valid: REASON" when the pattern does not compile.
    static Result<Regex> compile(const std::string& pattern, const std::string& where);

    const std::string& pattern() const { return m_pattern; }
    // The number of capturing groups.
    int groups() const;
    // Whether the pattern occurs in the text.
    bool search(std::string_view text) const;
    // As search(), with the groups.
    bool search(std::string_view text, RegexMatch& m) const;
    // Whether the pattern matches at the very start of the text (a prefix).
    bool matchPrefix(std::string_view text) const;
    // As matchPrefix(), with the groups.
    bool matchPrefix(std::string_view text, RegexMatch& m) const;

private:
    bool run(std::string_view text, bool anchored, RegexMatch* m) const;

    std::string m_pattern;
    std::shared_ptr<const re2::RE2> m_re; // shared: compiled once, read by copies
};

} // namespace ett::core
