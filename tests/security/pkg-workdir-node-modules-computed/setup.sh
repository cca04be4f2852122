# a package in the work dir's node_modules
mkdir -p "$W/node_modules/fx-local"
printf '{"name":"fx-local","version":"1.0.0","main":"index.js"}\n' > "$W/node_modules/fx-local/package.json"
printf 'module.exports = "LOCAL-LOADED";\n' > "$W/node_modules/fx-local/index.js"
