/* truncate.c - shrink or extend the size of a file to the specified size.
**
** Usage: truncate OPTION... FILE...
** Shrink or extend the size of each FILE to the specified size
**
** A FILE argument that does not exist is created.
**
** If a FILE is larger than the specified size, the extra data is lost.
** If a FILE is shorter, it is extended and the sparse extended part (hole)
** reads as zero bytes.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c, --no-create        do not create any files
**   -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
**   -r, --reference=RFILE  base size on RFILE
**   -s, --size=SIZE        set or adjust the file size by SIZE bytes
**       --help        display this help and exit
**       --version     output version information and exit
**
** The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
** Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
**
** SIZE may also be prefixed by one of the following modifying characters:
** '+' extend by, '-' reduce by, '<' at most, '>' at least,
** '/' round down to multiple of, '%' round up to multiple of.
*/

/* GNU coreutils' truncate. */
#include "cmd.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

enum { RM_SET, RM_EXTEND, RM_REDUCE, RM_ATMOST, RM_ATLEAST, RM_ROUNDDOWN, RM_ROUNDUP };

static int do_one(acs_cmd *c, const char *f, bool no_create, bool blocks, int64_t size, int mode,
                  int64_t ref)
{
  char q[1024];
  int fd = acs_sys_open(f, O_WRONLY | O_NONBLOCK | (no_create ? 0 : O_CREAT), 0666);
  if (fd < 0) {
    if (no_create && fd == -ENOENT) return 0;
    cmd_error(c, "cannot open %s for writing: %s", cmd_quote(f, q, sizeof q), cmd_strerror(fd));
    return 1;
  }
  acs__sys_stat st;
  int rc = acs_sys_fstat(fd, &st);
  if (rc) {
    cmd_error(c, "cannot fstat %s: %s", cmd_quote(f, q, sizeof q), cmd_strerror(rc));
    acs_sys_close(fd);
    return 1;
  }
  if (blocks) {
    int64_t bs = st.blksize ? st.blksize : 512;
    if (size > INT64_MAX / bs) {
      cmd_error(c, "overflow in %jd * %jd byte blocks for file %s", (intmax_t)size, (intmax_t)bs,
                cmd_quote(f, q, sizeof q));
      acs_sys_close(fd);
      return 1;
    }
    size *= bs;
  }
  int64_t cur = ref >= 0 ? ref : (int64_t)st.size, n = size;
  if (mode != RM_SET && ref < 0 && !S_ISREG(st.mode)) {
    int64_t end = acs_sys_lseek(fd, 0, SEEK_END);
    if (end >= 0) cur = end;
  }
  switch (mode) {
  case RM_EXTEND:
    if (cur > INT64_MAX - size) goto overflow;
    n = cur + size;
    break;
  case RM_REDUCE: n = cur - size < 0 ? 0 : cur - size; break;
  case RM_ATMOST: n = cur < size ? cur : size; break;
  case RM_ATLEAST: n = cur > size ? cur : size; break;
  case RM_ROUNDDOWN: n = cur / size * size; break;
  case RM_ROUNDUP:
    if (cur / size * size > INT64_MAX - (cur % size ? size : 0)) goto overflow;
    n = (cur + size - 1) / size * size;
    break;
  }
  rc = acs_sys_ftruncate(fd, n);
  acs_sys_close(fd);
  if (rc) {
    cmd_error(c, "failed to truncate %s at %jd bytes: %s", cmd_quote(f, q, sizeof q), (intmax_t)n,
              cmd_strerror(rc));
    return 1;
  }
  return 0;
overflow:
  cmd_error(c, "overflow extending size of file %s", cmd_quote(f, q, sizeof q));
  acs_sys_close(fd);
  return 1;
}

int acs__cmd_truncate(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"no-create", 'c', CMD_NOARG}, {"io-blocks", 'o', CMD_NOARG}, {"reference", 'r', CMD_ARG},
      {"size", 's', CMD_ARG}, {0}};
  bool no_create = false, blocks = false, got_size = false;
  const char *ref = NULL;
  int64_t size = 0;
  int mode = RM_SET;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "cor:s:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': no_create = true; break;
    case 'o': blocks = true; break;
    case 'r': ref = g.arg; break;
    case 's': {
      const char *s = g.arg;
      while (*s == ' ' || (*s >= '\t' && *s <= '\r')) s++;
      static const char marks[] = "+-<>/%";
      const char *m = *s ? strchr(marks, *s) : NULL;
      mode = RM_SET;
      if (m) {
        mode = (int)(m - marks) + RM_EXTEND;
        s++;
        while (*s == ' ' || (*s >= '\t' && *s <= '\r')) s++;
      }
      /* a sign left after the modifier is junk, as GNU's xdectoimax says */
      bool signed_ = *s == '-' || (*s == '+' && m);
      if (signed_ || !cmd_parse_num(s, true, &size)) {
        bool big = !signed_ && *s >= '0' && *s <= '9' && strspn(s, "0123456789") > 18;
        if (big || (!signed_ && *s && strchr("0123456789", *s) && s[strspn(s, "0123456789")] &&
                    strchr("KMGTPEZY", s[strspn(s, "0123456789")])))
          cmd_error(c, "Invalid number: %s: Value too large for defined data type",
                    cmd_quote(g.arg, q, sizeof q));
        else cmd_error(c, "Invalid number: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      if ((mode == RM_ROUNDDOWN || mode == RM_ROUNDUP) && size == 0) {
        cmd_error(c, "division by zero");
        return 1;
      }
      got_size = true;
      break;
    }
    }
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (ref && got_size && mode == RM_SET) {
    cmd_usage_error(c, "you must specify a relative %s with %s", "'--size'", "'--reference'");
    return 1;
  }
  if (!ref && !got_size) {
    cmd_usage_error(c, "you must specify either %s or %s", "'--size'", "'--reference'");
    return 1;
  }
  if (blocks && !got_size) {
    cmd_usage_error(c, "%s was specified but %s was not", "'--io-blocks'", "'--size'");
    return 1;
  }
  if (g.nops < 1) {
    cmd_usage_error(c, "missing file operand");
    return 1;
  }
  int64_t refsize = -1;
  if (ref) {
    acs__sys_stat st;
    int rc = acs_sys_stat(ref, &st);
    if (rc) {
      cmd_error(c, "cannot stat %s: %s", cmd_quote(ref, q, sizeof q), cmd_strerror(rc));
      return 1;
    }
    refsize = (int64_t)st.size;
    if (!got_size) size = refsize;
  }
  int status = 0;
  for (int i = 0; i < g.nops; i++)
    status |= do_one(c, cmd_operands(&g)[i], no_create, blocks, size, got_size ? mode : RM_SET, refsize);
  return status;
}
