#include "app/cli/presenter.h"

#include "app/cli/commands.h"

namespace ett::app {

int present(const CommonOptions& common, const Rendering& rendering)
{
    if (common.format == "json" && rendering.json) {
        print(rendering.json());
    } else if (common.format == "csv" && rendering.csv) {
        print(rendering.csv());
    } else {
        print(rendering.table());
    }
    return kExitOk;
}

} // namespace ett::app
