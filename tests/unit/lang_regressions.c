/* lang_regressions.c - every file in tests/fuzz/regressions/lang (inputs the
** fuzzer once crashed, hung or leaked on) goes through the transform in the
** formats the fuzzer uses; each must come back with code or an error, and
** within BUDGET_MS (hangs were findings too; a few KB take microseconds).
** The kind comes from the extension. Run from the repository root (as
** tests/run.sh does), or set ACS_LANG_REGRESSIONS to the directory. */
#include "base/base.h"
#include "lang/lang.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUDGET_MS 2000.0

static bool is_source(const char *name)
{
  static const char *exts[] = {".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"};
  const char *dot = strrchr(name, '.');
  if (name[0] == '.' || !dot) return false;
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
    if (!strcmp(dot, exts[i])) return true;
  return false;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

Test(lang_regressions, every_reproducer_transforms_cleanly)
{
  const char *dir = getenv("ACS_LANG_REGRESSIONS");
  if (!dir || !*dir) dir = "tests/fuzz/regressions/lang";
  DIR *d = opendir(dir);
  cr_assert_not_null(d, "cannot open %s (run from the repository root)", dir);
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!is_source(e->d_name)) continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      names = realloc(names, cap * sizeof *names);
      cr_assert_not_null(names);
    }
    names[n] = strdup(e->d_name);
    cr_assert_not_null(names[n]);
    n++;
  }
  closedir(d);
  cr_assert_gt(n, 0, "no reproducers in %s", dir);
  qsort(names, n, sizeof *names, cmp_str);

  static const acs__lang_format fmts[] = {ACS__FMT_AUTO, ACS__FMT_ESM, ACS__FMT_CJS};
  static const char *fmt_names[] = {"auto", "esm", "cjs"};
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    char *src = NULL;
    size_t len = 0;
    int rc = acs__read_file(path, &src, &len);
    cr_assert_eq(rc, 0, "cannot read %s", path);
    for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++) {
      acs__lang_opts opts = {0};
      opts.kind = acs__lang_kind_of(names[i]);
      opts.format = fmts[f];
      opts.filename = names[i];
      /* If this crashes, the last line on stderr names the input. */
      fprintf(stderr, "lang_regressions: %s (%s)\n", names[i], fmt_names[f]);
      acs__lang_result out;
      double t0 = acs__now_ms();
      rc = acs__lang_transform(src, len, &opts, &out);
      double ms = acs__now_ms() - t0;
      cr_expect_lt(ms, BUDGET_MS, "%s (%s): took %.0f ms", names[i], fmt_names[f], ms);
      cr_expect_eq(rc, 0, "%s (%s): transform returned %d", names[i], fmt_names[f], rc);
      if (rc == 0)
        cr_expect(out.error != NULL || out.code != NULL, "%s (%s): neither code nor error", names[i],
                  fmt_names[f]);
      acs__lang_result_free(&out);
    }
    free(src);
    free(names[i]);
  }
  free(names);
}
