// a native addon (binding.gyp) cannot load in the sandbox: refused before
// the run, with a message for the model
try { const m = await import("fx-native"); console.log("LOADED", typeof m); }
catch (e) { console.log("refused", e.code || e.name); }
try { process.dlopen({ exports: {} }, "/node_modules/fx-native/build/Release/addon.node"); console.log("DLOPENED"); }
catch (e) { console.log("dlopen refused"); }
