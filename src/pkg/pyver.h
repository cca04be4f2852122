/* pyver.h - Python package versions and version specifiers as pip reads
** them (PEP 440): epochs, releases, pre-, post- and dev-releases, local
** labels, and the specifier operators ~= == != <= >= < > === with
** wildcards. Host side of the box's pip (pipjob.c), and the guest's pip
** for what it compares. */
#ifndef ACS_PKG_PYVER_H
#define ACS_PKG_PYVER_H

#include <stdbool.h>
#include <stddef.h>

#define ACS__PYVER_PARTS 12

typedef struct acs__pyver {
  long epoch;
  long rel[ACS__PYVER_PARTS];
  int nrel;
  int pre_kind;   /* 0 none, 1 a, 2 b, 3 rc */
  long pre;
  long post;      /* -1: none */
  long dev;       /* -1: none */
  char local[64]; /* lower-cased, '.'-separated; "" for none */
} acs__pyver;

/* Parse a version in any spelling PEP 440 normalises ("v1.0", "1.0-1",
** "1.0.ALPHA2", "1.0+Ubuntu-1"). false when text is not a version. */
bool acs__pyver_parse(const char *text, acs__pyver *out);
/* PEP 440's order: -1, 0 or 1. */
int acs__pyver_cmp(const acs__pyver *a, const acs__pyver *b);
bool acs__pyver_is_pre(const acs__pyver *v); /* a pre- or dev-release */
/* The normalised text ("1.0a2.post1.dev3+ubuntu.1") into out. */
void acs__pyver_format(const acs__pyver *v, char *out, size_t cap);

/* Whether version (text) satisfies every specifier of spec, a
** comma-separated list (">=1.0,!=1.3.*"; "" allows all). *bad is set when
** spec does not parse. */
bool acs__pyspec_match(const char *spec, const char *version, bool *bad);
/* Whether spec names a pre-release (">=2.0b1"): then pre-releases are
** candidates, as pip takes them. */
bool acs__pyspec_has_pre(const char *spec);

#endif
