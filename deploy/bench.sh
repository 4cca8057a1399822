#!/usr/bin/env bash
# The leaderboard's bench, side by side (#43): one latu-server alone, then two latu-servers
# behind HAProxy (deploy/haproxy.cfg), each on its own database of one throwaway PostgreSQL
# cluster, driven by `latu-server bench --against ADDR`. Prints one table: verified
# submissions/s and p99, board reads/s and p99, and the load average at the start and the end
# (a busy machine's figures are ratios between the setups at best, never the goals' figures).
#
#   deploy/bench.sh [--runs N] [--clients N] [--submit-s S] [--read-s S]
#
# Defaults are the goals' measurement (300 runs, 32 clients, 15 s of submissions, 10 s of reads);
# `deploy/bench.sh --runs 20 --clients 4 --submit-s 3 --read-s 2` checks that it works.
# Everything listens on 127.0.0.1 and everything it starts is stopped when it ends (or is
# interrupted). Needs: cargo, PostgreSQL's initdb/pg_ctl/createdb (on PATH or Debian's
# /usr/lib/postgresql/*/bin), haproxy, curl, jq. LATU_BENCH_PROFILE=dev uses the dev build
# (target/debug) instead of building a release one.
set -euo pipefail

runs=300 clients=32 submit_s=15 read_s=10
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --clients) clients=$2; shift 2 ;;
        --submit-s) submit_s=$2; shift 2 ;;
        --read-s) read_s=$2; shift 2 ;;
        *) echo "bench.sh: unknown argument $1 (see the head of $0)" >&2; exit 2 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
profile=${LATU_BENCH_PROFILE:-release}
for tool in haproxy curl jq; do
    command -v "$tool" >/dev/null || { echo "bench.sh: $tool is not installed" >&2; exit 2; }
done
pg_bin=$(dirname "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | tail -1)")
[ -x "$pg_bin/initdb" ] && [ -x "$pg_bin/pg_ctl" ] || {
    echo "bench.sh: no initdb/pg_ctl (install Debian's postgresql)" >&2; exit 2; }
createdb=$(ls "$pg_bin/createdb" /usr/lib/postgresql/*/bin/createdb 2>/dev/null | head -1 || true)
createdb=${createdb:-createdb}

# Every wait below is bounded; so is each bench (its own phases plus making the runs).
readonly START_TIMEOUT_S=60 BENCH_TIMEOUT_S=$((600 + submit_s + read_s))

scratch=$(mktemp -d /tmp/latu-bench.XXXXXX)
pids=()
pg_user=()
[ "$(id -u)" = 0 ] && pg_user=(runuser -u postgres --)
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [ -f "$scratch/data/postmaster.pid" ]; then
        "${pg_user[@]}" "$pg_bin/pg_ctl" -D "$scratch/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$scratch"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

free_port() {
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 30000))
        if [ -z "$(ss -Htln "sport = :$port")" ]; then echo "$port"; return; fi
    done
    echo "bench.sh: no free port" >&2; exit 1
}

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
load_start=$(loadavg)

echo "building latu-server (profile $profile, --features bench)…" >&2
(cd "$root" && cargo build -q --profile "$profile" -p latu-server --features bench)
target=${CARGO_TARGET_DIR:-$root/target}
case "$profile" in dev) server="$target/debug/latu-server" ;; *) server="$target/$profile/latu-server" ;; esac

echo "starting a throwaway PostgreSQL cluster in $scratch…" >&2
[ ${#pg_user[@]} -eq 0 ] || chown postgres "$scratch"
"${pg_user[@]}" "$pg_bin/initdb" -D "$scratch/data" -A trust -U latu --no-sync -E UTF8 >/dev/null
pg_port=$(free_port)
"${pg_user[@]}" "$pg_bin/pg_ctl" -D "$scratch/data" -l "$scratch/postgres.log" -w -t "$START_TIMEOUT_S" \
    -o "-h 127.0.0.1 -p $pg_port -k $scratch -c max_connections=300" start >/dev/null
for database in alone pair; do
    "$createdb" -h 127.0.0.1 -p "$pg_port" -U latu "$database"
done

# Start a latu-server on a free port; its first stdout line names the address, kept in $addr.
# (Not called in $(…): the server's pid must reach this shell's list.)
start_server() {
    local name=$1 database=$2
    "$server" --listen 127.0.0.1:0 --database "postgres://latu@127.0.0.1:$pg_port/$database" \
        --rate-per-key 0 --rate-per-address 0 >"$scratch/$name.out" 2>"$scratch/$name.log" &
    pids+=($!)
    for _ in $(seq $((START_TIMEOUT_S * 10))); do
        if grep -q "listening on http://" "$scratch/$name.out" 2>/dev/null; then
            addr=$(sed -n 's|.*listening on http://||p' "$scratch/$name.out" | head -1)
            return
        fi
        sleep 0.1
    done
    echo "bench.sh: $name did not start: $(tail -3 "$scratch/$name.log")" >&2; exit 1
}

start_server alone alone; alone=$addr
start_server pair1 pair; pair1=$addr
start_server pair2 pair; pair2=$addr
haproxy_addr=127.0.0.1:$(free_port)
# The third server address of deploy/haproxy.cfg is left unused (its health check marks it down);
# the bench comes from one address, so the per-address limit is raised out of its way.
LATU_LISTEN=$haproxy_addr LATU_SERVER_1=$pair1 LATU_SERVER_2=$pair2 \
    LATU_SERVER_3=127.0.0.1:$(free_port) LATU_RATE_PER_ADDRESS=100000000 \
    haproxy -db -f "$root/deploy/haproxy.cfg" >"$scratch/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq $((START_TIMEOUT_S * 10))); do
    curl -fs "http://$haproxy_addr/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
curl -fs "http://$haproxy_addr/healthz" >/dev/null || {
    echo "bench.sh: HAProxy did not answer: $(tail -3 "$scratch/haproxy.log")" >&2; exit 1; }
# Both servers up in HAProxy's checks (two in a row, every 500 ms) before the clock starts.
sleep 2

bench() {
    timeout "$BENCH_TIMEOUT_S" "$server" bench --against "$1" --runs "$runs" --clients "$clients" \
        --submit-s "$submit_s" --read-s "$read_s" 2>"$scratch/bench-$2.log"
}
echo "bench: one server alone at $alone…" >&2
alone_json=$(bench "$alone" alone)
echo "bench: two servers ($pair1, $pair2) behind HAProxy at $haproxy_addr…" >&2
pair_json=$(bench "$haproxy_addr" pair)
load_end=$(loadavg)

row() {
    jq -r --arg setup "$1" '"| \($setup) | \(.submissions.per_s * 10 | round / 10) | \(.submissions.p99_ms * 10 | round / 10) | \(.board_reads.per_s | round) | \(.board_reads.p99_ms * 10 | round / 10) | \(.submissions.not_ok + .board_reads.not_ok) |"' <<<"$2"
}
echo
echo "runs $runs, clients $clients, ${submit_s} s of submissions, ${read_s} s of reads; $(nproc) cores;" \
    "load average $load_start at the start, $load_end at the end; latu-server $profile build"
echo "| setup | verified submissions/s | p99 ms | board reads/s | p99 ms | answers not 2xx |"
echo "|---|---|---|---|---|---|"
row "one server" "$alone_json"
row "two behind HAProxy" "$pair_json"
