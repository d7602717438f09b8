#!/usr/bin/env bash
# The main job: installs what is missing, builds, and renders the book's cube (seen corner-on)
# to out/cube-corner-on.png.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
swift build -c release --product lamina
mkdir -p out
.build/release/lamina render Assets/scenes/cube-corner-on.json -o out/cube-corner-on.png
echo "wrote out/cube-corner-on.png"
