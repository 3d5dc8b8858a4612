#!/usr/bin/env bash
# Installs the Debian packages the judge, the message queue and the browser tests need.
# Idempotent: packages already present are skipped, and it prints what it installs.
set -euo pipefail

# systemd: its systemd-analyze checks the units in deploy/systemd (scripts/stack/deploy-files.test.ts).
# fonts-wqy-microhei: a CJK font, so the browser tests' screenshots of the zh-CN interface (the default) show
# Chinese, not boxes, and its text has real glyph widths when a test checks that a phone-width screen fits.
required=(bubblewrap nats-server chromium fonts-wqy-microhei gcc g++ openjdk-17-jdk-headless pypy3 golang-go util-linux
  systemd)
# Optional: a missing one only keeps its language off (the judge offers a language after its A+B self-test).
optional=(mono-mcs php-cli ruby rustc
  kotlin scala ghc ocaml fp-compiler gfortran lua5.4 perl gdc sbcl swi-prolog-nox)

missing() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

if [ "$(id -u)" -ne 0 ]; then
  echo "install-system-packages: not root; skipping apt (install by hand: ${required[*]} ${optional[*]})"
  exit 0
fi

mapfile -t todo < <(missing "${required[@]}" "${optional[@]}")
if [ ${#todo[@]} -eq 0 ]; then
  echo "install-system-packages: all system packages present"
  exit 0
fi

echo "install-system-packages: installing ${todo[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
mapfile -t req_todo < <(missing "${required[@]}")
if [ ${#req_todo[@]} -gt 0 ]; then
  apt-get install -y -qq --no-install-recommends "${req_todo[@]}"
fi
for pkg in $(missing "${optional[@]}"); do
  apt-get install -y -qq --no-install-recommends "$pkg" || echo "install-system-packages: optional $pkg unavailable; its language stays off"
done
echo "install-system-packages: done"
