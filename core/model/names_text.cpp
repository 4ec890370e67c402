#include "core/model/names_text.h"

#include <algorithm>

namespace ett::core {

std::string groupThousands(std::string_view digits)
{
    const size_t start = digits.empty() || digits[0] != '-' ? 0 : 1;
    size_t end = digits.find('.');
    if (end == std::string_view::npos) {
        end = digits.size();
    }
    std::string out(digits.substr(0, start));
    const std::string_view intPart = digits.substr(start, end - start);
    for (size_t i = 0; i < intPart.size(); ++i) {
        if (i > 0 && (intPart.size() - i) % 3 == 0) {
            out += ',';
        }
        out += intPart[i];
    }
    out += digits.substr(end);
    return out;
}

std::string knownNames(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    std::string s;
    for (const auto& n : names) {
        s += (s.empty() ? "" : ", ") + n;
    }
    return s.empty() ? "none" : s;
}

} // namespace ett::core
