# loader and startup variables naming host files: the box's programs never
# reach the host, so nothing of them runs
LD_PRELOAD=$O/evil.so LD_LIBRARY_PATH=$O BASH_ENV=$O/evil.sh ENV=$O/evil.sh sh -c 'echo child ran'
BASH_ENV=$O/evil.sh bash -c 'echo bash ran'
NODE_OPTIONS="--require $O/evil.js" node -e 'console.log("node ran")' 2>&1 | grep -v EVIL | head -3
NODE_PATH=$O node -e 'try { require("evil") } catch (e) { console.log("node", e.code) }'
PYTHONSTARTUP=$O/evil.py PYTHONPATH=$O python3 -c 'import evil' 2>&1 | tail -1
PATH=$O:$PATH; evil.sh 2>&1 | head -1
. $O/evil.sh 2>&1 | head -1
echo done
