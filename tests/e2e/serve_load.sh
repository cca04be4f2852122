# serve_load.sh - issue 9's load check through acs serve (serve_load.mjs).
. tests/e2e/lib.sh
command -v node >/dev/null || { echo "skip serve-load: no node"; return 0 2>/dev/null || exit 0; }
node tests/e2e/serve_load.mjs "$ACS"
