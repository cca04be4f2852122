# python: zlib, gzip and zipfile bombs meet the filesystem's ENOSPC or a
# bounded decompressobj; the box goes on
import errno, gzip, os, zlib, zipfile
data = zlib.compress(b"\0" * (256 * 1024 * 1024), 9)
print("bomb", len(data) < 2000000)
d = zlib.decompressobj(); out = d.decompress(data, 1 << 20); print("bounded", len(out), bool(d.unconsumed_tail))
with gzip.open("/tmp/z.gz", "wb", 1) as g:
    for _ in range(4): g.write(b"\0" * (64 * 1024 * 1024))
try:
    with gzip.open("/tmp/z.gz") as g, open("/tmp/out", "wb") as o:
        while chunk := g.read(1 << 20): o.write(chunk)
    print("WROTE all")
except OSError as e: print("gzip", errno.errorcode.get(e.errno))
os.unlink("/tmp/out")
with zipfile.ZipFile("/tmp/z.zip", "w", zipfile.ZIP_DEFLATED) as z:
    with z.open("zeros", "w") as f:
        for _ in range(2): f.write(b"\0" * (64 * 1024 * 1024))
try:
    zipfile.ZipFile("/tmp/z.zip").extractall("/tmp/x"); print("WROTE zip")
except OSError as e: print("zip", errno.errorcode.get(e.errno))
print("done")
