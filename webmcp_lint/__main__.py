import os
import sys

# `python -m webmcp_lint` puts the working directory first on sys.path, where the
# project being linted could hold a `click.py`: drop it before anything else is
# imported (webmcp_lint itself is already loaded).
if sys.path and os.path.abspath(sys.path[0] or ".") == os.getcwd():
    del sys.path[0]

from webmcp_lint.cli import run

run()
