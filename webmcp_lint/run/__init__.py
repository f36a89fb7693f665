"""A run: the files it lints (`discover`), every one through the per-file pipeline
(read, prefilter, parse, extract, check, suppress: `pipeline`; spans turned into lines,
columns and code frames: `positions`) in one process or a worker pool (`pool`), the
second pass when imports are followed (`engine`, which orchestrates the run), the
results of unchanged files from the cache (`cache`; an entry's JSON: `cache_entries`),
the page pass over the tools an
agent sees together once every file is done (`page_graph` finds the pages, `page_pass`
runs the page rules), inline suppressions (`suppress`) and `--fix` (`edits` applies a
fix's edits to a text, `fix_loop` lints, fixes and writes until nothing changes). It
hands `Diagnostic`s to `output`; it never formats them.
"""
