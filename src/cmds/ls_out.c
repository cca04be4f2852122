/* ls_out.c - the sorting and printing of one listing of ls (ls.h).
**
** GNU coreutils 9.1's layouts: the long format with columns as wide as
** their widest field, the dates of files older than six months (or in the
** future) with their year, "total" in 1 KiB blocks; columns (-C, and -x
** across) as GNU fits them, the most columns whose widths sum below the
** line, padded with tabs of 8 and spaces; -m's commas wrapped at the
** line. In the shell quoting styles, when one name of a column or long
** listing is quoted the others get a space before them, so they line up. */
#include "ls.h"
#include "lib_date.h"
#include "lib_human.h"
#include "lib_mode.h"
#include "lib_vercmp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* ---- quoting */

typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

static void sput(sbuf *b, char ch)
{
  if (b->n + 2 > b->cap) {
    size_t nc = b->cap ? b->cap * 2 : 64;
    char *p = realloc(b->p, nc);
    if (!p) return;
    b->p = p, b->cap = nc;
  }
  b->p[b->n++] = ch;
  b->p[b->n] = 0;
}

static void sputs(sbuf *b, const char *s)
{
  while (*s) sput(b, *s++);
}

static void c_escape(sbuf *b, unsigned char ch)
{
  static const char esc[] = "\a\b\f\n\r\t\v";
  static const char let[] = "abfnrtv";
  const char *e = ch ? strchr(esc, ch) : NULL;
  sput(b, '\\');
  if (e) {
    sput(b, let[e - esc]);
  } else {
    sput(b, (char)('0' + (ch >> 6)));
    sput(b, (char)('0' + ((ch >> 3) & 7)));
    sput(b, (char)('0' + (ch & 7)));
  }
}

static bool printable(unsigned char ch) { return ch >= 32 && ch < 127; }

char *ls_quote(const ls_opts *o, const char *name)
{
  sbuf b = {0};
  sput(&b, 0);
  b.n = 0;
  char q[8192];
  switch (o->quoting) {
  case Q_SHELL_ESCAPE: sputs(&b, cmd_quotef(name, q, sizeof q)); break;
  case Q_SHELL_ESCAPE_ALWAYS: sputs(&b, cmd_quote(name, q, sizeof q)); break;
  case Q_SHELL:
  case Q_SHELL_ALWAYS: {
    /* as shell-escape, but control characters stay inside the quotes */
    const char *e = cmd_quotef(name, q, sizeof q);
    bool needs = o->quoting == Q_SHELL_ALWAYS || strcmp(e, name) != 0;
    if (!needs) {
      sputs(&b, name);
      break;
    }
    bool sq = strchr(name, '\'') != NULL, bad = strpbrk(name, "\"$`\\!") != NULL;
    if (sq && !bad) {
      sput(&b, '"');
      for (const char *p = name; *p; p++) sput(&b, o->hide_control && !printable((unsigned char)*p) ? '?' : *p);
      sput(&b, '"');
      break;
    }
    sput(&b, '\'');
    for (const char *p = name; *p; p++) {
      if (*p == '\'') sputs(&b, "'\\''");
      else sput(&b, o->hide_control && !printable((unsigned char)*p) ? '?' : *p);
    }
    sput(&b, '\'');
    break;
  }
  case Q_C:
  case Q_ESCAPE:
  case Q_LOCALE: {
    char quote = o->quoting == Q_C ? '"' : o->quoting == Q_LOCALE ? '\'' : 0;
    if (quote) sput(&b, quote);
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
      if (*p == '\\') sputs(&b, "\\\\");
      else if (quote && *p == (unsigned char)quote) sput(&b, '\\'), sput(&b, (char)quote);
      else if (!quote && *p == ' ') sputs(&b, "\\ ");
      else if (!printable(*p)) c_escape(&b, *p);
      else sput(&b, (char)*p);
    }
    if (quote) sput(&b, quote);
    break;
  }
  default:
    for (const char *p = name; *p; p++) sput(&b, o->hide_control && !printable((unsigned char)*p) ? '?' : *p);
    break;
  }
  return b.p;
}

/* ---- sorting */

static struct timespec when(const ls_opts *o, const acs__sys_stat *st)
{
  switch (o->time) {
  case TIME_CTIME: return (struct timespec){st->ctime_s, st->ctime_ns};
  case TIME_ATIME: return (struct timespec){st->atime_s, st->atime_ns};
  case TIME_BIRTH: return (struct timespec){st->btime_s, st->btime_ns};
  default: return (struct timespec){st->mtime_s, st->mtime_ns};
  }
}

static bool is_dir_ent(const ls_ent *e)
{
  if (e->stat_ok) {
    if (S_ISDIR(e->st.mode)) return true;
    return S_ISLNK(e->st.mode) && e->link_ok && S_ISDIR(e->link_mode);
  }
  return e->dtype == 4; /* DT_DIR */
}

static int by_key(const void *pa, const void *pb, void *arg)
{
  const ls_opts *o = arg;
  const ls_ent *a = pa, *b = pb;
  if (o->group_dirs_first) {
    bool da = is_dir_ent(a), db = is_dir_ent(b);
    if (da != db) return da ? -1 : 1;
  }
  int r = 0;
  switch (o->sort) {
  case SORT_TIME: {
    struct timespec ta = when(o, &a->st), tb = when(o, &b->st);
    if (ta.tv_sec != tb.tv_sec) r = ta.tv_sec < tb.tv_sec ? 1 : -1;
    else if (ta.tv_nsec != tb.tv_nsec) r = ta.tv_nsec < tb.tv_nsec ? 1 : -1;
    break;
  }
  case SORT_SIZE:
    if (a->st.size != b->st.size) r = a->st.size < b->st.size ? 1 : -1;
    break;
  case SORT_EXT: {
    const char *ea = strrchr(a->name, '.'), *eb = strrchr(b->name, '.');
    r = strcmp(ea ? ea : "", eb ? eb : "");
    break;
  }
  case SORT_VERSION: r = filevercmp(a->name, b->name); break;
  case SORT_WIDTH: {
    size_t la = strlen(a->name), lb = strlen(b->name);
    if (la != lb) r = la < lb ? -1 : 1;
    break;
  }
  default: break;
  }
  if (!r) r = strcmp(a->name, b->name);
  return o->reverse ? -r : r;
}

void ls_sort(const ls_opts *o, ls_ent *ents, size_t n)
{
  if (o->sort == SORT_NONE && !o->group_dirs_first) return;
  if (o->sort == SORT_NONE) { /* only the directories first, keeping the order */
    ls_ent *tmp = malloc(n * sizeof *tmp);
    if (!tmp) return;
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (is_dir_ent(&ents[i])) tmp[k++] = ents[i];
    for (size_t i = 0; i < n; i++)
      if (!is_dir_ent(&ents[i])) tmp[k++] = ents[i];
    memcpy(ents, tmp, n * sizeof *tmp);
    free(tmp);
    return;
  }
  /* qsort is not stable, but no two entries compare equal: names differ */
  qsort_r(ents, n, sizeof *ents, by_key, (void *)o);
}

/* ---- fields */

static char indicator(const ls_opts *o, const ls_ent *e, bool use_target)
{
  if (o->indicator == IND_NONE) return 0;
  unsigned m;
  if (use_target) {
    if (!e->link_ok) return 0;
    m = e->link_mode;
  } else if (e->stat_ok) {
    m = e->st.mode;
  } else {
    return e->dtype == 4 ? '/' : 0;
  }
  if (S_ISDIR(m)) return '/';
  if (o->indicator == IND_SLASH) return 0;
  if (S_ISLNK(m)) return '@';
  if (S_ISFIFO(m)) return '|';
  if (S_ISSOCK(m)) return '=';
  if (o->indicator == IND_CLASSIFY && S_ISREG(m) && (m & 0111)) return '*';
  return 0;
}

static const char *id_name(ls_ids *cache, uint32_t id, bool group)
{
  for (size_t i = 0; i < cache->n; i++)
    if (cache->id[i] == id) return cache->name[i];
  size_t k = cache->n < 64 ? cache->n++ : 63;
  cache->id[k] = id;
  if (group) cmd_group_name(id, cache->name[k], sizeof cache->name[k]);
  else cmd_user_name(id, cache->name[k], sizeof cache->name[k]);
  return cache->name[k];
}

static void blocks_str(const ls_opts *o, uint64_t blocks, char *out, size_t size)
{
  if (o->human) human_size(blocks * 512, o->human, out, size);
  else if (o->have_bsz) block_size_fmt(blocks * 512, &o->bsz, out, size);
  else snprintf(out, size, "%llu", (unsigned long long)((blocks + 1) / 2));
}

static void date_str(const ls_opts *o, const acs__sys_stat *st, char *out, size_t size)
{
  struct timespec t = when(o, st);
  struct timespec now = o->now;
  if (t.tv_sec > now.tv_sec) clock_gettime(CLOCK_REALTIME, &now);
  struct timespec six = {now.tv_sec - 31556952 / 2, now.tv_nsec};
  bool recent = (six.tv_sec < t.tv_sec || (six.tv_sec == t.tv_sec && six.tv_nsec < t.tv_nsec)) &&
                (t.tv_sec < now.tv_sec || (t.tv_sec == now.tv_sec && t.tv_nsec < now.tv_nsec));
  const char *fmt = recent ? (o->time_new ? o->time_new : "%b %e %H:%M") : (o->time_old ? o->time_old : "%b %e  %Y");
  /* %N (nanoseconds) is GNU date's, not strftime's */
  char f[512];
  size_t k = 0;
  for (const char *p = fmt; *p && k + 12 < sizeof f; p++) {
    if (p[0] == '%' && p[1] == 'N') {
      k += (size_t)snprintf(f + k, sizeof f - k, "%09ld", (long)t.tv_nsec);
      p++;
    } else if (p[0] == '%' && p[1] == '%') {
      f[k++] = '%', f[k++] = '%';
      p++;
    } else {
      f[k++] = *p;
    }
  }
  f[k] = 0;
  struct tm tm;
  date_local(t.tv_sec, &tm);
  if (strftime(out, size, f, &tm) == 0) out[0] = 0;
}

/* what a listing needs measured once */
typedef struct widths {
  int inode, blocks, nlink, owner, group, size, major, minor;
  bool some_quoted, align;
} widths;

typedef struct shown {
  char *qname, *qlink;
  char inode[24], blocks[32], nlink[24], size[32], major[16], minor[16], date[256];
  const char *owner, *group;
  size_t width; /* of the name and frills, for the column layouts */
} shown;

static void put_name(acs_cmd *c, const ls_opts *o, const widths *w, const ls_ent *e, const shown *s)
{
  if (w->align && s->qname[0] != '\'' && s->qname[0] != '"') cmd_putc(c, ' ');
  if (o->color) ls_color_put(c, o->cache, ls_color_code(o->cache, e, false), s->qname);
  else cmd_puts(c, s->qname);
}

static void put_frills(acs_cmd *c, const ls_opts *o, const widths *w, const ls_ent *e, const shown *s)
{
  bool commas = o->format == LS_COMMAS;
  if (o->inode) cmd_printf(c, "%*s ", commas ? 0 : w->inode, s->inode);
  if (o->blocks) cmd_printf(c, "%*s ", commas ? 0 : w->blocks, s->blocks);
  if (o->context) cmd_puts(c, "? ");
  put_name(c, o, w, e, s);
  char ind = indicator(o, e, false);
  if (ind) cmd_putc(c, ind);
}

static void put_long(acs_cmd *c, const ls_opts *o, const widths *w, const ls_ent *e, const shown *s)
{
  if (o->inode) cmd_printf(c, "%*s ", w->inode, s->inode);
  if (o->blocks) cmd_printf(c, "%*s ", w->blocks, s->blocks);
  char m[11];
  if (e->stat_ok) mode_string(e->st.mode, m);
  else snprintf(m, sizeof m, "%c?????????", e->dtype == 10 ? 'l' : e->dtype == 4 ? 'd' : '-');
  cmd_printf(c, "%s %*s ", m, w->nlink, s->nlink);
  if (!o->no_owner) cmd_printf(c, "%-*s ", w->owner, s->owner);
  if (!o->no_group) cmd_printf(c, "%-*s ", w->group, s->group);
  if (o->context) cmd_puts(c, "? ");
  if (e->stat_ok && (S_ISCHR(e->st.mode) || S_ISBLK(e->st.mode))) {
    int blanks = w->size - (w->major + 2 + w->minor);
    cmd_printf(c, "%*s%*s, %*s ", blanks > 0 ? blanks : 0, "", w->major, s->major, w->minor, s->minor);
  } else {
    cmd_printf(c, "%*s ", w->size, s->size);
  }
  cmd_printf(c, "%s ", s->date);
  put_name(c, o, w, e, s);
  if (s->qlink) {
    cmd_puts(c, " -> ");
    if (o->color) ls_color_put(c, o->cache, ls_color_code(o->cache, e, true), s->qlink);
    else cmd_puts(c, s->qlink);
    char ind = indicator(o, e, true);
    if (ind && ind != '@') cmd_putc(c, ind);
  } else {
    char ind = indicator(o, e, false);
    if (ind && !(S_ISLNK(e->st.mode) && e->stat_ok)) cmd_putc(c, ind);
  }
  cmd_putc(c, o->eol);
}

static void indent(acs_cmd *c, const ls_opts *o, size_t from, size_t to)
{
  while (from < to) {
    if (o->tabsize && to / (size_t)o->tabsize > (from + 1) / (size_t)o->tabsize) {
      cmd_putc(c, '\t');
      from += (size_t)o->tabsize - from % (size_t)o->tabsize;
    } else {
      cmd_putc(c, ' ');
      from++;
    }
  }
}

/* GNU's fit: the most columns whose widths (each name plus 2, the last
** plus none) sum below the line; col[] gets the chosen widths */
static size_t fit_columns(const ls_opts *o, const shown *s, size_t n, bool by_cols, size_t **colw)
{
  size_t line = o->width > 0 ? (size_t)o->width : (size_t)-1 / 4;
  size_t max_cols = line / 3 + (line % 3 != 0);
  if (max_cols > n) max_cols = n;
  if (max_cols == 0) max_cols = 1;
  size_t **arr = calloc(max_cols, sizeof *arr);
  size_t *len = calloc(max_cols, sizeof *len);
  bool *valid = calloc(max_cols, sizeof *valid);
  size_t cols = 1;
  if (!arr || !len || !valid) goto out;
  for (size_t i = 0; i < max_cols; i++) {
    arr[i] = malloc((i + 1) * sizeof **arr);
    if (!arr[i]) goto out;
    for (size_t j = 0; j <= i; j++) arr[i][j] = 3;
    len[i] = (i + 1) * 3;
    valid[i] = true;
  }
  for (size_t f = 0; f < n; f++) {
    for (size_t i = 0; i < max_cols; i++) {
      if (!valid[i]) continue;
      size_t idx = by_cols ? f / ((n + i) / (i + 1)) : f % (i + 1);
      size_t real = s[f].width + (idx == i ? 0 : 2);
      if (arr[i][idx] < real) {
        len[i] += real - arr[i][idx];
        arr[i][idx] = real;
        valid[i] = len[i] < line;
      }
    }
  }
  for (cols = max_cols; cols > 1; cols--)
    if (valid[cols - 1]) break;
  *colw = arr[cols - 1];
  arr[cols - 1] = NULL;
out:
  if (arr)
    for (size_t i = 0; i < max_cols; i++) free(arr[i]);
  free(arr);
  free(len);
  free(valid);
  return cols;
}

void ls_print(acs_cmd *c, const ls_opts *o, ls_ent *ents, size_t n, bool total, ls_ent *also, size_t nalso)
{
  shown *s = calloc(n + nalso + 1, sizeof *s);
  if (!s) return;
  widths w = {0};
  uint64_t sum = 0;
  for (size_t i = 0; i < n + nalso; i++) {
    ls_ent *e = i < n ? &ents[i] : &also[i - n];
    s[i].qname = ls_quote(o, e->name);
    const char *q = s[i].qname ? s[i].qname : "";
    if (q[0] == '\'' || q[0] == '"') w.some_quoted = true;
    if (!e->stat_ok) {
      snprintf(s[i].inode, sizeof s[i].inode, "?");
      snprintf(s[i].blocks, sizeof s[i].blocks, "?");
      snprintf(s[i].nlink, sizeof s[i].nlink, "?");
      snprintf(s[i].size, sizeof s[i].size, "?");
      snprintf(s[i].date, sizeof s[i].date, "           ?");
      s[i].owner = s[i].group = "?";
    } else {
      snprintf(s[i].inode, sizeof s[i].inode, "%llu", (unsigned long long)e->st.ino);
      blocks_str(o, e->st.blocks, s[i].blocks, sizeof s[i].blocks);
      sum += e->st.blocks;
      snprintf(s[i].nlink, sizeof s[i].nlink, "%llu", (unsigned long long)e->st.nlink);
      if (S_ISCHR(e->st.mode) || S_ISBLK(e->st.mode)) {
        snprintf(s[i].major, sizeof s[i].major, "%u", major(e->st.rdev));
        snprintf(s[i].minor, sizeof s[i].minor, "%u", minor(e->st.rdev));
        int ml = (int)strlen(s[i].major), nl = (int)strlen(s[i].minor);
        if (ml > w.major) w.major = ml;
        if (nl > w.minor) w.minor = nl;
      } else if (o->human) {
        human_size(e->st.size, o->human, s[i].size, sizeof s[i].size);
      } else if (o->have_bsz) {
        block_size_fmt(e->st.size, &o->bsz, s[i].size, sizeof s[i].size);
      } else {
        snprintf(s[i].size, sizeof s[i].size, "%llu", (unsigned long long)e->st.size);
      }
      if (o->format == LS_LONG) {
        date_str(o, &e->st, s[i].date, sizeof s[i].date);
        if (o->numeric) {
          /* numbers in the same cache slots would collide with names */
          char *u = malloc(24), *g = malloc(24);
          if (u) snprintf(u, 24, "%u", e->st.uid);
          if (g) snprintf(g, 24, "%u", e->st.gid);
          s[i].owner = u ? u : "?";
          s[i].group = g ? g : "?";
        } else {
          s[i].owner = id_name(&o->cache->users, e->st.uid, false);
          s[i].group = id_name(&o->cache->groups, e->st.gid, true);
        }
        if (e->link) s[i].qlink = ls_quote(o, e->link);
      }
    }
    int l;
    if ((l = (int)strlen(s[i].inode)) > w.inode) w.inode = l;
    if ((l = (int)strlen(s[i].blocks)) > w.blocks) w.blocks = l;
    if ((l = (int)strlen(s[i].nlink)) > w.nlink) w.nlink = l;
    if ((l = (int)strlen(s[i].size)) > w.size) w.size = l;
    if (s[i].owner && (l = (int)strlen(s[i].owner)) > w.owner) w.owner = l;
    if (s[i].group && (l = (int)strlen(s[i].group)) > w.group) w.group = l;
  }
  if (w.major + 2 + w.minor > w.size && (w.major || w.minor)) w.size = w.major + 2 + w.minor;
  w.align = w.some_quoted && o->format != LS_COMMAS && o->format != LS_ONE &&
            (o->quoting == Q_SHELL || o->quoting == Q_SHELL_ESCAPE);
  bool commas = o->format == LS_COMMAS;
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(s[i].qname ? s[i].qname : "");
    if (w.align && s[i].qname && s[i].qname[0] != '\'' && s[i].qname[0] != '"') len++;
    if (o->inode) len += 1 + (commas ? strlen(s[i].inode) : (size_t)w.inode);
    if (o->blocks) len += 1 + (commas ? strlen(s[i].blocks) : (size_t)w.blocks);
    if (o->context) len += 2;
    if (indicator(o, &ents[i], false)) len++;
    s[i].width = len;
  }
  if (total) {
    char t[32];
    blocks_str(o, sum, t, sizeof t);
    cmd_printf(c, "total %s\n", t);
  }
  if (o->format == LS_LONG) {
    for (size_t i = 0; i < n && !cmd_out_error(c); i++) put_long(c, o, &w, &ents[i], &s[i]);
  } else if (o->format == LS_ONE) {
    for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
      put_frills(c, o, &w, &ents[i], &s[i]);
      cmd_putc(c, o->eol);
    }
  } else if (o->format == LS_COMMAS) {
    size_t pos = 0, line = o->width > 0 ? (size_t)o->width : (size_t)-1 / 4;
    for (size_t i = 0; i < n; i++) {
      if (i) {
        bool fits = pos + s[i].width + 2 < line;
        cmd_putc(c, ',');
        cmd_putc(c, fits ? ' ' : o->eol);
        pos = fits ? pos + 2 : 0;
      }
      put_frills(c, o, &w, &ents[i], &s[i]);
      pos += s[i].width;
    }
    if (n) cmd_putc(c, o->eol);
  } else if (n) {
    size_t *colw = NULL;
    bool by_cols = o->format == LS_COLS;
    size_t cols = fit_columns(o, s, n, by_cols, &colw);
    if (!colw) {
      free(s);
      return;
    }
    if (by_cols) {
      size_t rows = n / cols + (n % cols != 0);
      for (size_t r = 0; r < rows && !cmd_out_error(c); r++) {
        size_t col = 0, f = r, pos = 0;
        for (;;) {
          size_t maxw = colw[col++];
          put_frills(c, o, &w, &ents[f], &s[f]);
          size_t nl = s[f].width;
          f += rows;
          if (f >= n) break;
          indent(c, o, pos + nl, pos + maxw);
          pos += maxw;
        }
        cmd_putc(c, o->eol);
      }
    } else {
      size_t pos = 0, nl = s[0].width, maxw = colw[0];
      put_frills(c, o, &w, &ents[0], &s[0]);
      for (size_t f = 1; f < n; f++) {
        size_t col = f % cols;
        if (col == 0) {
          cmd_putc(c, o->eol);
          pos = 0;
        } else {
          indent(c, o, pos + nl, pos + maxw);
          pos += maxw;
        }
        put_frills(c, o, &w, &ents[f], &s[f]);
        nl = s[f].width;
        maxw = colw[col];
      }
      cmd_putc(c, o->eol);
    }
    free(colw);
  }
  for (size_t i = 0; i < n + nalso; i++) {
    free(s[i].qname);
    free(s[i].qlink);
    if (o->numeric && o->format == LS_LONG && (i < n ? &ents[i] : &also[i - n])->stat_ok) {
      free((char *)s[i].owner);
      free((char *)s[i].group);
    }
  }
  free(s);
}
