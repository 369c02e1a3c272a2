#!/bin/sh
# Writes a route file (JSON, version 1) of N routes that all share URLs with one another, to
# measure `switchyard lint` where the overlap notes grow with the square of the routes:
#
#   sh Benchmarks/Data/make-overlapping-routes.sh 2000 > /tmp/overlapping.json
#   switchyard lint --routes /tmp/overlapping.json --format json > /dev/null
#
# Route N is named "routeN" with the pattern `/*/vN/*`: any two of them match `/vI/vJ`, so
# N routes give N × (N - 1) / 2 overlap notes (1,999,000 for 2,000), each with a witness found
# by the catch-all path search.
set -eu
awk -v n="$1" 'BEGIN {
  print "{\n  \"version\": 1,\n  \"routes\": ["
  for (i = 0; i < n; i++) {
    if (i > 0) printf ",\n"
    printf "    { \"name\": \"route%d\", \"pattern\": \"/*/v%d/*\" }", i, i
  }
  print "\n  ]\n}"
}'
