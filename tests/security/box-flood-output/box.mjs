const b = Buffer.alloc(1 << 16, 65); for (let i = 0; i < 2000; i++) process.stdout.write(b); process.stderr.write("done\n");
