/* read.c - the read builtin: a line from stdin (or -u FD) split on IFS
** into the named variables (REPLY when none), the last one taking the
** rest of the line; -a ARRAY takes every field; -r keeps backslashes,
** -d DELIM ('' is NUL), -n N, -N N (exactly N bytes, no splitting),
** -p PROMPT, -s and -t accepted. It reads one byte at a time so that what follows the
** line stays for the next reader, as bash does on a pipe. */
#include "sh.h"

#include <errno.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

static bool is_ifs_ws(const char *ifs, char c) { return (c == ' ' || c == '\t' || c == '\n') && strchr(ifs, c); }

int bi_read(int argc, char **argv)
{
  bool raw = false;
  int fd = 0;
  long nmax = -1;
  bool exact = false;
  const char *arr = NULL;
  char delim = '\n';
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = argv[i] + 1; *p; p++) {
      char o = *p;
      if (o == 'r') raw = true;
      else if (o == 's') continue;
      else if (o == 'd' || o == 'n' || o == 'N' || o == 'p' || o == 't' || o == 'u' || o == 'a') {
        const char *v = p[1] ? p + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
          sh_error("read: -%c: option requires an argument", o);
          return 2;
        }
        if (o == 'd') delim = v[0];
        else if (o == 'a') arr = v;
        else if (o == 'n' || o == 'N') {
          char *end;
          nmax = strtol(v, &end, 10);
          if (*end || !*v || nmax < 0) {
            sh_error("read: %s: invalid number", v);
            return 1;
          }
          exact = o == 'N';
        }
        else if (o == 'u') fd = atoi(v);
        else if (o == 'p') {
          out_flush();
          sh_write(2, v, strlen(v));
        }
        break;
      } else {
        sh_error("read: -%c: invalid option", o);
        return 2;
      }
    }
  }
  for (int k = i; k < argc; k++)
    if (!is_name(argv[k], strlen(argv[k]))) {
      sh_error("read: `%s': not a valid identifier", argv[k]);
      return 1;
    }
  /* the line, with a flag per byte: escaped by a backslash */
  sbuf line = {0}, esc = {0};
  bool eof = false;
  for (;;) {
    if (nmax >= 0 && (long)line.len >= nmax) break;
    char c;
    ssize_t n = acs_sys_read(fd, &c, 1);
    if (n <= 0) {
      eof = true;
      break;
    }
    if (c == delim && !exact) break;
    if (!raw && c == '\\' && !exact) {
      n = acs_sys_read(fd, &c, 1);
      if (n <= 0) {
        eof = true;
        break;
      }
      if (c == '\n') continue; /* line continuation */
      sb_addc(&line, c);
      sb_addc(&esc, '1');
      continue;
    }
    if (c == 0) continue;
    sb_addc(&line, c);
    sb_addc(&esc, '0');
  }
  const char *ifsv = var_get("IFS");
  const char *ifs = ifsv ? ifsv : " \t\n";
  const char *s = line.s ? line.s : "";
  const char *e = esc.s ? esc.s : "";
  size_t len = line.len, pos = 0;
  int nvars = argc - i;
  if (arr && !is_name(arr, strlen(arr))) {
    sh_error("read: `%s': not a valid identifier", arr);
    sb_free(&line), sb_free(&esc);
    return 1;
  }
  if (exact) { /* -N: the bytes as they came, into one variable; the others empty */
    var_set(nvars ? argv[i] : arr ? arr : "REPLY", s, 0);
    for (int v = 1; v < nvars; v++) var_set(argv[i + v], "", 0);
    sb_free(&line), sb_free(&esc);
    return eof ? 1 : 0;
  }
  if (arr) nvars = 0;
  if (nvars == 0 && !arr) {
    /* REPLY: the whole line, nothing stripped */
    var_set("REPLY", s, 0);
  }
#define SEP(k) (e[k] == '0' && s[k] && strchr(ifs, s[k]))
  /* leading IFS white space is skipped */
  while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
  for (int v = 0; v < nvars; v++) {
    sbuf val = {0};
    if (v == nvars - 1) {
      /* bash: when what is left is one field and its delimiter, the field;
      ** else the rest, without trailing IFS white space ("b:" gives b,
      ** "b::" gives b::) */
      size_t f = pos;
      while (f < len && !SEP(f)) f++;
      size_t after = f;
      while (after < len && SEP(after) && is_ifs_ws(ifs, s[after])) after++;
      if (after < len && SEP(after) && !is_ifs_ws(ifs, s[after])) {
        after++;
        while (after < len && SEP(after) && is_ifs_ws(ifs, s[after])) after++;
      }
      size_t end = len;
      if (after >= len) end = f;
      else
        while (end > pos && SEP(end - 1) && is_ifs_ws(ifs, s[end - 1])) end--;
      sb_add(&val, s + pos, end - pos);
      pos = len;
    } else {
      while (pos < len && !SEP(pos)) sb_addc(&val, s[pos++]);
      /* the separator: white space around one non-white character */
      while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      if (pos < len && SEP(pos) && !is_ifs_ws(ifs, s[pos])) {
        pos++;
        while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      }
    }
    var_set(argv[i + v], val.s ? val.s : "", 0);
    sb_free(&val);
  }
  if (arr) { /* every field, none taking the rest */
    var_unset(arr);
    array *a = var_make_array(arr, false);
    long k = 0;
    while (a && pos < len) {
      sbuf val = {0};
      while (pos < len && !SEP(pos)) sb_addc(&val, s[pos++]);
      while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      if (pos < len && SEP(pos) && !is_ifs_ws(ifs, s[pos])) {
        pos++;
        while (pos < len && SEP(pos) && is_ifs_ws(ifs, s[pos])) pos++;
      }
      arr_seti(a, k++, val.s ? val.s : "");
      sb_free(&val);
    }
  }
#undef SEP
  sb_free(&line);
  sb_free(&esc);
  return eof ? 1 : 0;
}
