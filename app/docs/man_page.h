// A manual page in roff with the man macros, written section by section by the program it
// documents (`ettw --man`, `ett-workbench --man`), so that the page and --help come from the same
// text. Every piece of text given is escaped: backslashes, hyphens (as \-, so that options copy
// as typed), a leading dot or quote, and non-ASCII characters (as \[uXXXX], so groff needs no
// preprocessor). Pure; not thread-safe (one writer per page).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace ett::app {

// An environment variable a program reads, as its ENVIRONMENT section names it.
struct EnvironmentVariable
{
    const char* name;
    const char* meaning;
};

// The variables of the aggregation engine and the fleet store: both ettw and the window read them.
std::span<const EnvironmentVariable> engineAndStoreEnvironment();

class ManPage
{
public:
    // .TH NAME SECTION "" SOURCE MANUAL, e.g. ("ettw", 1, "ettw 0.2.0", "User Commands"); the date is
    // left out so that the same sources make the same page.
    ManPage(const std::string& name, int section, const std::string& source, const std::string& manual);

    void section(const std::string& title); // .SH TITLE (upper case by convention)
    void subsection(const std::string& title); // .SS
    void paragraph(const std::string& text); // .PP, then the text (lines kept)
    // .TP: a tag line (roff, see bold() and italic()) and its indented text (plain).
    void tagged(const std::string& tagRoff, const std::string& text);
    // A command line shown as typed (no filling), indented, after an optional plain sentence.
    void example(const std::string& what, const std::string& commandLine);
    // Text already in roff (from bold(), italic() or escape()), as its own line.
    void roffLine(const std::string& roff);
    void lineBreak(); // .br: the next text starts a new line
    // One tagged paragraph per variable: its name in bold, its meaning.
    void environment(std::span<const EnvironmentVariable> variables);

    const std::string& str() const { return m_out; }

    static std::string escape(std::string_view text); // plain text to roff, within a line
    static std::string bold(std::string_view text); // \fB...\fR
    static std::string italic(std::string_view text); // \fI...\fR

private:
    void textLines(const std::string& text);

    std::string m_out;
};

} // namespace ett::app
