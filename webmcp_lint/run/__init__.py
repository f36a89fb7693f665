"""A run: every linted file through the per-file pipeline (read, prefilter, parse,
extract, check, suppress, position) in one process or a worker pool (`engine`), the
results of unchanged files from the cache (`cache`), the page pass over the tools an
agent sees together once every file is done (`page_graph` finds the pages, `page_pass`
runs the page rules), inline suppressions (`suppress`) and `--fix` (`edits` applies a
fix's edits to a text, `fix_loop` lints, fixes and writes until nothing changes). It
hands `Diagnostic`s to `output`; it never formats them.
"""
