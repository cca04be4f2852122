/* wheel_fuzz.c - libFuzzer harness for the host side of the box's pip:
** unpacking a wheel (src/pkg/wheel.c: a zip from the network, written
** into a host directory of the store) and Python's versions and
** specifiers (src/pkg/pyver.c).
**
** Input: a first byte, then the rest. Byte 0 even: the rest is a wheel,
** unpacked into a fresh directory under the harness's own temp dir (in
** /dev/shm, else /tmp; removed at exit) that holds a sentinel file beside
** it. The unpack must succeed or fail with a reason; after it nothing but
** the destination and the sentinel is in the temp dir, the sentinel is
** unchanged, nothing under the destination is a link or anything but a
** file or a directory, and no mode has setuid, setgid, sticky or group or
** others' write bits (pip keeps only an entry's x bits). Byte 0 odd: the rest is "SPEC\0VERSION" for
** acs__pyspec_match and acs__pyver_parse/format/cmp; a parsed version
** formats to a text that parses to the same version. WHEEL_FUZZ_TRACE=1
** prints each wheel's outcome. Build and run:
** `make fuzz-wheel`. */
#define _XOPEN_SOURCE 700
#include "pkg/pyver.h"
#include "pkg/wheel.h"

#include <dirent.h>
#include <stdint.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char base[128], dest[160], sentinel[160];
static const char SENTINEL[] = "the store's other files";

static void breach(const char *what, const char *path)
{
  fprintf(stderr, "wheel_fuzz: %s%s%s\n", what, path ? ": " : "", path ? path : "");
  abort();
}

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)st, (void)flag, (void)f;
  return remove(p);
}

static void cleanup(void)
{
  if (base[0]) nftw(base, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int check_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
  (void)f;
  if (flag == FTW_SL || S_ISLNK(st->st_mode)) breach("a link was unpacked", p);
  if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode)) breach("a special file was unpacked", p);
  /* pip keeps a zip entry's x bits, nothing else of its mode */
  if (st->st_mode & (S_ISUID | S_ISGID | S_ISVTX | S_IWGRP | S_IWOTH))
    breach("an unpacked file has setuid, setgid, sticky or others' write bits", p);
  return 0;
}

static void setup(void)
{
  const char *roots[] = {"/dev/shm", "/tmp"};
  for (int i = 0; i < 2 && !base[0]; i++) {
    snprintf(base, sizeof base, "%s/wheel_fuzz.XXXXXX", roots[i]);
    if (!mkdtemp(base)) base[0] = 0;
  }
  if (!base[0]) abort();
  atexit(cleanup);
  snprintf(dest, sizeof dest, "%s/d", base);
  snprintf(sentinel, sizeof sentinel, "%s/sentinel", base);
  FILE *f = fopen(sentinel, "w");
  if (!f) abort();
  fputs(SENTINEL, f);
  fclose(f);
}

static void fuzz_wheel(const uint8_t *data, size_t size)
{
  unsigned char *copy = malloc(size ? size : 1); /* exact: ASan sees a read past it */
  if (!copy) abort();
  memcpy(copy, data, size);
  char why[512] = "", *info = NULL;
  bool ok = acs__wheel_unpack(copy, size, dest, "/usr/bin/python3", &info, why, sizeof why);
  free(copy);
  if (getenv("WHEEL_FUZZ_TRACE")) fprintf(stderr, "  %s%s\n", ok ? "unpacked " : "refused: ", ok ? info : why);
  if (!ok && !why[0]) breach("a wheel was refused without a reason", NULL);
  if (ok && (!info || !*info)) breach("a wheel unpacked without its .dist-info named", NULL);
  free(info);
  DIR *d = opendir(base);
  if (!d) abort();
  for (struct dirent *e; (e = readdir(d));)
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, "d") &&
        strcmp(e->d_name, "sentinel"))
      breach("the unpack wrote beside its destination", e->d_name);
  closedir(d);
  char buf[64] = "";
  FILE *f = fopen(sentinel, "r");
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  if (f) fclose(f);
  if (n != sizeof SENTINEL - 1 || memcmp(buf, SENTINEL, n)) breach("the sentinel beside it changed", NULL);
  struct stat st;
  if (lstat(dest, &st) == 0) {
    nftw(dest, check_one, 16, FTW_PHYS);
    nftw(dest, rm_one, 16, FTW_DEPTH | FTW_PHYS);
  }
}

static void fuzz_versions(const uint8_t *data, size_t size)
{
  char *text = malloc(size + 2);
  if (!text) abort();
  memcpy(text, data, size);
  text[size] = text[size + 1] = 0;
  const char *spec = text, *version = text + strlen(text) + 1;
  if (version > text + size) version = "";
  bool bad = false;
  acs__pyspec_match(spec, version, &bad);
  acs__pyspec_has_pre(spec);
  acs__pyver a, b;
  if (acs__pyver_parse(version, &a)) {
    char out[512];
    acs__pyver_format(&a, out, sizeof out);
    if (!acs__pyver_parse(out, &b)) breach("a formatted version does not parse", out);
    if (acs__pyver_cmp(&a, &b) != 0) breach("a version and its formatted text differ", out);
    acs__pyver_is_pre(&a);
    int ab, ba;
    if (acs__pyver_parse(spec, &b) && ((ab = acs__pyver_cmp(&a, &b)) < -1 || ab > 1 ||
                                       (ba = acs__pyver_cmp(&b, &a)) != -ab))
      breach("the order of two versions is not antisymmetric", spec);
  }
  free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!base[0]) setup();
  if (!size) return 0;
  if (data[0] & 1) fuzz_versions(data + 1, size - 1);
  else fuzz_wheel(data + 1, size - 1);
  return 0;
}
