# an earlier run installs evil-name-mismatch, whose metadata claims to be fx-cjs
cd "$W" && printf 'import x from "evil-name-mismatch";\n' > plant.mjs &&
  "$ACS" run --work-dir "$W" plant.mjs > plant.out 2>&1
rm -f plant.mjs
