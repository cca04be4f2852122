/* lineedit.c - the interactive shell's line editor, as readline's emacs
** keys: left/right, home/end (^A ^E), backspace, delete (^D on a line),
** ^K ^U ^W, ^L, up/down (^P ^N) through the history, tab completion of
** commands (builtins, functions, aliases, PATH) and file names. The
** terminal is raw while a line is edited (termios through the box's
** calls) and as it was while commands run. ^C gives the line up; ^D on an
** empty line is the end of input. */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>

#define HIST_MAX 500

static char *hist[HIST_MAX];
static int nhist;
bool le_cancelled; /* the last line was given up with ^C */

typedef struct ed {
  sbuf b;          /* the line */
  size_t pos;      /* the cursor, a byte offset */
  const char *prompt;
  size_t prompt_w; /* its width on the screen */
  sbuf out;        /* what goes to the screen next */
  bool drawn;      /* the prompt is on the screen: a redraw rewrites its last line only */
  size_t cur_row;  /* the cursor's row below the prompt's last line's row */
  size_t rows;     /* the rows the last draw took */
  size_t cols;     /* the terminal's width when last drawn */
} ed;

static void flush_out(ed *e)
{
  if (e->out.len) sh_write(1, e->out.s, e->out.len);
  e->out.len = 0;
}

static bool cont_byte(char c) { return ((unsigned char)c & 0xc0) == 0x80; }

static size_t width(const char *s, size_t n)
{
  size_t w = 0;
  for (size_t i = 0; i < n; i++)
    if (!cont_byte(s[i])) w++;
  return w;
}

/* the prompt's width: escapes between \001 and \002 take no room */
static size_t prompt_width(const char *p)
{
  size_t w = 0;
  bool hidden = false;
  for (; *p; p++) {
    if (*p == 1) hidden = true;
    else if (*p == 2) hidden = false;
    else if (!hidden && !cont_byte(*p) && *p != '\n') w++;
    if (*p == '\n') w = 0;
  }
  return w;
}

static size_t term_cols(void)
{
  int rows = 0, cols = 0;
  return acs_sys_getwinsz(0, &rows, &cols) == 0 && cols > 0 ? (size_t)cols : 80;
}

/* The prompt and the line, which may take several rows of the screen: from
** the row the prompt's last line is on, the screen below cleared, the line
** written, and the cursor moved back up to its place (a move left never
** crosses a row: redrawing a wrapped line from its own row stacked copies
** of it). A line that ends at the right edge gets its next row at once,
** so where the cursor is never depends on the terminal's pending wrap. */
static void redraw(ed *e)
{
  char num[32];
  const char *p = e->prompt;
  if (e->drawn) {
    if (e->cur_row) {
      snprintf(num, sizeof num, "\x1b[%zuA", e->cur_row);
      sb_adds(&e->out, num);
    }
    const char *nl = strrchr(p, '\n');
    if (nl) p = nl + 1; /* the lines above stay as they are */
  }
  sb_addc(&e->out, '\r');
  for (; *p; p++)
    if (*p != 1 && *p != 2) sb_addc(&e->out, *p);
  if (e->b.len) sb_add(&e->out, e->b.s, e->b.len);
  e->drawn = true;
  size_t cols = e->cols = term_cols();
  size_t all = e->prompt_w + width(e->b.s ? e->b.s : "", e->b.len);
  if (all > 0 && all % cols == 0) sb_adds(&e->out, "\r\n");
  size_t end_row = all / cols;
  /* the rest of the row, or of the screen when the line took (or takes)
  ** more than one row */
  sb_adds(&e->out, end_row == 0 && e->rows <= 1 ? "\x1b[K" : "\x1b[J");
  e->rows = end_row + 1;
  size_t at = e->prompt_w + width(e->b.s ? e->b.s : "", e->pos);
  size_t row = at / cols, col = at % cols;
  if (end_row == row) { /* on the last row: back over what follows the cursor */
    size_t back = all - at;
    if (back) {
      snprintf(num, sizeof num, "\x1b[%zuD", back);
      sb_adds(&e->out, num);
    }
  } else {
    snprintf(num, sizeof num, "\x1b[%zuA\r", end_row - row);
    sb_adds(&e->out, num);
    if (col) {
      snprintf(num, sizeof num, "\x1b[%zuC", col);
      sb_adds(&e->out, num);
    }
  }
  e->cur_row = row;
  flush_out(e);
}

/* the cursor to the row after the line (before a listing, ^C or Enter) */
static void below(ed *e)
{
  size_t cols = e->cols ? e->cols : 80;
  size_t all = e->prompt_w + width(e->b.s ? e->b.s : "", e->b.len);
  size_t end_row = all / cols;
  char num[32];
  if (end_row > e->cur_row) {
    snprintf(num, sizeof num, "\x1b[%zuB", end_row - e->cur_row);
    sb_adds(&e->out, num);
  }
  /* at the right edge the row after is there already (redraw made it) */
  sb_adds(&e->out, all > 0 && all % cols == 0 ? "\r" : "\n");
  e->cur_row = 0;
  e->rows = 0;
  e->drawn = false;
}

static void insert(ed *e, const char *s, size_t n)
{
  sbuf nb = {0};
  if (e->pos) sb_add(&nb, e->b.s, e->pos);
  sb_add(&nb, s, n);
  if (e->b.len > e->pos) sb_add(&nb, e->b.s + e->pos, e->b.len - e->pos);
  sb_free(&e->b);
  e->b = nb;
  e->pos += n;
}

static void erase(ed *e, size_t from, size_t to)
{
  if (from >= to) return;
  memmove(e->b.s + from, e->b.s + to, e->b.len - to);
  e->b.len -= to - from;
  e->b.s[e->b.len] = 0;
  if (e->pos > to) e->pos -= to - from;
  else if (e->pos > from) e->pos = from;
}

static size_t prev_char(ed *e, size_t p)
{
  if (p == 0) return 0;
  p--;
  while (p > 0 && cont_byte(e->b.s[p])) p--;
  return p;
}

static size_t next_char(ed *e, size_t p)
{
  if (p >= e->b.len) return e->b.len;
  p++;
  while (p < e->b.len && cont_byte(e->b.s[p])) p++;
  return p;
}

static void set_line(ed *e, const char *s)
{
  e->b.len = 0;
  sb_adds(&e->b, s ? s : "");
  if (!e->b.s) sb_adds(&e->b, "");
  e->pos = e->b.len;
}

/* ---- completion ------------------------------------------------------- */

static void add_unique(strv *v, const char *s)
{
  for (size_t i = 0; i < v->n; i++)
    if (!strcmp(v->v[i], s)) return;
  sv_push(v, xstrdup(s));
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* entries of dir starting with pre (dirs get a '/'); only_exec: programs */
static void list_dir(const char *dir, const char *pre, bool only_exec, bool mark_dirs, strv *out)
{
  int fd = acs_sys_open(*dir ? dir : ".", 0200000 /* O_DIRECTORY */, 0);
  if (fd < 0) return;
  unsigned char buf[8192];
  ssize_t n;
  size_t plen = strlen(pre);
  while ((n = acs_sys_getdents(fd, buf, sizeof buf)) > 0) {
    for (ssize_t off = 0; off + 11 <= n;) {
      uint16_t nl;
      memcpy(&nl, buf + off + 9, 2);
      char name[512];
      size_t l = nl < sizeof name - 2 ? nl : sizeof name - 2;
      memcpy(name, buf + off + 11, l);
      name[l] = 0;
      unsigned char type = buf[off + 8];
      off += 11 + nl;
      if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
      if (strncmp(name, pre, plen) || (name[0] == '.' && pre[0] != '.')) continue;
      char full[4200];
      snprintf(full, sizeof full, "%s%s%s", dir, *dir && dir[strlen(dir) - 1] != '/' ? "/" : "", name);
      acs__sys_stat st;
      bool isdir = type == 4;
      if (type == 10 || type == 0) isdir = acs_sys_stat(full, &st) == 0 && (st.mode & 0170000) == 0040000;
      if (only_exec && (isdir || acs_sys_access(full, 1) != 0)) continue;
      if (mark_dirs && isdir) strcat(name, "/");
      add_unique(out, name);
    }
  }
  acs_sys_close(fd);
}

struct alias_pick {
  const char *pre;
  strv *out;
};

static void pick_alias(const char *name, const char *value, void *u)
{
  (void)value;
  struct alias_pick *a = u;
  if (!strncmp(name, a->pre, strlen(a->pre))) add_unique(a->out, name);
}

static void pick_func(func *f, void *u)
{
  struct alias_pick *a = u;
  if (!strncmp(f->name, a->pre, strlen(a->pre))) add_unique(a->out, f->name);
}

static const char *const builtin_names[] = {
    ":", ".", "[", "alias", "bg", "break", "builtin", "caller", "cd", "command", "continue",
    "declare", "dirs", "disown", "echo", "eval", "exec", "exit", "export", "false", "fg",
    "getopts", "hash", "history", "jobs", "kill", "let", "local", "mapfile", "popd", "printf",
    "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt",
    "source", "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask",
    "unalias", "unset", "wait", "if", "then", "else", "elif", "fi", "for", "while", "until",
    "do", "done", "case", "esac", "function", "time", NULL};

/* the candidates for word (the text before the cursor back to a blank or
** an operator); cmd: it is in a command's place */
static void candidates(const char *word, bool cmd, strv *out)
{
  if (cmd && !strchr(word, '/')) {
    for (int i = 0; builtin_names[i]; i++)
      if (!strncmp(builtin_names[i], word, strlen(word))) add_unique(out, builtin_names[i]);
    struct alias_pick ap = {word, out};
    alias_each(pick_alias, &ap);
    struct alias_pick fp = {word, out};
    fn_each(pick_func, &fp);
    const char *path = var_get("PATH");
    char *p = xstrdup(path ? path : "");
    for (char *d = strtok(p, ":"); d; d = strtok(NULL, ":")) list_dir(d, word, true, false, out);
    free(p);
    return;
  }
  const char *slash = strrchr(word, '/');
  char dir[4096];
  const char *base = word;
  if (slash) {
    size_t dl = (size_t)(slash - word) + 1;
    if (dl >= sizeof dir) return;
    memcpy(dir, word, dl);
    dir[dl] = 0;
    base = slash + 1;
    if (dir[0] == '~') {
      const char *home = var_get("HOME");
      char d2[4096];
      snprintf(d2, sizeof d2, "%s%s", home ? home : "", dir + 1);
      snprintf(dir, sizeof dir, "%s", d2);
    }
  } else {
    dir[0] = 0;
  }
  strv names = {0};
  list_dir(dir, base, false, true, &names);
  for (size_t i = 0; i < names.n; i++) {
    char full[4600];
    snprintf(full, sizeof full, "%.*s%s", slash ? (int)(slash - word + 1) : 0, word, names.v[i]);
    add_unique(out, full);
  }
  sv_free(&names);
}

static void complete(ed *e, bool *listed)
{
  size_t start = e->pos;
  while (start > 0 && !strchr(" \t;|&<>()", e->b.s[start - 1])) start--;
  size_t k = start;
  while (k > 0 && (e->b.s[k - 1] == ' ' || e->b.s[k - 1] == '\t')) k--;
  bool cmd = k == 0 || strchr(";|&(", e->b.s[k - 1]);
  char *word = xmalloc(e->pos - start + 1);
  memcpy(word, e->b.s + start, e->pos - start);
  word[e->pos - start] = 0;
  strv c = {0};
  candidates(word, cmd, &c);
  if (c.n == 0) {
    sb_adds(&e->out, "\a");
    flush_out(e);
  } else if (c.n == 1) {
    const char *m = c.v[0];
    insert(e, m + strlen(word), strlen(m) - strlen(word));
    if (m[strlen(m) - 1] != '/') insert(e, " ", 1);
    redraw(e);
  } else {
    qsort(c.v, c.n, sizeof *c.v, cmp_str);
    size_t common = strlen(c.v[0]);
    for (size_t i = 1; i < c.n; i++) {
      size_t j = 0;
      while (j < common && c.v[i][j] == c.v[0][j]) j++;
      common = j;
    }
    if (common > strlen(word)) {
      insert(e, c.v[0] + strlen(word), common - strlen(word));
      redraw(e);
    } else if (*listed || c.n <= 100) {
      /* a second tab, as readline: the candidates, then the line again */
      int rows = 24, cols = 80;
      acs_sys_getwinsz(0, &rows, &cols);
      size_t wmax = 0;
      for (size_t i = 0; i < c.n; i++) {
        const char *s = strrchr(c.v[i], '/');
        s = s && s[1] ? s + 1 : c.v[i];
        size_t w = width(s, strlen(s));
        if (w > wmax) wmax = w;
      }
      size_t per = (size_t)cols / (wmax + 2);
      if (per == 0) per = 1;
      below(e); /* the list under the whole line; then the prompt again */
      for (size_t i = 0; i < c.n; i++) {
        const char *s = c.v[i];
        size_t l = strlen(s);
        if (l > 1 && s[l - 1] == '/') {
          const char *q = s + l - 2;
          while (q > s && *q != '/') q--;
          if (*q == '/') s = q + 1;
        } else if (strrchr(s, '/')) {
          s = strrchr(s, '/') + 1;
        }
        sb_adds(&e->out, s);
        bool last = (i + 1) % per == 0 || i + 1 == c.n;
        if (last) sb_adds(&e->out, "\n");
        else
          for (size_t w = width(s, strlen(s)); w < wmax + 2; w++) sb_addc(&e->out, ' ');
      }
      redraw(e);
    }
    *listed = true;
  }
  sv_free(&c);
  free(word);
}

/* ---- the editor ------------------------------------------------------- */

static int getkey(void)
{
  unsigned char c;
  ssize_t n = acs_sys_read(0, &c, 1);
  return n == 1 ? c : -1;
}

void le_history_add(const char *line)
{
  if (!*line || (nhist && !strcmp(hist[nhist - 1], line))) return;
  if (nhist == HIST_MAX) {
    free(hist[0]);
    memmove(hist, hist + 1, (HIST_MAX - 1) * sizeof *hist);
    nhist--;
  }
  hist[nhist++] = xstrdup(line);
}

int bi_history(int argc, char **argv)
{
  if (argc > 1 && !strcmp(argv[1], "-c")) {
    for (int i = 0; i < nhist; i++) free(hist[i]);
    nhist = 0;
    return 0;
  }
  for (int i = 0; i < nhist; i++) out_printf("%5d  %s\n", i + 1, hist[i]);
  return 0;
}

/* A line from the terminal after prompt: malloc'd with its newline, NULL
** at the end of input (or ^C: le_cancelled). */
char *le_readline(const char *prompt)
{
  le_cancelled = false;
  struct termios saved, raw;
  bool tty = acs_sys_tcgetattr(0, &saved) == 0;
  if (tty) {
    raw = saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_iflag &= ~(tcflag_t)(ICRNL | IXON | INLCR);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    acs_sys_tcsetattr(0, TCSANOW, &raw);
  }
  ed e = {.prompt = prompt, .prompt_w = prompt_width(prompt)};
  sb_adds(&e.b, "");
  int hpos = nhist;
  char *edit = NULL; /* the line being typed while history is shown */
  bool listed = false, eof = false, done = false;
  redraw(&e);
  while (!done) {
    int c = getkey();
    if (c != '\t') listed = false;
    switch (c) {
    case -1: eof = true; done = true; break;
    case '\r':
    case '\n': done = true; break;
    case 1: e.pos = 0; redraw(&e); break;                 /* ^A */
    case 5: e.pos = e.b.len; redraw(&e); break;           /* ^E */
    case 2: e.pos = prev_char(&e, e.pos); redraw(&e); break; /* ^B */
    case 6: e.pos = next_char(&e, e.pos); redraw(&e); break; /* ^F */
    case 3:                                               /* ^C */
      e.pos = e.b.len;
      redraw(&e);
      sb_adds(&e.out, "^C\n");
      flush_out(&e);
      le_cancelled = true;
      done = true;
      break;
    case 4:                                               /* ^D */
      if (e.b.len == 0) {
        eof = true;
        done = true;
      } else {
        erase(&e, e.pos, next_char(&e, e.pos));
        redraw(&e);
      }
      break;
    case 8:
    case 127: erase(&e, prev_char(&e, e.pos), e.pos); redraw(&e); break;
    case 11: erase(&e, e.pos, e.b.len); redraw(&e); break; /* ^K */
    case 21: erase(&e, 0, e.pos); redraw(&e); break;       /* ^U */
    case 23: {                                             /* ^W */
      size_t p = e.pos;
      while (p > 0 && e.b.s[p - 1] == ' ') p--;
      while (p > 0 && e.b.s[p - 1] != ' ') p--;
      erase(&e, p, e.pos);
      redraw(&e);
      break;
    }
    case 12: sb_adds(&e.out, "\x1b[H\x1b[2J"); e.drawn = false; e.cur_row = e.rows = 0; redraw(&e); break; /* ^L */
    case '\t': complete(&e, &listed); break;
    case 16:
    case 14:
    case 27: {
      int dir = c == 16 ? -1 : c == 14 ? 1 : 0;
      if (c == 27) {
        int c2 = getkey(), c3 = c2 == '[' || c2 == 'O' ? getkey() : -1;
        if (c3 >= '0' && c3 <= '9') {
          int c4 = getkey();
          if (c4 == '~') {
            if (c3 == '1' || c3 == '7') e.pos = 0;
            else if (c3 == '4' || c3 == '8') e.pos = e.b.len;
            else if (c3 == '3') erase(&e, e.pos, next_char(&e, e.pos));
          } else {
            while (c4 >= 0 && c4 != '~' && !(c4 >= 'A' && c4 <= 'Z')) c4 = getkey();
          }
          redraw(&e);
          break;
        }
        if (c3 == 'A') dir = -1;
        else if (c3 == 'B') dir = 1;
        else if (c3 == 'C') e.pos = next_char(&e, e.pos);
        else if (c3 == 'D') e.pos = prev_char(&e, e.pos);
        else if (c3 == 'H') e.pos = 0;
        else if (c3 == 'F') e.pos = e.b.len;
        else if (c2 == 'b' || c2 == 'f') { /* M-b, M-f: a word back, forward */
          size_t p = e.pos;
          if (c2 == 'b') {
            while (p > 0 && e.b.s[p - 1] == ' ') p--;
            while (p > 0 && e.b.s[p - 1] != ' ') p--;
          } else {
            while (p < e.b.len && e.b.s[p] == ' ') p++;
            while (p < e.b.len && e.b.s[p] != ' ') p++;
          }
          e.pos = p;
        }
        if (!dir) {
          redraw(&e);
          break;
        }
      }
      int np = hpos + dir;
      if (np < 0 || np > nhist) break;
      if (hpos == nhist) {
        free(edit);
        edit = xstrdup(e.b.s);
      }
      hpos = np;
      set_line(&e, hpos == nhist ? edit : hist[hpos]);
      redraw(&e);
      break;
    }
    default:
      if (c >= 32) {
        char ch = (char)c;
        insert(&e, &ch, 1);
        /* a UTF-8 character comes whole before it is drawn */
        int more = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 0;
        for (int i = 0; i < more; i++) {
          int d = getkey();
          if (d < 0) break;
          ch = (char)d;
          insert(&e, &ch, 1);
        }
        size_t all = e.prompt_w + width(e.b.s, e.b.len), cols = e.cols ? e.cols : 80;
        if (e.pos == e.b.len && all % cols != 0) {
          /* typing at the end, not at the right edge: no redraw needed */
          sb_add(&e.out, e.b.s + e.b.len - 1 - more, (size_t)more + 1);
          flush_out(&e);
          e.cur_row = all / cols;
        } else {
          redraw(&e);
        }
      }
    }
  }
  free(edit);
  if (!le_cancelled && !eof) {
    below(&e); /* the command's output starts under the whole line */
    flush_out(&e);
  }
  if (tty) acs_sys_tcsetattr(0, TCSANOW, &saved);
  if (eof || le_cancelled) {
    sb_free(&e.b);
    sb_free(&e.out);
    return NULL;
  }
  le_history_add(e.b.s);
  sb_addc(&e.b, '\n');
  sb_free(&e.out);
  return sb_take(&e.b);
}
