# metadata and tarball URLs that redirect away, point at the trap, at
# localhost or at file: URLs: refused; the trap sees nothing
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
for p in evil-redirect-http evil-redirect-https evil-tarball-trap evil-tarball-localhost evil-tarball-file-url \
         evil-meta-redirect-http evil-meta-redirect-https evil-tarball-garbage evil-garbage-meta evil-name-mismatch evil-version-dotdot; do
  npm install --no-audit --no-fund "$p" >/dev/null 2>&1; echo "$p $?"
done
echo done
