const r = require; for (const s of ["$O/secret.txt", "../outside/secret.txt", "/etc/passwd", "$O"]) { try { r(s); console.log("REQUIRED"); } catch (e) { console.log(e.code); } }
