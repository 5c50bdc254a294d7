#!/bin/bash
# Starts the Chromium named in ORGDIR_CHROMIUM with every --disable-features it is given joined
# into one. Chromium reads only the last of them, and Playwright passes a list of its own before
# the caller's: given as they come, the caller's list would silently turn Playwright's back on.
features=()
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) features+=("${arg#--disable-features=}") ;;
    *) args+=("$arg") ;;
  esac
done
joined=$(IFS=,; echo "${features[*]}")
exec "${ORGDIR_CHROMIUM:?names the Chromium to start}" "${args[@]}" ${joined:+"--disable-features=$joined"}
