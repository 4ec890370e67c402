// Tests of the mlperf reader (issue #5): written with the reader.
