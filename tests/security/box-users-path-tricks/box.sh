# as agent: every spelling of root's directories, and links from the
# agent's home into them, still meet root's modes
cd /home/agent; ln -s /root r; ln -s /etc e; ln -s ../../root up
for p in /root/x //root/x /./root/x /home/agent/../../root/x /tmp/../root/x r/x up/x /root/./x e/passwd e/newfile /etc//passwd /proc/self/cwd/r/x; do
  echo pwned >> "$p" 2>/dev/null && echo "WROTE $p"
done
cat r/.profile up/.profile /proc/self/root/root/.profile 2>/dev/null && echo READ-ROOT
ls r/ 2>/dev/null && echo LISTED; cd r 2>/dev/null && echo ENTERED; cd /home/agent
mv e/passwd /tmp/p 2>/dev/null && echo MOVED; cp /dev/null e/hosts 2>/dev/null && echo COPIED; echo done
