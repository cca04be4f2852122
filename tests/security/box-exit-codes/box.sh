# exit statuses past a byte and negative: the box reports them modulo 256
# as Linux does (300 is 44), here through --json's exitCode
sh -c 'exit 300'; echo "sub $?"; sh -c 'exit -1'; echo "neg $?"; exit 300
