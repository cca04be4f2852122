/* allow.c - the allowedPackages list.
**
** Parsed strictly, as the host list is: an entry that is not plainly a
** package name, optionally with a valid range, is a configuration error
** naming it, because a lenient reading of a security rule lets a typo widen
** it. Names are kept as written (npm names are case-sensitive); each
** distinct name gets the union of its ranges, and the list as written is
** what a refused model is shown. */
#include "allow.h"

#include "../base/base.h"
#include "name.h"
#include "semver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Entries shown in a refusal before "and N more". */
#define SHOWN 20

typedef struct pkg {
  char *name;
  char *range;               /* the union, NULL: any version */
  acs__semver_range **r;     /* each entry's range; none when any version */
  size_t nr;
  bool any;
} pkg;

struct acs__allow {
  pkg *p; /* sorted by name */
  size_t np;
  size_t count;  /* entries given */
  char *summary; /* "papaparse@5, date-fns" */
};

static int by_name(const void *a, const void *b)
{
  return strcmp(((const pkg *)a)->name, ((const pkg *)b)->name);
}

static pkg *find(const acs__allow *list, const char *name)
{
  pkg key = {.name = (char *)name};
  return list->np ? bsearch(&key, list->p, list->np, sizeof *list->p, by_name) : NULL;
}

void acs__allow_free(acs__allow *list)
{
  if (!list) return;
  for (size_t i = 0; i < list->np; i++) {
    free(list->p[i].name);
    free(list->p[i].range);
    for (size_t k = 0; k < list->p[i].nr; k++) acs__semver_range_free(list->p[i].r[k]);
    free(list->p[i].r);
  }
  free(list->p);
  free(list->summary);
  free(list);
}

size_t acs__allow_count(const acs__allow *list) { return list ? list->count : 0; }

/* A range that is a word is most likely a dist-tag: say so. */
static bool looks_like_tag(const char *r)
{
  if (!((*r >= 'a' && *r <= 'z') || (*r >= 'A' && *r <= 'Z'))) return false;
  for (; *r; r++)
    if (!((*r >= 'a' && *r <= 'z') || (*r >= 'A' && *r <= 'Z') || (*r >= '0' && *r <= '9') ||
          *r == '-' || *r == '.'))
      return false;
  return true;
}

/* Add one entry to the list being built. Returns 0, ACS_ECONFIG or
** ACS_ENOMEM. */
static int add_entry(acs__allow *list, size_t *cap, const char *entry, acs_err *err)
{
  if (!entry)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "allowedPackages: an entry is missing (null)");
  /* "@scope/name@range": the separator is the first '@' after the scope's. */
  const char *at = strchr(entry + (entry[0] == '@'), '@');
  size_t nlen = at ? (size_t)(at - entry) : strlen(entry);
  const char *why = acs__pkg_name_check(entry, nlen, false);
  if (why)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                     "allowedPackages entry \"%s\": \"%.*s\" is not a valid npm package name: %s",
                     entry, (int)nlen, entry, why);
  acs__semver_range *r = NULL;
  if (at) {
    if (!at[1])
      return acs__fail(err, ACS_ECONFIG, ACS__CONFIG,
                       "allowedPackages entry \"%s\": no range after '@' (write \"%.*s\" for any "
                       "version, or a range such as \"%.*s@^1.2.0\")",
                       entry, (int)nlen, entry, (int)nlen, entry);
    acs_err rerr = {0};
    int rc = acs__semver_range_parse(at + 1, &r, &rerr);
    if (rc) {
      if (rc != ACS_EINVAL) {
        acs_err_clear(&rerr);
        return acs__fail(err, rc, ACS__ENV, "out of memory");
      }
      rc = acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "allowedPackages entry \"%s\": %s%s", entry,
                     rerr.message ? rerr.message : "invalid range",
                     looks_like_tag(at + 1) ? " (dist-tags such as \"latest\" are not ranges: "
                                              "write a range such as \"^1.2.0\")"
                                            : "");
      acs_err_clear(&rerr);
      return rc;
    }
  }
  pkg *p = NULL;
  for (size_t i = 0; i < list->np; i++) /* names are sorted once all are in */
    if (strlen(list->p[i].name) == nlen && !memcmp(list->p[i].name, entry, nlen)) p = &list->p[i];
  if (!p) {
    if (list->np == *cap) {
      size_t c = *cap ? *cap * 2 : 8;
      pkg *np = realloc(list->p, c * sizeof *np);
      if (!np) goto nomem;
      list->p = np;
      *cap = c;
    }
    p = &list->p[list->np];
    memset(p, 0, sizeof *p);
    if (!(p->name = acs__strndup(entry, nlen))) goto nomem;
    list->np++;
  }
  if (!r) {
    p->any = true;
    return 0;
  }
  acs__semver_range **nr = realloc(p->r, (p->nr + 1) * sizeof *nr);
  if (!nr) goto nomem;
  p->r = nr;
  p->r[p->nr++] = r;
  acs__buf u = {0};
  if ((p->range && (acs__buf_puts(&u, p->range) || acs__buf_puts(&u, " || "))) ||
      acs__buf_puts(&u, at + 1)) {
    acs__buf_free(&u);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  free(p->range);
  p->range = acs__buf_take(&u, NULL);
  return p->range ? 0 : acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
nomem:
  acs__semver_range_free(r);
  return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
}

/* "a, b@1, c" from the entries as written (repeats once), at most SHOWN. */
static char *summarize(const char *const *entries, size_t n)
{
  acs__buf b = {0};
  size_t shown = 0, more = 0;
  for (size_t i = 0; i < n; i++) {
    bool seen = false;
    for (size_t k = 0; k < i && !seen; k++) seen = !strcmp(entries[k], entries[i]);
    if (seen) continue;
    if (shown == SHOWN) {
      more++;
      continue;
    }
    if ((shown && acs__buf_puts(&b, ", ")) || acs__buf_puts(&b, entries[i])) goto nomem;
    shown++;
  }
  if (more && acs__buf_printf(&b, " and %zu more", more)) goto nomem;
  return acs__buf_take(&b, NULL);
nomem:
  acs__buf_free(&b);
  return NULL;
}

int acs__allow_parse(const char *const *entries, size_t n, acs__allow **out, acs_err *err)
{
  *out = NULL;
  acs__allow *list = calloc(1, sizeof *list);
  if (!list) return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  size_t cap = 0;
  for (size_t i = 0; i < n; i++) {
    int rc = add_entry(list, &cap, entries[i], err);
    if (rc) {
      acs__allow_free(list);
      return rc;
    }
  }
  list->count = n;
  if (!(list->summary = summarize(entries, n))) {
    acs__allow_free(list);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  if (list->np > 1) qsort(list->p, list->np, sizeof *list->p, by_name);
  /* An entry without a range makes the others moot. */
  for (size_t i = 0; i < list->np; i++)
    if (list->p[i].any) {
      free(list->p[i].range);
      list->p[i].range = NULL;
    }
  *out = list;
  return 0;
}

static bool refuse(char *why, size_t why_len, const char *fmt, const char *name,
                   const char *version, const char *tail)
{
  if (why_len) snprintf(why, why_len, fmt, name, version ? "@" : "", version ? version : "", tail);
  return false;
}

bool acs__allow_check(const acs__allow *list, const char *name, const char *version,
                      char *why, size_t why_len)
{
  if (why_len) why[0] = 0;
  const char *bad = acs__pkg_name_check(name, name ? strlen(name) : 0, true);
  if (bad) {
    if (why_len)
      snprintf(why, why_len, "\"%.300s\" is not a valid npm package name: %s.", name ? name : "",
               bad);
    return false;
  }
  if (!list) return true;
  const pkg *p = find(list, name);
  if (p && version) {
    acs__semver v;
    if (acs__semver_parse(version, 0, &v, NULL)) {
      if (why_len)
        snprintf(why, why_len, "Package \"%s@%.300s\" is not allowed: \"%.300s\" is not a valid version.",
                 name, version, version);
      return false;
    }
    bool in = p->any;
    for (size_t i = 0; !in && i < p->nr; i++) in = acs__semver_range_test(p->r[i], &v);
    acs__semver_clear(&v);
    if (in) return true;
  } else if (p) {
    return true;
  }
  if (!list->np)
    return refuse(why, why_len, "Package \"%s%s%.300s\" is not allowed; no packages are allowed%s.",
                  name, NULL, "");
  return refuse(why, why_len, "Package \"%s%s%.300s\" is not allowed; allowed: %s.", name,
                p ? version : NULL, list->summary);
}

const char *acs__allow_range(const acs__allow *list, const char *name)
{
  if (!list || !name) return NULL;
  const pkg *p = find(list, name);
  return p ? p->range : NULL;
}
