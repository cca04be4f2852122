/* pyver_tool.c - src/pkg/pyver.c and pyreq.c on the command line, for
** tests/pip/pep440_vs_packaging.py, which asks pip's own `packaging` the
** same questions. One answer line per input line, fields split by tabs:
**   cmp A B           -> -1, 0, 1, or E (A or B not a version)
**   norm V            -> the normalised version, or E
**   match SPEC V      -> 1, 0, or E (a bad specifier)
**   marker M EXTRA    -> 1, 0, or E (a bad marker) for CPython 3.11 on wasi
**   req TEXT          -> NAME|KEY|EXTRAS|SPEC|MARKER, or E */
#include "pkg/pyreq.h"
#include "pkg/pyver.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
  char line[8192];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    char *f[4] = {0};
    int n = 0;
    for (char *s = line, *t; n < 4 && (t = strsep(&s, "\t"));) f[n++] = t;
    acs__pyver a, b;
    if (!strcmp(f[0], "cmp") && n == 3) {
      if (!acs__pyver_parse(f[1], &a) || !acs__pyver_parse(f[2], &b)) puts("E");
      else printf("%d\n", acs__pyver_cmp(&a, &b));
    } else if (!strcmp(f[0], "norm") && n == 2) {
      char out[256];
      if (!acs__pyver_parse(f[1], &a)) puts("E");
      else {
        acs__pyver_format(&a, out, sizeof out);
        puts(out);
      }
    } else if (!strcmp(f[0], "match") && n == 3) {
      bool bad;
      bool m = acs__pyspec_match(f[1], f[2], &bad);
      puts(bad ? "E" : m ? "1" : "0");
    } else if (!strcmp(f[0], "marker") && n >= 2) {
      int r = acs__pymarker_eval(f[1], n > 2 ? f[2] : "");
      puts(r < 0 ? "E" : r ? "1" : "0");
    } else if (!strcmp(f[0], "req") && n == 2) {
      acs__pyreq r;
      char why[600];
      if (!acs__pyreq_parse(f[1], &r, why, sizeof why)) puts("E");
      else printf("%s|%s|%s|%s|%s\n", r.name, r.key, r.extras, r.spec, r.marker);
    } else puts("?");
    fflush(stdout);
  }
  return 0;
}
