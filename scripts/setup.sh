#!/usr/bin/env bash
# Installs what adhost needs to build, when it is missing: Lua 5.4, libxml2, libedit and pkg-config
# (Debian/Ubuntu through apt-get, macOS through Homebrew), on Debian/Ubuntu also WebKitGTK and
# Xvfb, the engine and headless display of display ads (docs/display.md), and GStreamer, the real
# media engine (docs/embedding.md); with ADHOST_TEST=1 also tmux,
# Chromium and ffmpeg (tests), with ADHOST_LINT=1 luacheck. The Swift toolchain must already be on PATH.
set -euo pipefail

need_swift() {
  command -v swift >/dev/null 2>&1 && return
  echo "adhost needs the Swift 6 toolchain on PATH (https://swift.org/install)." >&2
  exit 69
}

setup_debian() {
  local packages=(pkg-config liblua5.4-dev libxml2-dev libedit-dev)
  # adhost-webview links WebKitGTK (GTK 3 API) and shows its view on a virtual X display; the
  # engine's loopback proxy answers https with GnuTLS.
  packages+=(libwebkit2gtk-4.1-dev libgnutls28-dev xvfb)
  # adhost-gst, the real engine's helper, links GStreamer (GstMpegts for SCTE-35) and plays HLS and
  # DASH with the good, bad and libav plugins (hlsdemux2, dashdemux2, tsdemux, avdec_h264).
  packages+=(libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libgstreamer-plugins-bad1.0-dev)
  packages+=(gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav)
  # The engine's tests and their checks by hand: gst-launch-1.0, gst-inspect-1.0, gst-discoverer-1.0.
  [ "${ADHOST_TEST:-0}" = 1 ] && packages+=(gstreamer1.0-tools gstreamer1.0-plugins-base-apps)
  [ "${ADHOST_LINT:-0}" = 1 ] && packages+=(lua-check)
  # The REPL's terminal test drives a real terminal through tmux.
  [ "${ADHOST_TEST:-0}" = 1 ] && packages+=(tmux)
  # An example scenario's setup fixture is a Python loopback server (examples/vast/fixture).
  [ "${ADHOST_TEST:-0}" = 1 ] && packages+=(python3)
  # The HTML report's tests load it in headless Chromium.
  [ "${ADHOST_TEST:-0}" = 1 ] && packages+=(chromium)
  # The stream writer's tests read what it writes with ffprobe and decode it with ffmpeg.
  [ "${ADHOST_TEST:-0}" = 1 ] && packages+=(ffmpeg)
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}" >&2
}

setup_macos() {
  local missing=()
  local formulas=(pkg-config lua libxml2 libedit)
  [ "${ADHOST_TEST:-0}" = 1 ] && formulas+=(tmux ffmpeg)
  [ "${ADHOST_TEST:-0}" = 1 ] && ! [ -d "/Applications/Chromium.app" ] && brew install --cask chromium >&2
  [ "${ADHOST_LINT:-0}" = 1 ] && formulas+=(luacheck)
  for f in "${formulas[@]}"; do brew list "$f" >/dev/null 2>&1 || missing+=("$f"); done
  [ ${#missing[@]} -gt 0 ] && brew install "${missing[@]}" >&2
  export PKG_CONFIG_PATH="$(brew --prefix libxml2)/lib/pkgconfig:$(brew --prefix libedit)/lib/pkgconfig:${PKG_CONFIG_PATH:-}"
}

case "$(uname -s)" in
  Linux) setup_debian ;;
  Darwin) setup_macos ;;
  *) echo "adhost's set-up knows Debian/Ubuntu and macOS; install Lua 5.4, libxml2, libedit and pkg-config by hand." >&2 ;;
esac
need_swift
