#!/usr/bin/env bash
# `switchyard-links import` of 100,000 rows: the CPU time (user + system) of one run into an
# empty database, every row checked against the built-in example table and written in one
# transaction.
#
# usage: Benchmarks/Links/import.sh          (needs python3)
# SWITCHYARD_IMPORT_ROWS (100000) and SWITCHYARD_LINKS_BINARY (a built switchyard-links instead
# of the release build) change it.
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${SWITCHYARD_IMPORT_ROWS:-100000}

if [ -z "${SWITCHYARD_LINKS_BINARY:-}" ]; then
  swift build -c release --traits Links --scratch-path .build-links-release --product switchyard-links
fi
binary=${SWITCHYARD_LINKS_BINARY:-$(swift build -c release --traits Links --scratch-path .build-links-release --show-bin-path)/switchyard-links}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Half app links, half web links of the table, a quarter of them with a title.
python3 - "$work/links.csv" "$rows" <<'PY'
import sys
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    out.write("short,long,title\n")
    for i in range(count):
        long = f"myapp://user/{i}" if i % 2 == 0 else f"https://example.com/articles/{i}/post-{i}"
        title = f'"Link {i}, imported"' if i % 4 == 1 else ""
        out.write(f"c{i:07d},{long},{title}\n")
PY

# Bash's `time` keyword: the CPU time of the import alone (user and system seconds).
TIMEFORMAT='%U %S'
{ time "$binary" import --db "$work/links.sqlite" "$work/links.csv" 2>"$work/errors"; } 2>"$work/cpu" \
  || { cat "$work/errors"; exit 1; }
read -r user system <"$work/cpu"
awk -v rows="$rows" -v user="$user" -v sys="$system" 'BEGIN {
  printf "import of %d rows: %.2f s of CPU (user %.2f s, system %.2f s)\n", rows, user + sys, user, sys
}'
