/* sources.c - the text of the guest's sources, kept for code frames. */
#include "runtime_internal.h"

#include "../base/base.h"

#include <stdlib.h>
#include <string.h>

typedef struct source {
  char *url;
  char *text;
  size_t len;
  acs__colshift *shifts; /* how the transform moved columns */
  size_t nshifts;
  struct source *next;
} source;

static source *sources;

int acs__source_add(const char *url, const char *text, size_t len,
                    const acs__colshift *shifts, size_t nshifts)
{
  source *s = calloc(1, sizeof *s);
  if (!s) return ACS_ENOMEM;
  s->url = acs__strdup(url);
  s->text = acs__strndup(text, len);
  if (nshifts && (s->shifts = malloc(sizeof *shifts * nshifts)))
    memcpy(s->shifts, shifts, sizeof *shifts * nshifts), s->nshifts = nshifts;
  if (!s->url || !s->text || (nshifts && !s->shifts)) {
    free(s->url);
    free(s->text);
    free(s->shifts);
    free(s);
    return ACS_ENOMEM;
  }
  s->len = len;
  s->next = sources;
  sources = s;
  return 0;
}

const char *acs__source_line(const char *url, int line, size_t *len)
{
  for (source *s = sources; s; s = s->next) {
    if (strcmp(s->url, url) != 0) continue;
    const char *p = s->text, *end = s->text + s->len;
    for (int l = 1; l < line && p < end; l++) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      if (!nl) return NULL;
      p = nl + 1;
    }
    if (line < 1 || p > end) return NULL;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n && p[n - 1] == '\r') n--;
    *len = n;
    return p;
  }
  return NULL;
}

uint32_t acs__source_map_column(const char *url, uint32_t line, uint32_t col)
{
  for (source *s = sources; s; s = s->next)
    if (strcmp(s->url, url) == 0) return acs__lang_map_column(s->shifts, s->nshifts, line, col);
  return col;
}
