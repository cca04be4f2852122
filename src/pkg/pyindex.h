/* pyindex.h - a Python package index's project page (PEP 503 HTML or
** PEP 691 JSON), as pip reads it: the files it lists, each classified for
** the box (a pure wheel for CPython 3.11 on wasm32-wasi, a compiled wheel,
** an sdist, other). The page comes from the network: every name, URL and
** digest is checked before it is kept (pipjob.c fetches, tests/fuzz
** pypi_fuzz.c attacks). */
#ifndef ACS_PKG_PYINDEX_H
#define ACS_PKG_PYINDEX_H

#include "pyver.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct acs__pyfile {
  char *filename, *url, *sha256, *requires_python;
  bool yanked;
  char *yank_reason;
  char version[96];
  acs__pyver v;
  int kind; /* 0 a pure wheel for us, 1 a compiled wheel, 2 an sdist, 3 other */
} acs__pyfile;

typedef struct acs__pyproject {
  char key[128];
  acs__pyfile *files;
  size_t n;
  bool missing;
} acs__pyproject;

/* Add the files of the page at url (body: blen bytes, NUL after them) to
** p, whose key (the normalised project name) is set: a file whose name is
** not one plain name, whose digest is not 64 hex digits (dropped), or whose
** name is another project's is kept as kind 3 or left out. */
void acs__pyindex_parse(acs__pyproject *p, const char *url, const char *body, size_t blen);
/* Free p's files (p itself is the caller's). */
void acs__pyindex_free(acs__pyproject *p);

#endif
