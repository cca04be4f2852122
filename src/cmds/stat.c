/* stat.c - display file status.
**
** Usage: stat [OPTION]... FILE...
** Display file status.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -L, --dereference     follow links
**   -c  --format=FORMAT   use the specified FORMAT instead of the default;
**                           output a newline after each use of FORMAT
**       --printf=FORMAT   like --format, but interpret backslash escapes,
**                           and do not output a mandatory trailing newline;
**                           if you want a newline, include \n in FORMAT
**   -t, --terse           print the information in terse form
**       --help        display this help and exit
**       --version     output version information and exit
**
** The valid format sequences for files:
**
**   %a   permission bits in octal (note '#' and '0' printf flags)
**   %A   permission bits and file type in human readable form
**   %b   number of blocks allocated (see %B)
**   %B   the size in bytes of each block reported by %b
**   %C   SELinux security context string (the box has none)
**   %d   device number in decimal (st_dev)
**   %D   device number in hex (st_dev)
**   %Hd  major device number in decimal
**   %Ld  minor device number in decimal
**   %f   raw mode in hex
**   %F   file type
**   %g   group ID of owner
**   %G   group name of owner
**   %h   number of hard links
**   %i   inode number
**   %m   mount point
**   %n   file name
**   %N   quoted file name with dereference if symbolic link
**   %o   optimal I/O transfer size hint
**   %r   device type in decimal (st_rdev)
**   %R   device type in hex (st_rdev)
**   %Hr  major device type in decimal, for character/block device special files
**   %Lr  minor device type in decimal, for character/block device special files
**   %s   total size, in bytes
**   %t   major device type in hex, for character/block device special files
**   %T   minor device type in hex, for character/block device special files
**   %u   user ID of owner
**   %U   user name of owner
**   %w   time of file birth, human-readable; - if unknown
**   %W   time of file birth, seconds since Epoch; 0 if unknown
**   %x   time of last access, human-readable
**   %X   time of last access, seconds since Epoch
**   %y   time of last data modification, human-readable
**   %Y   time of last data modification, seconds since Epoch
**   %z   time of last status change, human-readable
**   %Z   time of last status change, seconds since Epoch
*/

/* GNU coreutils' stat for files (not -f, file systems). A directive is
** % [flags] [width] [.precision] letter, printed as printf would with
** those: numbers as integers, names and times as strings (a precision
** truncates them), except %X %Y %Z %W, whose precision is the digits of
** the fraction of a second. The default format names the file raw, -c's
** %N quotes it as the shell would. */
#include "cmd.h"
#include "lib_date.h"
#include "lib_mode.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

enum { OPT_PRINTF = 256 };

static void human_time(char *out, size_t size, int64_t s, int64_t ns, bool known)
{
  if (!known) {
    snprintf(out, size, "-");
    return;
  }
  struct tm tm;
  date_local((time_t)s, &tm);
  long off = date_gmtoff((time_t)s, NULL);
  char day[64];
  strftime(day, sizeof day, "%Y-%m-%d %H:%M:%S", &tm);
  long a = off < 0 ? -off : off;
  snprintf(out, size, "%s.%09" PRId64 " %c%02ld%02ld", day, ns, off < 0 ? '-' : '+', a / 3600, a / 60 % 60);
}

/* one directive: spec is "%" flags width precision (no letter) */
static void put_str(acs_cmd *c, const char *spec, const char *s)
{
  char fmt[80];
  snprintf(fmt, sizeof fmt, "%ss", spec);
  /* the '0' and numeric flags mean nothing to %s; printf ignores them */
  cmd_printf(c, fmt, s);
}

static void put_num(acs_cmd *c, const char *spec, uintmax_t v, char conv)
{
  char fmt[80];
  snprintf(fmt, sizeof fmt, "%sj%c", spec, conv);
  cmd_printf(c, fmt, v);
}

static void put_signed(acs_cmd *c, const char *spec, intmax_t v)
{
  char fmt[80];
  snprintf(fmt, sizeof fmt, "%sjd", spec);
  cmd_printf(c, fmt, v);
}

static void put_epoch(acs_cmd *c, const char *spec, int64_t s, int64_t ns)
{
  const char *dot = strchr(spec, '.');
  if (!dot) {
    put_signed(c, spec, (intmax_t)s);
    return;
  }
  int prec = dot[1] >= '0' && dot[1] <= '9' ? atoi(dot + 1) : 9; /* "%.Y" is all nine, as GNU */
  char frac[16];
  snprintf(frac, sizeof frac, "%09" PRId64, ns);
  if (prec > 9) prec = 9;
  char buf[64];
  if (prec > 0) snprintf(buf, sizeof buf, "%" PRId64 ".%.*s", s, prec, frac);
  else snprintf(buf, sizeof buf, "%" PRId64, s);
  char sp[64];
  snprintf(sp, sizeof sp, "%.*s", (int)(dot - spec), spec);
  put_str(c, sp, buf);
}

/* Returns 1 when a directive failed (%C: the box has no security contexts). */
static int print_file(acs_cmd *c, const char *fmt, bool escapes, const char *name, const acs__sys_stat *st)
{
  int status = 0;
  char buf[8192], q[4096];
  for (const char *p = fmt; *p; p++) {
    if (escapes && *p == '\\' && p[1]) {
      p++;
      static const char esc[] = "abefnrtv\\\"";
      static const char val[] = "\a\b\033\f\n\r\t\v\\\"";
      const char *e = strchr(esc, *p);
      if (e) {
        cmd_putc(c, val[e - esc]);
      } else if (*p >= '0' && *p <= '7') {
        int v = 0, k = 0;
        while (k < 3 && *p >= '0' && *p <= '7') v = v * 8 + (*p++ - '0'), k++;
        p--;
        cmd_putc(c, v);
      } else if (*p == 'x' && strchr("0123456789abcdefABCDEF", p[1]) && p[1]) {
        int v = 0, k = 0;
        p++;
        while (k < 2 && *p && strchr("0123456789abcdefABCDEF", *p)) {
          v = v * 16 + (*p <= '9' ? *p - '0' : (*p | 32) - 'a' + 10);
          p++, k++;
        }
        p--;
        cmd_putc(c, v);
      } else {
        char w[4096];
        snprintf(w, sizeof w, "warning: unrecognized escape '\\%c'", *p);
        cmd_error(c, "%s", w);
        cmd_putc(c, '\\');
        cmd_putc(c, *p);
      }
      continue;
    }
    if (*p != '%') {
      cmd_putc(c, *p);
      continue;
    }
    const char *start = p++;
    while (*p && strchr("-+ #0'", *p)) p++;
    while (*p >= '0' && *p <= '9') p++;
    if (*p == '.') {
      p++;
      while (*p >= '0' && *p <= '9') p++;
    }
    char spec[64];
    size_t sl = (size_t)(p - start);
    if (sl >= sizeof spec) sl = sizeof spec - 1;
    memcpy(spec, start, sl);
    spec[sl] = 0;
    char conv = *p;
    if (!conv) {
      cmd_puts(c, spec);
      break;
    }
    if ((conv == 'H' || conv == 'L') && (p[1] == 'd' || p[1] == 'r')) {
      uint64_t dev = p[1] == 'd' ? st->dev : st->rdev;
      put_num(c, spec, conv == 'H' ? major(dev) : minor(dev), 'u');
      p++;
      continue;
    }
    switch (conv) {
    case '%': cmd_putc(c, '%'); break;
    case 'a': put_num(c, spec, st->mode & 07777, 'o'); break;
    case 'A': mode_string(st->mode, buf), put_str(c, spec, buf); break;
    case 'b': put_num(c, spec, st->blocks, 'u'); break;
    case 'B': put_num(c, spec, 512, 'u'); break;
    case 'd': put_num(c, spec, st->dev, 'u'); break;
    case 'D': put_num(c, spec, st->dev, 'x'); break;
    case 'f': put_num(c, spec, st->mode, 'x'); break;
    case 'F': put_str(c, spec, mode_type_name(st->mode, st->size)); break;
    case 'g': put_num(c, spec, st->gid, 'u'); break;
    case 'G': cmd_group_name(st->gid, buf, sizeof buf), put_str(c, spec, buf); break;
    case 'h': put_num(c, spec, st->nlink, 'u'); break;
    case 'i': put_num(c, spec, st->ino, 'u'); break;
    case 'm': put_str(c, spec, "/"); break;
    case 'n': put_str(c, spec, name); break;
    case 'N': {
      char *s = buf;
      snprintf(s, sizeof buf, "%s", cmd_quote(name, q, sizeof q));
      if (S_ISLNK(st->mode)) {
        char target[4096];
        ssize_t n = acs_sys_readlink(name, target, sizeof target - 1);
        if (n >= 0) {
          target[n] = 0;
          size_t l = strlen(s);
          snprintf(s + l, sizeof buf - l, " -> %s", cmd_quote(target, q, sizeof q));
        }
      }
      put_str(c, spec, s);
      break;
    }
    case 'o': put_num(c, spec, st->blksize, 'u'); break;
    case 'r': put_num(c, spec, st->rdev, 'u'); break;
    case 'R': put_num(c, spec, st->rdev, 'x'); break;
    case 's': put_num(c, spec, st->size, 'u'); break;
    case 't': put_num(c, spec, major(st->rdev), 'x'); break;
    case 'T': put_num(c, spec, minor(st->rdev), 'x'); break;
    case 'u': put_num(c, spec, st->uid, 'u'); break;
    case 'U': cmd_user_name(st->uid, buf, sizeof buf), put_str(c, spec, buf); break;
    case 'w': human_time(buf, sizeof buf, st->btime_s, st->btime_ns, st->btime_s || st->btime_ns), put_str(c, spec, buf); break;
    case 'W': put_epoch(c, spec, st->btime_s, st->btime_ns); break;
    case 'x': human_time(buf, sizeof buf, st->atime_s, st->atime_ns, true), put_str(c, spec, buf); break;
    case 'X': put_epoch(c, spec, st->atime_s, st->atime_ns); break;
    case 'y': human_time(buf, sizeof buf, st->mtime_s, st->mtime_ns, true), put_str(c, spec, buf); break;
    case 'Y': put_epoch(c, spec, st->mtime_s, st->mtime_ns); break;
    case 'z': human_time(buf, sizeof buf, st->ctime_s, st->ctime_ns, true), put_str(c, spec, buf); break;
    case 'Z': put_epoch(c, spec, st->ctime_s, st->ctime_ns); break;
    case 'C':
      put_str(c, spec, "?");
      cmd_error(c, "failed to get security context of %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(-ENODATA));
      status = 1;
      break;
    default: put_str(c, spec, "?"); break;
    }
  }
  return status;
}

static void print_default(acs_cmd *c, const char *name, const acs__sys_stat *st, bool terse)
{
  if (terse) {
    print_file(c, "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n", false, name, st);
    return;
  }
  cmd_printf(c, "  File: %s", name);
  if (S_ISLNK(st->mode)) {
    char target[4096];
    ssize_t n = acs_sys_readlink(name, target, sizeof target - 1);
    if (n >= 0) {
      target[n] = 0;
      cmd_printf(c, " -> %s", target);
    }
  }
  cmd_putc(c, '\n');
  bool dev = S_ISCHR(st->mode) || S_ISBLK(st->mode);
  print_file(c,
             dev ? "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
                   "Device: %Hd,%Ld\tInode: %-10i  Links: %-5h Device type: %Hr,%Lr\n"
                 : "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
                   "Device: %Hd,%Ld\tInode: %-10i  Links: %h\n",
             false, name, st);
  print_file(c,
             "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
             "Access: %x\nModify: %y\nChange: %z\n Birth: %w\n",
             false, name, st);
}

int acs__cmd_stat(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"dereference", 'L', CMD_NOARG}, {"format", 'c', CMD_ARG},
                                  {"printf", OPT_PRINTF, CMD_ARG},  {"terse", 't', CMD_NOARG},
                                  {"file-system", 'f', CMD_NOARG},  {"cached", 257, CMD_ARG},
                                  {0}};
  bool deref = false, terse = false, escapes = false;
  const char *fmt = NULL;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "Lc:tf", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'L': deref = true; break;
    case 'c': fmt = g.arg, escapes = false; break;
    case OPT_PRINTF: fmt = g.arg, escapes = true; break;
    case 't': terse = true; break;
    case 'f': cmd_error(c, "--file-system is not supported in the box"); return 1;
    case 257: break;
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (g.nops == 0) {
    cmd_usage_error(c, "missing operand");
    return 1;
  }
  int status = 0;
  char q[4096];
  for (int i = 0; i < g.nops && !cmd_out_error(c); i++) {
    const char *name = cmd_operands(&g)[i];
    acs__sys_stat st;
    int rc = deref ? acs_sys_stat(name, &st) : acs_sys_lstat(name, &st);
    if (rc < 0) {
      cmd_error(c, "cannot statx %s: %s", cmd_quote(name, q, sizeof q), cmd_strerror(rc));
      status = 1;
      continue;
    }
    if (fmt) {
      status |= print_file(c, fmt, escapes, name, &st);
      if (!escapes) cmd_putc(c, '\n');
    } else {
      print_default(c, name, &st, terse);
    }
  }
  return status;
}
