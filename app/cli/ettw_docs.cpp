#include "app/cli/ettw_docs.h"

#include "app/cli/commands.h"
#include "app/cli/ettw_app.h"
#include "app/cli/examples.h"
#include "app/docs/man_page.h"
#include "app/version/build_info.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ett::app {

namespace {

// The environment variables only ettw reads (after the engine's and the store's).
constexpr EnvironmentVariable kEttwEnvironment[] = {
    { "HOME", "Where the default store password file is looked for (see FILES)." },
    { "TMPDIR",
        "Where import keeps a temporary copy of a trace read from a pipe or FIFO, and where bench store works "
        "(default: /tmp)." },
    { "QT_QPA_PLATFORM", "report draws with Qt: offscreen when unset, so that no display is needed." },
};

// Every command below `command`, depth first in the order of registration ("store", "store init", ...).
void collectCommands(CLI::App* command, std::vector<CLI::App*>& out)
{
    for (CLI::App* sub : subcommandsOf(command)) {
        out.push_back(sub);
        collectCommands(sub, out);
    }
}

std::vector<CLI::App*> allCommands(CLI::App& app)
{
    std::vector<CLI::App*> out;
    collectCommands(&app, out);
    return out;
}

// The option's value as --help names it, without the validators' descriptions: "FILE", "INT".
std::string metavar(const CLI::Option& option)
{
    if (option.get_type_size() == 0) {
        return {};
    }
    const std::vector<std::string> choices = optionChoices(option);
    if (!choices.empty()) {
        std::string out;
        for (const std::string& c : choices) {
            out += (out.empty() ? "" : "|") + c;
        }
        return out;
    }
    const std::string full = option.get_type_name();
    return full.substr(0, full.find(':'));
}

// "-v, --verbose", "--db FILE", "FILES...", in roff.
std::string optionTag(const CLI::Option& option)
{
    if (option.get_positional()) {
        std::string name;
        for (char c : option.get_name(true)) {
            name += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
        }
        return ManPage::italic(name + (option.get_items_expected_max() > 1 ? "..." : ""));
    }
    std::string tag;
    for (const std::string& s : option.get_snames()) {
        tag += (tag.empty() ? "" : ", ") + ManPage::bold("-" + s);
    }
    for (const std::string& l : option.get_lnames()) {
        tag += (tag.empty() ? "" : ", ") + ManPage::bold("--" + l);
    }
    const std::string value = metavar(option);
    if (!value.empty()) {
        tag += " " + ManPage::italic(value);
    }
    return tag;
}

std::string optionText(const CLI::Option& option)
{
    std::string text = option.get_description();
    if (option.get_required()) {
        text += " (required)";
    }
    if (!option.get_default_str().empty()) {
        text += " (default: " + option.get_default_str() + ")";
    }
    return text;
}

// "ettw summary [OPTIONS]", "ettw import [OPTIONS] FILES...", "ettw store COMMAND".
std::string usageOf(CLI::App& command)
{
    std::string usage = "ettw " + commandPath(&command);
    if (!subcommandsOf(&command).empty()) {
        return usage + " COMMAND";
    }
    bool options = false;
    std::string positionals;
    for (CLI::Option* o : documentedOptions(command)) {
        if (o->get_positional()) {
            std::string name;
            for (char c : o->get_name(true)) {
                name += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
            }
            name += o->get_items_expected_max() > 1 ? "..." : "";
            positionals += " " + (o->get_required() ? name : "[" + name + "]");
        } else {
            options = true;
        }
    }
    return usage + (options ? " [OPTIONS]" : "") + positionals;
}

void commandsSection(ManPage& page, CLI::App& app)
{
    page.section("COMMANDS");
    page.paragraph("Every command takes -h, --help: its options and examples.");
    for (CLI::App* command : allCommands(app)) {
        page.subsection(usageOf(*command));
        page.paragraph(command->get_description());
        const std::vector<CLI::App*> subs = subcommandsOf(command);
        if (!subs.empty()) {
            std::string names;
            for (CLI::App* s : subs) {
                names += (names.empty() ? "" : ", ") + s->get_name();
            }
            page.paragraph("Commands: " + names + ".");
        }
        for (CLI::Option* o : documentedOptions(*command)) {
            page.tagged(optionTag(*o), optionText(*o));
        }
    }
}

// The script's case pattern for a command path: "" (ettw itself) becomes the pattern of an empty word.
std::string casePattern(const std::string& path)
{
    return "\"" + path + "\"";
}

// Words for a bash array or a word list; the values are ettw's own names (no quotes nor spaces).
std::string joined(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "" : " ") + w;
    }
    return out;
}

} // namespace

std::vector<std::string> optionChoices(const CLI::Option& option)
{
    // CLI11 2.x describes an IsMember validator as "{a,b,c}" after the type name ("TEXT:{a,b,c}").
    const std::string full = option.get_type_name();
    const size_t open = full.find(":{");
    const size_t close = full.find('}', open);
    if (open == std::string::npos || close == std::string::npos) {
        return {};
    }
    std::vector<std::string> out;
    const std::string list = full.substr(open + 2, close - open - 2);
    size_t start = 0;
    while (start <= list.size()) {
        const size_t comma = list.find(',', start);
        out.push_back(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    return out;
}

std::vector<CLI::Option*> documentedOptions(CLI::App& command)
{
    const CLI::Option* help = command.get_help_ptr();
    const CLI::Option* helpAll = command.get_help_all_ptr();
    return command.get_options([&](CLI::Option* o) { return o != help && o != helpAll && !o->get_group().empty(); });
}

std::string ettwManPage(EttwApp& ettw)
{
    CLI::App& app = ettw.app;
    const BuildInfo& build = buildInfo();
    ManPage page("ettw", 1, std::string("ettw ") + build.version, "ETT Workbench");

    page.section("NAME");
    page.roffLine("ettw \\- Effective Training Time of ML training jobs, computed exactly from their traces");

    page.section("SYNOPSIS");
    page.roffLine(ManPage::bold("ettw") + " " + ManPage::italic("COMMAND") + " [" + ManPage::italic("OPTIONS") + "] ["
        + ManPage::italic("ARGUMENTS") + "]");
    page.lineBreak();
    page.roffLine(ManPage::bold("ettw") + " " + ManPage::italic("COMMAND") + " " + ManPage::bold("--help"));
    page.lineBreak();
    page.roffLine(ManPage::bold("ettw") + " " + ManPage::bold("--help") + " | " + ManPage::bold("--help-all") + " | "
        + ManPage::bold("--version"));

    page.section("DESCRIPTION");
    page.paragraph(app.get_description());
    page.paragraph("A database (a SQLite file, --db, ett.db by default) holds the imported traces under dataset "
                   "labels; the query commands read it and never change it. Commands that take --store compute on "
                   "a fleet store (a ClickHouse cluster) instead. Tables are for people; --format json and csv are "
                   "for programs, and every JSON object printed carries \"ettw_version\".");

    page.section("OPTIONS");
    for (CLI::Option* o : app.get_options()) {
        page.tagged(optionTag(*o), o->get_description());
    }

    commandsSection(page, app);

    page.section("EXIT STATUS");
    for (const ExitStatus& s : kExitStatuses) {
        page.tagged(ManPage::bold(std::to_string(s.code)), s.meaning);
    }

    page.section("EXAMPLES");
    for (const std::string& path : commandsWithExamples()) {
        for (const Example& e : examplesOf(path)) {
            page.example(std::string(e.what) + ":", e.commandLine);
        }
    }

    page.section("ENVIRONMENT");
    page.environment(engineAndStoreEnvironment());
    page.environment(kEttwEnvironment);

    page.section("FILES");
    page.tagged(ManPage::italic("ett.db"), "The database in the current directory, when --db is not given.");
    page.tagged(ManPage::italic("~/.config/ettw/store-password"),
        "The fleet store's password (its first line), when neither the URL nor the environment gives one.");

    page.section("SEE ALSO");
    page.roffLine(ManPage::bold("ett-workbench") + "(1), " + ManPage::bold("sqlite3") + "(1)");
    page.paragraph("The README of ETT Workbench: the trace format, the buckets and the walk-through.");
    return page.str();
}

std::string ettwBashCompletion(EttwApp& ettw)
{
    CLI::App& app = ettw.app;
    std::vector<CLI::App*> commands { &app };
    collectCommands(&app, commands);

    // 1. Per command path: its subcommands, its options, whether it takes file arguments.
    std::string subcommandCases;
    std::string optionCases;
    std::string fileArgumentCases;
    // 2. Per "path option": what the option's value is (choices, file, dir, label, cohort).
    std::string valueCases;
    for (CLI::App* command : commands) {
        const std::string path = commandPath(command);
        std::vector<std::string> subs;
        for (CLI::App* s : subcommandsOf(command)) {
            subs.push_back(s->get_name());
        }
        if (!subs.empty()) {
            subcommandCases += "        " + casePattern(path) + ") words=\"" + joined(subs) + "\" ;;\n";
        }
        std::vector<std::string> names { "--help" };
        if (command == &app) {
            names.push_back("--help-all");
        }
        for (CLI::Option* o : documentedOptions(*command)) {
            if (o->get_positional()) {
                if (o->get_type_name().rfind("FILE", 0) == 0) {
                    fileArgumentCases += casePattern(path) + "|";
                }
                continue;
            }
            for (const std::string& s : o->get_snames()) {
                names.push_back("-" + s);
            }
            for (const std::string& l : o->get_lnames()) {
                names.push_back("--" + l);
            }
            if (o->get_type_size() == 0) {
                continue; // a flag: no value
            }
            const std::vector<std::string> choices = optionChoices(*o);
            const std::string type = o->get_type_name();
            std::string kind;
            if (!choices.empty()) {
                kind = "choices " + joined(choices);
            } else if (type.rfind("FILE", 0) == 0) {
                kind = "file";
            } else if (type.rfind("DIR", 0) == 0) {
                kind = "dir";
            } else if (o->check_lname("label")) {
                kind = "label";
            } else if (o->check_lname("a") || o->check_lname("b") || o->check_lname("scope")) {
                kind = "cohort";
            } else {
                kind = "any";
            }
            for (const std::string& l : o->get_lnames()) {
                valueCases += "        \"" + path + " --" + l + "\") kind=\"" + kind + "\" ;;\n";
            }
            for (const std::string& s : o->get_snames()) {
                valueCases += "        \"" + path + " -" + s + "\") kind=\"" + kind + "\" ;;\n";
            }
        }
        optionCases += "        " + casePattern(path) + ") words=\"" + joined(names) + "\" ;;\n";
    }
    if (!fileArgumentCases.empty()) {
        fileArgumentCases.pop_back();
    }

    // The script: the tables above, then the functions that read them. (Not formatted as C++.)
    // clang-format off
    std::string s = "# bash completion for ettw " + std::string(buildInfo().version)
        + ", generated by `ettw --completion bash` from the command tree that parses ettw's command line.\n"
          "# Install as share/bash-completion/completions/ettw, or source it.\n\n";
    s += R"BASH(# _ettw_subcommands PATH: the commands under PATH ("" for ettw itself).
_ettw_subcommands()
{
    local words=""
    case "$1" in
)BASH" + subcommandCases + R"BASH(    esac
    printf '%s' "$words"
}

# _ettw_options PATH: the options of the command PATH.
_ettw_options()
{
    local words=""
    case "$1" in
)BASH" + optionCases + R"BASH(    esac
    printf '%s' "$words"
}

# _ettw_value_kind PATH OPTION: what OPTION of PATH takes ("choices A B", file, dir, label, cohort,
# any); nothing for a flag or an unknown option.
_ettw_value_kind()
{
    local kind=""
    case "$1 $2" in
)BASH" + valueCases + R"BASH(    esac
    printf '%s' "$kind"
}

# _ettw_labels: the dataset labels of the database given with --db on the line (else ./ett.db),
# one a line, from `ettw datasets` run quietly; nothing when it cannot be read.
_ettw_labels()
{
    local db=ett.db i
    for ((i = 1; i < ${#words[@]}; i++)); do
        if [[ ${words[i]} == --db ]] && ((i + 1 < ${#words[@]})); then
            db=${words[i + 1]}
        elif [[ ${words[i]} == --db=* ]]; then
            db=${words[i]#--db=}
        fi
    done
    [[ $db == "~/"* ]] && db=$HOME/${db#"~/"}
    [[ -f $db ]] || return 0
    command "${words[0]}" datasets --db "$db" --format json 2>/dev/null \
        | sed -n 's/^ *"label": "\(.*\)",\{0,1\}$/\1/p' | sort -u
}

# _ettw_files [dir]: the file (or directory) names that complete $cur.
_ettw_files()
{
    compopt -o filenames 2>/dev/null
    if [[ ${1-} == dir ]]; then
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    else
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

_ettw()
{
    COMPREPLY=()
    # 1. The words as typed: bash splits COMP_WORDS at = and : too (COMP_WORDBREAKS), which would
    #    cut --db=FILE and label=NAME apart, so the line up to the cursor is split at blanks only.
    local -a words
    local line
    if [[ -n ${COMP_LINE-} ]]; then
        line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
        read -r -a words <<< "$line"
        [[ -z $line || $line == *[[:blank:]] ]] && words+=("")
    else
        words=("${COMP_WORDS[@]:0:COMP_CWORD + 1}")
    fi
    local cword=$((${#words[@]} - 1))
    local cur=${words[cword]} prev=""
    ((cword > 0)) && prev=${words[cword - 1]}
    # --option=VALUE: complete VALUE as the option's value.
    if [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        cur=${cur#*=}
    fi

    # 2. The command path: the leading words that name commands.
    local path="" i word subs
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        subs=" $(_ettw_subcommands "$path") "
        [[ $subs == *" $word "* ]] || break
        path=${path:+$path }$word
    done

    _ettw_complete
    # 3. Bash replaces only its own current word, the part after the last = or :, so each reply
    #    loses what comes before it.
    local bashcur=${COMP_WORDS[COMP_CWORD]-}
    [[ $bashcur == [=:] ]] && bashcur=""
    local typed=${words[cword]}
    if [[ $typed != "$bashcur" && $typed == *"$bashcur" ]]; then
        local cut=${typed%"$bashcur"}
        COMPREPLY=("${COMPREPLY[@]/#"$cut"/}")
    fi
    return 0
}

# _ettw_complete: COMPREPLY for $cur, after $prev, in the command $path (of _ettw).
_ettw_complete()
{
    # 1. The value of the option before the cursor.
    local kind
    if [[ $prev == -* ]]; then
        kind=$(_ettw_value_kind "$path" "$prev")
        case "$kind" in
            "choices "*)
                mapfile -t COMPREPLY < <(compgen -W "${kind#choices }" -- "$cur")
                return 0 ;;
            file|dir)
                _ettw_files "$kind"
                return 0 ;;
            label)
                local IFS=$'\n'
                mapfile -t COMPREPLY < <(compgen -W "$(_ettw_labels)" -- "$cur")
                return 0 ;;
            cohort)
                # label= is the one term whose values are known: the labels of the database.
                local term=${cur##*,} before="" label
                [[ $cur == *,* ]] && before=${cur%,*},
                if [[ $term == label=* ]]; then
                    while IFS= read -r label; do
                        [[ label=$label == "$term"* ]] && COMPREPLY+=("${before}label=$label")
                    done < <(_ettw_labels)
                fi
                return 0 ;;
            any)
                return 0 ;;
        esac
    fi

    # 2. Options, subcommands, or file arguments.
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_ettw_options "$path")" -- "$cur")
        return 0
    fi
    subs=$(_ettw_subcommands "$path")
    if [[ -n $subs ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
        return 0
    fi
)BASH";
    if (!fileArgumentCases.empty()) {
        s += "    case \"$path\" in\n        " + fileArgumentCases + ") _ettw_files ;;\n    esac\n";
    }
    s += R"BASH(    return 0
}

complete -F _ettw ettw
)BASH";
    // clang-format on
    return s;
}

} // namespace ett::app
