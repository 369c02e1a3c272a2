#!/bin/sh
# Writes a route file (JSON, version 1) for a `.routes` table of this folder, to measure
# reading large route files through the `switchyard` command (README, "Route files at scale"):
#
#   sh Benchmarks/Data/make-route-file.sh Benchmarks/Data/synthetic-100000.routes > /tmp/big.json
#   switchyard match --routes /tmp/big.json /GET/support2/7
#
# Route N is named "routeN"; its pattern is the route's path under its method
# (`GET /user/:id` becomes `/GET/user/:id`, a catch-all `*rest` becomes `<path:rest>`), the way
# the benchmarks register the tables. The 100,000-route table gives a 7.8 MB file.
set -eu
awk 'BEGIN { print "{\n  \"version\": 1,\n  \"routes\": ["; n = 0 }
/^#/ || NF < 2 { next }
{
  path = ""
  k = split($2, segment, "/")
  for (i = 2; i <= k; i++) {
    s = segment[i]
    if (substr(s, 1, 1) == "*") s = "<path:" substr(s, 2) ">"
    path = path "/" s
  }
  if (n > 0) printf ",\n"
  printf "    { \"name\": \"route%d\", \"pattern\": \"/%s%s\" }", n, $1, path
  n++
}
END { print "\n  ]\n}" }' "$1"
