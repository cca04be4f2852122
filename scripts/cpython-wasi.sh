#!/bin/sh
# scripts/cpython-wasi.sh - CPython 3.11 for wasm32-wasi from Debian's own
# source packages (python3.11, zlib, sqlite3), built with Debian's clang-14,
# wasm-ld, wasi-libc and compiler-rt for wasm32; the recipe and its costs
# are in /work/shared/cpython-wasi.md. `make python` runs it once (make
# test depends on it); a clean build took 2.5 to 7 minutes of wall clock
# on a shared 2-core machine, 3 to 5 CPU-minutes (docs/box-python.md).
#
# Output (OUT, default build/cpython-wasi): python.wasm (stripped) and
# lib/python3.11.pack (the stdlib's .py and .pyc), which the box's kernel
# lays out at boot as /usr/bin/python3.11 and the tree /usr/lib/python3.11
# (src/kernel/boot_python.c). The interpreter is
# configured with prefix /usr (the stdlib) and exec-prefix /usr/local, so
# that site.py adds /usr/local/lib/python3.11/site-packages, with no
# PYTHONHOME. It links a start-up chdir(getenv("PWD")) and carries the
# acs.paths section "root" (docs/box-wasi.md), so relative paths are the
# working directory's. WORK (default build-cpython-wasi, outside build/:
# make reads every .d file there) is scratch; both are wiped first.
#
# Exit status 3 (with the reason on stderr) when the toolchain is absent
# and cannot be installed (not root): `make python` then skips.
#
# Needs a deb-src entry for bookworm (the sources of bookworm itself, not
# bookworm-security's); as root the script adds one
# (/etc/apt/sources.list.d/acs-deb-src.sources) when apt has none.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:-$ROOT/build/cpython-wasi}
WORK=${WORK:-$ROOT/build-cpython-wasi}
JOBS=${JOBS:-2}

say() { echo "cpython-wasi: $*" >&2; }
die() { say "$*"; exit 1; }

# ---- 1. packages
PKGS="clang-14 lld-14 llvm-14 libclang-rt-14-dev-wasm32 wasi-libc python3.11 dpkg-dev patch make gcc libc6-dev pkgconf tcl"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then
    say "skipped: missing Debian packages:$missing (run as root, or apt-get install$missing)"
    exit 3
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
fi

# ---- 2. sources (deb-src)
rm -rf "$WORK" "$OUT"
mkdir -p "$WORK/src" "$OUT"
cd "$WORK/src"
if ! apt-get source --print-uris python3.11 >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || die "apt has no deb-src entry for bookworm: add one (Types: deb-src) or run as root"
  say "adding a deb-src entry for bookworm (/etc/apt/sources.list.d/acs-deb-src.sources)"
  cat >/etc/apt/sources.list.d/acs-deb-src.sources <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  apt-get update -q >/dev/null
fi
# bookworm's own versions (the security archive's source pool may not be
# mirrored; the recipe was measured with bookworm's python3.11 deb12u8)
apt-get source --download-only -q python3.11/bookworm zlib/bookworm sqlite3/bookworm >/dev/null 2>"$WORK/apt.log" ||
  die "apt-get source failed: see $WORK/apt.log"
py_dsc=$(ls python3.11_*.dsc | tail -1)
dpkg-source -q --skip-patches -x "$py_dsc" py >/dev/null
dpkg-source -q -x "$(ls zlib_*.dsc | tail -1)" zlib >/dev/null
dpkg-source -q -x "$(ls sqlite3_*.dsc | tail -1)" sqlite >/dev/null

# ---- 3. Debian's upstream fixes only: from fix-py_compile.diff to the end
# of the series, without ntpath-import.diff (the patches before it are
# Debian's integration, wrong for a WASI guest)
cd "$WORK/src/py"
on=0
while read -r patch rest; do
  case "$patch" in ''|\#*) continue;; esac
  [ "$patch" = fix-py_compile.diff ] && on=1
  [ "$on" = 1 ] || continue
  [ "$patch" = ntpath-import.diff ] && continue
  patch -s -p1 <"debian/patches/$patch" || die "Debian's $patch does not apply"
done <debian/patches/series
[ "$on" = 1 ] || die "fix-py_compile.diff is not in Debian's series: the recipe needs a look"
# Preview1's filestat has no permission bits (wasi-libc's st_mode is the
# type alone), so getpath's "is an executable file" never held and
# sys.executable was '': under WASI a regular file on PATH is the
# interpreter (/usr/bin/python3 in the box).
grep -q '^            (st.st_mode & 0111)$' Modules/getpath.c || die "Modules/getpath.c changed: the isxfile edit needs a look"
sed -i 's/^            (st.st_mode \& 0111)$/            (defined_wasi || (st.st_mode \& 0111))/' Modules/getpath.c
sed -i 's/^getpath_isxfile(PyObject \*Py_UNUSED(self), PyObject \*args)$/&\n#ifdef __wasi__\n#define defined_wasi 1\n#else\n#define defined_wasi 0\n#endif/' Modules/getpath.c

# wasi-libc's fcntl(F_GETFD) answers FD_CLOEXEC for any number, so the
# start-up test of stdin/stdout/stderr passed for closed ones and python
# died ("can't initialize sys standard streams") where Linux's sets
# sys.stdin to None: on WASI, test them with fstat, as other systems do.
grep -q '^        defined(__wasm__))$' Python/pylifecycle.c || die "Python/pylifecycle.c changed: the is_valid_fd edit needs a look"
sed -i 's/^        defined(__wasm__))$/        0)/' Python/pylifecycle.c

# ---- 4. a private sysroot: wasi-libc only, never the host's /usr/include
SYSROOT=$WORK/sysroot DEPS=$WORK/deps
mkdir -p "$SYSROOT/include" "$SYSROOT/lib" "$DEPS/lib/pkgconfig" "$DEPS/include"
ln -s /usr/include/wasm32-wasi "$SYSROOT/include/wasm32-wasi"
ln -s /usr/lib/wasm32-wasi "$SYSROOT/lib/wasm32-wasi"
WCC="clang-14 --target=wasm32-wasi --sysroot=$SYSROOT"
export PKG_CONFIG_PATH="" PKG_CONFIG_LIBDIR="$DEPS/lib/pkgconfig"

# ---- 5. zlib
say "zlib"
cd "$WORK/src/zlib"
CC="$WCC" AR=llvm-ar-14 RANLIB=llvm-ranlib-14 CFLAGS="-O2" ./configure --static --prefix="$DEPS" >/dev/null
make -s -j"$JOBS" libz.a >/dev/null
make -s install >/dev/null

# ---- 6. sqlite3: the amalgamation made natively, compiled for wasm
say "sqlite3"
cd "$WORK/src/sqlite"
./configure --disable-tcl >/dev/null
make -s sqlite3.c >/dev/null
# SQLite 3.40 predates its own __wasi__ support; wasi-libc 2022 lacks these
cat >wasi-stubs.h <<'EOF'
#include <sys/types.h>
#include <fcntl.h>
static inline int fchmod(int fd, mode_t m) { (void)fd; (void)m; return 0; }
static inline int fchown(int fd, uid_t u, gid_t g) { (void)fd; (void)u; (void)g; return 0; }
static inline uid_t geteuid(void) { return 0; }
static inline pid_t acs_getpid(void) { return 1; }
#define getpid acs_getpid
#ifndef F_RDLCK
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#endif
#ifndef F_GETLK
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#endif
EOF
$WCC -O2 -include wasi-stubs.h -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_OMIT_WAL \
  -DSQLITE_MAX_MMAP_SIZE=0 '-DSQLITE_DEFAULT_UNIX_VFS="unix-none"' -c sqlite3.c -o sqlite3.o
llvm-ar-14 rcs "$DEPS/lib/libsqlite3.a" sqlite3.o
cp sqlite3.h sqlite3ext.h "$DEPS/include/"
version=$(sed -n 's/^#define SQLITE_VERSION *"\(.*\)"/\1/p' sqlite3.h)
cat >"$DEPS/lib/pkgconfig/sqlite3.pc" <<EOF
prefix=$DEPS
Name: SQLite
Description: SQL database engine (wasm32-wasi)
Version: $version
Libs: -L\${prefix}/lib -lsqlite3
Cflags: -I\${prefix}/include
EOF

# ---- 7. CPython, with Debian's python3.11 as the build Python
# Start-up code of ours, linked into python.wasm: preview1 has no working
# directory and wasi-libc's starts at "/"; the box's shell and kernel give
# PWD (the host sets it to the process's real one for modules marked
# acs.paths=root), so relative paths become the working directory's.
cat >"$WORK/acs_pwd.c" <<'EOF'
#include <stdlib.h>
#include <unistd.h>
__attribute__((constructor)) static void acs_pwd(void)
{
  const char *pwd = getenv("PWD");
  if (pwd && pwd[0] == '/') (void)chdir(pwd);
}
EOF
$WCC -O2 -c -o "$WORK/acs_pwd.o" "$WORK/acs_pwd.c"
say "CPython configure"
cd "$WORK/src/py"
printf '*disabled*\nxxsubtype\n' >Modules/Setup.local
mkdir -p builddir/wasi
cd builddir/wasi
CONFIG_SITE=../../Tools/wasm/config.site-wasm32-wasi \
  CC="$WCC" CPP="clang-cpp-14 --target=wasm32-wasi --sysroot=$SYSROOT" AR=llvm-ar-14 RANLIB=llvm-ranlib-14 \
  LIBS="$WORK/acs_pwd.o" \
  ../../configure -C --host=wasm32-unknown-wasi --build="$(../../config.guess)" \
  --with-build-python=/usr/bin/python3.11 --disable-test-modules --prefix=/usr --exec-prefix=/usr/local >"$WORK/configure.log" 2>&1 ||
  die "configure failed: see $WORK/configure.log"
say "CPython make"
nice -n 10 make -j"$JOBS" >"$WORK/make.log" 2>&1 || die "make failed: see $WORK/make.log"
make install DESTDIR="$WORK/install" >"$WORK/install.log" 2>&1 || die "make install failed: see $WORK/install.log"

# ---- 8. package: the stripped module and the stdlib as one pack
say "package"
printf root >"$WORK/acs.paths"
llvm-strip-14 -o "$WORK/python-stripped.wasm" python.wasm
llvm-objcopy-14 --add-section=acs.paths="$WORK/acs.paths" "$WORK/python-stripped.wasm" "$OUT/python.wasm"
mkdir -p "$OUT/lib"
# The stdlib as the tree /usr/lib/python3.11: the .py (getpath's landmark
# os.py; tracebacks show the stdlib's lines) and their opt-0 .pyc in
# __pycache__, in one file the box's kernel maps and lays out without
# copying. No python311.zip: zipimport parses a zip's directory in Python
# at each start (200 ms of a 0.5 s start in the box). Each file keeps its
# mtime, which its .pyc checks. Format: "acs-pack 1\n", then
# "SIZE MTIME PATH\n" per file, a blank line, then the files' bytes.
/usr/bin/python3.11 - "$WORK/install/usr/lib/python3.11" "$OUT/lib/python3.11.pack" <<'EOF'
import os, sys
src, out = sys.argv[1], sys.argv[2]
skip = ("idlelib", "tkinter", "turtledemo", "ensurepip", "site-packages", "lib2to3", "test", "config-3.11")
names = []
for d, dirs, files in os.walk(src):
    dirs.sort()
    rel = os.path.relpath(d, src)
    top = rel.split(os.sep)[0]
    if top.startswith(skip) or top == "turtle.py":
        dirs[:] = []
        continue
    pyc = os.path.basename(d) == "__pycache__"
    for f in sorted(files):
        if f.endswith(".cpython-311.pyc" if pyc else ".py"):
            names.append(os.path.normpath(os.path.join(rel, f)))
with open(out, "wb") as o:
    o.write(b"acs-pack 1\n")
    for r in names:
        st = os.stat(os.path.join(src, r))
        o.write(b"%d %d %s\n" % (st.st_size, int(st.st_mtime), r.encode()))
    o.write(b"\n")
    for r in names:
        with open(os.path.join(src, r), "rb") as f:
            o.write(f.read())
EOF
ls -l "$OUT/python.wasm" "$OUT/lib/python3.11.pack" >&2
say "done: $OUT"
