/* semver_tool.c - src/pkg/semver.c and range.c on the command line, for
** tests/lib/semver_vs_node.js, which asks node-semver the same questions.
**
** usage: semver_tool [--satisfies | --range | --valid | --loose | --compare | --max] < LINES
**
** One answer line per input line. Fields are separated by a tab; inside a
** field "\t", "\n" and "\\" stand for a tab, a newline and a backslash.
**   --satisfies (default)  VERSION<TAB>RANGE  ->  1, 0, or E (bad range)
**   --range                RANGE              ->  node's validRange text, or E
**   --valid / --loose      VERSION            ->  the canonical version, or E
**   --compare              A<TAB>B            ->  -1, 0, 1, or E
**   --max                  RANGE<TAB>V...     ->  the highest satisfying V, -, or E
*/
#include "pkg/semver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Split line into fields at tabs, decoding escapes in place. */
static size_t fields(char *line, char **f, size_t max)
{
  size_t n = 0;
  char *w = line;
  f[n++] = w;
  for (char *r = line; *r; r++) {
    if (*r == '\t' && n < max) {
      *w++ = 0;
      f[n++] = w;
    } else if (*r == '\\' && r[1]) {
      r++;
      *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r;
    } else {
      *w++ = *r;
    }
  }
  *w = 0;
  return n;
}

int main(int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "--satisfies";
  char *line = NULL;
  size_t cap = 0;
  ssize_t got;
  acs__buf out = {0};
  char *f[4096];
  while ((got = getline(&line, &cap, stdin)) >= 0) {
    if (got && line[got - 1] == '\n') line[--got] = 0;
    size_t n = fields(line, f, sizeof f / sizeof *f);
    out.len = 0;
    if (!strcmp(mode, "--satisfies")) {
      bool ok;
      if (acs__semver_satisfies(f[0], n > 1 ? f[1] : "", &ok, NULL)) acs__buf_puts(&out, "E");
      else acs__buf_puts(&out, ok ? "1" : "0");
    } else if (!strcmp(mode, "--range")) {
      acs__semver_range *r;
      if (acs__semver_range_parse(f[0], &r, NULL)) acs__buf_puts(&out, "E");
      else acs__semver_range_format(r, &out);
      acs__semver_range_free(r);
    } else if (!strcmp(mode, "--valid") || !strcmp(mode, "--loose")) {
      acs__semver v;
      if (acs__semver_parse(f[0], mode[2] == 'l' ? ACS__SEMVER_LOOSE : 0, &v, NULL))
        acs__buf_puts(&out, "E");
      else acs__semver_format(&v, &out);
      acs__semver_clear(&v);
    } else if (!strcmp(mode, "--compare")) {
      acs__semver a, b;
      int ea = acs__semver_parse(f[0], 0, &a, NULL);
      int eb = acs__semver_parse(n > 1 ? f[1] : "", 0, &b, NULL);
      if (ea || eb) acs__buf_puts(&out, "E");
      else acs__buf_printf(&out, "%d", acs__semver_cmp(&a, &b));
      acs__semver_clear(&a);
      acs__semver_clear(&b);
    } else if (!strcmp(mode, "--max")) {
      const char *best;
      if (acs__semver_max_satisfying((const char *const *)f + 1, n - 1, f[0], &best, NULL))
        acs__buf_puts(&out, "E");
      else acs__buf_puts(&out, best ? best : "-");
    } else {
      fprintf(stderr, "semver_tool: unknown mode %s\n", mode);
      return 2;
    }
    /* Answers are one line: escape what would break that. */
    for (size_t i = 0; i < out.len; i++) {
      char c = out.data[i];
      if (c == '\n') fputs("\\n", stdout);
      else if (c == '\t') fputs("\\t", stdout);
      else if (c == '\\') fputs("\\\\", stdout);
      else putchar(c);
    }
    putchar('\n');
  }
  free(line);
  acs__buf_free(&out);
  return 0;
}
