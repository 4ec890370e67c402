#include "app/cli/commands.h"
#include "app/version/huge_pages.h"
#ifdef ETTW_REPORT_BY_HELPER
#include "app/cli/report_exec.h"
#endif

int main(int argc, char** argv)
{
    ett::app::runOnHugePages(argv);
#ifdef ETTW_REPORT_BY_HELPER
    ett::app::rememberCommandLine(argv);
#endif
    return ett::app::runEttw(argc, argv);
}
