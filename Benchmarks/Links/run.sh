#!/usr/bin/env bash
# The link service under load, in one run on loopback: with 1,000,000 links stored, a short
# link's 302 against the static apple-app-site-association file from the same server (requests
# per second and the server's CPU time per request), the server's RSS, its start-up time (process
# start to the first 200 from /healthz) and the minting rate (each 201 a durable commit).
#
# usage: Benchmarks/Links/run.sh          (needs wrk, curl and python3)
# SWITCHYARD_LINKS_COUNT (1000000), SWITCHYARD_LINKS_SECONDS (10 per measurement) and
# SWITCHYARD_LINKS_BINARY (a built switchyard-links instead of the release build) change it.
set -euo pipefail
cd "$(dirname "$0")/../.."
links=${SWITCHYARD_LINKS_COUNT:-1000000}
seconds=${SWITCHYARD_LINKS_SECONDS:-10}
port=8493

if [ -z "${SWITCHYARD_LINKS_BINARY:-}" ]; then
  swift build -c release --traits Links --scratch-path .build-links-release --product switchyard-links
fi
binary=${SWITCHYARD_LINKS_BINARY:-$(swift build -c release --traits Links --scratch-path .build-links-release --show-bin-path)/switchyard-links}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
printf 'bench-token\n' >"$work/token"
arguments=(--port "$port" --db "$work/links.sqlite" --token-file "$work/token"
  --app-id ABCDE12345.com.example.myapp --host go.example.com)

start() {
  local started=$(date +%s%N)
  "$binary" "${arguments[@]}" >"$work/log" 2>&1 &
  server=$!
  until curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.01; done
  startup=$(( ($(date +%s%N) - started) / 1000000 ))
}
stop() { kill "$server"; wait "$server" || true; }
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
rss_kib() { awk '/^VmRSS/ { print $2 }' "/proc/$server/status"; }

# The schema comes from the server's own migrations; the links are then written in bulk.
start
stop
python3 - "$work/links.sqlite" "$links" <<'PY'
import random, sqlite3, string, sys
path, count = sys.argv[1], int(sys.argv[2])
alphabet = string.ascii_letters + string.digits
rng = random.Random(31)
db = sqlite3.connect(path)
db.execute("PRAGMA synchronous = OFF")
rows = ((''.join(rng.choice(alphabet) for _ in range(8)), f"myapp://user/{i}", "user",
         f'[["id","{i}"]]', None, None, None, None, 1800000000) for i in range(count))
db.executemany('INSERT OR IGNORE INTO links (code, url, route, "values", title, description, '
               'image, expires, created) VALUES (?,?,?,?,?,?,?,?,?)', rows)
db.execute("INSERT INTO links VALUES ('bench', 'https://example.com/articles/7', 'article', "
           "'[[\"id\",\"7\"]]', NULL, NULL, NULL, NULL, 1800000000)")
db.commit()
print(f"links stored: {db.execute('SELECT count(*) FROM links').fetchone()[0]}")
PY

start
echo "start-up (process start to GET /healthz 200): ${startup} ms"
ticks_per_second=$(getconf CLK_TCK)
measure() {
  local name=$1 path=$2 before after requests
  before=$(cpu_ticks)
  requests=$(wrk -t2 -c32 -d"${seconds}s" -H 'User-Agent: curl/8.5.0' "http://127.0.0.1:$port$path" \
    | awk '/requests in/ { print $1 }')
  after=$(cpu_ticks)
  python3 -c "
r, t, hz, s = $requests, $((after - before)), $ticks_per_second, $seconds
print(f'$name: {r / s:,.0f} requests/s, {t / hz / r * 1e6:.1f} us CPU per request ({r} requests)')"
}
measure "static AASA (200)" /.well-known/apple-app-site-association
measure "short link (302)" /l/bench
echo "RSS after the load: $(( $(rss_kib) / 1024 )) MiB"

cat >"$work/mint.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"url": "https://example.com/articles/7"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer bench-token"
LUA
mints=$(wrk -t2 -c8 -d"${seconds}s" -s "$work/mint.lua" "http://127.0.0.1:$port/v1/links" \
  | awk '/requests in/ { print $1 }')
echo "minting: $((mints / seconds)) links/s (8 connections, each 201 a synced commit)"
stop
