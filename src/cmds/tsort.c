/* tsort.c - topological sort.
**
** Usage: tsort [OPTION] [FILE]
** Write totally ordered list consistent with the partial ordering in FILE.
**
** With no FILE, or when FILE is -, read standard input.
**
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' tsort, in its order: Knuth's algorithm T with the items
** kept sorted by strcmp (GNU walks its search tree in order), each item's
** successors as a list that new relations are pushed on, items without
** predecessors queued in that sorted order and the ones freed as their
** last predecessor goes, appended. A loop is reported as GNU does
** ("input contains a loop:", then the items of the cycle it finds), one of
** its relations dropped, and the sort goes on; the status is then 1. */
#include "cmd.h"

#include <stdlib.h>
#include <string.h>

typedef struct succ {
  size_t to;
  struct succ *next;
} succ;

typedef struct item {
  const char *str;
  size_t count;
  succ *top;
  bool printed;
  long qlink; /* the queue and the loop path: an index, or -1 */
} item;

typedef struct ts {
  item *items;
  size_t n;
  char **tokens;
  size_t ntok;
  long loop;
  acs_cmd *c;
} ts;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static size_t find(ts *t, const char *s)
{
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int r = strcmp(t->items[mid].str, s);
    if (!r) return mid;
    if (r < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* GNU's detect_loop for item k; true when a loop was found and broken. */
static bool detect_loop(ts *t, size_t k)
{
  item *it = &t->items[k];
  if (!it->count) return false;
  if (t->loop < 0) {
    t->loop = (long)k;
    return false;
  }
  for (succ **p = &it->top; *p; p = &(*p)->next) {
    if ((long)(*p)->to != t->loop) continue;
    if (it->qlink >= 0) {
      while (t->loop >= 0) {
        long tmp = t->items[t->loop].qlink;
        cmd_error(t->c, "%s", t->items[t->loop].str);
        if (t->loop == (long)k) {
          t->items[(*p)->to].count--;
          *p = (*p)->next;
          break;
        }
        t->items[t->loop].qlink = -1;
        t->loop = tmp;
      }
      while (t->loop >= 0) {
        long tmp = t->items[t->loop].qlink;
        t->items[t->loop].qlink = -1;
        t->loop = tmp;
      }
      return true;
    }
    it->qlink = t->loop;
    t->loop = (long)k;
    break;
  }
  return false;
}

static int sort(ts *t, const char *file)
{
  /* the distinct tokens, sorted */
  char **sorted = malloc((t->ntok ? t->ntok : 1) * sizeof *sorted);
  t->items = calloc(t->ntok ? t->ntok : 1, sizeof *t->items);
  if (!sorted || !t->items) {
    free(sorted);
    cmd_error(t->c, "memory exhausted");
    return 1;
  }
  memcpy(sorted, t->tokens, t->ntok * sizeof *sorted);
  qsort(sorted, t->ntok, sizeof *sorted, cmp_str);
  for (size_t i = 0; i < t->ntok; i++)
    if (!t->n || strcmp(t->items[t->n - 1].str, sorted[i])) {
      t->items[t->n].str = sorted[i];
      t->items[t->n].qlink = -1;
      t->n++;
    }
  free(sorted);
  for (size_t i = 0; i + 1 < t->ntok; i += 2) {
    size_t j = find(t, t->tokens[i]), k = find(t, t->tokens[i + 1]);
    if (j == k) continue;
    succ *p = malloc(sizeof *p);
    if (!p) {
      cmd_error(t->c, "memory exhausted");
      return 1;
    }
    t->items[k].count++;
    p->to = k;
    p->next = t->items[j].top;
    t->items[j].top = p;
  }
  int rc = 0;
  size_t left = t->n;
  char q[1024];
  while (left > 0) {
    long head = -1, tail = -1;
    for (size_t i = 0; i < t->n; i++) {
      if (t->items[i].count || t->items[i].printed) continue;
      if (head < 0) head = (long)i;
      else t->items[tail].qlink = (long)i;
      tail = (long)i;
    }
    while (head >= 0) {
      item *h = &t->items[head];
      cmd_puts(t->c, h->str);
      cmd_putc(t->c, '\n');
      h->printed = true;
      left--;
      for (succ *p = h->top; p; p = p->next)
        if (--t->items[p->to].count == 0) {
          t->items[tail].qlink = (long)p->to;
          tail = (long)p->to;
        }
      head = h->qlink;
    }
    if (left > 0) {
      cmd_error(t->c, "%s: input contains a loop:", cmd_quotef(file, q, sizeof q));
      rc = 1;
      do {
        bool found = false;
        for (size_t i = 0; i < t->n && !found; i++) found = detect_loop(t, i);
      } while (t->loop >= 0);
    }
  }
  for (size_t i = 0; i < t->n; i++)
    for (succ *p = t->items[i].top; p;) {
      succ *nx = p->next;
      free(p);
      p = nx;
    }
  return rc;
}

int acs__cmd_tsort(acs_cmd *c, int argc, char **argv)
{
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "", NULL);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  char q[1024];
  if (g.nops > 1) {
    cmd_usage_error(c, "extra operand %s", cmd_quote(cmd_operands(&g)[1], q, sizeof q));
    return 1;
  }
  const char *file = g.nops ? cmd_operands(&g)[0] : "-";
  char *data;
  size_t len;
  int r = cmd_read_all(file, &data, &len);
  if (r < 0) {
    cmd_error(c, "%s: %s", cmd_quotef(file, q, sizeof q), cmd_strerror(r));
    return 1;
  }
  ts t = {.c = c, .loop = -1};
  size_t cap = 0;
  for (size_t i = 0; i < len;) {
    while (i < len && strchr(" \t\n", data[i]) && data[i]) i++;
    if (i >= len) break;
    size_t start = i;
    while (i < len && !(data[i] == ' ' || data[i] == '\t' || data[i] == '\n')) i++;
    data[i < len ? i : len] = 0;
    if (t.ntok == cap) {
      cap = cap ? cap * 2 : 256;
      char **p = realloc(t.tokens, cap * sizeof *p);
      if (!p) {
        free(t.tokens);
        free(data);
        cmd_error(c, "memory exhausted");
        return 1;
      }
      t.tokens = p;
    }
    t.tokens[t.ntok++] = data + start;
    i++;
  }
  int rc;
  if (t.ntok % 2) {
    cmd_error(c, "%s: input contains an odd number of tokens", cmd_quotef(file, q, sizeof q));
    rc = 1;
  } else {
    rc = sort(&t, file);
  }
  free(t.items);
  free(t.tokens);
  free(data);
  return rc;
}
