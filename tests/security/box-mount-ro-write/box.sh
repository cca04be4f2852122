# every way to write the read-only mount: each must fail, /ro stays as it was
cd /ro
echo x > data.txt; echo x >> data.txt; echo x > new.txt
cp /etc/hostname /ro/; cp -r /etc /ro/e; mv data.txt d2; rm -f data.txt; rm -rf /ro/*
mkdir sub; rmdir /ro; touch data.txt; touch -d @0 data.txt; chmod 777 data.txt; chown agent data.txt
ln -s x l; ln data.txt h; truncate -s 0 data.txt; sed -i s/read/XX/ data.txt; dd if=/dev/zero of=data.txt count=1 2>/dev/null
tar -cf /tmp/t.tar -C /etc hostname && tar -xf /tmp/t.tar -C /ro; mkfifo f; install /etc/hostname /ro/i
cd /work && echo "done $(cat /ro/data.txt)"
