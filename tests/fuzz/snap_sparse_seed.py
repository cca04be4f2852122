# snap_sparse_seed.py - writes corpus/snap/sparse.tar: a snapshot seed with a
# sparse file (GNU pax sparse 1.0: map, then extents), as the box writes one
# (python3 tests/fuzz/snap_sparse_seed.py tests/fuzz/corpus/snap/sparse.tar)
import sys
def hdr(name, typ, size, mode=0o644):
    b = bytearray(512)
    b[0:len(name)] = name.encode()
    b[100:108] = b"%07o\0" % mode
    b[108:116] = b"0000000\0"; b[116:124] = b"0000000\0"
    b[124:136] = b"%011o\0" % size
    b[136:148] = b"%011o\0" % 1700000000
    b[156] = ord(typ)
    b[257:263] = b"ustar\0"; b[263:265] = b"00"
    b[148:156] = b" " * 8
    b[148:156] = b"%06o\0 " % sum(b)
    return bytes(b)
def pad(d): return d + b"\0" * (-len(d) % 512)
def rec(k, v):
    body = f" {k}={v}\n"
    n = len(body) + 1
    while len(str(n)) + len(body) != n: n += 1
    return f"{n}{body}".encode()
def ext(typ, recs, name="PaxHeaders/x"): return hdr(name, typ, len(recs)) + pad(recs)
out = ext("g", rec("comment", '{"acs-snapshot":2,"hostname":"box"}'))
out += hdr("./", "5", 0, 0o755)
out += hdr("./tmp/", "5", 0, 0o1777)
data = b"abc" * 10
mp = pad(b"2\n4096\n30\n1048576\n0\n")
out += ext("x", rec("GNU.sparse.major", "1") + rec("GNU.sparse.minor", "0") + rec("GNU.sparse.name", "./tmp/s") + rec("GNU.sparse.realsize", "1048576"))
out += hdr("./GNUSparseFile.0/file", "0", len(mp) + len(data)) + pad(mp + data)
out += ext("g", rec("comment", "acs-snapshot-end entries=3 crc32=00000000"))
out += b"\0" * 1024
open(sys.argv[1], "wb").write(out)
