#!/usr/bin/env bash
# Every test: installs what is missing, checks that unchanged Apple-platform code compiles
# against QuartzCore (tools/PortCheck) and that every scene exported as Swift renders as the
# scene file does (tools/check-export.sh, about 1-2 minutes), then runs the package's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/setup.sh
bash tools/portcheck.sh
bash tools/check-export.sh
swift build --build-tests
swift test --skip-build
