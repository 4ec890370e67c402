#include "app/cli/mappings_cmd.h"

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "app/cli/text_table.h"
#include "core/ingest/mapping.h"

namespace ett::app {

using namespace ett::core;

int runMappings(const std::string& name)
{
    if (name.empty()) {
        TextTable t;
        t.addColumn("preset", TextTable::Align::Left);
        t.addColumn("format", TextTable::Align::Left);
        for (const auto& n : Mapping::presetNames()) {
            auto m = Mapping::preset(n);
            t.addRow({ n, m ? m->format() : "(invalid: " + m.error().message + ")" });
        }
        print("Built-in mapping presets (print one with `ettw mappings NAME`, change it, use it with "
              "`ettw import --mapping FILE`)\n"
            + t.render());
        return kExitOk;
    }
    auto text = Mapping::presetText(name);
    if (!text) {
        return fail(text.error().message);
    }
    print(*text);
    return kExitOk;
}

} // namespace ett::app
