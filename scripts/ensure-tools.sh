#!/usr/bin/env bash
# Installs what Parley needs beyond Node.js and npm, when it is missing:
#   pnpm (from the npm registry) and, with --browser, Debian's Chromium, the fonts the
#   visual references were made with, and ffmpeg (video posters and durations; the server's
#   video tests use it). Safe to run again: it only installs what is absent.
set -euo pipefail

PNPM_VERSION=10.34.9

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "Installing pnpm $PNPM_VERSION…"
  npm install --global --no-fund --no-audit "pnpm@$PNPM_VERSION" >/dev/null
fi

if [ "${1:-}" = "--browser" ]; then
  missing=()
  for package in chromium fonts-noto-core fonts-dejavu-core ffmpeg; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
      echo "The tests need Debian packages: ${missing[*]}. Install them with:" >&2
      echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
    echo "Installing ${missing[*]} from Debian…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi
