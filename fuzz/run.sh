#!/usr/bin/env bash
# Coverage-guided fuzzing of webmcp-lint for MINUTES (default 10), one process.
#   fuzz/run.sh [MINUTES] [more libFuzzer flags]
# Needs atheris (pip install -e '.[fuzz]'). The working corpus grows in fuzz/corpus/;
# the seeds are the files of examples/, written as fuzz inputs to fuzz/seeds/ by
# make_seeds.py (neither is committed), fuzz/extra_seeds/ (handwritten inputs for
# languages and shapes examples/ lacks: Astro, JSX, .mjs, text/babel, inline handlers),
# and fuzz/crashers/ (every crash and hang found so far, fixed, kept as regressions and
# replayed by tests/test_fuzz_regressions.py).
# A new crash or hang is written to fuzz/crashers/ as crash-*, timeout-* or oom-*.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
shift || true
mkdir -p fuzz/corpus fuzz/crashers
python fuzz/make_seeds.py
exec python fuzz/fuzz_lint.py fuzz/corpus fuzz/seeds fuzz/extra_seeds fuzz/crashers \
  -max_total_time=$((minutes * 60)) \
  -timeout=20 -rss_limit_mb=3072 -max_len=16384 \
  -dict=fuzz/webmcp.dict -artifact_prefix=fuzz/crashers/ -print_final_stats=1 "$@"
