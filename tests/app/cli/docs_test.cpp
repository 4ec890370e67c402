// The man page, the examples, the exit statuses and the version, from the command tree that parses
// ettw's command line (in-process: buildEttwApp, ettwManPage).
#include "app/cli/commands.h"
#include "app/cli/ettw_app.h"
#include "app/cli/ettw_docs.h"
#include "app/cli/examples.h"
#include "app/cli/json_writer.h"
#include "app/docs/man_page.h"
#include "app/version/build_info.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace ett::app;

std::vector<CLI::App*> everyCommand(CLI::App* app)
{
    std::vector<CLI::App*> out;
    for (CLI::App* sub : subcommandsOf(app)) {
        out.push_back(sub);
        for (CLI::App* s : everyCommand(sub)) {
            out.push_back(s);
        }
    }
    return out;
}

// The part of the page from the .SS line of `command` to the next .SS or .SH.
std::string commandSection(const std::string& page, CLI::App* command)
{
    const std::string title = ".SS \"" + ManPage::escape("ettw " + commandPath(command));
    size_t at = page.find(title + " ");
    if (at == std::string::npos) {
        at = page.find(title + "\"");
    }
    if (at == std::string::npos) {
        return {};
    }
    const size_t nextSs = page.find("\n.SS ", at + 1);
    const size_t nextSh = page.find("\n.SH ", at + 1);
    return page.substr(at, std::min(nextSs, nextSh) - at);
}

// A command's help with the options of each "Excludes:" list sorted: CLI11 lists them in the order of
// their addresses, which differ from one build of the tree to the next.
std::string helpWithSortedExcludes(CLI::App* command)
{
    std::istringstream in(command->help());
    std::string out, line;
    while (std::getline(in, line)) {
        if (const size_t at = line.find(" Excludes: "); at != std::string::npos) {
            std::istringstream words(line.substr(at + 11));
            std::vector<std::string> names;
            for (std::string w; words >> w;) {
                names.push_back(w);
            }
            std::sort(names.begin(), names.end());
            line = line.substr(0, at + 10);
            for (const std::string& n : names) {
                line += " " + n;
            }
        }
        out += line + "\n";
    }
    return out;
}

// A run builds only the command it names (runEttw): each alone is the same command, with the same
// options, help and examples, as in the whole tree, and the names listed are the tree's, in order.
TEST(EttwApp, EachCommandBuiltAloneIsTheSameAsInTheWholeTree)
{
    auto all = buildEttwApp();
    std::vector<std::string> registered;
    for (CLI::App* sub : subcommandsOf(&all->app)) {
        registered.push_back(sub->get_name());
    }
    EXPECT_EQ(registered, ettwCommandNames());
    for (const std::string& name : ettwCommandNames()) {
        auto one = buildEttwApp(name);
        const std::vector<CLI::App*> subs = subcommandsOf(&one->app);
        ASSERT_EQ(subs.size(), 1u) << name;
        EXPECT_EQ(subs[0]->get_name(), name);
        ASSERT_EQ(one->commands.size(), 1u) << name;
        EXPECT_EQ(one->commands[0].app, subs[0]) << name;
        CLI::App* whole = all->app.get_subcommand(name);
        EXPECT_EQ(helpWithSortedExcludes(subs[0]), helpWithSortedExcludes(whole)) << name;
        std::vector<CLI::App*> nested = everyCommand(subs[0]), wholeNested = everyCommand(whole);
        ASSERT_EQ(nested.size(), wholeNested.size()) << name;
        for (size_t i = 0; i < nested.size(); ++i) {
            EXPECT_EQ(helpWithSortedExcludes(nested[i]), helpWithSortedExcludes(wholeNested[i]))
                << commandPath(nested[i]);
        }
    }
    // Not a command's name: the whole tree.
    EXPECT_EQ(subcommandsOf(&buildEttwApp("--help")->app).size(), registered.size());
    EXPECT_EQ(subcommandsOf(&buildEttwApp("no-such-command")->app).size(), registered.size());
}

TEST(EttwManPage, DocumentsEveryCommandAndEveryOption)
{
    auto ettw = buildEttwApp();
    const std::string page = ettwManPage(*ettw);
    for (const char* section : { "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "EXAMPLES",
             "ENVIRONMENT", "FILES", "SEE ALSO" }) {
        EXPECT_NE(page.find(".SH " + ManPage::escape(section) + "\n"), std::string::npos) << section;
    }
    const std::vector<CLI::App*> commands = everyCommand(&ettw->app);
    ASSERT_GE(commands.size(), 20u);
    for (CLI::App* command : commands) {
        const std::string path = commandPath(command);
        const std::string section = commandSection(page, command);
        ASSERT_FALSE(section.empty()) << "no section for ettw " << path;
        EXPECT_NE(section.find(ManPage::escape(command->get_description())), std::string::npos) << path;
        for (CLI::Option* o : documentedOptions(*command)) {
            if (o->get_positional()) {
                continue;
            }
            for (const std::string& l : o->get_lnames()) {
                EXPECT_NE(section.find(ManPage::bold("--" + l)), std::string::npos) << path << " --" << l;
            }
            EXPECT_NE(section.find(ManPage::escape(o->get_description())), std::string::npos)
                << path << " " << o->get_name();
        }
    }
    // The option and the choices --help shows, e.g. summary's --format.
    EXPECT_NE(page.find(ManPage::bold("--format") + " " + ManPage::italic("table|json|csv")), std::string::npos);
    EXPECT_NE(page.find(ManPage::bold("--backend") + " " + ManPage::italic("cpu|cuda")), std::string::npos);
    for (const char* variable : { "ETTW_BACKEND", "ETTW_STORE_PASSWORD", "ETTW_STORE_PASSWORD_FILE", "ETTW_THREADS" }) {
        EXPECT_NE(page.find(ManPage::bold(variable)), std::string::npos) << variable;
    }
}

TEST(EttwManPage, ListsEveryExitStatusAndShowsThemInHelp)
{
    auto ettw = buildEttwApp();
    const std::string page = ettwManPage(*ettw);
    const std::string help = ettw->app.help();
    for (const ExitStatus& s : kExitStatuses) {
        EXPECT_NE(page.find(".TP\n" + ManPage::bold(std::to_string(s.code)) + "\n" + ManPage::escape(s.meaning)),
            std::string::npos)
            << s.code;
        EXPECT_NE(help.find(std::to_string(s.code) + "  " + s.meaning), std::string::npos) << s.code;
    }
}

TEST(ManPage, EscapesWhatRoffWouldReadAsRequestsOrEscapes)
{
    EXPECT_EQ(ManPage::escape("--db a\\b"), "\\-\\-db a\\eb");
    EXPECT_EQ(ManPage::escape("x \xc3\x97 2"), "x \\[u00D7] 2");
    ManPage page("t", 1, "t 1", "T");
    page.paragraph(".hidden\n'quoted\n\nafter a blank line");
    EXPECT_NE(page.str().find("\\&.hidden\n\\&'quoted\n.sp\nafter a blank line\n"), std::string::npos) << page.str();
}

// Splits an example's command line into words (examples hold no quotes), dropping "ettw" and a
// redirection.
std::vector<std::string> wordsOf(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) {
        if (w == ">") {
            break;
        }
        words.push_back(w);
    }
    return words;
}

TEST(EttwExamples, EveryCommandHasExamplesThatParseAsThatCommand)
{
    auto tree = buildEttwApp();
    for (CLI::App* command : everyCommand(&tree->app)) {
        if (subcommandsOf(command).empty()) {
            EXPECT_FALSE(examplesOf(commandPath(command)).empty()) << "no examples for ettw " << commandPath(command);
        }
    }
    for (const std::string& path : commandsWithExamples()) {
        for (const Example& e : examplesOf(path)) {
            std::vector<std::string> words = wordsOf(e.commandLine);
            ASSERT_FALSE(words.empty());
            EXPECT_EQ(words.front(), "ettw") << e.commandLine;
            std::vector<char*> argv;
            for (std::string& w : words) {
                argv.push_back(w.data());
            }
            auto ettw = buildEttwApp(); // fresh options for each parse
            try {
                ettw->app.parse(static_cast<int>(argv.size()), argv.data());
            } catch (const CLI::ParseError& error) {
                ADD_FAILURE() << e.commandLine << ": " << error.what();
                continue;
            }
            // The command parsed is the one the example is listed under.
            std::string parsed;
            for (CLI::App* a = &ettw->app; !a->get_subcommands().empty(); a = a->get_subcommands().front()) {
                parsed += (parsed.empty() ? "" : " ") + a->get_subcommands().front()->get_name();
            }
            EXPECT_EQ(parsed, path) << e.commandLine;
        }
    }
}

TEST(EttwExamples, AreShownInTheCommandsHelp)
{
    auto ettw = buildEttwApp();
    for (CLI::App* command : everyCommand(&ettw->app)) {
        for (const Example& e : examplesOf(commandPath(command))) {
            EXPECT_NE(command->help().find(e.commandLine), std::string::npos) << e.commandLine;
        }
    }
}

TEST(BuildInfo, VersionLineNamesVersionCommitBuildTypeAndBackends)
{
    const BuildInfo& b = buildInfo();
    EXPECT_TRUE(std::regex_match(std::string(b.version), std::regex(R"(\d+\.\d+\.\d+)"))) << b.version;
    EXPECT_TRUE(std::regex_match(std::string(b.commit), std::regex(R"([0-9a-f]{7,}(-dirty)?|unknown)"))) << b.commit;
    EXPECT_TRUE(std::regex_match(std::string(b.backends), std::regex(R"(cpu( cuda)?)"))) << b.backends;
    EXPECT_EQ(versionLine("ettw"),
        std::string("ettw ") + b.version + " (commit " + b.commit + ", " + b.buildType + ", backends: " + b.backends
            + ")");
}

TEST(JsonWriter, StampsTheVersionOnTopLevelObjectsOnly)
{
    JsonWriter j;
    j.beginObject().key("a").beginObject().key("b").number(int64_t { 1 }).endObject().endObject();
    EXPECT_EQ(j.str(),
        std::string("{\n  \"ettw_version\": \"") + buildInfo().version + "\",\n  \"a\": {\n    \"b\": 1\n  }\n}\n");
    JsonWriter array;
    array.beginArray().beginObject().endObject().endArray();
    EXPECT_EQ(array.str().find("ettw_version"), std::string::npos);
}

} // namespace
