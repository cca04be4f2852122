/* mapfile.c - mapfile / readarray: lines of a descriptor into an indexed
** array (MAPFILE by default). -d DELIM (a NUL with -d ''), -n COUNT,
** -O ORIGIN (the array is kept, lines go from there on), -s COUNT lines
** skipped, -t the delimiter dropped, -u FD; -C CALLBACK every -c QUANTUM
** lines runs CALLBACK INDEX LINE, as bash does. With -n the descriptor
** is read a byte at a time so that no input past the last line is taken
** from a pipe the next command reads. A read error ends the input, as in
** bash (mapfile < dir is status 0). */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool count_arg(const char *s, long *out)
{
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < 0) return false;
  *out = v;
  return true;
}

int bi_mapfile(int argc, char **argv)
{
  const char *cmd = argv[0];
  char delim = '\n';
  long count = 0, origin = 0, skip = 0, quantum = 5000;
  bool strip = false, keep = false;
  int fd = 0;
  const char *callback = NULL;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = argv[i] + 1; *p; p++) {
      char o = *p;
      if (o == 't') {
        strip = true;
        continue;
      }
      if (!strchr("dnOsuCc", o)) {
        sh_error("%s: -%c: invalid option", cmd, o);
        sh_usage("mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] "
                 "[-C callback] [-c quantum] [array]\n");
        return 2;
      }
      const char *v = p[1] ? p + 1 : i + 1 < argc ? argv[++i] : NULL;
      if (!v) {
        sh_error("%s: -%c: option requires an argument", cmd, o);
        return 2;
      }
      long n = 0;
      if (o == 'd') delim = v[0];
      else if (o == 'C') callback = v;
      else if (!count_arg(v, &n)) {
        sh_error("%s: %s: invalid %s", cmd, v,
                 o == 'u' ? "file descriptor specification" : o == 'O' ? "array origin" : "line count");
        return 1;
      } else if (o == 'n') count = n;
      else if (o == 'O') origin = n, keep = true;
      else if (o == 's') skip = n;
      else if (o == 'u') fd = (int)n;
      else if (o == 'c') quantum = n ? n : 1;
      break;
    }
  }
  const char *name = i < argc ? argv[i] : "MAPFILE";
  if (!is_name(name, strlen(name))) {
    sh_error("%s: `%s': not a valid identifier", cmd, name);
    return 1;
  }
  if (!keep) {
    var_unset(name);
  }
  array *a = var_make_array(name, false);
  if (!a) return 1;
  out_flush();
  sbuf line = {0};
  char buf[65536];
  size_t have = 0, at = 0;
  long n = 0, idx = origin;
  bool eof = false;
  while (!eof && (!count || n < count)) {
    /* one line (its delimiter included) */
    line.len = 0;
    bool got = false;
    for (;;) {
      if (at == have) {
        ssize_t r = acs_sys_read(fd, buf, count ? 1 : sizeof buf);
        if (r <= 0) {
          eof = true;
          break;
        }
        have = (size_t)r, at = 0;
      }
      char c = buf[at++];
      got = true;
      sb_addc(&line, c);
      if (c == delim) break;
    }
    if (!got) break;
    if (skip > 0) {
      skip--;
      continue;
    }
    if (strip && line.len && line.s[line.len - 1] == delim) line.len--;
    sb_addc(&line, 0);
    line.len--;
    /* bash runs the callback before the line is assigned */
    if (callback && (n + 1) % quantum == 0) {
      sbuf c = {0};
      char *q = sh_quote(line.s);
      sb_printf(&c, "%s %ld %s", callback, idx, q);
      free(q);
      run_string(c.s, "mapfile", sh.line);
      sb_free(&c);
      a = var_array(name);
      if (!a) break;
    }
    arr_seti(a, idx++, line.s);
    n++;
  }
  sb_free(&line);
  return 0;
}
