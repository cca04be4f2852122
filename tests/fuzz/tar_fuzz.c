/* tar_fuzz.c - libFuzzer harness for npm tarball extraction
** (src/pkg/tarball.c). Input: a tar (plain or gzip'd). Each input is
** unpacked into a fresh directory, which is then removed; the extraction
** must return cleanly, and nothing may appear beside that directory.
** Build and run: `make fuzz-tar`. */
#include "pkg/tarball.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char base[64];

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)st; (void)f;
  if (flag == FTW_DP) rmdir(p);
  else unlink(p);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!base[0]) {
    strcpy(base, "/tmp/acs-tarfuzz-XXXXXX");
    if (!mkdtemp(base)) abort();
  }
  char dest[128];
  snprintf(dest, sizeof dest, "%s/pkg", base);
  if (mkdir(dest, 0700) != 0) abort();
  acs__tar_limits lim = {.max_bytes = 1 << 20, .max_file = 1 << 19, .max_entries = 200};
  acs_err err = {0};
  int rc = acs__tar_extract(data, size, dest, "fuzz@1.0.0", &lim, &err);
  if (rc != 0 && !err.message) abort();
  free(err.message);
  nftw(dest, rm_one, 16, FTW_DEPTH | FTW_PHYS);
  /* only pkg/ ever existed in base; anything else escaped */
  if (rmdir(base) != 0) abort();
  if (mkdir(base, 0700) != 0) abort();
  return 0;
}
