#!/usr/bin/env bash
# Side-by-side speed, one run: boardgame.io 0.50.2 in memory, boardgame.io + bgio-postgres, and Bazaar on
# PostgreSQL, each under the same load (100 two-player games of 54 moves played at once; every seat moves
# as soon as its turn arrives). Prints moves/s, turn-cycle p50/p99 and server CPU seconds per 1,000 moves,
# then the ratios. Run from the project root:  bench/peers/run.sh [GAMES]
# Needs node + npm (Debian: apt-get install nodejs npm), PostgreSQL on 127.0.0.1:5432, the project installed
# (.venv/ from the README's commands; PYTHON=... to use another interpreter). boardgame.io and its
# dependencies are installed from bgio/package-lock.json (npm ci) into a temporary copy, never committed.
set -u
root=$PWD; here=$(cd "$(dirname "$0")" && pwd); G=${1:-100}
[ -f "$root/pyproject.toml" ] || { echo "run it from the project root"; exit 1; }
work=$(mktemp -d); cp -r "$here/bgio" "$here/ours" "$work/"; chmod -R u+w "$work"
(cd "$work/bgio" && npm ci --no-audit --no-fund >/dev/null 2>&1) || { echo "npm ci failed"; exit 1; }
py=${PYTHON:-python}; [ -z "${PYTHON:-}" ] && [ -x "$root/.venv/bin/python" ] && py=$root/.venv/bin/python
wait_up() { for i in $(seq 1 150); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }
stop() { kill "$1" 2>/dev/null; wait "$1" 2>/dev/null; }
db() { psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $1" >/dev/null 2>&1; psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $1" >/dev/null; }

(cd "$work/bgio" && exec node server.js 8111) >"$work/bgio-mem.log" 2>&1 & p=$!
wait_up http://127.0.0.1:8112/games || { echo "bgio did not start"; stop $p; exit 1; }
mem=$(cd "$work/bgio" && ./measure.sh $p -- node load.js 8111 "$G"); stop $p

db peers_bgio
(cd "$work/bgio" && STORE=postgres PG_URL=postgresql://postgres@127.0.0.1:5432/peers_bgio exec node server.js 8113) >"$work/bgio-pg.log" 2>&1 & p=$!
wait_up http://127.0.0.1:8114/games || { echo "bgio+postgres did not start"; stop $p; exit 1; }
pg=$(cd "$work/bgio" && timeout 240 ./measure.sh $p -- node load.js 8113 "$G") || pg='{"hung": true}'; stop $p  # bgio-postgres sometimes never ends a game ("invalid stateID")

db peers_bazaar
(DATABASE_URL=postgresql+asyncpg://postgres@127.0.0.1:5432/peers_bazaar PORT=8121 LOG_LEVEL=warning \
  RATE_MOVES=1000000 RATE_LOBBIES=1000000 RATE_CHAT=1000000 exec $py -m app) >"$work/bazaar.log" 2>&1 & p=$!
wait_up http://127.0.0.1:8121/healthz || { echo "Bazaar did not start: $(tail -2 "$work/bazaar.log")"; stop $p; exit 1; }
ours=$(cd "$work/bgio" && ./measure.sh $p -- node ../ours/load.js 8121 "$G"); stop $p

python3 - "$mem" "$pg" "$ours" <<'PY'
import json, sys
mem, pg, ours = (json.loads(a.strip().splitlines()[-1]) for a in sys.argv[1:4])
for name, d in (("bgio in memory", mem), ("bgio + postgres", pg), ("Bazaar + postgres", ours)):
    if d.get("hung"):
        print(f"{name:18} did not finish in 240 s"); continue
    print(f"{name:18} {d['moves_per_s']:6} moves/s  turn-cycle p50 {d['p50_ms']:7} ms  p99 {d['p99_ms']:7} ms  "
          f"cpu {d['server_cpu_s_per_1k_moves']} s/1k moves")
print(f"Bazaar: moves/s {ours['moves_per_s']/mem['moves_per_s']:.2f}x bgio in memory, "
      f"{ours['moves_per_s']/pg['moves_per_s'] if not pg.get('hung') else float('nan'):.2f}x bgio+postgres; p99 {ours['p99_ms']/mem['p99_ms']:.2f}x bgio in memory's")
PY
