// package.json points at /etc/passwd (main or exports)
try { const m = await import("evil-main-absolute"); console.log("LOADED", JSON.stringify(m).slice(0, 80)); }
catch (e) { console.log("refused", e.code || e.name); }
