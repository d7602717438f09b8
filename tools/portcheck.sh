#!/usr/bin/env bash
# Builds and runs tools/PortCheck: Core Animation code from an article written for Apple
# platforms, compiled unchanged against Lamina's QuartzCore, its matrices checked against
# Apple's formulas. Exits with PortCheck's status (non-zero on any mismatch or build failure).
set -euo pipefail
cd "$(dirname "$0")/.."
swift run --package-path tools/PortCheck --scratch-path tools/PortCheck/.build PortCheck "$@"
