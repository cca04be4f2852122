# a guest cannot choose where the host fetches packages from: registries,
# indexes, tarball, wheel and git URLs on the command line, in the
# environment or in config files, aimed at the trap on $PB
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
T=http://127.0.0.1:$PB
q() { "$@" >/dev/null 2>&1; echo "$1 $?"; }
q npm install --no-audit --registry $T/ left-pad
q npm install --no-audit $T/x.tgz
q npm install --no-audit git+http://127.0.0.1:$PB/x.git
q env npm_config_registry=$T/ npm install --no-audit left-pad
echo "registry=$T/" > .npmrc; q npm install --no-audit left-pad; rm .npmrc
echo "registry=$T/" > /root/.npmrc; q npm view left-pad; rm /root/.npmrc
q npx --registry $T/ -y cowsay hi
q pip install --index-url $T/simple six
q pip install --extra-index-url $T/simple six
q pip install $T/six-1.0-py3-none-any.whl
q env PIP_INDEX_URL=$T/simple pip install six
mkdir -p /etc/pip && printf '[global]\nindex-url = %s/simple\n' "$T" > /etc/pip.conf; q pip install six
q pip download -d /tmp/d --index-url $T/simple six
echo done
