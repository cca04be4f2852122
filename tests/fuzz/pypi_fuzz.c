/* pypi_fuzz.c - libFuzzer harness for what the box's pip reads from a
** package index (a hostile or broken one): project pages as PEP 503 HTML
** or PEP 691 JSON (src/pkg/pyindex.c) and the requirement lines of a
** wheel's METADATA (src/pkg/pyreq.c, PEP 508).
**
** Input: a first byte, then the rest. Byte 0 even: the rest is a project
** page of "demo-pkg" at https://files.example/simple/demo-pkg/, parsed
** whole; every file kept must have a non-empty plain name (no '/', '\\',
** control characters, "." or ".."), a URL, a digest that is none or 64
** lower-case hex digits, and a kind 0 to 3, with a version when it is a
** wheel or an sdist (kind 0 to 2) of this project. Byte 0 odd: the rest
** is a requirement line for acs__pyreq_parse, which must succeed with a
** key that is its normalised name (and a marker that evaluates to true,
** false or malformed) or fail with a reason. Build and run: `make fuzz-pypi`. */
#include "pkg/pyindex.h"
#include "pkg/pyreq.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void breach(const char *what, const char *detail)
{
  fprintf(stderr, "pypi_fuzz: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  abort();
}

static void check_file(const acs__pyfile *f)
{
  const char *fn = f->filename;
  if (!fn || !*fn || strchr(fn, '/') || strchr(fn, '\\') || !strcmp(fn, ".") || !strcmp(fn, ".."))
    breach("a file name that is not one plain name", fn);
  for (const char *q = fn; *q; q++)
    if ((unsigned char)*q < 0x20) breach("a control character in a file name", NULL);
  if (!f->url) breach("a file without a URL", fn);
  if (f->sha256 && (strlen(f->sha256) != 64 || strspn(f->sha256, "0123456789abcdef") != 64))
    breach("a digest that is not 64 lower-case hex digits", f->sha256);
  if (f->kind < 0 || f->kind > 3) breach("a kind out of range", fn);
  if (f->kind < 3 && !f->version[0]) breach("a wheel or sdist of the project without a version", fn);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  char *text = malloc(size);
  if (!text) return 0;
  memcpy(text, data + 1, size - 1);
  text[size - 1] = 0; /* the fetch NUL-terminates a page */
  if (!(data[0] & 1)) {
    acs__pyproject p = {0};
    snprintf(p.key, sizeof p.key, "demo-pkg");
    acs__pyindex_parse(&p, "https://files.example/simple/demo-pkg/", text, size - 1);
    for (size_t i = 0; i < p.n; i++) check_file(&p.files[i]);
    acs__pyindex_free(&p);
  } else {
    acs__pyreq r;
    char why[256] = "";
    memset(&r, 0, sizeof r);
    if (acs__pyreq_parse(text, &r, why, sizeof why)) {
      char norm[256];
      acs__pyname_norm(r.name, strlen(r.name), norm, sizeof norm);
      if (!r.name[0]) breach("a requirement parsed without a name", text);
      if (strcmp(norm, r.key)) breach("a requirement's key is not its normalised name", r.key);
      int m = r.marker[0] ? acs__pymarker_eval(r.marker, "test") : 1;
      if (m < -1 || m > 1) breach("a marker evaluated to neither true, false nor malformed", r.marker);
    } else if (!why[0]) {
      breach("a requirement refused without a reason", text);
    }
  }
  free(text);
  return 0;
}
