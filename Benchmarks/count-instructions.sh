#!/bin/sh
# Instructions per lookup, counted by callgrind (they do not depend on the machine's load):
# RouteMatcher.match (`match`) and Router.route (`route`) over every probe of each table, hits
# and misses, after the answers are checked. See README.md, "Counting instructions".
#
#   ./count-instructions.sh                    # github and synthetic-100, 20 rounds
#   TABLES="synthetic-1000" ROUNDS=5 ./count-instructions.sh
#   MODES="match routes" TABLES=github SWITCHYARD_BENCH_ROUTES=1 ./count-instructions.sh
#   MODES="match url-match url-table url-router" TABLES=synthetic-1000 ./count-instructions.sh  # per URL built, and the match of those URLs
#   MODES="match url-routes" TABLES=github SWITCHYARD_BENCH_ROUTES=1 ./count-instructions.sh  # the @Routes enum's url
set -eu
cd "$(dirname "$0")"

if ! command -v valgrind >/dev/null 2>&1; then
  echo "count-instructions.sh: valgrind is not installed (it provides callgrind)" >&2
  exit 1
fi

export SWITCHYARD_BENCH_PEERS=none
swift build -c release --product InstructionCount >&2
binary="$(swift build -c release --show-bin-path)/InstructionCount"
rounds="${ROUNDS:-20}"
output="$(mktemp)"
trap 'rm -f "$output"' EXIT

printf '%-16s %-6s %12s\n' table call instructions
for table in ${TABLES:-github synthetic-100}; do
  for mode in ${MODES:-match route}; do
    # Only `collectedLookups` (and what it calls) is counted: loading, building, the answer
    # check and the warm-up round are not.
    lookups="$(valgrind --tool=callgrind --callgrind-out-file="$output" \
      --toggle-collect='*collectedLookups*' "$binary" "$table" "$mode" "$rounds" 2>/dev/null \
      | sed -n 's/^lookups //p')"
    total="$(sed -n 's/^summary: *//p' "$output")"
    if [ -z "$lookups" ] || [ -z "$total" ]; then
      echo "count-instructions.sh: $table $mode did not run; rerun it without valgrind:" >&2
      echo "  $binary $table $mode $rounds" >&2
      exit 1
    fi
    awk -v t="$table" -v m="$mode" -v n="$total" -v d="$lookups" \
      'BEGIN { printf "%-16s %-6s %12.0f\n", t, m, n / d }'
  done
done
