"""Findings about the linter's own input: unreadable files, syntax errors, suppressions.

`source-syntax-error` is an ordinary check. The engine itself produces the other two, at
the stage where they arise (before a model exists, after suppressions are applied), by
calling the functions their modules define.
"""
