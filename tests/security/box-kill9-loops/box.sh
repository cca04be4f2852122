# a tight loop in each language, stopped by kill -9 inside the box
node -e 'for (;;) {}' & p=$!; sleep 0.5; kill -9 $p; wait $p; echo "node $?"
(while :; do :; done) & p=$!; sleep 0.5; kill -9 $p; wait $p; echo "sh $?"
awk 'BEGIN { for (;;) ; }' & p=$!; sleep 0.5; kill -9 $p; wait $p; echo "awk $?"
if command -v python3 >/dev/null; then python3 -c 'while True: pass' & p=$!; sleep 0.5; kill -9 $p; wait $p; echo "python3 $?"; fi
echo done
