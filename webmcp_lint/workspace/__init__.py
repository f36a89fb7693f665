"""The files on disk, before any of them is parsed: which files a run lints
(`discovery`: walks, ignore files, `.gitignore`, build output left out), how each is read
safely and within its limits (`reading`: regular files only, a size limit, the one byte
prefilter `may_hold_webmcp`; `budget`: a processor-time deadline per file), the source
text and its positions (`source`), what a project's lockfiles install (`lockfiles`), and
one way to write a file atomically (`writing`). Nothing here knows JavaScript or rules.
"""
