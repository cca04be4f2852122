#!/usr/bin/env python3
"""kernel_seeds.py - writes tests/fuzz/corpus/kernel/: hostile programs for
kernel_fuzz.c in its input encoding (the attacker is pid 3; the victim,
pid 2, holds /root/secret open as fd 3 and listens on 127.0.0.1:8080).
The op and path tables are read from kernel_fuzz.c, so a seed keeps its
meaning when they grow. Run: python3 tests/fuzz/kernel_seeds.py"""
import os
import re
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = open(os.path.join(HERE, "kernel_fuzz.c")).read()

ops_text = SRC[SRC.index("} OPS[] = {"):SRC.index("#define NOPS")]
OPS = re.findall(r"\{ACS__SYS_(\w+), \"(\w*)\"\}", ops_text)
OP_INDEX = {name: i for i, (name, _) in enumerate(OPS)}
SIG = dict(OPS)
paths_text = SRC[SRC.index("PATHS[] = {"):SRC.index("NULL,\n};")]
PATHS = [bytes(s, "utf-8").decode("unicode_escape")
         for s in re.findall(r'"((?:[^"\\]|\\.)*)"', paths_text)]
I32S = ["AT_FDCWD"]  # index 0 of the table: byte 0xe0


def i32(v):
    if v == "AT_FDCWD":
        return bytes([0xe0])
    if -8 <= v < 0xe0 - 8:
        return bytes([v + 8])
    return b"\xff" + struct.pack("<i", v)


def u32(v):
    return bytes([v]) if 0 <= v < 0xe0 else b"\xff" + struct.pack("<I", v)


def i64(v):
    return bytes([v + 8]) if -8 <= v < 0xe0 - 8 else b"\xff" + struct.pack("<q", v)


def s(v):
    if isinstance(v, str) and v in PATHS:
        return bytes([PATHS.index(v)])
    b = v.encode() if isinstance(v, str) else v
    return b"\xff" + bytes([len(b)]) + b


def b(v):
    v = v.encode() if isinstance(v, str) else v
    assert len(v) < 0xf0
    return bytes([len(v)]) + v


def strv(items):
    assert len(items) < 6
    return bytes([len(items)]) + b"".join(s(x) for x in items)


def fdmap(pairs):
    assert len(pairs) < 5
    return bytes([len(pairs)]) + b"".join(i32(a) + i32(c) for a, c in pairs)


ENC = {"i": i32, "u": u32, "I": i64, "s": s, "b": b, "v": strv, "F": fdmap}


def call(op, *args, sender=0):
    """a structured call from the attacker's family member `sender`"""
    sig = SIG[op]
    assert len(sig) == len(args), (op, sig, args)
    return bytes([sender & 0x3f, OP_INDEX[op]]) + b"".join(ENC[c](a) for c, a in zip(sig, args))


def zygote(sender, forked=True):
    """the zygote answers for a starting process of the attacker's"""
    return bytes([0xc1, sender, 1 if forked else 0])


def raw(op, payload):
    return bytes([0x80, OP_INDEX[op], len(payload)]) + payload


def cut(op, *args, drop=3):
    c = call(op, *args)
    return bytes([0xc0]) + c[1:] + bytes([drop % 8])


O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_TRUNC = 0, 1, 2, 0o100, 0o1000
O_NONBLOCK, O_DIRECTORY, O_NOFOLLOW, O_PATH = 0o4000, 0o200000, 0o400000, 0o10000000
SPAWN_SH = ("/bin/sh", ["sh"], [], [(0, 0), (1, 1), (2, 2)])

SEEDS = {
    "victim-fd-by-proc": [call("OPEN", "AT_FDCWD", "/proc/2/fd/3", O_RDONLY, 0), call("READ", 3, 64),
                          call("READLINK", "AT_FDCWD", "/proc/2/fd/3"), call("STAT", "AT_FDCWD", "/proc/2/fd/4", 0)],
    "victim-env-cwd": [call("READFILE", "AT_FDCWD", "/proc/2/environ", 4096),
                       call("READLINK", "AT_FDCWD", "/proc/2/cwd"),
                       call("STAT", "AT_FDCWD", "/proc/2/cwd/secret", 0),
                       call("OPEN", "AT_FDCWD", "/proc/2/root/root/secret", O_RDONLY, 0),
                       call("READFILE", "AT_FDCWD", "/proc/2/cmdline", 4096)],
    "secret-direct": [call("OPEN", "AT_FDCWD", "/root/secret", O_RDONLY, 0),
                      call("OPEN", "AT_FDCWD", "/root/../root/secret", O_RDWR, 0),
                      call("READFILE", "AT_FDCWD", "//root//secret", 4096),
                      call("TRUNCATE", "AT_FDCWD", "/root/secret", 0)],
    "links-to-secret": [call("SYMLINK", "/root/secret", "AT_FDCWD", "/tmp/l"),
                        call("OPEN", "AT_FDCWD", "/tmp/l", O_RDONLY, 0),
                        call("LINK", "AT_FDCWD", "/root/secret", "AT_FDCWD", "/tmp/a", 0),
                        call("CHMOD", "AT_FDCWD", "/tmp/l", 0o777, 0),
                        call("RENAME", "AT_FDCWD", "/root/secret", "AT_FDCWD", "/tmp/x", 0)],
    "owner-changes": [call("CHOWN", "AT_FDCWD", "/root/secret", 1000, 1000, 0),
                      call("CHMOD", "AT_FDCWD", "/root", 0o777, 0),
                      call("UNLINK", "AT_FDCWD", "/root/secret", 0),
                      call("UTIMENS", "AT_FDCWD", "/root/secret", 0, 0, 0, 0, 0),
                      call("MKDIR", "AT_FDCWD", "/root/x", 0o777)],
    "signals": [call("KILL", 2, 9), call("KILL", 1, 9), call("KILL", -1, 9), call("KILL", 0, 9),
                call("KILL", -2, 15), call("KILL", 5000002, 9), call("SETPGID", 2, 3)],
    "spawn-and-start": [call("SPAWN", *SPAWN_SH), zygote(1), call("GETIDS", sender=1),
                        call("OPEN", "AT_FDCWD", "/proc/2/fd/3", O_RDONLY, 0, sender=1),
                        call("WAIT", -1, 0)],
    "spawn-fails": [call("SPAWN", *SPAWN_SH), zygote(1, forked=False), call("WAIT", -1, 0),
                    call("SPAWN", "/root/secret", ["x"], [], [])],
    "exec-self": [call("WRITEFILE", "AT_FDCWD", "/tmp/s.sh", O_WRONLY | O_CREAT | O_TRUNC, 0o755,
                       "#!/usr/bin/env sh\necho hi\n"),
                  call("EXEC", "/tmp/s.sh", ["s"], ["TOKEN"], [(0, 0)]), zygote(0),
                  call("HELLO"), call("READFILE", "AT_FDCWD", "/proc/self/environ", 4096),
                  call("EXEC", "/bin/sh", ["sh"], [], [(0, 0), (1, 1)]), zygote(0, forked=False)],
    "dup-limits": [call("DUP2", 0, 1023), call("DUP2", 0, 1024), call("DUP2", 0, -1),
                   call("FCNTL", 0, 0, 1000), call("DUP", 5000), call("CLOSE", 3), call("CLOSE", 4)],
    "pipe-and-spawn": [call("PIPE", 0), call("WRITE", 4, "data"), call("READ", 3, 10),
                       call("SPAWN", "/bin/sh", ["sh"], [], [(3, 0), (4, 1)]), zygote(1),
                       call("CLOSE", 3), call("CLOSE", 4)],
    "net-victim-port": [call("LISTEN", "127.0.0.1", 8080, 4, 0), call("LISTEN", "0.0.0.0", 8080, 4, 0),
                        call("CONNECT", "127.0.0.1", 8080, 0), call("ACCEPT", 4, 0),
                        call("SOCKNAME", 3), call("CONNECT", "169.254.169.254", 80, 0)],
    "fifo-and-devices": [call("MKNOD", "AT_FDCWD", "/tmp/p", 0o10644, 0),
                         call("OPEN", "AT_FDCWD", "/tmp/p", O_RDONLY | O_NONBLOCK, 0),
                         call("MKNOD", "AT_FDCWD", "/tmp/f", 0o20666, 0x0103),
                         call("OPEN", "AT_FDCWD", "/dev/full", O_WRONLY, 0), call("WRITE", 3, "x")],
    "huge-offsets": [call("OPEN", "AT_FDCWD", "/tmp/f", O_RDWR | O_CREAT, 0o644),
                     call("FTRUNCATE", 3, 1 << 40), call("PWRITE", 3, "x", (1 << 63) - 4096),
                     call("LSEEK", 3, -4096, 0), call("TRUNCATE", "AT_FDCWD", "/tmp/f", 16 << 20)],
    "dirs": [call("OPEN", "AT_FDCWD", "/proc/2/fd", O_RDONLY | O_DIRECTORY, 0), call("GETDENTS", 3, 4096),
             call("OPEN", "AT_FDCWD", "/proc", O_RDONLY | O_DIRECTORY, 0), call("GETDENTS", 4, 65536),
             call("CHDIR", "/proc/2/cwd"), call("GETCWD")],
    "tty-and-groups": [call("SETSID"), call("TCGETPGRP", 0), call("TCSETPGRP", 0, 2),
                       call("TCGETATTR", 0), call("SETWINSZ", 0, 24, 80), call("SPAWN_PGRP", 3, 2)],
    "hostcmd": [call("HOSTCMD", "sh"), call("HOSTCMD", "../../bin/sh")],
    "malformed": [raw("OPEN", b"\xff\xff\xff\xff"), raw("SPAWN", b"\x00" * 12),
                  cut("OPEN", "AT_FDCWD", "/root/secret", O_RDONLY, 0),
                  cut("WRITEFILE", "AT_FDCWD", "/tmp/a", O_WRONLY | O_CREAT, 0o644, "abc", drop=2)],
}


def main():
    out = os.path.join(HERE, "corpus", "kernel")
    os.makedirs(out, exist_ok=True)
    for name, records in SEEDS.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(b"".join(records))
    print(f"{len(SEEDS)} seeds in {out}")


if __name__ == "__main__":
    main()
