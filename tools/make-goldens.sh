#!/usr/bin/env bash
# Renders every shared scene with the CPU backend into Tests/Golden/cpu/. Look at every
# image (and its oracle comparison) before committing a changed golden.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product lamina >/dev/null
for f in Tests/Fixtures/scenes/*.json; do
  n=$(basename "$f" .json)
  .build/release/lamina render "$f" -o "Tests/Golden/cpu/$n.png" --backend cpu
  echo "Tests/Golden/cpu/$n.png"
done
