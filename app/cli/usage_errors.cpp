#include "app/cli/usage_errors.h"

#include "app/cli/ettw_app.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace ett::app {

namespace {

// The edits (insert, delete, replace a character) that turn a into b.
size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1) });
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The option of `command` (or of its parents) a mistyped `name` ("--verbos") most likely meant: the
// one it begins, or the nearest within a third of its length in edits. Empty: none near.
std::string nearestOption(const CLI::App& command, const std::string& name)
{
    std::string best;
    size_t bestDistance = std::max<size_t>(1, name.size() / 3) + 1;
    for (const CLI::App* a = &command; a != nullptr; a = a->get_parent()) {
        for (const CLI::Option* option : a->get_options()) {
            for (const std::string& long_name : option->get_lnames()) {
                const std::string candidate = "--" + long_name;
                const size_t distance
                    = candidate.starts_with(name) && name.size() > 3 ? 0 : editDistance(name, candidate);
                if (distance < bestDistance) {
                    best = candidate;
                    bestDistance = distance;
                }
            }
        }
    }
    return best;
}

// The commands of `everything` (every command built) that have an option `name`, as "ettw series".
std::vector<std::string> commandsWithOption(const CLI::App& everything, const std::string& name)
{
    std::vector<std::string> out;
    std::vector<const CLI::App*> todo { &everything };
    while (!todo.empty()) {
        const CLI::App* a = todo.back();
        todo.pop_back();
        if (a != &everything && a->get_option_no_throw(name) != nullptr) {
            out.push_back("ettw " + commandPath(a));
        }
        for (const CLI::App* sub : a->get_subcommands([](const CLI::App*) { return true; })) {
            todo.push_back(sub);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

std::optional<std::string> unknownCommandError(CLI::App& app, int argc, char** argv)
{
    CLI::App* current = &app;
    std::string path = "ettw";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (!arg.empty() && arg[0] == '-' && current->get_require_subcommand_min() > 0) {
            // An option before the command ("ettw --db x summary"): CLI11 would say a command is required.
            const std::string name = arg.substr(0, arg.find('='));
            if (current->get_option_no_throw(name) == nullptr && name != "--help-all") {
                return "unknown option " + name + " for " + path + " (options come after the command: " + path
                    + " COMMAND [OPTIONS])";
            }
        }
        if (arg.empty() || arg[0] == '-') {
            return std::nullopt;
        }
        const auto matches = current->get_subcommands([&](CLI::App* sub) { return sub->get_name() == arg; });
        if (!matches.empty()) {
            current = matches.front();
            path += " " + arg;
            continue;
        }
        if (current->get_require_subcommand_min() == 0) {
            return std::nullopt;
        }
        std::string known;
        for (const CLI::App* sub : current->get_subcommands([](CLI::App*) { return true; })) {
            known += (known.empty() ? "" : ", ") + sub->get_name();
        }
        return "unknown command '" + arg + "' for " + path + " (commands: " + known + ")";
    }
    return std::nullopt;
}

std::string unexpectedArgumentsError(const CLI::App& app, const CLI::App& everything)
{
    const CLI::App* command = &app;
    for (bool deeper = true; deeper;) {
        deeper = false;
        for (const CLI::App* sub : command->get_subcommands()) {
            if (sub->parsed()) {
                command = sub;
                deeper = true;
                break;
            }
        }
    }
    const std::string path = command == &app ? "ettw" : "ettw " + commandPath(command);
    std::vector<std::string> problems;
    bool afterUnknownOption = false; // a word after an unknown option is its value, not said again
    for (const std::string& arg : app.remaining(true)) {
        const bool number = !arg.empty() && (std::isdigit(static_cast<unsigned char>(arg.back())) != 0)
            && arg.find_first_not_of("-+.0123456789eE") == std::string::npos;
        if (arg.size() > 1 && arg[0] == '-' && !number) {
            const std::string name = arg.substr(0, arg.find('='));
            const std::string near = name.starts_with("--") ? nearestOption(*command, name) : std::string();
            std::string hint = near.empty() ? std::string() : " (did you mean " + near + "?)";
            if (hint.empty()) {
                // An option of another command ("ettw summary --every day"): say whose.
                const std::vector<std::string> owners = commandsWithOption(everything, name);
                for (size_t i = 0; i < owners.size() && i < 4; ++i) {
                    hint += (i == 0 ? " (an option of " : ", ") + owners[i];
                }
                hint += owners.empty() ? "" : owners.size() > 4 ? ", ...)" : ")";
            }
            problems.push_back("unknown option " + name + hint);
            afterUnknownOption = arg.find('=') == std::string::npos;
            continue;
        }
        if (afterUnknownOption) {
            afterUnknownOption = false;
            continue;
        }
        const bool database = arg.ends_with(".db") && command->get_option_no_throw("--db") != nullptr;
        problems.push_back("unexpected argument '" + arg + "'"
            + (database ? " (a database is given with --db " + arg + ")" : std::string()));
    }
    if (problems.empty()) { // nothing left over: CLI11's own words
        return {};
    }
    std::string out = path + ": ";
    for (size_t i = 0; i < problems.size(); ++i) {
        out += (i == 0 ? "" : "; ") + problems[i];
    }
    return out + "\nRun `" + path + " --help` for its options.\n";
}

} // namespace ett::app
