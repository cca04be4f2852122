# tarballs that do not match their integrity, or have none, or lie about
# their size: refused, nothing installed
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
for p in evil-integrity evil-integrity-downgrade evil-integrity-unknown evil-shasum evil-declared-huge evil-gzip-bomb evil-huge-file; do
  npm install --no-audit --no-fund "$p" >/dev/null 2>&1; echo "$p $?"; [ -e "node_modules/$p/package.json" ] && echo "INSTALLED $p"
done
echo done
