# an earlier run installs evil-version-name, whose metadata claims to be fx-esm
cd "$W" && printf 'import x from "evil-version-name";\n' > plant.mjs &&
  "$ACS" run --work-dir "$W" plant.mjs > plant.out 2>&1
rm -f plant.mjs
