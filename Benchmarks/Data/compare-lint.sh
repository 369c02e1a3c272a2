#!/bin/sh
# Checks that two builds of the `switchyard` command lint alike: the same bytes in the text
# format (every note) and in JSON, on the synthetic tables and on the mutually overlapping one.
# A change that only makes lint faster must pass it against a build from before the change:
#
#   git worktree add /tmp/before HEAD~1 && (cd /tmp/before && swift build -c release)
#   swift build -c release
#   sh Benchmarks/Data/compare-lint.sh /tmp/before/.build/release/switchyard \
#     .build/release/switchyard 1000 10000 100000 overlapping-2000
#
# Each argument after the two commands names a table: N for `synthetic-N.routes` (made into a
# route file by make-route-file.sh), `overlapping-N` for make-overlapping-routes.sh N. The
# outputs are compared as they stream, so the 100,000-route table needs no disk space for them.
set -eu
if [ $# -lt 3 ]; then
  echo "usage: sh compare-lint.sh REFERENCE-switchyard NEW-switchyard TABLE..." >&2
  exit 2
fi
reference=$1
candidate=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for table in "$@"; do
  case $table in
    overlapping-*) sh "$here/make-overlapping-routes.sh" "${table#overlapping-}" > "$work/routes.json" ;;
    *) sh "$here/make-route-file.sh" "$here/synthetic-$table.routes" > "$work/routes.json" ;;
  esac
  for format in "--all-notes" "--format json"; do
    # Exit status 1 (an error-level finding) is an answer, not a failure.
    a=$( ("$reference" lint --routes "$work/routes.json" $format || [ $? -eq 1 ]) | cksum)
    b=$( ("$candidate" lint --routes "$work/routes.json" $format || [ $? -eq 1 ]) | cksum)
    if [ "$a" = "$b" ]; then
      echo "same: $table $format ($a)"
    else
      echo "DIFFERENT: $table $format (reference $a, new $b)"
      status=1
    fi
  done
done
exit $status
