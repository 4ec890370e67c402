#include "app/cli/commands.h"

int main(int argc, char** argv)
{
    return ett::app::runEttw(argc, argv);
}
