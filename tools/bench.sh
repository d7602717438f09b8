#!/usr/bin/env bash
# Benchmarks, measured in one run on this machine (release build): plan compilation, GL and
# CPU render times and their ratio for the shared scenes and the shipped animations, then the
# demo's frame times at 800x600 under Xvfb (p95 target: 16.7 ms).
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
swift build -c release --product lamina --product lamina-demo >/dev/null
.build/release/lamina bench Tests/Fixtures/scenes/*.json Assets/scenes/*.json --frames "${FRAMES:-50}"
xvfb-run -a -s "-screen 0 1024x768x24" .build/release/lamina-demo --benchmark "${DEMO_FRAMES:-300}"
