/* api.c - preview1 calls wasi-libc does not reach (or reaches wrongly),
** made directly: each line is "name: what came back", compared with the
** expected lines in box_wasi.sh. wasm32-wasi only. */
#include <stdio.h>
#include <string.h>
#include <wasi/api.h>

/* results the cases do not need are dropped on purpose */
#pragma clang diagnostic ignored "-Wunused-result"

/* wasi-libc 2022's api.h no longer declares proc_raise; preview1 has it */
__wasi_errno_t raise_wasi(uint32_t sig)
    __attribute__((import_module("wasi_snapshot_preview1"), import_name("proc_raise")));

static const char *en(__wasi_errno_t e)
{
  switch (e) {
  case __WASI_ERRNO_SUCCESS: return "ok";
  case __WASI_ERRNO_BADF: return "EBADF";
  case __WASI_ERRNO_NOTCAPABLE: return "ENOTCAPABLE";
  case __WASI_ERRNO_INVAL: return "EINVAL";
  case __WASI_ERRNO_NOENT: return "ENOENT";
  case __WASI_ERRNO_NAMETOOLONG: return "ENAMETOOLONG";
  case __WASI_ERRNO_SPIPE: return "ESPIPE";
  case __WASI_ERRNO_EXIST: return "EEXIST";
  case __WASI_ERRNO_NOTDIR: return "ENOTDIR";
  case __WASI_ERRNO_ISDIR: return "EISDIR";
  default: {
    static char b[16];
    snprintf(b, sizeof b, "errno %d", e);
    return b;
  }
  }
}

static __wasi_fd_t open_file(const char *path, __wasi_oflags_t of, __wasi_rights_t r, __wasi_fdflags_t ff)
{
  __wasi_fd_t fd = 0;
  __wasi_errno_t e = __wasi_path_open(3, 0, path, of, r, r, ff, &fd);
  if (e) printf("open %s: %s\n", path, en(e));
  return e ? (__wasi_fd_t)-1 : fd;
}

int main(void)
{
  __wasi_prestat_t ps;
  __wasi_errno_t e = __wasi_fd_prestat_get(3, &ps);
  char name[16] = {0};
  if (!e) e = __wasi_fd_prestat_dir_name(3, (uint8_t *)name, ps.u.dir.pr_name_len);
  printf("prestat 3: %s %s\n", en(e), name);
  printf("prestat 4: %s\n", en(__wasi_fd_prestat_get(4, &ps)));
  printf("prestat dir_name short: %s\n", en(__wasi_fd_prestat_dir_name(3, (uint8_t *)name, 0)));

  const __wasi_rights_t rw = __WASI_RIGHTS_FD_READ | __WASI_RIGHTS_FD_WRITE | __WASI_RIGHTS_FD_SEEK |
                             __WASI_RIGHTS_FD_TELL | __WASI_RIGHTS_FD_FILESTAT_GET |
                             __WASI_RIGHTS_FD_FILESTAT_SET_SIZE | __WASI_RIGHTS_FD_FILESTAT_SET_TIMES |
                             __WASI_RIGHTS_FD_ALLOCATE | __WASI_RIGHTS_FD_ADVISE | __WASI_RIGHTS_FD_FDSTAT_SET_FLAGS;
  __wasi_fd_t fd = open_file("api.txt", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_TRUNC, rw, 0);
  __wasi_ciovec_t v = {(const uint8_t *)"hello", 5};
  __wasi_size_t n = 0;
  e = __wasi_fd_write(fd, &v, 1, &n);
  printf("write: %s %u\n", en(e), (unsigned)n);
  __wasi_filesize_t pos = 0;
  printf("tell: %s %llu\n", en(__wasi_fd_tell(fd, &pos)), (unsigned long long)pos);
  printf("allocate: %s\n", en(__wasi_fd_allocate(fd, 0, 100)));
  __wasi_filestat_t st;
  (void)__wasi_fd_filestat_get(fd, &st);
  printf("size after allocate: %llu\n", (unsigned long long)st.size);
  printf("set_size: %s\n", en(__wasi_fd_filestat_set_size(fd, 3)));
  (void)__wasi_fd_filestat_get(fd, &st);
  printf("size after set_size: %llu type %d\n", (unsigned long long)st.size, st.filetype);
  printf("advise: %s, bad advice %s\n", en(__wasi_fd_advise(fd, 0, 10, __WASI_ADVICE_SEQUENTIAL)),
         en(__wasi_fd_advise(fd, 0, 10, 9)));
  printf("set_times both: %s\n", en(__wasi_fd_filestat_set_times(fd, 5, 0, __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_ATIM_NOW)));
  printf("set_times: %s\n", en(__wasi_fd_filestat_set_times(fd, 1000000000123ull, 2000000000456ull, __WASI_FSTFLAGS_ATIM | __WASI_FSTFLAGS_MTIM)));
  (void)__wasi_fd_filestat_get(fd, &st);
  printf("times: %llu %llu\n", (unsigned long long)st.atim, (unsigned long long)st.mtim);
  printf("set_times now: %s\n", en(__wasi_path_filestat_set_times(3, 0, "api.txt", 0, 0, __WASI_FSTFLAGS_ATIM_NOW | __WASI_FSTFLAGS_MTIM_NOW)));
  (void)__wasi_path_filestat_get(3, 0, "api.txt", &st);
  printf("mtime now is recent: %d\n", st.mtim > 1600000000ull * 1000000000ull);
  __wasi_fdstat_t fs;
  (void)__wasi_fd_fdstat_get(fd, &fs);
  printf("fdstat: type %d flags %d read %d\n", fs.fs_filetype, fs.fs_flags, (fs.fs_rights_base & __WASI_RIGHTS_FD_READ) != 0);
  printf("set_flags append: %s\n", en(__wasi_fd_fdstat_set_flags(fd, __WASI_FDFLAGS_APPEND)));
  (void)__wasi_fd_fdstat_get(fd, &fs);
  printf("flags now %d\n", fs.fs_flags);
  printf("grow rights: %s\n", en(__wasi_fd_fdstat_set_rights(fd, fs.fs_rights_base | __WASI_RIGHTS_PATH_OPEN, 0)));
  printf("drop write: %s\n", en(__wasi_fd_fdstat_set_rights(fd, fs.fs_rights_base & ~__WASI_RIGHTS_FD_WRITE, 0)));
  printf("write without the right: %s\n", en(__wasi_fd_write(fd, &v, 1, &n)));
  __wasi_fd_t fd2 = open_file("api2.txt", __WASI_OFLAGS_CREAT, rw, 0);
  printf("renumber: %s\n", en(__wasi_fd_renumber(fd2, fd)));
  printf("old fd after renumber: %s\n", en(__wasi_fd_close(fd2)));
  printf("write on renumbered: %s\n", en(__wasi_fd_write(fd, &v, 1, &n)));
  printf("renumber to a closed fd: %s\n", en(__wasi_fd_renumber(fd, 200)));
  printf("close: %s, again: %s\n", en(__wasi_fd_close(fd)), en(__wasi_fd_close(fd)));
  printf("seek on stdin pipe: %s\n", en(__wasi_fd_seek(0, 0, __WASI_WHENCE_CUR, &pos)));
  /* every fdflag on an open: the kernel takes them, fdstat keeps them */
  e = __wasi_path_open(3, 0, "api.txt", 0, rw, rw,
                       __WASI_FDFLAGS_SYNC | __WASI_FDFLAGS_DSYNC | __WASI_FDFLAGS_RSYNC | __WASI_FDFLAGS_NONBLOCK |
                           __WASI_FDFLAGS_APPEND, &fd);
  (void)__wasi_fd_fdstat_get(fd, &fs);
  printf("open with every fdflag: %s flags %d\n", en(e), fs.fs_flags);
  __wasi_fd_close(fd);
  printf("open excl existing: %s\n", en(__wasi_path_open(3, 0, "api.txt", __WASI_OFLAGS_CREAT | __WASI_OFLAGS_EXCL, rw, rw, 0, &fd)));
  printf("open file as dir: %s\n", en(__wasi_path_open(3, 0, "api.txt", __WASI_OFLAGS_DIRECTORY, rw, rw, 0, &fd)));
  printf("path_open bad oflags: %s\n", en(__wasi_path_open(3, 0, "api.txt", 64, rw, rw, 0, &fd)));
  printf("symlink: %s\n", en(__wasi_path_symlink("api.txt", 3, "api.lnk")));
  char buf[64];
  __wasi_size_t used = 0;
  e = __wasi_path_readlink(3, "api.lnk", (uint8_t *)buf, 3, &used);
  printf("readlink short: %s %u %.*s\n", en(e), (unsigned)used, (int)used, buf);
  printf("open link nofollow: %s\n", en(__wasi_path_open(3, 0, "api.lnk", 0, __WASI_RIGHTS_FD_READ, 0, 0, &fd)));
  e = __wasi_path_open(3, __WASI_LOOKUPFLAGS_SYMLINK_FOLLOW, "api.lnk", 0, __WASI_RIGHTS_FD_READ, 0, 0, &fd);
  printf("open link follow: %s\n", en(e));
  if (!e) __wasi_fd_close(fd);
  printf("filestat nofollow type: %s %d\n", en(__wasi_path_filestat_get(3, 0, "api.lnk", &st)), st.filetype);
  printf("link: %s\n", en(__wasi_path_link(3, 0, "api.txt", 3, "api.hard")));
  (void)__wasi_path_filestat_get(3, 0, "api.txt", &st);
  printf("nlink: %llu\n", (unsigned long long)st.nlink);

  /* readdir: a directory of 300 entries read in small buffers by cookie */
  __wasi_path_create_directory(3, "many");
  for (int i = 0; i < 300; i++) {
    char p[32];
    snprintf(p, sizeof p, "many/entry-%03d", i);
    __wasi_fd_t f = open_file(p, __WASI_OFLAGS_CREAT, rw, 0);
    __wasi_fd_close(f);
  }
  __wasi_fd_t d = 0;
  e = __wasi_path_open(3, 0, "many", __WASI_OFLAGS_DIRECTORY, __WASI_RIGHTS_FD_READDIR, 0, 0, &d);
  __wasi_dircookie_t cookie = 0;
  int entries = 0, dots = 0, calls = 0;
  uint8_t rb[256];
  for (;;) {
    e = __wasi_fd_readdir(d, rb, sizeof rb, cookie, &used);
    calls++;
    if (e) break;
    size_t o = 0;
    while (o + sizeof(__wasi_dirent_t) <= used) {
      __wasi_dirent_t de;
      memcpy(&de, rb + o, sizeof de);
      if (o + sizeof de + de.d_namlen > used) break; /* cut: read again from its cookie */
      const char *nm = (const char *)rb + o + sizeof de;
      if ((de.d_namlen == 1 && nm[0] == '.') || (de.d_namlen == 2 && !memcmp(nm, "..", 2))) dots++;
      else entries++;
      cookie = de.d_next;
      o += sizeof de + de.d_namlen;
    }
    if (used < sizeof rb) break;
  }
  printf("readdir: %s entries %d dots %d in several calls %d\n", en(e), entries, dots, calls > 10);
  printf("readdir without the right: %s\n", en(__wasi_fd_readdir(3 + 100, rb, sizeof rb, 0, &used)));
  printf("rmdir not empty: %s\n", en(__wasi_path_remove_directory(3, "many")));
  printf("unlink a dir: %s\n", en(__wasi_path_unlink_file(3, "many")));
  printf("rename: %s\n", en(__wasi_path_rename(3, "api.hard", 3, "many/moved")));
  printf("rename missing: %s\n", en(__wasi_path_rename(3, "api.hard", 3, "x")));

  __wasi_timestamp_t t0 = 0, t1 = 0, res = 0;
  printf("clock bad id: %s\n", en(__wasi_clock_time_get(9, 1, &t0)));
  printf("clock_res: %s %d\n", en(__wasi_clock_res_get(__WASI_CLOCKID_MONOTONIC, &res)), res > 0 && res < 1000000);
  /* poll: a relative clock and an absolute one, the earlier fires */
  __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t0);
  __wasi_subscription_t sub[2];
  memset(sub, 0, sizeof sub);
  sub[0].userdata = 11;
  sub[0].u.tag = __WASI_EVENTTYPE_CLOCK;
  sub[0].u.u.clock.id = __WASI_CLOCKID_MONOTONIC;
  sub[0].u.u.clock.timeout = 5000000000ull;
  sub[1].userdata = 22;
  sub[1].u.tag = __WASI_EVENTTYPE_CLOCK;
  sub[1].u.u.clock.id = __WASI_CLOCKID_REALTIME;
  __wasi_timestamp_t real;
  __wasi_clock_time_get(__WASI_CLOCKID_REALTIME, 1, &real);
  sub[1].u.u.clock.timeout = real + 100000000ull;
  sub[1].u.u.clock.flags = __WASI_SUBCLOCKFLAGS_SUBSCRIPTION_CLOCK_ABSTIME;
  __wasi_event_t ev[2];
  __wasi_size_t nev = 0;
  e = __wasi_poll_oneoff(sub, ev, 2, &nev);
  __wasi_clock_time_get(__WASI_CLOCKID_MONOTONIC, 1, &t1);
  printf("poll abstime: %s events %u user %llu waited %d\n", en(e), (unsigned)nev, (unsigned long long)ev[0].userdata,
         t1 - t0 >= 90000000ull && t1 - t0 < 4000000000ull);
  /* an fd subscription on a closed fd is an event with its error */
  sub[0].u.tag = __WASI_EVENTTYPE_FD_READ;
  sub[0].u.u.fd_read.file_descriptor = 77;
  e = __wasi_poll_oneoff(sub, ev, 1, &nev);
  printf("poll bad fd: %s events %u error %s\n", en(e), (unsigned)nev, en(ev[0].error));
  printf("poll nothing: %s\n", en(__wasi_poll_oneoff(sub, ev, 0, &nev)));
  uint8_t r1[16], r2[16];
  __wasi_random_get(r1, sizeof r1);
  __wasi_random_get(r2, sizeof r2);
  printf("random differs: %d\n", memcmp(r1, r2, sizeof r1) != 0);
  printf("sched_yield: %s\n", en(__wasi_sched_yield()));
  printf("raise bad: %s\n", en(raise_wasi(99)));
  printf("raise chld (ignored): %s\n", en(raise_wasi(16 /* SIGCHLD */)));
  fflush(stdout);
  raise_wasi(15 /* SIGTERM */);
  puts("not reached");
  return 0;
}
