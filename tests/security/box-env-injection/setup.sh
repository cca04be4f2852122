# host files that would run if the box's programs read host paths
printf 'console.log("EVIL-RAN node")\n' >"$O/evil.js"
printf 'print("EVIL-RAN python")\n' >"$O/evil.py"
printf 'echo EVIL-RAN sh\n' >"$O/evil.sh"
printf 'not a library' >"$O/evil.so"
