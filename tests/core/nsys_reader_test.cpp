// Tests of the nsys reader (issue #5): written with the reader.
