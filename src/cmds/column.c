/* column.c - columnate lists.
**
** Usage:
**  column [options] [<file>...]
**
** Columnate lists.
**
** Options:
**  -t, --table                      create a table
**  -N, --table-columns <names>      comma separated columns names
**  -l, --table-columns-limit <num>  maximal number of input columns
**  -d, --table-noheadings           don't print header
**  -H, --table-hide <columns>       don't print the columns
**  -O, --table-order <columns>      specify order of output columns
**  -R, --table-right <columns>      right align text in these columns
**  -E, --table-noextreme <columns>  (accepted; columns are never shortened)
**  -T, --table-truncate <columns>   (accepted; columns are never shortened)
**  -W, --table-wrap <columns>       (accepted; columns are never shortened)
**  -e, --table-header-repeat        (accepted; the output has no pages)
**  -L, --keep-empty-lines           don't ignore empty lines
**
**  -c, --output-width <width>       width of output in number of characters
**  -o, --output-separator <string>  columns separator for table output (default is two spaces)
**  -s, --separator <string>         possible table delimiters
**  -x, --fillrows                   fill rows before columns
**
**  -h, --help                       display this help
**  -V, --version                    display version
*/

/* util-linux 2.38's column (Debian's bsdextrautils). Lists: entries are
** the input lines, laid out in
** columns of the longest entry rounded up past a multiple of 8, filled
** down (or across with -x) and padded with tabs, for a width of -c,
** $COLUMNS or 80; blank lines are skipped. Tables (-t): default
** separators are runs of spaces and tabs; -s makes each of its characters separate, so empty cells stay (a
** trailing separator makes one too); every column is as wide as its
** widest cell, cells are padded and joined with the output separator, the
** last column is not padded, and a table wider than the output stays
** whole, as libsmartcols prints it. In the C locale a byte above 127
** shows as \xNN, as util-linux prints it; in a UTF-8 locale characters
** take their wcwidth (wide ones two columns). JSON and trees are not
** here. */
#include "cmd.h"
#include "lib_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>
#include <string.h>

typedef struct cell {
  char *s;
  size_t len, width;
} cell;

typedef struct row {
  cell *c;
  size_t n;
} row;

typedef struct col {
  bool right, hidden;
  size_t width;
  const char *name;
} col;

static size_t width_of(const char *s, size_t len, bool utf8)
{
  size_t w = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (utf8 && ch >= 0xC0) {
      size_t k = (ch & 0xE0) == 0xC0 ? 2 : (ch & 0xF0) == 0xE0 ? 3 : 4;
      uint32_t u = ch & (0xFF >> (k + 1));
      size_t j = 1;
      for (; j < k && i + j < len && ((unsigned char)s[i + j] & 0xC0) == 0x80; j++) u = u << 6 | (s[i + j] & 0x3F);
      int cw = text_u_width(u);
      if (cw > 0) w += (size_t)cw;
      i += j - 1;
      continue;
    }
    if (ch < 0x80 && isprint(ch)) w++;
  }
  return w;
}

static bool valid(const char *s, size_t len, bool utf8)
{
  if (utf8) return true;
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)s[i] >= 0x80) return false;
  return true;
}

/* the cells of one line: greedy (runs of separators, none empty) or each
** separator splitting; limit > 0 makes the last cell the rest of the line */
static bool split_row(row *r, const char *s, size_t len, const char *seps, bool greedy, size_t limit, bool utf8)
{
  size_t cap = 0, i = 0;
  r->c = NULL;
  r->n = 0;
  for (;;) {
    if (greedy && !(limit && r->n + 1 == limit && r->n))
      while (i < len && strchr(seps, s[i])) i++;
    if (greedy && i >= len) break;
    size_t start = i;
    bool last = limit && r->n + 1 == limit;
    if (last) i = len; /* the rest, after the one separator that ended the cell before */
    else
      while (i < len && !strchr(seps, s[i])) i++;
    if (r->n == cap) {
      cap = cap ? cap * 2 : 8;
      cell *nc = realloc(r->c, cap * sizeof *nc);
      if (!nc) return false;
      r->c = nc;
    }
    cell *c = &r->c[r->n++];
    c->len = i - start;
    c->s = malloc(c->len + 1);
    if (!c->s) return false;
    memcpy(c->s, s + start, c->len);
    c->s[c->len] = 0;
    c->width = width_of(c->s, c->len, utf8);
    if (i >= len) break;
    i++; /* the separator */
    if (!greedy && i >= len) {
      /* a trailing separator: one more, empty cell */
      if (r->n == cap) {
        cap *= 2;
        cell *nc = realloc(r->c, cap * sizeof *nc);
        if (!nc) return false;
        r->c = nc;
      }
      r->c[r->n++] = (cell){.s = strdup(""), .len = 0, .width = 0};
      break;
    }
  }
  return true;
}

/* a column named by number (from 1) or by -N name; -1 when unknown */
static long find_col(const char *s, char **names, size_t nnames)
{
  if (*s && strspn(s, "0123456789") == strlen(s)) return atol(s) - 1;
  for (size_t i = 0; i < nnames; i++)
    if (!strcasecmp(names[i], s)) return (long)i;
  return -2;
}

static char **split_list(const char *s, size_t *n)
{
  char *copy = strdup(s);
  size_t cap = 8, k = 0;
  char **v = malloc(cap * sizeof *v);
  if (!copy || !v) {
    free(copy);
    free(v);
    return NULL;
  }
  for (char *p = copy;;) {
    char *comma = strchr(p, ',');
    if (comma) *comma = 0;
    if (k + 1 >= cap) {
      cap *= 2;
      char **nv = realloc(v, cap * sizeof *nv);
      if (!nv) break;
      v = nv;
    }
    v[k++] = p;
    if (!comma) break;
    p = comma + 1;
  }
  v[k] = NULL;
  *n = k;
  if (!k) free(copy);
  return v;
}

static void free_list(char **v, size_t n)
{
  if (v && n) free(v[0]);
  free(v);
}

static void tabs_to(acs_cmd *c, size_t *chcnt, size_t endcol)
{
  size_t cnt;
  while ((cnt = (*chcnt + 8) & ~(size_t)7) <= endcol) {
    cmd_putc(c, '\t');
    *chcnt = cnt;
  }
}

int acs__cmd_column(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"columns", 'c', CMD_ARG},         {"fillrows", 'x', CMD_NOARG},        {"json", 'J', CMD_NOARG},
      {"output-separator", 'o', CMD_ARG}, {"output-width", 'c', CMD_ARG},     {"separator", 's', CMD_ARG},
      {"table", 't', CMD_NOARG},          {"table-columns", 'N', CMD_ARG},     {"table-columns-limit", 'l', CMD_ARG},
      {"table-hide", 'H', CMD_ARG},       {"table-name", 'n', CMD_ARG},        {"table-noextreme", 'E', CMD_ARG},
      {"table-noheadings", 'd', CMD_NOARG}, {"table-order", 'O', CMD_ARG},     {"table-right", 'R', CMD_ARG},
      {"table-truncate", 'T', CMD_ARG},   {"table-wrap", 'W', CMD_ARG},        {"table-header-repeat", 'e', CMD_NOARG},
      {"keep-empty-lines", 'L', CMD_NOARG}, {"tree", 'r', CMD_ARG},            {"tree-id", 'i', CMD_ARG},
      {"tree-parent", 'p', CMD_ARG},      {0}};
  bool table = false, fillrows = false, keep_empty = false, noheadings = false, greedy = true;
  const char *seps = "\t ", *osep = "  ", *names_s = NULL, *hide_s = NULL, *order_s = NULL, *right_s = NULL;
  size_t termwidth = 0, limit = 0;
  bool width_set = false, other_table_opt = false;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "c:dE:eH:hi:JLl:N:n:O:o:p:R:r:s:T:tVW:x", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0 || v > 4294967295LL) {
        cmd_error(c, "invalid columns argument: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      termwidth = (size_t)v;
      width_set = true;
      break;
    }
    case 'd': noheadings = true; break;
    case 'H': hide_s = g.arg; other_table_opt = true; break;
    case 'O': order_s = g.arg; other_table_opt = true; break;
    case 'R': right_s = g.arg; other_table_opt = true; break;
    case 'N': names_s = g.arg; other_table_opt = true; break;
    case 'E': case 'T': case 'W': case 'n': other_table_opt = true; break;
    case 'e': break;
    case 'L': keep_empty = true; break;
    case 'l': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0) {
        cmd_error(c, "invalid columns limit argument: %s", cmd_quote(g.arg, q, sizeof q));
        return 1;
      }
      limit = (size_t)v;
      break;
    }
    case 'o': osep = g.arg; break;
    case 's':
      seps = g.arg;
      greedy = false;
      break;
    case 't': table = true; break;
    case 'x':
      if (table) goto exclusive;
      fillrows = true;
      break;
    case 'J':
    case 'r':
    case 'i':
    case 'p':
      cmd_error(c, "%s: JSON and tree output are not supported in this box", g.opt);
      return 1;
    case 'h': {
      int st;
      cmd_help_version(c, "--help", &st);
      return 0;
    }
    case 'V': {
      int st;
      cmd_help_version(c, "--version", &st);
      return 0;
    }
    }
    if (table && fillrows) goto exclusive;
  }
  if (opt < 0) return opt == CMD_HELP_DONE ? 0 : 1;
  if (!table && other_table_opt) {
    cmd_error(c, "option --table required for all --table-*");
    return 1;
  }
  if (!width_set) {
    const char *cols = getenv("COLUMNS");
    long v = cols ? atol(cols) : 0;
    termwidth = v > 0 ? (size_t)v : 80;
  }
  bool utf8 = text_utf8_locale();
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int nfiles = g.nops, status = 0;
  if (!nfiles) {
    files = dash;
    nfiles = 1;
  }
  row *rows = NULL;
  size_t nrows = 0, caprows = 0;
  cmd_in *in = cmd_in_new();
  for (int i = 0; in && i < nfiles; i++) {
    if (cmd_in_open(NULL, in, files[i]) < 0) {
      cmd_error(c, "%s: %s", files[i], cmd_strerror(in->err));
      status = 1;
      continue;
    }
    for (;;) {
      char *l;
      ssize_t n = cmd_getdelim(in, &l, '\n');
      if (n < 0) {
        cmd_error(c, "read failed: %s", cmd_strerror((int)n));
        status = 1;
        break;
      }
      if (n == 0) break;
      size_t len = (size_t)n - (l[n - 1] == '\n');
      size_t skip = 0;
      char *escaped = NULL;
      while (skip < len && isspace((unsigned char)l[skip])) skip++;
      if (skip == len && !(keep_empty && table)) continue;
      skip = 0; /* only blank lines go: leading blanks stay in the entry */
      if (!valid(l + skip, len - skip, utf8)) {
        /* util-linux shows such bytes as \xNN in the C locale */
        text_buf esc = {0};
        for (size_t k = skip; k < len; k++) {
          unsigned char ch = (unsigned char)l[k];
          char hx[8];
          if (ch >= 0x80) {
            snprintf(hx, sizeof hx, "\\x%02x", ch);
            text_buf_add(&esc, hx, 4);
          } else {
            text_buf_add(&esc, &ch, 1);
          }
        }
        l = esc.data;
        skip = 0;
        len = esc.len;
        escaped = esc.data;
      }
      if (nrows == caprows) {
        caprows = caprows ? caprows * 2 : 64;
        row *nr = realloc(rows, caprows * sizeof *nr);
        if (!nr) break;
        rows = nr;
      }
      row *r = &rows[nrows++];
      if (table) {
        split_row(r, l + skip, len - skip, seps, greedy, limit, utf8);
      } else {
        r->c = malloc(sizeof *r->c);
        r->n = 1;
        r->c[0].len = len - skip;
        r->c[0].s = malloc(len - skip + 1);
        memcpy(r->c[0].s, l + skip, len - skip);
        r->c[0].s[len - skip] = 0;
        r->c[0].width = width_of(r->c[0].s, r->c[0].len, utf8);
      }
      free(escaped);
    }
    cmd_in_close(in);
  }
  cmd_in_free(in);
  if (!table && nrows) {
    size_t maxlen = 0;
    for (size_t i = 0; i < nrows; i++)
      if (rows[i].c[0].width > maxlen) maxlen = rows[i].c[0].width;
    if (maxlen >= termwidth) {
      for (size_t i = 0; i < nrows; i++) {
        cmd_out(c, rows[i].c[0].s, rows[i].c[0].len);
        cmd_putc(c, '\n');
      }
    } else {
      maxlen = (maxlen + 8) & ~(size_t)7;
      size_t numcols = termwidth / maxlen;
      if (!numcols) numcols = 1;
      if (fillrows) {
        size_t chcnt = 0, colno = 0, endcol = maxlen;
        for (size_t i = 0; i < nrows; i++) {
          cmd_out(c, rows[i].c[0].s, rows[i].c[0].len);
          chcnt += rows[i].c[0].width;
          if (i + 1 == nrows) break;
          if (++colno == numcols) {
            chcnt = colno = 0;
            endcol = maxlen;
            cmd_putc(c, '\n');
          } else {
            tabs_to(c, &chcnt, endcol);
            endcol += maxlen;
          }
        }
        if (chcnt) cmd_putc(c, '\n');
      } else {
        size_t numrows = nrows / numcols + (nrows % numcols != 0);
        for (size_t r = 0; r < numrows; r++) {
          size_t endcol = maxlen, chcnt = 0;
          for (size_t base = r, colno = 0; colno < numcols; colno++) {
            cmd_out(c, rows[base].c[0].s, rows[base].c[0].len);
            chcnt += rows[base].c[0].width;
            if ((base += numrows) >= nrows) break;
            tabs_to(c, &chcnt, endcol);
            endcol += maxlen;
          }
          cmd_putc(c, '\n');
        }
      }
    }
  } else if (table && nrows) {
    size_t nnames = 0, ncols = 0;
    char **names = names_s ? split_list(names_s, &nnames) : NULL;
    for (size_t i = 0; i < nrows; i++)
      if (rows[i].n > ncols) ncols = rows[i].n;
    if (nnames > ncols) ncols = nnames;
    col *cols = calloc(ncols ? ncols : 1, sizeof *cols);
    size_t *order = calloc(ncols ? ncols : 1, sizeof *order);
    for (size_t k = 0; k < ncols; k++) {
      order[k] = k;
      cols[k].name = k < nnames ? names[k] : "";
    }
    const char *lists[2] = {right_s, hide_s};
    for (int which = 0; which < 2; which++) {
      if (!lists[which]) continue;
      size_t n;
      char **v = split_list(lists[which], &n);
      for (size_t k = 0; v && k < n; k++) {
        long ci = find_col(v[k], names, nnames);
        if (ci == -2) {
          cmd_error(c, "undefined column name '%s'", v[k]);
          status = 1;
        } else if (ci >= 0 && (size_t)ci < ncols) {
          if (which == 0) cols[ci].right = true;
          else cols[ci].hidden = true;
        }
      }
      free_list(v, n);
    }
    if (order_s) {
      size_t n, at = 0;
      char **v = split_list(order_s, &n);
      bool *used = calloc(ncols ? ncols : 1, sizeof *used);
      for (size_t k = 0; v && used && k < n; k++) {
        long ci = find_col(v[k], names, nnames);
        if (ci == -2) {
          cmd_error(c, "undefined column name '%s'", v[k]);
          status = 1;
        } else if (ci >= 0 && (size_t)ci < ncols && !used[ci]) {
          used[ci] = true;
          order[at++] = (size_t)ci;
        }
      }
      for (size_t k = 0; used && k < ncols; k++)
        if (!used[k]) order[at++] = k;
      free(used);
      free_list(v, n);
    }
    bool header = nnames && !noheadings;
    for (size_t k = 0; k < ncols; k++) {
      if (header) cols[k].width = width_of(cols[k].name, strlen(cols[k].name), utf8);
      for (size_t i = 0; i < nrows; i++)
        if (k < rows[i].n && rows[i].c[k].width > cols[k].width) cols[k].width = rows[i].c[k].width;
    }
    size_t lastvis = ncols;
    for (size_t k = 0; k < ncols; k++)
      if (!cols[order[k]].hidden) lastvis = k;
    size_t oslen = strlen(osep);
    for (size_t i = header ? (size_t)-1 : 0; i == (size_t)-1 || i < nrows; i++) {
      bool first = true;
      for (size_t k = 0; k < ncols; k++) {
        size_t ci = order[k];
        if (cols[ci].hidden) continue;
        const char *s;
        size_t len, w;
        if (i == (size_t)-1) {
          s = cols[ci].name;
          len = strlen(s);
          w = width_of(s, len, utf8);
        } else if (ci < rows[i].n) {
          s = rows[i].c[ci].s;
          len = rows[i].c[ci].len;
          w = rows[i].c[ci].width;
        } else {
          s = "";
          len = w = 0;
        }
        if (!first) cmd_out(c, osep, oslen);
        first = false;
        size_t pad = cols[ci].width > w ? cols[ci].width - w : 0;
        if (cols[ci].right)
          for (size_t p = 0; p < pad; p++) cmd_putc(c, ' ');
        cmd_out(c, s, len);
        if (!cols[ci].right && k != lastvis)
          for (size_t p = 0; p < pad; p++) cmd_putc(c, ' ');
      }
      cmd_putc(c, '\n');
    }
    free(cols);
    free(order);
    free_list(names, nnames);
  }
  for (size_t i = 0; i < nrows; i++) {
    for (size_t k = 0; k < rows[i].n; k++) free(rows[i].c[k].s);
    free(rows[i].c);
  }
  free(rows);
  return status;
exclusive:
  cmd_error(c, "mutually exclusive arguments: --table --fillrows");
  return 1;
}
