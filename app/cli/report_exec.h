// `ettw report` in the ettw program. The report is drawn with Qt (ett_report: the window's chart
// builders and Gantt painter), which ettw does not link, so that every other command starts
// without loading Qt and the libraries under it (about 80 shared objects: 60 ms of a 0.2 s
// summary went to the dynamic loader). The report runs in `ettw-report`, a helper built from the
// same command line with the report linked in, installed beside ettw (the build tree) or in
// LIBEXECDIR/ettw; ettw replaces itself with it (exec: same process, arguments, descriptors and
// environment), so the user sees one command.
#pragma once

namespace ett::app {

// Call first thing in ettw's main(): the command line the helper is run with.
void rememberCommandLine(char** argv);

} // namespace ett::app
