#include "app/cli/commands.h"
#include "app/version/huge_pages.h"

int main(int argc, char** argv)
{
    ett::app::runOnHugePages(argv);
    return ett::app::runEttw(argc, argv);
}
