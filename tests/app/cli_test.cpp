// Filled in with the command-line tests.
