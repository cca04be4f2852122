/* array.c - the values of bash's arrays: indexed ones sparse and kept in
** index order; associative ones kept in the order bash lists them, that
** of its hash table (1024 buckets by FNV-1 of the key, the newest first
** in a bucket; bash grows the table past 2047 keys, we do not), so that
** "${!A[@]}" and declare -p print what bash prints. Lookups of keys are
** linear: the arrays shell scripts build are small. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct elem {
  long idx;  /* indexed; associative: the key's hash bucket */
  char *key; /* associative */
  char *val;
} elem;

struct array {
  bool assoc;
  size_t n, cap;
  elem *v;
};

array *arr_new(bool assoc)
{
  array *a = xcalloc(1, sizeof *a);
  a->assoc = assoc;
  return a;
}

void arr_free(array *a)
{
  if (!a) return;
  for (size_t i = 0; i < a->n; i++) {
    free(a->v[i].key);
    free(a->v[i].val);
  }
  free(a->v);
  free(a);
}

array *arr_copy(const array *a)
{
  array *c = arr_new(a->assoc);
  for (size_t i = 0; i < a->n; i++) {
    if (a->assoc) arr_set(c, a->v[i].key, a->v[i].val);
    else arr_seti(c, a->v[i].idx, a->v[i].val);
  }
  return c;
}

bool arr_assoc(const array *a) { return a->assoc; }
size_t arr_count(const array *a) { return a->n; }

/* indexed: the position of idx, or where it would go */
static size_t find_idx(const array *a, long idx, bool *found)
{
  size_t lo = 0, hi = a->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (a->v[mid].idx < idx) lo = mid + 1;
    else hi = mid;
  }
  *found = lo < a->n && a->v[lo].idx == idx;
  return lo;
}

static long find_key(const array *a, const char *key)
{
  for (size_t i = 0; i < a->n; i++)
    if (!strcmp(a->v[i].key, key)) return (long)i;
  return -1;
}

static void grow(array *a)
{
  if (a->n < a->cap) return;
  a->cap = a->cap ? a->cap * 2 : 8;
  a->v = xrealloc(a->v, a->cap * sizeof *a->v);
}

const char *arr_geti(const array *a, long idx)
{
  if (a->assoc) {
    char k[32];
    snprintf(k, sizeof k, "%ld", idx);
    return arr_get(a, k);
  }
  bool found;
  size_t at = find_idx(a, idx, &found);
  return found ? a->v[at].val : NULL;
}

const char *arr_get(const array *a, const char *key)
{
  if (!a->assoc) return arr_geti(a, strtol(key, NULL, 10));
  long at = find_key(a, key);
  return at < 0 ? NULL : a->v[at].val;
}

void arr_seti(array *a, long idx, const char *val)
{
  if (a->assoc) {
    char k[32];
    snprintf(k, sizeof k, "%ld", idx);
    arr_set(a, k, val);
    return;
  }
  bool found;
  size_t at = find_idx(a, idx, &found);
  char *copy = xstrdup(val);
  if (found) {
    free(a->v[at].val);
    a->v[at].val = copy;
    return;
  }
  grow(a);
  memmove(a->v + at + 1, a->v + at, (a->n - at) * sizeof *a->v);
  a->v[at] = (elem){idx, NULL, copy};
  a->n++;
}

void arr_set(array *a, const char *key, const char *val)
{
  if (!a->assoc) {
    arr_seti(a, strtol(key, NULL, 10), val);
    return;
  }
  long at = find_key(a, key);
  char *copy = xstrdup(val);
  if (at >= 0) {
    free(a->v[at].val);
    a->v[at].val = copy;
    return;
  }
  unsigned h = 2166136261u;
  for (const char *p = key; *p; p++) h = (h * 16777619u) ^ (unsigned char)*p;
  long bucket = (long)(h & 1023);
  size_t at2 = 0;
  while (at2 < a->n && a->v[at2].idx < bucket) at2++;
  grow(a);
  memmove(a->v + at2 + 1, a->v + at2, (a->n - at2) * sizeof *a->v);
  a->v[at2] = (elem){bucket, xstrdup(key), copy};
  a->n++;
}

static void remove_at(array *a, size_t at)
{
  free(a->v[at].key);
  free(a->v[at].val);
  memmove(a->v + at, a->v + at + 1, (a->n - at - 1) * sizeof *a->v);
  a->n--;
}

void arr_unseti(array *a, long idx)
{
  bool found;
  size_t at = find_idx(a, idx, &found);
  if (found) remove_at(a, at);
}

void arr_unset(array *a, const char *key)
{
  long at = find_key(a, key);
  if (at >= 0) remove_at(a, (size_t)at);
}

long arr_max_index(const array *a) { return a->n && !a->assoc ? a->v[a->n - 1].idx : -1; }
/* (for an associative array, arr_idx_at is the key's bucket) */

const char *arr_val_at(const array *a, size_t i) { return a->v[i].val; }
long arr_idx_at(const array *a, size_t i) { return a->v[i].idx; }

char *arr_key_at(const array *a, size_t i)
{
  if (a->assoc) return xstrdup(a->v[i].key);
  char k[32];
  snprintf(k, sizeof k, "%ld", a->v[i].idx);
  return xstrdup(k);
}
