// Tests of the chrome reader (issue #5): written with the reader.
