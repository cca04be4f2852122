/* file.c - determine file type.
**
** Usage: file [OPTION...] [FILE...]
** Determine type of FILEs.
**
**       --help                 display this help and exit
**   -v, --version              output version information and exit
**   -b, --brief                do not prepend filenames to output lines
**   -E                         on filesystem errors, issue an error message and exit
**   -f, --files-from FILE      read the filenames to be examined from FILE
**   -F, --separator STRING     use string as separator instead of `:'
**   -i, --mime                 output MIME type strings (--mime-type and
**                                --mime-encoding)
**       --mime-type            output the MIME type
**       --mime-encoding        output the MIME encoding
**   -k, --keep-going           don't stop at the first match
**   -L, --dereference          follow symlinks
**   -h, --no-dereference       don't follow symlinks (default)
**   -N, --no-pad               do not pad output
**   -0, --print0               terminate filenames with ASCII NUL
**   -r, --raw                  don't translate unprintable chars to \ooo
**   -s, --special-files        treat special (block/char devices) files as
**                              ordinary ones
**   -z, --uncompress           (accepted; the box's file does not look inside
**                                compressed files)
**   -Z, --uncompress-noreport  (likewise)
*/

/* file(1) 5.44 on Debian's libmagic, opened on first use. The box's files
** are not host files, so each regular file is copied through the box's
** calls into a memfd and libmagic reads that descriptor (it seeks and
** reads as on the file itself, which ELF's details need); directories,
** links, fifos, devices and empty files get file's own words here. The
** compiled database is read by libmagic from /usr/share/misc/magic.mgc:
** the walls leave /usr readable (libraries are loaded from it on first
** use), and the path is given, so the box's MAGIC variable cannot point
** libmagic elsewhere. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define MAGIC_DB "/usr/share/misc/magic.mgc"
#define FILE_MAX_COPY (64u << 20) /* more than libmagic looks at but ELF's tables */

enum { OPT_MIME_TYPE = 256, OPT_MIME_ENC, OPT_EXCLUDE_QUIET, OPT_APPLE, OPT_EXTENSION };

typedef struct lib {
  magic_t (*open)(int);
  void (*close)(magic_t);
  int (*load)(magic_t, const char *);
  const char *(*descriptor)(magic_t, int);
  const char *(*error)(magic_t);
} lib;

typedef struct fopts {
  bool brief, errors, nopad, print0, raw, deref, special, mime_type, mime_enc;
  const char *sep;
  int width;
} fopts;

static const char usage_text[] =
    "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n"
    "            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n"
    "            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n"
    "            <file> ...\n"
    "       file -C [-m <magicfiles>]\n"
    "       file [--help]\n";

/* a name as file shows it: unprintable bytes as \ooo unless -r */
static size_t shown(const fopts *o, const char *name, char *out, size_t size)
{
  size_t k = 0;
  for (const unsigned char *p = (const unsigned char *)name; *p && k + 5 < size; p++) {
    if (o->raw || (*p >= 32 && *p < 127)) out[k++] = (char)*p;
    else k += (size_t)snprintf(out + k, size - k, "\\%03o", *p);
  }
  out[k] = 0;
  return k;
}

static void line(acs_cmd *c, const fopts *o, const char *name, const char *desc)
{
  if (!o->brief) {
    char n[8192];
    size_t len = shown(o, name, n, sizeof n);
    cmd_puts(c, n);
    if (o->print0) cmd_putc(c, 0);
    else cmd_puts(c, o->sep);
    if (!o->nopad)
      for (size_t i = len; (int)i < o->width; i++) cmd_putc(c, ' ');
    cmd_putc(c, ' ');
  }
  cmd_puts(c, desc);
  cmd_putc(c, '\n');
}

/* what libmagic would say for a file of no content of its own */
static const char *special(const fopts *o, const char *words, const char *mime)
{
  static char b[256];
  if (o->mime_type && o->mime_enc) snprintf(b, sizeof b, "%s; charset=binary", mime);
  else if (o->mime_type) snprintf(b, sizeof b, "%s", mime);
  else if (o->mime_enc) snprintf(b, sizeof b, "binary");
  else return words;
  return b;
}

/* The file's bytes (fd of the box) into a memfd libmagic can read. */
static int to_memfd(int bfd)
{
  int m = memfd_create("file", MFD_CLOEXEC);
  if (m < 0) return -errno;
  static char buf[ACS__SYS_MAX_DATA];
  size_t total = 0;
  for (;;) {
    ssize_t n = acs_sys_read(bfd, buf, sizeof buf);
    if (n < 0) {
      close(m);
      return (int)n;
    }
    if (n == 0 || total >= FILE_MAX_COPY) break;
    for (ssize_t at = 0; at < n;) {
      ssize_t w = write(m, buf + at, (size_t)(n - at));
      if (w < 0) {
        int e = errno;
        close(m);
        return -e;
      }
      at += w;
    }
    total += (size_t)n;
  }
  lseek(m, 0, SEEK_SET);
  return m;
}

static int one(acs_cmd *c, const fopts *o, lib *L, magic_t mg, const char *name)
{
  char d[8400];
  bool is_stdin = !strcmp(name, "-");
  const char *label = is_stdin ? "/dev/stdin" : name;
  acs__sys_stat st;
  int rc = is_stdin ? acs_sys_fstat(0, &st) : o->deref ? acs_sys_stat(name, &st) : acs_sys_lstat(name, &st);
  if (rc) {
    if (o->errors) {
      snprintf(d, sizeof d, "ERROR: cannot stat `%s' (%s)", name, cmd_strerror(rc));
      line(c, o, label, d);
      return 1;
    }
    snprintf(d, sizeof d, "cannot open `%s' (%s)", name, cmd_strerror(rc));
    line(c, o, label, special(o, d, "cannot open"));
    return 0;
  }
  switch (is_stdin ? S_IFREG : st.mode & S_IFMT) {
  case S_IFDIR: line(c, o, label, special(o, "directory", "inode/directory")); return 0;
  case S_IFIFO:
    if (!is_stdin) {
      line(c, o, label, special(o, "fifo (named pipe)", "inode/fifo"));
      return 0;
    }
    break;
  case S_IFSOCK: line(c, o, label, special(o, "socket", "inode/socket")); return 0;
  case S_IFLNK: {
    char t[4096];
    ssize_t n = acs_sys_readlink(name, t, sizeof t - 1);
    t[n < 0 ? 0 : n] = 0;
    acs__sys_stat ts;
    bool broken = acs_sys_stat(name, &ts) != 0;
    snprintf(d, sizeof d, "%ssymbolic link to %s", broken ? "broken " : "", t);
    line(c, o, label, special(o, d, broken ? "inode/symlink" : "inode/symlink"));
    return 0;
  }
  case S_IFCHR:
  case S_IFBLK:
    if (!o->special) {
      snprintf(d, sizeof d, "%s special (%u/%u)", S_ISCHR(st.mode) ? "character" : "block",
               major(st.rdev), minor(st.rdev));
      line(c, o, label, special(o, d, S_ISCHR(st.mode) ? "inode/chardevice" : "inode/blockdevice"));
      return 0;
    }
    break;
  default:
    if (st.size == 0 && !is_stdin) {
      line(c, o, label, special(o, "empty", "inode/x-empty"));
      return 0;
    }
  }
  int bfd = is_stdin ? 0 : acs_sys_open(name, O_RDONLY | O_NONBLOCK, 0);
  if (bfd < 0) {
    snprintf(d, sizeof d, "cannot open `%s' (%s)", name, cmd_strerror(bfd));
    line(c, o, label, d);
    return o->errors;
  }
  int m = to_memfd(bfd);
  if (!is_stdin) acs_sys_close(bfd);
  if (m < 0) {
    snprintf(d, sizeof d, "cannot read `%s' (%s)", name, cmd_strerror(m));
    line(c, o, label, d);
    return o->errors;
  }
  /* libmagic's pie-or-shared-object and similar guesses look at the mode */
  (void)fchmod(m, st.mode & 07777); /* refused: the memfd's own 0777 */
  bool none = lseek(m, 0, SEEK_END) == 0;
  lseek(m, 0, SEEK_SET);
  const char *r = none ? "" : L->descriptor(mg, m);
  close(m);
  if (!r) {
    const char *e = L->error(mg);
    snprintf(d, sizeof d, "ERROR: %s", e ? e : "unknown");
    line(c, o, label, d);
    return o->errors;
  }
  if (!*r) r = special(o, "empty", "inode/x-empty");
  line(c, o, label, r);
  return 0;
}

int acs__cmd_file(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"brief", 'b', CMD_NOARG}, {"files-from", 'f', CMD_ARG}, {"separator", 'F', CMD_ARG},
      {"mime", 'i', CMD_NOARG}, {"mime-type", OPT_MIME_TYPE, CMD_NOARG},
      {"mime-encoding", OPT_MIME_ENC, CMD_NOARG}, {"keep-going", 'k', CMD_NOARG},
      {"dereference", 'L', CMD_NOARG}, {"no-dereference", 'h', CMD_NOARG}, {"no-pad", 'N', CMD_NOARG},
      {"print0", '0', CMD_NOARG}, {"raw", 'r', CMD_NOARG}, {"special-files", 's', CMD_NOARG},
      {"uncompress", 'z', CMD_NOARG}, {"uncompress-noreport", 'Z', CMD_NOARG},
      {"preserve-date", 'p', CMD_NOARG}, {"no-sandbox", 'S', CMD_NOARG}, {"exclude", 'e', CMD_ARG},
      {"exclude-quiet", OPT_EXCLUDE_QUIET, CMD_ARG}, {"apple", OPT_APPLE, CMD_NOARG},
      {"extension", OPT_EXTENSION, CMD_NOARG}, {0}};
  fopts o = {.sep = ":"};
  int flags = MAGIC_NONE;
  const char *from = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "0bcde:Ef:F:hikLNprsSvzZ", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case '0': o.print0 = true; break;
    case 'b': o.brief = true; break;
    case 'E': o.errors = true; flags |= MAGIC_ERROR; break;
    case 'f': from = g.arg; break;
    case 'F': o.sep = g.arg; break;
    case 'h': o.deref = false; break;
    case 'i': o.mime_type = o.mime_enc = true; flags |= MAGIC_MIME; break;
    case OPT_MIME_TYPE: o.mime_type = true; flags |= MAGIC_MIME_TYPE; break;
    case OPT_MIME_ENC: o.mime_enc = true; flags |= MAGIC_MIME_ENCODING; break;
    case OPT_APPLE: flags |= MAGIC_APPLE; break;
    case OPT_EXTENSION: flags |= MAGIC_EXTENSION; break;
    case 'k': flags |= MAGIC_CONTINUE; break;
    case 'L': o.deref = true; break;
    case 'N': o.nopad = true; break;
    case 'r': o.raw = true; flags |= MAGIC_RAW; break;
    case 's': o.special = true; flags |= MAGIC_DEVICES; break;
    /* Debian's libmagic decompresses in a child process, which a box
    ** process may not fork: -z and -Z describe the compressed file */
    case 'z': case 'Z': break;
    case 'v': cmd_help_version(c, "--version", &opt); return 0;
    default: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char **names = cmd_operands(&g);
  int n = g.nops;
  char *list = NULL;
  char **listed = NULL;
  if (from) {
    size_t len;
    int rc = cmd_read_all(from, &list, &len);
    if (rc) {
      cmd_error(c, "Cannot open `%s' (%s).", from, cmd_strerror(rc));
      return 1;
    }
    size_t cap = (size_t)n + 1;
    for (size_t i = 0; i < len; i++)
      if (list[i] == '\n') cap++;
    listed = malloc((cap + 1) * sizeof *listed);
    if (!listed) return 1;
    int k = 0;
    for (char *p = list, *e; p < list + len; p = e + 1) {
      e = memchr(p, '\n', (size_t)(list + len - p));
      if (!e) e = list + len;
      *e = 0;
      if (*p) listed[k++] = p;
    }
    for (int i = 0; i < n; i++) listed[k++] = names[i];
    names = listed;
    n = k;
  }
  if (n == 0) {
    cmd_flush(c);
    acs_sys_write_all(2, usage_text, sizeof usage_text - 1);
    free(list);
    free(listed);
    return 1;
  }
  static const char *const syms[] = {"magic_open", "magic_close", "magic_load", "magic_descriptor", "magic_error"};
  lib L;
  void *p[5];
  if (!cmd_dlsyms(c, "libmagic.so.1", syms, p, 5)) return 1;
  memcpy(&L.open, &p[0], sizeof p[0]);
  memcpy(&L.close, &p[1], sizeof p[1]);
  memcpy(&L.load, &p[2], sizeof p[2]);
  memcpy(&L.descriptor, &p[3], sizeof p[3]);
  memcpy(&L.error, &p[4], sizeof p[4]);
  magic_t mg = L.open(flags);
  if (!mg || L.load(mg, MAGIC_DB) != 0) {
    cmd_error(c, "could not find any valid magic files! (%s)", mg && L.error(mg) ? L.error(mg) : "?");
    if (mg) L.close(mg);
    free(list);
    free(listed);
    return 1;
  }
  if (!o.nopad)
    for (int i = 0; i < n; i++) {
      char s[8192];
      int w = (int)shown(&o, strcmp(names[i], "-") ? names[i] : "/dev/stdin", s, sizeof s);
      if (w > o.width) o.width = w;
    }
  int status = 0;
  for (int i = 0; i < n && !cmd_out_error(c); i++) status |= one(c, &o, &L, mg, names[i]);
  L.close(mg);
  free(list);
  free(listed);
  return status;
}
