#!/usr/bin/env bash
# Compares how fast `deflate-bench serve` receives a large identity upload on loopback with
# nginx (Debian's package) configured to read and discard the same body. A benchmark, not a
# test: it prints medians and the ratio, and exits 0 whatever the ratio is.
#
# Usage: scripts/bench-server.sh [SIZE_MIB] [REPETITIONS]     (defaults: 256 MiB, 7 repetitions)
# Needs nginx, curl and python3: when one is missing it runs `scripts/setup.sh --server-bench`,
# which installs them (as root or through sudo) without starting nginx's service.
# Environment: SCRATCH (SwiftPM scratch path, default .build), KEEP=1 keeps the work folder,
# BODY=memory makes curl load the body into memory first (--data-binary) instead of streaming
# it from the file (-T), which takes curl's file reads out of the way at high speeds.
#
# The goal is that the echo server never bounds a measurement: at least 80 % of nginx.
#
# How nginx is made to read every byte: a POST or PUT to its static handler is refused with 405,
# and nginx then reads and discards the whole body (ngx_http_discard_request_body) on the
# kept-alive connection; `error_page 405 =200 @ok` turns that into a 200. nginx may answer
# before the last body byte is read, so curl's time for nginx can end up to one socket buffer
# (a few MB on loopback) early: the comparison leans in nginx's favour, never ours.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi

size_mib=${1:-256}
repetitions=${2:-7}
scratch=${SCRATCH:-.build}
cd "$(dirname "$0")/.."

# nginx (Debian's package), curl and python3 come from scripts/setup.sh's package lists.
if ! command -v nginx >/dev/null 2>&1 && [[ ! -x /usr/sbin/nginx ]] || ! command -v curl >/dev/null \
  || ! command -v python3 >/dev/null; then
  echo "bench-server: needs nginx, curl and python3; installing them with scripts/setup.sh --server-bench"
  bash scripts/setup.sh --server-bench
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

echo "bench-server: building deflate-bench (release)"
swift build -c release --quiet --scratch-path "$scratch" --product deflate-bench
bench="$scratch/release/deflate-bench"

work=$(mktemp -d /tmp/bench-server.XXXXXX)
nginx_pid=""
serve_pid=""
cleanup() {
  [[ -n "$serve_pid" ]] && kill "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null || true
  [[ -n "$nginx_pid" ]] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  [[ "${KEEP:-0}" == 1 ]] || rm -rf "$work"
}
trap cleanup EXIT

body="$work/body.bin"
head -c "$((size_mib * 1048576))" /dev/urandom > "$body"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

nginx_port=$(free_port)
mkdir -p "$work/nginx/www" "$work/nginx/temp"
# nginx's static handler refuses POST (405) only for a file it can open, as its worker user.
touch "$work/nginx/www/upload"
chmod 755 "$work" "$work/nginx" "$work/nginx/www"
chmod 644 "$work/nginx/www/upload"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $work/nginx/temp/body;
  proxy_temp_path $work/nginx/temp/proxy;
  fastcgi_temp_path $work/nginx/temp/fastcgi;
  uwsgi_temp_path $work/nginx/temp/uwsgi;
  scgi_temp_path $work/nginx/temp/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    client_max_body_size 0;
    location / {
      root $work/nginx/www;
      error_page 405 =200 @ok;
    }
    location @ok { return 200 "discarded\n"; }
  }
}
CONF
"$nginx_bin" -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!

"$bench" serve --port 0 --quiet --max-body 4G --max-decoded 4G > "$work/serve.out" &
serve_pid=$!
for _ in $(seq 50); do
  grep -q "listening on" "$work/serve.out" 2>/dev/null && break
  sleep 0.1
done
serve_url=$(sed -n 's/^listening on //p' "$work/serve.out")
nginx_url="http://127.0.0.1:$nginx_port"
for _ in $(seq 50); do curl -s -o /dev/null "$nginx_url/" && break; sleep 0.1; done

# One upload: curl streams the file (-T, as PUT) or sends it from memory (--data-binary, as
# POST), and reports bytes per second sent.
upload() {
  if [[ "${BODY:-file}" == memory ]]; then
    curl -s -o "$work/answer" -w '%{speed_upload} %{http_code}\n' -H 'Content-Type: application/octet-stream' \
      --data-binary "@$body" "$1/upload"
  else
    curl -s -o "$work/answer" -w '%{speed_upload} %{http_code}\n' -T "$body" "$1/upload"
  fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "bench-server: $repetitions uploads of $size_mib MiB to each server, alternating"
: > "$work/serve.speeds"
: > "$work/nginx.speeds"
upload "$serve_url" >/dev/null  # warm-up: page cache, first connection
upload "$nginx_url" >/dev/null
for _ in $(seq "$repetitions"); do
  read -r speed code < <(upload "$serve_url")
  [[ "$code" == 200 ]] || { echo "bench-server: deflate-bench serve answered $code" >&2; exit 1; }
  grep -q "\"received_bytes\":$((size_mib * 1048576))" "$work/answer" || { echo "bench-server: serve did not receive every byte" >&2; exit 1; }
  echo "$speed" >> "$work/serve.speeds"
  read -r speed code < <(upload "$nginx_url")
  [[ "$code" == 200 ]] || { echo "bench-server: nginx answered $code" >&2; exit 1; }
  echo "$speed" >> "$work/nginx.speeds"
done

serve_median=$(median < "$work/serve.speeds")
nginx_median=$(median < "$work/nginx.speeds")
awk -v s="$serve_median" -v n="$nginx_median" -v v="$("$nginx_bin" -v 2>&1 | sed 's/.*: //')" 'BEGIN {
  printf "deflate-bench serve: %8.1f MB/s (median)\n", s / 1e6
  printf "%-19s: %8.1f MB/s (median)\n", v, n / 1e6
  printf "ratio serve / nginx: %.2f (goal: at least 0.80)\n", s / n
}'
