#!/usr/bin/env bash
# Every test: installs what is missing, checks that unchanged Apple-platform code compiles
# against QuartzCore (tools/PortCheck), then runs the package's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
bash tools/portcheck.sh
swift build --build-tests
swift test --skip-build
