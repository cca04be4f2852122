# root-owned setuid and setgid scripts, copied into the box (acs box --copy)
mkdir -p "$W/seed"
printf '#!/bin/sh\necho "euid $(id -u) egid $(id -g)"\ncat /root/.profile >/dev/null 2>&1 && echo READ-AS-ROOT\ntrue\n' > "$W/seed/suid"
printf '#!/usr/bin/env node\nconsole.log("node euid", process.geteuid(), process.getegid());\ntry { require("fs").readFileSync("/root/.profile"); console.log("READ-AS-ROOT"); } catch (e) { console.log(e.code); }\n' > "$W/seed/suidnode"
chmod 6755 "$W/seed/suid" "$W/seed/suidnode"
