#!/usr/bin/env bash
# The link service under load, in one run on loopback, with 1,000,000 links stored:
#
# - the server's CPU time per request (from /proc, wrk's own CPU not counted) of the static
#   apple-app-site-association file, a short link's 302 and a phone's landing page (iPhone user
#   agent, with an install token), measured in PAIRS interleaved rounds (AASA, 302, phone page,
#   then again), each ratio to the AASA of its own round, and the median ratio;
# - a flood check: the median latency of other clients' 302s alone, then while one client
#   floods the server with phone visits (8 connections each), in FLOOD interleaved rounds, and
#   the ratio of the medians; then the same with the flood paced to the review's rate
#   (SWITCHYARD_LINKS_FLOOD_RATE visits a second, 2,000); plus the rows the floods wrote (none:
#   a visit writes nothing);
# - the server's RSS, its start-up time (process start to the first 200 from /healthz) and the
#   minting rate (each 201 a durable commit).
#
# usage: Benchmarks/Links/run.sh          (needs wrk, curl, python3 and sqlite3)
# SWITCHYARD_LINKS_COUNT (1000000), SWITCHYARD_LINKS_SECONDS (3 per measurement),
# SWITCHYARD_LINKS_PAIRS (5), SWITCHYARD_LINKS_FLOOD (3) and SWITCHYARD_LINKS_BINARY (a built
# switchyard-links instead of the release build) change it.
set -euo pipefail
cd "$(dirname "$0")/../.."
links=${SWITCHYARD_LINKS_COUNT:-1000000}
seconds=${SWITCHYARD_LINKS_SECONDS:-3}
pairs=${SWITCHYARD_LINKS_PAIRS:-5}
floods=${SWITCHYARD_LINKS_FLOOD:-3}
port=8493

if [ -z "${SWITCHYARD_LINKS_BINARY:-}" ]; then
  swift build -c release --traits Links --scratch-path .build-links-release --product switchyard-links
fi
binary=${SWITCHYARD_LINKS_BINARY:-$(swift build -c release --traits Links --scratch-path .build-links-release --show-bin-path)/switchyard-links}
work=$(mktemp -d)
server=
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
token=bench-token-5Tq8wZ2rLx
printf '%s\n' "$token" >"$work/token"
arguments=(--port "$port" --db "$work/links.sqlite" --token-file "$work/token"
  --app-id ABCDE12345.com.example.myapp --package com.example.myapp --app-store-id 123456789
  --host go.example.com)
desktop='curl/8.5.0'
iphone='Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

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
rows() { sqlite3 "$work/links.sqlite" "SELECT (SELECT count(*) FROM links) || ' links, ' || (SELECT count(*) FROM spent_tokens) || ' spent tokens, ' || (SELECT count(*) FROM clicks) || ' click rows'"; }

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
# Checks once that each path answers as measured: the AASA 200, the 302, the phone page with a token.
curl -fsS -o /dev/null "http://127.0.0.1:$port/.well-known/apple-app-site-association"
[ "$(curl -sS -o /dev/null -w '%{http_code}' -A "$desktop" "http://127.0.0.1:$port/l/bench")" = 302 ]
curl -fsS -A "$iphone" "http://127.0.0.1:$port/l/bench" | grep -q 'switchyard_token='

# The server's CPU microseconds per request of `wrk` on PATH with USER-AGENT, on one line:
# "MICROSECONDS REQUESTS".
cpu_per_request() {
  local path=$1 agent=$2 before after requests
  before=$(cpu_ticks)
  requests=$(wrk -t2 -c32 -d"${seconds}s" -H "User-Agent: $agent" "http://127.0.0.1:$port$path" \
    | awk '/requests in/ { print $1 }')
  after=$(cpu_ticks)
  python3 -c "print(f'{($after - $before) / $ticks_per_second / $requests * 1e6:.1f} $requests')"
}
before_rows=$(rows)
: >"$work/pairs"
for round in $(seq 1 "$pairs"); do
  read -r aasa aasa_n < <(cpu_per_request /.well-known/apple-app-site-association "$desktop")
  read -r redirect redirect_n < <(cpu_per_request /l/bench "$desktop")
  read -r phone phone_n < <(cpu_per_request /l/bench "$iphone")
  echo "$aasa $redirect $phone" >>"$work/pairs"
  python3 -c "
a, r, p = $aasa, $redirect, $phone
print(f'round $round: AASA {a} us ($aasa_n), 302 {r} us ($redirect_n), phone page {p} us ($phone_n) of CPU per request: 302 {r / a:.2f}x, phone page {p / a:.2f}x the AASA')"
done
python3 - "$work/pairs" <<'PY'
import statistics, sys
rounds = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
redirect = statistics.median(r / a for a, r, _ in rounds)
phone = statistics.median(p / a for a, _, p in rounds)
aasa = statistics.median(a for a, _, _ in rounds)
print(f"median of {len(rounds)} rounds: AASA {aasa:.1f} us, 302 {redirect:.2f}x the AASA "
      f"(target <= 1.5x), phone page {phone:.2f}x the AASA (target <= 2x)")
PY
echo "rows after the phone pages: $(rows) (before: $before_rows)"

# Flood check: other clients' 302 latency (median, 1 thread, 8 connections) alone, then while
# one client sends phone visits on 8 connections.
latency_ms() {
  wrk -t1 -c8 -d"${seconds}s" --latency -H "User-Agent: $desktop" "http://127.0.0.1:$port/l/bench" \
    | awk '$1 == "50%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } print v }'
}
: >"$work/floods"
for round in $(seq 1 "$floods"); do
  idle=$(latency_ms)
  wrk -t1 -c8 -d"$((seconds + 2))s" -H "User-Agent: $iphone" "http://127.0.0.1:$port/l/bench" \
    >"$work/flood.out" &
  flood=$!
  sleep 1
  loaded=$(latency_ms)
  wait "$flood"
  visits=$(awk '/requests in/ { print $1 }' "$work/flood.out")
  echo "$idle $loaded" >>"$work/floods"
  echo "flood round $round: 302 median ${idle} ms alone, ${loaded} ms during ${visits} phone visits"
done
python3 - "$work/floods" <<'PY'
import statistics, sys
rounds = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
idle = statistics.median(i for i, _ in rounds)
loaded = statistics.median(l for _, l in rounds)
print(f"flood: 302 median {idle:.3f} ms alone, {loaded:.3f} ms during the flood: "
      f"{loaded / idle:.2f}x (target <= 2x)")
PY

# The same check with the flood held to the rate of the 2026-12-06 review's flood (about 2,000
# phone visits a second from one client, each an fsync'd insert then): wrk's delay() paces each
# of the 8 connections.
rate=${SWITCHYARD_LINKS_FLOOD_RATE:-2000}
cat >"$work/paced.lua" <<LUA
function delay() return $(( 8000 / rate )) end
LUA
: >"$work/paced"
for round in $(seq 1 "$floods"); do
  idle=$(latency_ms)
  wrk -t1 -c8 -d"$((seconds + 2))s" -s "$work/paced.lua" -H "User-Agent: $iphone" \
    "http://127.0.0.1:$port/l/bench" >"$work/flood.out" &
  flood=$!
  sleep 1
  loaded=$(latency_ms)
  wait "$flood"
  visits=$(awk '/requests in/ { print $1 }' "$work/flood.out")
  echo "$idle $loaded" >>"$work/paced"
  echo "paced flood round $round: 302 median ${idle} ms alone, ${loaded} ms during ${visits} phone visits"
done
python3 - "$work/paced" "$rate" <<'PY'
import statistics, sys
rounds = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
idle = statistics.median(i for i, _ in rounds)
loaded = statistics.median(l for _, l in rounds)
print(f"flood at most {sys.argv[2]} visits/s: 302 median {idle:.3f} ms alone, {loaded:.3f} ms "
      f"during the flood: {loaded / idle:.2f}x (target <= 2x)")
PY
echo "rows after the floods: $(rows) (before: $before_rows)"
echo "RSS after the load: $(( $(rss_kib) / 1024 )) MiB"

cat >"$work/mint.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"url": "https://example.com/articles/7"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
LUA
mints=$(wrk -t2 -c8 -d"${seconds}s" -s "$work/mint.lua" "http://127.0.0.1:$port/v1/links" \
  | awk '/requests in/ { print $1 }')
echo "minting: $((mints / seconds)) links/s (8 connections, each 201 a synced commit)"
stop
