const n = ["fx", "local"].join("-");
try { console.log(await import(n)); } catch (e) { console.log("import refused", e.code); }
