# link loops and long chains end in ELOOP, in memfs and in a mount
cd /tmp && ln -s a b && ln -s b a && cat a
i=0; while [ $i -lt 45 ]; do ln -s l$((i+1)) l$i; i=$((i+1)); done; echo end > l45; cat l0; cat l10
cd /work && ln -s x y && ln -s y x && cat x; readlink -f x; echo "rf $?"
echo done
