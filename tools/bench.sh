#!/usr/bin/env bash
# Benchmarks, measured in one run on this machine (release build), written to $OUT:
#  1. `lamina bench --workloads`: issue 10's seeded workloads, the seed scenes and the shipped
#     animations: compile, plan counts, GL / CPU / raw-fill frame times, peak memory
#     (table on stdout, $OUT/bench.json);
#  2. whole processes on random-card scenes (N = 100, 1,000, 5,000; seed $SEED): `lamina
#     render` (CPU and GL) and, when ../shared/oracle/render.py and Chromium are present,
#     headless Chromium (`render.py`), each minus its own empty-scene run ($OUT/processes.json);
#  3. the demo's frame times at 800x600 under Xvfb (p95 target: 16.7 ms).
# Environment: SEED (1), FRAMES (20), BUDGET (10 s per series), REPS (3 process runs, median),
# WORKLOADS (standard), OUT (.build/bench), DEMO_FRAMES (300; 0 skips the demo).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
SEED=${SEED:-1}; FRAMES=${FRAMES:-20}; BUDGET=${BUDGET:-10}; REPS=${REPS:-3}
WORKLOADS=${WORKLOADS:-standard}; OUT=${OUT:-.build/bench}; DEMO_FRAMES=${DEMO_FRAMES:-300}
mkdir -p "$OUT"
swift build -c release --product lamina >/dev/null
swift build -c release --product lamina-demo >/dev/null
LAMINA=.build/release/lamina

# The seed scenes: the repository's copies when present, else the shared folder.
SCENES=Tests/Fixtures/scenes
[ -d "$SCENES" ] || SCENES=../shared/scenes

echo "== machine"
echo "cores: $(nproc); CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "Mesa: $(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || echo unknown)"

echo "== lamina bench --workloads (seed $SEED)"
# shellcheck disable=SC2086
"$LAMINA" bench --workloads $WORKLOADS "$SCENES"/*.json Assets/scenes/*.json \
  --seed "$SEED" --frames "$FRAMES" --budget "$BUDGET" --json "$OUT/bench.json"

echo "== whole processes on random-card scenes (seed $SEED), seconds above each one's empty scene"
"$LAMINA" bench --write-scenes "$OUT/scenes" --seed "$SEED" cards-0 cards-100 cards-1000 cards-5000 >/dev/null
ORACLE=../shared/oracle/render.py
CHROME=${ORACLE_CHROME:-/usr/lib/chromium/chromium-headless-shell}
# render.py needs Pillow: the first python3 that has it (pyenv shims may hide the system one's).
PYTHON=python3
for p in python3 /usr/bin/python3; do if "$p" -c 'import PIL' 2>/dev/null; then PYTHON=$p; break; fi; done
WITH_CHROMIUM=0
if [ -f "$ORACLE" ] && [ -x "$CHROME" ] && "$PYTHON" -c 'import PIL, numpy' 2>/dev/null; then WITH_CHROMIUM=1
else echo "note: no oracle, Chromium or Pillow ($ORACLE, $CHROME): Lamina only"; fi
"$PYTHON" - "$LAMINA" "$OUT" "$REPS" "$WITH_CHROMIUM" "$ORACLE" <<'PY'
import json, os, statistics, subprocess, sys, time
lamina, out, reps, with_chromium, oracle = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1", sys.argv[5]
engines = {
    "lamina-cpu": lambda s, png: [lamina, "render", s, "-o", png, "--backend", "cpu"],
    "lamina-gl": lambda s, png: [lamina, "render", s, "-o", png, "--backend", "gl"],
}
if with_chromium:
    engines["chromium"] = lambda s, png: [sys.executable, oracle, s, png]
def run(cmd):
    # The median of REPS whole-process runs (wall time, output written).
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)
results = {}
for name, cmd in engines.items():
    empty = run(cmd(f"{out}/scenes/cards-0.json", f"{out}/{name}-0.png"))
    results[name] = {"empty": empty}
    for n in (100, 1000, 5000):
        results[name][str(n)] = run(cmd(f"{out}/scenes/cards-{n}.json", f"{out}/{name}-{n}.png")) - empty
with open(f"{out}/processes.json", "w") as f:
    json.dump(results, f, indent=2, sort_keys=True)
cols = list(engines)
print("| N cards | " + " | ".join(cols) + (" | Chromium / CPU | Chromium / GL |" if with_chromium else " |"))
print("| --- " * (len(cols) + 1 + (2 if with_chromium else 0)) + "|")
# A difference below a millisecond is below what whole-process timing resolves (the empty
# run's own spread is larger): shown as such, and its ratio as a lower bound.
floor = 0.001
def seconds(v):
    return f"{v:.3f} s" if v >= floor else f"<{floor:.3f} s"
def ratio(a, b):
    return f"{a / b:.1f}x" if b >= floor else f">{a / floor:.0f}x"
for n in ("100", "1000", "5000"):
    row = [seconds(results[c][n]) for c in cols]
    if with_chromium:
        row += [ratio(results['chromium'][n], results[c][n]) for c in ("lamina-cpu", "lamina-gl")]
    print(f"| {int(n):,} | " + " | ".join(row) + " |")
print("empty-scene runs: " + ", ".join(f"{c} {results[c]['empty']:.3f} s" for c in cols))
PY

if [ "$DEMO_FRAMES" -gt 0 ]; then
  echo "== lamina-demo --benchmark $DEMO_FRAMES under Xvfb, 800x600"
  xvfb-run -a -s "-screen 0 1024x768x24" .build/release/lamina-demo --benchmark "$DEMO_FRAMES"
fi
echo "results: $OUT/bench.json, $OUT/processes.json"
