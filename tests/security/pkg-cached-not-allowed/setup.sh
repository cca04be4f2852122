# plant fx-esm in the package cache with a run that allows it
cd "$W" && printf 'import m from "fx-esm";\nconsole.log(m.kind);\n' > plant.mjs &&
  "$ACS" run --work-dir "$W" --allow-package fx-esm plant.mjs > plant.out 2>&1
rm -f plant.mjs
