/* grep.c - print lines that match patterns (grep, egrep, fgrep).
**
** Usage: grep [OPTION]... PATTERNS [FILE]...
** Search for PATTERNS in each FILE.
** Example: grep -i 'hello world' menu.h main.c
** PATTERNS can contain multiple patterns separated by newlines.
**
** Pattern selection and interpretation:
**   -E, --extended-regexp     PATTERNS are extended regular expressions
**   -F, --fixed-strings       PATTERNS are strings
**   -G, --basic-regexp        PATTERNS are basic regular expressions
**   -P, --perl-regexp         PATTERNS are Perl regular expressions
**   -e, --regexp=PATTERNS     use PATTERNS for matching
**   -f, --file=FILE           take PATTERNS from FILE
**   -i, --ignore-case         ignore case distinctions in patterns and data
**       --no-ignore-case      do not ignore case distinctions (default)
**   -w, --word-regexp         match only whole words
**   -x, --line-regexp         match only whole lines
**   -z, --null-data           a data line ends in 0 byte, not newline
**
** Miscellaneous:
**   -s, --no-messages         suppress error messages
**   -v, --invert-match        select non-matching lines
**   -V, --version             display version information and exit
**       --help                display this help text and exit
**
** Output control:
**   -m, --max-count=NUM       stop after NUM selected lines
**   -b, --byte-offset         print the byte offset with output lines
**   -n, --line-number         print line number with output lines
**       --line-buffered       flush output on every line
**   -H, --with-filename       print file name with output lines
**   -h, --no-filename         suppress the file name prefix on output
**       --label=LABEL         use LABEL as the standard input file name prefix
**   -o, --only-matching       show only nonempty parts of lines that match
**   -q, --quiet, --silent     suppress all normal output
**       --binary-files=TYPE   assume that binary files are TYPE;
**                             TYPE is 'binary', 'text', or 'without-match'
**   -a, --text                equivalent to --binary-files=text
**   -I                        equivalent to --binary-files=without-match
**   -d, --directories=ACTION  how to handle directories;
**                             ACTION is 'read', 'recurse', or 'skip'
**   -D, --devices=ACTION      how to handle devices, FIFOs and sockets;
**                             ACTION is 'read' or 'skip'
**   -r, --recursive           like --directories=recurse
**   -R, --dereference-recursive  likewise, but follow all symlinks
**       --include=GLOB        search only files that match GLOB (a file pattern)
**       --exclude=GLOB        skip files that match GLOB
**       --exclude-from=FILE   skip files that match any file pattern from FILE
**       --exclude-dir=GLOB    skip directories that match GLOB
**   -L, --files-without-match  print only names of FILEs with no selected lines
**   -l, --files-with-matches  print only names of FILEs with selected lines
**   -c, --count               print only a count of selected lines per FILE
**   -T, --initial-tab         make tabs line up (if needed)
**   -Z, --null                print 0 byte after FILE name
**
** Context control:
**   -B, --before-context=NUM  print NUM lines of leading context
**   -A, --after-context=NUM   print NUM lines of trailing context
**   -C, --context=NUM         print NUM lines of output context
**   -NUM                      same as --context=NUM
**       --group-separator=SEP  print SEP on line between matches with context
**       --no-group-separator  do not print separator for matches with context
**       --color[=WHEN],
**       --colour[=WHEN]       use markers to highlight the matching strings;
**                             WHEN is 'always', 'never', or 'auto'
**   -U, --binary              do not strip CR characters at EOL (MSDOS/Windows)
**
** When FILE is '-', read standard input.  With no FILE, read '.' if
** recursive, '-' otherwise.  With fewer than two FILEs, assume -h.
** Exit status is 0 if any line is selected, 1 otherwise;
** if any error occurs and -q is not given, the exit status is 2.
**
** Report bugs to: bug-grep@gnu.org
** GNU grep home page: <https://www.gnu.org/software/grep/>
** General help using GNU software: <https://www.gnu.org/gethelp/>
*/

/* GNU grep 3.8. Input is read in 96 KiB buffers as GNU's is: a buffer
** with a NUL byte makes the file binary from there on (unless -a or -z),
** and then NULs end lines too and the first selected line to print is
** replaced by "grep: NAME: binary file matches" on stderr. egrep and
** fgrep warn that they are obsolescent (Debian's scripts) and run as
** grep -E and grep -F. The patterns live in grep_match.c, the walk of -r
** and the file selection in grep_files.c. */
#include "grep.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BUF0 (96u << 10)
#define C_FILE "\33[35m\33[K"
#define C_SEP "\33[36m\33[K"
#define C_NUM "\33[32m\33[K"
#define C_MATCH "\33[01;31m\33[K"
#define C_END "\33[m\33[K"

/* ---- output ---------------------------------------------------------- */

static void put_sep(grep *g, char sep)
{
  if (g->color) {
    cmd_puts(g->c, C_SEP);
    cmd_putc(g->c, sep);
    cmd_puts(g->c, C_END);
  } else cmd_putc(g->c, sep);
}

static void put_name(grep *g, const char *name)
{
  if (g->color) cmd_puts(g->c, C_FILE);
  cmd_puts(g->c, name);
  if (g->color) cmd_puts(g->c, C_END);
}

static void put_num(grep *g, scan *s, int64_t v, const char *color)
{
  char b[32];
  int n = snprintf(b, sizeof b, "%*lld", g->tabs ? s->width : 0, (long long)v);
  if (g->color) cmd_puts(g->c, color);
  cmd_out(g->c, b, (size_t)n);
  if (g->color) cmd_puts(g->c, C_END);
}

static void line_head(grep *g, scan *s, int64_t lineno, int64_t off, char sep, bool empty)
{
  bool any = false;
  if (s->names) {
    put_name(g, s->name);
    if (g->null_names) cmd_putc(g->c, 0);
    else put_sep(g, sep);
    any = true;
  }
  if (g->numbers) {
    put_num(g, s, lineno, C_NUM);
    put_sep(g, sep);
    any = true;
  }
  if (g->offsets) {
    put_num(g, s, off, C_NUM);
    put_sep(g, sep);
    any = true;
  }
  if (g->tabs && any && !empty) cmd_putc(g->c, '\t'); /* GNU pads no empty line */
}

static void line_end(grep *g)
{
  cmd_putc(g->c, g->eol);
  if (g->line_buffered) cmd_flush(g->c);
}

/* "--" between groups of context that do not touch */
static void group_sep(grep *g, scan *s, int64_t lineno)
{
  if (g->context && g->out_before && (s->last_out == 0 || lineno > s->last_out + 1) && g->group_sep) {
    if (g->color) cmd_puts(g->c, C_SEP);
    cmd_puts(g->c, g->group_sep);
    if (g->color) cmd_puts(g->c, C_END);
    cmd_putc(g->c, '\n');
  }
  g->out_before = true;
  s->last_out = lineno;
}

/* the line with its matches colored; matching is whether it matches */
static void put_body(grep *g, const char *p, size_t len, bool matching)
{
  if (!g->color || !matching) {
    cmd_out(g->c, p, len);
    return;
  }
  size_t at = 0, ms, me;
  while (at <= len && gm_find(&g->m, p, len, at, &ms, &me)) {
    if (me == ms) { /* empty matches are not colored */
      if (ms >= len) break;
      cmd_out(g->c, p + at, ms + 1 - at);
      at = ms + 1;
      continue;
    }
    cmd_out(g->c, p + at, ms - at);
    cmd_puts(g->c, C_MATCH);
    cmd_out(g->c, p + ms, me - ms);
    cmd_puts(g->c, C_END);
    at = me;
  }
  if (at < len) cmd_out(g->c, p + at, len - at);
}

static void print_line(grep *g, scan *s, const char *p, size_t len, int64_t lineno, int64_t off, bool selected)
{
  group_sep(g, s, lineno);
  if (g->only && !selected) return; /* -o prints no context, only its "--" */
  line_head(g, s, lineno, off, selected ? ':' : '-', len == 0);
  put_body(g, p, len, selected != g->invert);
  line_end(g);
}

static void print_only(grep *g, scan *s, const char *p, size_t len, int64_t lineno, int64_t off)
{
  size_t at = 0, ms, me;
  while (at <= len && gm_find(&g->m, p, len, at, &ms, &me)) {
    if (me == ms) {
      at = ms + 1;
      continue;
    }
    line_head(g, s, lineno, off + (int64_t)ms, ':', false);
    if (g->color) cmd_puts(g->c, C_MATCH);
    cmd_out(g->c, p + ms, me - ms);
    if (g->color) cmd_puts(g->c, C_END);
    line_end(g);
    at = me;
  }
}

/* ---- the lines kept for -B ------------------------------------------- */

static void ring_push(scan *s, const char *p, size_t len, int64_t lineno, int64_t off, int64_t keep)
{
  if (keep <= 0) return;
  if (s->nring == (size_t)keep) {
    free(s->ring[0].text);
    memmove(s->ring, s->ring + 1, (s->nring - 1) * sizeof *s->ring);
    s->nring--;
  }
  if (s->nring == s->cring) {
    size_t nc = s->cring ? s->cring * 2 : 8;
    held *r = realloc(s->ring, nc * sizeof *r);
    if (!r) return;
    s->ring = r;
    s->cring = nc;
  }
  char *t = malloc(len + 1);
  if (!t) return;
  memcpy(t, p, len);
  s->ring[s->nring++] = (held){t, len, lineno, off};
}

static void ring_flush(grep *g, scan *s, bool print)
{
  for (size_t i = 0; i < s->nring; i++) {
    if (print) print_line(g, s, s->ring[i].text, s->ring[i].len, s->ring[i].lineno, s->ring[i].off, false);
    free(s->ring[i].text);
  }
  s->nring = 0;
}

/* ---- one file -------------------------------------------------------- */

/* Returns false when the file is done (-l, -q, -m, binary). */
static bool one_line(grep *g, scan *s, const char *p, size_t len, int64_t off)
{
  s->lineno++;
  if (s->max_hit) { /* -m reached: only the trailing context is left */
    if (s->after_left <= 0) return false;
    print_line(g, s, p, len, s->lineno, off, false);
    return --s->after_left > 0;
  }
  size_t ms, me;
  bool sel = gm_find(&g->m, p, len, 0, &ms, &me) != g->invert;
  if (!sel) {
    if (g->quiet_out) return true;
    if (s->after_left > 0) {
      s->after_left--;
      if (!(s->binary && g->binary == BIN_BINARY)) print_line(g, s, p, len, s->lineno, off, false);
    } else ring_push(s, p, len, s->lineno, off, g->before);
    return true;
  }
  s->count++;
  if (g->quiet) {
    g->quit = true;
    return false;
  }
  if (g->list) return false;
  bool at_max = g->max_count >= 0 && s->count >= g->max_count;
  if (!g->quiet_out) {
    if (s->binary) {
      ring_flush(g, s, false);
      s->binary_hit = true;
      return false;
    }
    ring_flush(g, s, true);
    if (g->only) {
      if (!g->invert) {
        group_sep(g, s, s->lineno);
        print_only(g, s, p, len, s->lineno, off);
      }
    } else print_line(g, s, p, len, s->lineno, off, true);
    s->after_left = g->after;
  }
  if (at_max) {
    s->max_hit = true;
    return s->after_left > 0;
  }
  return true;
}

static bool has_nul(const unsigned char *p, size_t n) { return memchr(p, 0, n) != NULL; }

/* Lines that cannot match are skipped a buffer at a time (as GNU grep
** skips them) when every pattern is a plain string and no line but a
** selected one is printed: the first place any of the strings occurs is
** the next line worth a look. */
static bool can_skip(const grep *g, const scan *s)
{
  return g->m.all_lit && !g->invert && g->before <= 0 && s->after_left <= 0 && !s->max_hit && !s->binary;
}

static size_t first_hit(const grep *g, const unsigned char *p, size_t n)
{
  size_t best = SIZE_MAX;
  for (size_t i = 0; i < g->m.n; i++) {
    size_t span = best == SIZE_MAX || best + g->m.litlen[i] > n ? n : best + g->m.litlen[i];
    const unsigned char *h = memmem(p, span, g->m.lit[i], g->m.litlen[i]);
    if (h && (size_t)(h - p) < best) best = (size_t)(h - p);
  }
  return best;
}

static int64_t count_eol(const unsigned char *p, size_t n, int eol)
{
  int64_t k = 0;
  for (const unsigned char *e; n && (e = memchr(p, eol, n)); k++) {
    n -= (size_t)(e - p) + 1;
    p = e + 1;
  }
  return k;
}

/* Reads fd to its end or until the file is done; returns the selected
** lines' count, or -1 after a read error (reported). */
int64_t grep_fd(grep *g, int fd, const char *name, bool names)
{
  scan s = {.name = name, .names = names, .width = 19};
  acs__sys_stat st;
  /* -T pads numbers to the digits of a file's size (GNU's offset_width) */
  if (g->tabs && acs_sys_fstat(fd, &st) == 0 && S_ISREG(st.mode))
    for (s.width = 1; st.size >= 10; st.size /= 10) s.width++;
  size_t cap = BUF0, len = 0, pos = 0;
  unsigned char *buf = malloc(cap);
  if (!buf) return -1;
  int64_t base = 0; /* the file offset of buf[0] */
  bool eof = false, go = true;
  int err = 0;
  while (go) {
    /* the complete lines in the buffer */
    while (go && pos < len) {
      if (can_skip(g, &s)) {
        size_t hit = first_hit(g, buf + pos, len - pos);
        size_t stop = hit == SIZE_MAX ? len : pos + hit;
        unsigned char *ls = stop > pos ? memrchr(buf + pos, g->eol, stop - pos) : NULL;
        size_t to = ls ? (size_t)(ls - buf) + 1 : pos;
        s.lineno += count_eol(buf + pos, to - pos, g->eol);
        pos = to;
        if (hit == SIZE_MAX) {
          if (eof) pos = len; /* the last line, unterminated, holds none either */
          break;
        }
      }
      unsigned char *e = memchr(buf + pos, g->eol, len - pos);
      if (s.binary && g->eol == '\n') {
        unsigned char *z = memchr(buf + pos, 0, (e ? (size_t)(e - buf) : len) - pos);
        if (z) e = z;
      }
      if (!e && !eof) break;
      size_t end = e ? (size_t)(e - buf) : len;
      go = one_line(g, &s, (const char *)buf + pos, end - pos, base + (int64_t)pos);
      pos = e ? end + 1 : len;
      if (cmd_out_error(g->c)) go = false;
    }
    if (!go || eof) break;
    /* keep the partial line, then read more */
    if (pos > 0) {
      memmove(buf, buf + pos, len - pos);
      base += (int64_t)pos;
      len -= pos;
      pos = 0;
    }
    if (cap - len < ACS__SYS_MAX_DATA) {
      unsigned char *nb = realloc(buf, cap * 2);
      if (!nb) {
        err = -12;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    /* fill the buffer as GNU's read does, so that NUL detection sees as much */
    size_t filled = 0;
    while (len < cap && filled < BUF0) {
      size_t want = cap - len < ACS__SYS_MAX_DATA ? cap - len : ACS__SYS_MAX_DATA;
      ssize_t n = acs_sys_read(fd, buf + len, want);
      if (n < 0) {
        err = (int)n;
        break;
      }
      if (n == 0) {
        eof = true;
        break;
      }
      if (!s.binary && g->binary != BIN_TEXT && g->eol == '\n' && has_nul(buf + len, (size_t)n)) {
        s.binary = true;
        if (g->binary == BIN_WITHOUT) go = false;
      }
      len += (size_t)n;
      filled += (size_t)n;
      if ((size_t)n < want) break; /* a pipe: take what came */
    }
    if (err) break;
  }
  ring_flush(g, &s, false);
  free(s.ring);
  free(buf);
  if (err) {
    grep_file_error(g, name, err);
    return -1;
  }
  if (s.binary && g->binary == BIN_WITHOUT) return 0;
  if (s.binary_hit) {
    cmd_flush(g->c);
    cmd_error(g->c, "%s: binary file matches", name);
  }
  return s.count;
}

/* What -c, -l and -L print for a file once it is read. */
void grep_report(grep *g, const char *name, bool names, int64_t count)
{
  if (g->quiet) return;
  if (g->count) {
    if (names) {
      put_name(g, name);
      if (g->null_names) cmd_putc(g->c, 0);
      else put_sep(g, ':');
    }
    cmd_printf(g->c, "%lld\n", (long long)count);
  }
  if ((g->list == 1 && count > 0) || (g->list == 2 && count == 0)) {
    put_name(g, name);
    cmd_putc(g->c, g->null_names ? 0 : '\n');
  }
  if (g->line_buffered) cmd_flush(g->c);
}

int acs__cmd_grep(acs_cmd *c, int argc, char **argv) { return acs__grep_main(c, argc, argv, GM_BASIC); }

/* Debian's egrep and fgrep are scripts that warn, then exec grep: what
** follows speaks as grep */
static int obsolescent(acs_cmd *c, int argc, char **argv, int kind)
{
  const char *base = strrchr(c->name, '/');
  base = base ? base + 1 : c->name;
  cmd_flush(c);
  char msg[256];
  int n = snprintf(msg, sizeof msg, "%s: warning: %s is obsolescent\n", base, base);
  acs_sys_write_all(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
  c->name = "grep";
  return acs__grep_main(c, argc, argv, kind);
}

int acs__cmd_egrep(acs_cmd *c, int argc, char **argv) { return obsolescent(c, argc, argv, GM_EXTENDED); }

int acs__cmd_fgrep(acs_cmd *c, int argc, char **argv) { return obsolescent(c, argc, argv, GM_FIXED); }
