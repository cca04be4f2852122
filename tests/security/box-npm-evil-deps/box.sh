# dependencies by git, http, file and github specs, and names with ..:
# refused before anything is fetched
cd /work && echo '{"name":"p","version":"1.0.0"}' > package.json
for p in evil-dep-git evil-dep-http evil-dep-file evil-dep-github evil-dep-alias-dotdot evil-dep-name-dotdot evil-dep-scope-dotdot \
         evil-main-outside evil-main-absolute evil-exports-outside; do
  npm install --no-audit --no-fund "$p" >/dev/null 2>&1; echo "$p $?"
done
node -e 'try { require("evil-main-outside"); console.log("LOADED-OUTSIDE") } catch (e) { console.log("refused", e.code) }'
ls / | grep -c . ; echo done
