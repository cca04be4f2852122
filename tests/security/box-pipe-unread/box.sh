# writers into pipes nobody reads block, and the time limit ends them all
yes | sleep 1000 & cat /dev/zero | (sleep 1000) & node -e 'for (;;) process.stdout.write("x".repeat(65536))' | sleep 1000
