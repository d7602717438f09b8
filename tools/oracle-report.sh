#!/usr/bin/env bash
# Renders every shared scene and compares it with the oracle's image (as seen over the
# canvas background), printing one line per scene: the figures the README quotes.
# Usage: tools/oracle-report.sh [--backend cpu|gl]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product lamina >/dev/null
out=$(mktemp -d)
for f in Tests/Fixtures/scenes/*.json; do
  n=$(basename "$f" .json)
  e=Tests/Fixtures/oracle/$n.png
  [ -f "$e" ] || { printf '%-45s (no oracle image)\n' "$n"; continue; }
  .build/release/lamina render "$f" -o "$out/$n.png" "$@"
  printf '%-45s %s\n' "$n" "$(.build/release/lamina diff "$out/$n.png" "$e" --over-scene "$f")"
done
rm -rf "$out"
