for (const s of ["$O/secret.txt", "../outside/secret.txt", "file://$O/secret.txt", "/etc/passwd"]) { try { await import(s); console.log("IMPORTED"); } catch (e: any) { console.log(e.code); } }
