#!/usr/bin/env bash
# Installs the system packages Lamina needs, when they are missing (Debian 12; run as root
# or with sudo available). Safe to run again: it does nothing when all are present.
set -euo pipefail
packages=(pkg-config libpng-dev libgl-dev libegl-dev libepoxy-dev libglfw3-dev libgl1-mesa-dri libegl-mesa0 xvfb xauth libfreetype-dev fonts-liberation libcairo2-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { [ -x /opt/swift/usr/bin/swift ] && export PATH=/opt/swift/usr/bin:$PATH; }
command -v swift >/dev/null || { echo "setup: Swift is not installed (expected swift on PATH or /opt/swift)" >&2; exit 1; }
