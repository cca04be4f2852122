const a = []; for (;;) a.push(Buffer.alloc(1 << 24, 1));
