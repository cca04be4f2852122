/* pyreq.h - Python requirements and environment markers as pip reads
** them (PEP 508): "name[extra1,extra2] (>=1.0) ; python_version >= '3.8'",
** names normalised as PEP 503 does, markers evaluated for the box's
** Python: CPython 3.11 on wasm32-wasi (sys_platform "wasi"). */
#ifndef ACS_PKG_PYREQ_H
#define ACS_PKG_PYREQ_H

#include <stdbool.h>
#include <stddef.h>

/* What the box's Python answers for each marker variable. */
#define ACS__PY_VERSION "3.11"
#define ACS__PY_FULL_VERSION "3.11.2"

typedef struct acs__pyreq {
  char name[128];    /* as written */
  char key[128];     /* normalised: lower case, runs of -_. as one - */
  char extras[256];  /* as acs__pyextra_safe makes them, comma-separated, "" for none */
  char spec[256];    /* "" for any version */
  char marker[1024]; /* "" for none */
} acs__pyreq;

/* Normalise a project or extra name into out. */
void acs__pyname_norm(const char *name, size_t len, char *out, size_t cap);

/* An extra's name as pip 23 hands it to markers (setuptools' safe_extra:
** lower case, each run of other than letters, digits, '.' and '-' one
** '_') into out. */
void acs__pyextra_safe(const char *name, size_t len, char *out, size_t cap);

/* Parse one requirement. false with the reason in why (a URL requirement,
** a malformed name, specifier or marker). */
bool acs__pyreq_parse(const char *text, acs__pyreq *out, char *why, size_t why_cap);

/* Evaluate marker for the box's Python with `extra` (NULL or "" for
** none): 1 true, 0 false, -1 malformed. */
int acs__pymarker_eval(const char *marker, const char *extra);

#endif
