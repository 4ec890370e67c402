// Tests of the log reader (issue #5): written with the reader.
