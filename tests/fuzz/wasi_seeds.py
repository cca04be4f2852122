#!/usr/bin/env python3
"""wasi_seeds.py - writes tests/fuzz/corpus/wasi/: hostile WASI call
sequences for wasi_fuzz.c in its input encoding (the module runs as agent
in /home/agent; fd 3 is the "/" preopen; the victim, root, holds
/root/secret). The import list is read from src/wasi/call_*.c and the
path table from the harness, so a seed keeps its meaning when they grow.
Run: python3 tests/fuzz/wasi_seeds.py"""
import os
import re
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
IMPORTS = []
for part in ("fd", "path", "misc"):  # acs__wasi_import_at's order
    text = open(os.path.join(ROOT, "src", "wasi", f"call_{part}.c")).read()
    table = text[text.index(f"acs__wasi_{part}_imports[] = {{"):]
    table = table[:table.index("};")]
    for a, b, c, d in re.findall(r'E\((\w+), "(\w*)"\)|\{"(\w+)", "(\w*)"', table):
        IMPORTS.append((a or c, b if a else d))
IMPORTS = [(n, s) for n, s in IMPORTS if n not in ("proc_exit", "proc_raise")]
INDEX = {n: i for i, (n, _) in enumerate(IMPORTS)}
SIG = dict(IMPORTS)

SRC = open(os.path.join(HERE, "wasi_fuzz.c")).read()
paths_text = SRC[SRC.index("PATHS[] = {"):SRC.index("NULL,\n};")]
PATHS = [bytes(s, "utf-8").decode("unicode_escape") for s in re.findall(r'"((?:[^"\\]|\\.)*)"', paths_text)]
EDGE_NAMES = ["MEM-1", "MEM", "MEM-4", "MEM-8", "MEM-24", "MEM-32", "MEM-48", "MEM-64", "U32MAX",
              "2^31", "I32MAX", "U32MAX-15", "2^28", "U64MAX", "2^32", "2^63", "I64MAX", "-4096",
              "2^40", "4096", "65535", "2^20", "1e9", "RIGHTS"]
ALL_RIGHTS = 0xb0
FLAG0 = 0xb0


def P(path):
    return bytes([0x40 + PATHS.index(path)]) + b"\x70"  # the pointer, then its length


def n(v):
    if 0 <= v < 0x40:
        return bytes([v])
    if 0x40 <= v < 0x40 + 0x2f:
        return bytes([0xd0 + v - 0x40])
    return b"\xff" + struct.pack("<Q", v & (2**64 - 1))


def iovs(j):
    return bytes([0x73 + j])


def out(k):
    return bytes([0x80 + k])


def edge(name):
    return bytes([0x98 + EDGE_NAMES.index(name)])


def subs(k=0):
    return bytes([0x90 + k])


def call(name, *args):
    """args are encoded fields; a path counts as two (pointer, length)"""
    b = b"".join(args)
    return bytes([INDEX[name]]) + b


def poke(off, data):
    return b"\xf8" + struct.pack("<H", off) + bytes([len(data)]) + data


DIR_RIGHTS = bytes([FLAG0 + 3])  # path_open, fd_readdir, path_filestat_get


def open_(path, oflags=0, fd=3, lookup=0):
    """a directory (oflags 2) asks for a directory's rights, as wasi-libc does"""
    rights = DIR_RIGHTS if oflags & 2 else bytes([ALL_RIGHTS])
    return call("path_open", n(fd), n(lookup), P(path), n(oflags), rights, bytes([ALL_RIGHTS]), n(0), out(0))


def read(fd, j=0, cnt=1):
    return call("fd_read", n(fd), iovs(j), n(cnt), out(1))


SEEDS = {
    "secret-open": [open_("/root/secret"), read(4), open_("root/secret"), open_("/root/secret", fd=0),
                    open_("//root//secret"), open_("../../../../root/secret"), read(5)],
    "victim-proc": [open_("/proc/2/fd/3"), read(4), open_("/proc/2/environ"), read(4, 2),
                    call("path_readlink", n(3), P("/proc/2/cwd/secret"), out(2), n(64), out(3)),
                    open_("/proc/2/root/root/secret"), open_("/dev/fd/3"), read(4)],
    "links": [call("path_symlink", P("/root/secret"), n(3), P("tmp/l")), open_("tmp/l"), read(4),
              call("path_link", n(3), n(1), P("/root/secret"), n(3), P("/tmp/a")),
              call("path_symlink", P(".."), n(3), P("l")), open_("l", 2)],
    "readdir": [call("fd_readdir", n(3), n(0x8000), edge("2^20"), n(0), out(0)),
                open_("/proc", 2), call("fd_readdir", n(4), edge("MEM-32"), n(64), n(0), out(0)),
                open_("/root", 2), call("fd_readdir", n(5), n(0x8000), n(4096), n(3), out(0))],
    "iovec-edges": [call("fd_write", n(1), iovs(5), n(1), out(1)), call("fd_write", n(1), iovs(6), n(1), out(1)),
                    call("fd_write", n(2), iovs(0), edge("U32MAX"), out(1)), read(0, 9),
                    open_("/dev/zero"), read(4, 9), read(4, 4), read(4, 5), read(4, 7),
                    call("fd_pread", n(4), iovs(8), n(1), edge("I64MAX"), edge("MEM-1"))],
    "renumber-close": [call("fd_renumber", n(3), n(0)), open_("/tmp", 2, fd=0), call("fd_close", n(3)),
                       open_("/tmp"), call("fd_renumber", n(0), edge("U32MAX")), call("fd_close", n(0)),
                       call("fd_renumber", n(1), n(2)), call("fd_write", n(1), iovs(0), n(1), out(1))],
    "prestat": [call("fd_prestat_get", n(3), edge("MEM-4")), call("fd_prestat_get", n(3), edge("MEM-8")),
                call("fd_prestat_dir_name", n(3), edge("MEM-1"), n(2)),
                call("fd_prestat_dir_name", n(3), out(0), edge("U32MAX")), call("fd_prestat_get", n(4), out(0))],
    "args-env": [call("args_sizes_get", out(0), edge("MEM-1")), call("args_get", edge("MEM-8"), out(1)),
                 call("args_get", out(0), edge("MEM-4")), call("environ_get", out(0), edge("MEM-1")),
                 call("environ_sizes_get", edge("MEM"), out(1))],
    "poll": [call("poll_oneoff", subs(0), out(2), n(8), out(0)), call("poll_oneoff", subs(7), out(2), n(1), out(0)),
             call("poll_oneoff", subs(0), out(0), edge("U32MAX"), out(1)),
             call("poll_oneoff", edge("MEM-48"), out(2), n(2), out(0)), call("poll_oneoff", subs(0), out(2), n(0), out(0))],
    "random-clock": [call("random_get", edge("MEM-1"), n(2)), call("random_get", n(0x8000), edge("2^20")),
                     call("clock_time_get", n(0), n(1), edge("MEM-4")), call("clock_res_get", n(9), out(0)),
                     call("clock_time_get", n(3), edge("U64MAX"), out(0))],
    "owner-changes": [call("path_filestat_set_times", n(3), n(0), P("/root/secret"), n(1), n(1), bytes([FLAG0 + 17])),
                      call("path_rename", n(3), P("/root/secret"), n(3), P("/tmp/a")),
                      call("path_unlink_file", n(3), P("/root/secret")),
                      call("path_remove_directory", n(3), P("/root")),
                      call("path_create_directory", n(3), P("/root")),
                      call("path_filestat_get", n(3), n(0), P("/root/secret"), out(0))],
    "rights-and-sizes": [open_("/home/agent/f", 1), call("fd_fdstat_set_rights", n(4), bytes([ALL_RIGHTS]), bytes([ALL_RIGHTS])),
                         call("fd_seek", n(4), edge("I64MAX"), n(0), out(0)), call("fd_seek", n(4), edge("-4096"), n(1), out(0)),
                         call("fd_allocate", n(4), edge("2^40"), edge("2^40")),
                         call("fd_filestat_set_size", n(4), edge("2^40")),
                         call("fd_pwrite", n(4), iovs(0), n(1), edge("I64MAX"), out(1)),
                         call("fd_fdstat_set_rights", n(4), n(0), n(0)), read(4)],
    "sockets": [call("sock_accept", n(3), n(0), out(0)), call("sock_recv", n(0), iovs(0), n(1), n(0), out(1), out(2)),
                call("sock_send", n(1), iovs(0), n(1), n(0), out(1)), call("sock_shutdown", n(3), n(3))],
    "dirs-and-flags": [call("path_create_directory", n(3), P("/tmp/a")), call("path_create_directory", n(3), P("/tmp/a/b")),
                       open_("/tmp/a", 1 | 2 | 4), open_("/tmp/a/b", 1 | 8), open_("/dev/full", 8),
                       open_("/dev/tty"), open_("", 0), open_("x/..", 2), open_("/etc/passwd", 8)],
    "raw-path": [poke(0x0200, b"/root/../root/./secret"), call("path_open", n(3), n(1), b"\xff" + struct.pack("<Q", 0x200),
                 n(22), n(0), bytes([ALL_RIGHTS]), bytes([ALL_RIGHTS]), n(0), out(0)), read(4),
                 call("path_open", n(3), n(0), edge("MEM-1"), n(2), n(0), n(0), n(0), n(0), out(0))],
}


def main():
    out_dir = os.path.join(HERE, "corpus", "wasi")
    os.makedirs(out_dir, exist_ok=True)
    for name, records in SEEDS.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(b"\x00" + b"".join(records))
    # the same with every path from "/" (the root_paths mode)
    with open(os.path.join(out_dir, "secret-open-rootpaths"), "wb") as f:
        f.write(b"\x01" + b"".join(SEEDS["secret-open"]))
    print(f"{len(SEEDS) + 1} seeds in {out_dir}; {len(IMPORTS)} imports")


if __name__ == "__main__":
    main()
