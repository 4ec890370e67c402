// Tests of the table reader (issue #5): written with the reader.
