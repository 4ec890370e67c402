#include "app/docs/man_page.h"

#include <cstdint>
#include <cstdio>
#include <utility>

namespace ett::app {

namespace {

// The code point of the UTF-8 sequence at text[i] and its length; a byte that starts no valid
// sequence stands for itself (Latin-1), so that nothing is dropped.
std::pair<uint32_t, size_t> decodeUtf8(std::string_view text, size_t i)
{
    const auto b0 = static_cast<unsigned char>(text[i]);
    const size_t length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 1;
    if (length == 1 || i + length > text.size()) {
        return { b0, 1 };
    }
    uint32_t cp = b0 & (0x3Fu >> (length - 1));
    for (size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(text[i + k]);
        if ((b & 0xC0) != 0x80) {
            return { b0, 1 };
        }
        cp = (cp << 6) | (b & 0x3Fu);
    }
    return { cp, length };
}

} // namespace

ManPage::ManPage(const std::string& name, int section, const std::string& source, const std::string& manual)
{
    std::string upper;
    for (char c : name) {
        upper += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    m_out = ".TH " + escape(upper) + " " + std::to_string(section) + " \"\" \"" + escape(source) + "\" \""
        + escape(manual) + "\"\n";
    // Left-aligned, not justified: option names, URLs and lists are long words that would stretch
    // the spaces of their lines.
    m_out += ".ad l\n";
}

std::string ManPage::escape(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 8);
    for (size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '\\') {
            out += "\\e";
        } else if (c == '-') {
            out += "\\-";
        } else if (static_cast<unsigned char>(c) < 0x80) {
            out += c;
        } else {
            const auto [cp, length] = decodeUtf8(text, i);
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\[u%04X]", static_cast<unsigned>(cp));
            out += buf;
            i += length;
            continue;
        }
        ++i;
    }
    return out;
}

std::string ManPage::bold(std::string_view text)
{
    return "\\fB" + escape(text) + "\\fR";
}

std::string ManPage::italic(std::string_view text)
{
    return "\\fI" + escape(text) + "\\fR";
}

void ManPage::roffLine(const std::string& roff)
{
    // A line starting with a dot or a quote would be read as a request.
    if (!roff.empty() && (roff[0] == '.' || roff[0] == '\'')) {
        m_out += "\\&";
    }
    m_out += roff + "\n";
}

void ManPage::lineBreak()
{
    m_out += ".br\n";
}

void ManPage::textLines(const std::string& text)
{
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        // An empty line in roff is a blank line in the output; .sp says so without a warning.
        if (line.empty()) {
            m_out += ".sp\n";
        } else {
            roffLine(escape(line));
        }
        if (end == std::string::npos) {
            break;
        }
        start = end + 1;
    }
}

void ManPage::section(const std::string& title)
{
    m_out += ".SH " + escape(title) + "\n";
}

void ManPage::subsection(const std::string& title)
{
    m_out += ".SS \"" + escape(title) + "\"\n";
}

void ManPage::paragraph(const std::string& text)
{
    m_out += ".PP\n";
    textLines(text);
}

void ManPage::tagged(const std::string& tagRoff, const std::string& text)
{
    m_out += ".TP\n";
    roffLine(tagRoff);
    textLines(text);
}

void ManPage::environment(std::span<const EnvironmentVariable> variables)
{
    for (const EnvironmentVariable& v : variables) {
        tagged(bold(v.name), v.meaning);
    }
}

std::span<const EnvironmentVariable> engineAndStoreEnvironment()
{
    static constexpr EnvironmentVariable kVariables[] = {
        { "ETTW_BACKEND",
            "The aggregation backend, cpu or cuda (ettw's --backend overrides it; default: CUDA when a device is "
            "present, else the CPU)." },
        { "ETTW_THREADS", "Threads of the CPU backend (default: the processors of the machine)." },
        { "ETTW_HUGE_PAGES",
            "0: do not tune malloc (by default ettw starts its command line program, and the window starts itself "
            "again, with glibc.malloc.hugetlb=1, glibc.malloc.mmap_threshold=33554432 and "
            "glibc.malloc.trim_threshold=1073741824 added to GLIBC_TUNABLES where it does not name them: transparent "
            "huge pages, and large tables reused instead of mapped and zeroed again, which makes loads and queries "
            "of large fleets faster)." },
        { "ETTW_STORAGE",
            "rows: load the fleet from the database's rows instead of its columnar copy, and sum a summary over "
            "all time from it instead of the copy's roll-ups (the same figures, slower; the baseline of ettw bench "
            "open)." },
        { "ETTW_STORE_PASSWORD", "The fleet store's password, when the --store URL has none." },
        { "ETTW_STORE_PASSWORD_FILE",
            "A file whose first line is the fleet store's password, when the URL and ETTW_STORE_PASSWORD have "
            "none." },
    };
    return kVariables;
}

void ManPage::example(const std::string& what, const std::string& commandLine)
{
    if (!what.empty()) {
        paragraph(what);
    }
    // Indented, unfilled: the line as typed.
    m_out += ".RS 4\n.nf\n";
    roffLine(bold(commandLine));
    m_out += ".fi\n.RE\n";
}

} // namespace ett::app
