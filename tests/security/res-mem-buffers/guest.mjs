// 16 MB Buffers kept (memory outside the JS heap).
const keep = [];
for (;;) keep.push(Buffer.alloc(16 << 20, 1));
