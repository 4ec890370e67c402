// Filled in by the test author for this file.
