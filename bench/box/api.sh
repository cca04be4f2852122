#!/usr/bin/env bash
# bench/box/api.sh - the container API's figures from Node (bench/box/api.mjs):
# createContainer -> first exec("true") p50, exec("echo hi") p50 on a warm
# box, snapshot()/restore() of 1000 files / 10 MB. Uses $BUILD/acs.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
case "$BUILD" in /*) ACS="$BUILD/acs" ;; *) ACS="$PWD/$BUILD/acs" ;; esac
NODE=${NODE:-node}
[ -x tests/.node22/node_modules/.bin/node ] && NODE=tests/.node22/node_modules/.bin/node
AGENT_CODE_SANDBOX_ACS_PATH="$ACS" exec "$NODE" bench/box/api.mjs
