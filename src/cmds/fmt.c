/* fmt.c - simple optimal text formatter.
**
** Usage: fmt [-WIDTH] [OPTION]... [FILE]...
** Reformat each paragraph in the FILE(s), writing to standard output.
** The option -WIDTH is an abbreviated form of --width=DIGITS.
**
** With no FILE, or when FILE is -, read standard input.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -c, --crown-margin        preserve indentation of first two lines
**   -p, --prefix=STRING       reformat only lines beginning with STRING,
**                               reattaching the prefix to reformatted lines
**   -s, --split-only          split long lines, but do not refill
**   -t, --tagged-paragraph    indentation of first line different from second
**   -u, --uniform-spacing     one space between words, two after sentences
**   -w, --width=WIDTH         maximum line width (default of 75 columns)
**   -g, --goal=WIDTH          goal width (default of 93% of width)
**       --help        display this help and exit
**       --version     output version information and exit
*/

/* GNU coreutils' fmt. Its model, as its documentation and source describe
** it: a paragraph is a run of lines with the same indentation (and
** prefix), words are runs of non-blanks, a sentence ends at [.?!] with
** closing marks followed by a line end or two spaces; the breaks are
** chosen by dynamic programming over the paragraph's words with GNU's
** costs (the square of the distance from the goal width, raggedness
** between lines, bonuses for breaks after sentences and punctuation and
** before parentheses, costs for widows and orphans), and a paragraph of
** more than 1000 words or 5000 bytes is flushed in parts at a cheap break
** as GNU's is. Tabs in the input let the output indent with tabs. */
#include "cmd.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef long cost;
#define MAXCOST LONG_MAX
#define EQUIV(n) ((cost)(n) * (cost)(n))
#define SHORT_COST(n) EQUIV((n) * 10)
#define RAGGED_COST(n) (SHORT_COST(n) / 2)
#define LINE_COST EQUIV(70)
#define WIDOW_COST(n) (EQUIV(200) / ((n) + 2))
#define ORPHAN_COST(n) (EQUIV(150) / ((n) + 2))
#define SENTENCE_BONUS EQUIV(50)
#define NOBREAK_COST EQUIV(600)
#define PAREN_BONUS EQUIV(40)
#define PUNCT_BONUS EQUIV(40)
#define LINE_CREDIT EQUIV(3)
#define MAXWORDS 1000
#define MAXCHARS 5000
#define TABWIDTH 8
#define DEF_INDENT 3

typedef struct word {
  const char *text;
  int length, space;
  bool paren, period, punct, final;
  int line_length;
  cost best_cost;
  struct word *next_break;
} word;

typedef struct fm {
  acs_cmd *c;
  cmd_in *in;
  bool crown, tagged, split, uniform;
  const char *prefix;
  int prefix_full_length, prefix_lead_space, prefix_length;
  int max_width, goal_width;
  int in_column, out_column;
  char parabuf[MAXCHARS];
  char *wptr;
  word words[MAXWORDS];
  word *word_limit;
  bool tabs;
  int prefix_indent, first_indent, other_indent;
  int next_char, next_prefix_indent, last_line_length;
  unsigned char buf[16384];
  size_t blen, bpos;
  int read_err;
} fm;

static int get(fm *f)
{
  if (f->bpos == f->blen) {
    ssize_t r = cmd_in_read(f->in, f->buf, sizeof f->buf);
    if (r <= 0) {
      if (r < 0) f->read_err = (int)r;
      return EOF;
    }
    f->blen = (size_t)r;
    f->bpos = 0;
  }
  return f->buf[f->bpos++];
}

static bool is_open(int c) { return c && strchr("(['`\"", c); }
static bool is_close(int c) { return c && strchr(")]'\"", c); }
static bool is_period(int c) { return c && strchr(".?!", c); }

static void put_space(fm *f, int space)
{
  int target = f->out_column + space;
  if (f->tabs) {
    int tab_target = target / TABWIDTH * TABWIDTH;
    if (f->out_column + 1 < tab_target)
      while (f->out_column < tab_target) {
        cmd_putc(f->c, '\t');
        f->out_column = (f->out_column / TABWIDTH + 1) * TABWIDTH;
      }
  }
  while (f->out_column < target) {
    cmd_putc(f->c, ' ');
    f->out_column++;
  }
}

static int get_space(fm *f, int c)
{
  for (;;) {
    if (c == ' ') f->in_column++;
    else if (c == '\t') {
      f->tabs = true;
      f->in_column = (f->in_column / TABWIDTH + 1) * TABWIDTH;
    } else {
      return c;
    }
    c = get(f);
  }
}

static int get_prefix(fm *f)
{
  f->in_column = 0;
  int c = get_space(f, get(f));
  if (f->prefix_length == 0) {
    f->next_prefix_indent = f->prefix_lead_space < f->in_column ? f->prefix_lead_space : f->in_column;
  } else {
    f->next_prefix_indent = f->in_column;
    for (const char *p = f->prefix; *p; p++) {
      if (c != (unsigned char)*p) return c;
      f->in_column++;
      c = get(f);
    }
    c = get_space(f, c);
  }
  return c;
}

static int copy_rest(fm *f, int c)
{
  f->out_column = 0;
  if (f->in_column > f->next_prefix_indent || (c != '\n' && c != EOF)) {
    put_space(f, f->next_prefix_indent);
    for (const char *s = f->prefix; f->out_column != f->in_column && *s; f->out_column++) cmd_putc(f->c, *s++);
    if (c != EOF && c != '\n') put_space(f, f->in_column - f->out_column);
    if (c == EOF && f->in_column >= f->next_prefix_indent + f->prefix_length) cmd_putc(f->c, '\n');
  }
  while (c != '\n' && c != EOF) {
    cmd_putc(f->c, c);
    c = get(f);
  }
  return c;
}

static bool same_para(fm *f, int c)
{
  return f->next_prefix_indent == f->prefix_indent && f->in_column >= f->next_prefix_indent + f->prefix_full_length &&
         c != '\n' && c != EOF;
}

static void set_other_indent(fm *f, bool same)
{
  if (f->split) f->other_indent = f->first_indent;
  else if (f->crown) f->other_indent = same ? f->in_column : f->first_indent;
  else if (f->tagged) {
    if (same && f->in_column != f->first_indent) f->other_indent = f->in_column;
    else if (f->other_indent == f->first_indent) f->other_indent = f->first_indent == 0 ? DEF_INDENT : 0;
  } else {
    f->other_indent = f->first_indent;
  }
}

static void check_punctuation(word *w)
{
  const char *start = w->text, *finish = start + (w->length - 1);
  unsigned char fin = (unsigned char)*finish;
  w->paren = is_open((unsigned char)*start);
  w->punct = ispunct(fin) != 0;
  while (start < finish && is_close((unsigned char)*finish)) finish--;
  w->period = is_period((unsigned char)*finish);
}

static cost base_cost(fm *f, word *t)
{
  cost k = LINE_COST;
  if (t > f->words) {
    if ((t - 1)->period) {
      if ((t - 1)->final) k -= SENTENCE_BONUS;
      else k += NOBREAK_COST;
    } else if ((t - 1)->punct) {
      k -= PUNCT_BONUS;
    } else if (t > f->words + 1 && (t - 2)->final) {
      k += WIDOW_COST((t - 1)->length);
    }
  }
  if (t->paren) k -= PAREN_BONUS;
  else if (t->final) k += ORPHAN_COST(t->length);
  return k;
}

static cost line_cost(fm *f, word *next, int len)
{
  if (next == f->word_limit) return 0;
  int n = f->goal_width - len;
  cost k = SHORT_COST(n);
  if (next->next_break != f->word_limit) {
    n = len - next->line_length;
    k += RAGGED_COST(n);
  }
  return k;
}

static void fmt_paragraph(fm *f)
{
  f->word_limit->best_cost = 0;
  int saved = f->word_limit->length;
  f->word_limit->length = f->max_width; /* a sentinel */
  for (word *start = f->word_limit - 1; start >= f->words; start--) {
    cost best = MAXCOST;
    int len = start == f->words ? f->first_indent : f->other_indent;
    word *w = start;
    len += w->length;
    do {
      w++;
      cost wcost = line_cost(f, w, len) + w->best_cost;
      if (start == f->words && f->last_line_length > 0) wcost += RAGGED_COST(len - f->last_line_length);
      if (wcost < best) {
        best = wcost;
        start->next_break = w;
        start->line_length = len;
      }
      if (w == f->word_limit) break;
      len += (w - 1)->space + w->length;
    } while (len < f->max_width);
    start->best_cost = best + base_cost(f, start);
  }
  f->word_limit->length = saved;
}

static void put_word(fm *f, word *w)
{
  cmd_out(f->c, w->text, (size_t)w->length);
  f->out_column += w->length;
}

static void put_line(fm *f, word *w, int indent)
{
  f->out_column = 0;
  put_space(f, f->prefix_indent);
  cmd_puts(f->c, f->prefix);
  f->out_column += f->prefix_length;
  put_space(f, indent - f->out_column);
  word *endline = w->next_break - 1;
  for (; w != endline; w++) {
    put_word(f, w);
    put_space(f, w->space);
  }
  put_word(f, w);
  f->last_line_length = f->out_column;
  cmd_putc(f->c, '\n');
}

static void put_paragraph(fm *f, word *finish)
{
  put_line(f, f->words, f->first_indent);
  for (word *w = f->words->next_break; w != finish; w = w->next_break) put_line(f, w, f->other_indent);
}

static void flush_paragraph(fm *f)
{
  if (f->word_limit == f->words) {
    cmd_out(f->c, f->parabuf, (size_t)(f->wptr - f->parabuf));
    f->wptr = f->parabuf;
    return;
  }
  fmt_paragraph(f);
  word *split_point = f->word_limit;
  cost best_break = MAXCOST;
  for (word *w = f->words->next_break; w != f->word_limit; w = w->next_break) {
    if (w->best_cost - w->next_break->best_cost < best_break) {
      split_point = w;
      best_break = w->best_cost - w->next_break->best_cost;
    }
    if (best_break <= MAXCOST - LINE_CREDIT) best_break += LINE_CREDIT;
  }
  put_paragraph(f, split_point);
  memmove(f->parabuf, split_point->text, (size_t)(f->wptr - split_point->text));
  ptrdiff_t shift = split_point->text - f->parabuf;
  f->wptr -= shift;
  for (word *w = split_point; w <= f->word_limit; w++) w->text -= shift;
  memmove(f->words, split_point, (size_t)(f->word_limit - split_point + 1) * sizeof *f->words);
  f->word_limit -= split_point - f->words;
}

static int get_line(fm *f, int c)
{
  char *end_of_parabuf = &f->parabuf[MAXCHARS];
  word *end_of_word = &f->words[MAXWORDS - 2];
  do {
    f->word_limit->text = f->wptr;
    do {
      if (f->wptr == end_of_parabuf) {
        set_other_indent(f, true);
        flush_paragraph(f);
      }
      *f->wptr++ = (char)c;
      c = get(f);
    } while (c != EOF && !isspace(c));
    f->in_column += f->word_limit->length = (int)(f->wptr - f->word_limit->text);
    check_punctuation(f->word_limit);
    int start = f->in_column;
    c = get_space(f, c);
    f->word_limit->space = f->in_column - start;
    f->word_limit->final = c == EOF || (f->word_limit->period && (c == '\n' || f->word_limit->space > 1));
    if (c == '\n' || c == EOF || f->uniform) f->word_limit->space = f->word_limit->final ? 2 : 1;
    if (f->word_limit == end_of_word) {
      set_other_indent(f, true);
      flush_paragraph(f);
    }
    f->word_limit++;
  } while (c != '\n' && c != EOF);
  return get_prefix(f);
}

static bool get_paragraph(fm *f)
{
  f->last_line_length = 0;
  int c = f->next_char;
  while (c == '\n' || c == EOF || f->next_prefix_indent < f->prefix_lead_space ||
         f->in_column < f->next_prefix_indent + f->prefix_full_length) {
    c = copy_rest(f, c);
    if (c == EOF) {
      f->next_char = EOF;
      return false;
    }
    cmd_putc(f->c, '\n');
    c = get_prefix(f);
  }
  f->prefix_indent = f->next_prefix_indent;
  f->first_indent = f->in_column;
  f->wptr = f->parabuf;
  f->word_limit = f->words;
  c = get_line(f, c);
  set_other_indent(f, same_para(f, c));
  if (f->split) {
  } else if (f->crown) {
    if (same_para(f, c)) {
      do c = get_line(f, c);
      while (same_para(f, c) && f->in_column == f->other_indent);
    }
  } else if (f->tagged) {
    if (same_para(f, c) && f->in_column != f->first_indent) {
      do c = get_line(f, c);
      while (same_para(f, c) && f->in_column == f->other_indent);
    }
  } else {
    while (same_para(f, c) && f->in_column == f->other_indent) c = get_line(f, c);
  }
  (f->word_limit - 1)->period = (f->word_limit - 1)->final = true;
  f->next_char = c;
  return true;
}

static void fmt_file(fm *f)
{
  f->tabs = false;
  f->other_indent = 0;
  f->blen = f->bpos = 0;
  f->next_char = get_prefix(f);
  while (get_paragraph(f) && !cmd_out_error(f->c)) {
    fmt_paragraph(f);
    put_paragraph(f, f->word_limit);
  }
}

static bool width_arg(acs_cmd *c, const char *s, long most, int *out)
{
  char *end;
  char q[1024];
  bool range = false;
  if (*s >= '0' && *s <= '9') {
    unsigned long v = strtoul(s, &end, 10);
    if (!*end && v <= (unsigned long)most) {
      *out = (int)v;
      return true;
    }
    range = !*end;
  }
  cmd_error(c, "invalid width: %s%s", cmd_quote(s, q, sizeof q), range ? ": Numerical result out of range" : "");
  return false;
}

int acs__cmd_fmt(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {{"crown-margin", 'c', CMD_NOARG},    {"prefix", 'p', CMD_ARG},
                                  {"split-only", 's', CMD_NOARG},      {"tagged-paragraph", 't', CMD_NOARG},
                                  {"uniform-spacing", 'u', CMD_NOARG}, {"width", 'w', CMD_ARG},
                                  {"goal", 'g', CMD_ARG},              {0}};
  fm *f = calloc(1, sizeof *f);
  if (!f) {
    cmd_error(c, "memory exhausted");
    return 1;
  }
  f->c = c;
  f->max_width = 75;
  f->prefix = "";
  const char *wopt = NULL, *gopt = NULL;
  char *prefix_copy = NULL;
  int status = 1;
  if (argc > 1 && argv[1][0] == '-' && isdigit((unsigned char)argv[1][1])) {
    wopt = argv[1] + 1;
    argv[1] = argv[0];
    argv++;
    argc--;
  }
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "0123456789cstuw:p:g:", longs);
  int opt;
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'c': f->crown = true; break;
    case 's': f->split = true; break;
    case 't': f->tagged = true; break;
    case 'u': f->uniform = true; break;
    case 'w': wopt = g.arg; break;
    case 'g': gopt = g.arg; break;
    case 'p': {
      free(prefix_copy);
      const char *p = g.arg;
      f->prefix_lead_space = 0;
      while (*p == ' ') {
        f->prefix_lead_space++;
        p++;
      }
      prefix_copy = strdup(p);
      if (!prefix_copy) goto out;
      f->prefix_full_length = (int)strlen(prefix_copy);
      char *s = prefix_copy + f->prefix_full_length;
      while (s > prefix_copy && s[-1] == ' ') s--;
      *s = 0;
      f->prefix_length = (int)(s - prefix_copy);
      f->prefix = prefix_copy;
      break;
    }
    default:
      cmd_usage_error(c, "invalid option -- %c; -WIDTH is recognized only when it is the first\noption; use -w N instead", opt);
      goto out;
    }
  }
  if (opt < 0) {
    status = opt == CMD_HELP_DONE ? 0 : 1;
    goto out;
  }
  if (wopt && !width_arg(c, wopt, MAXCHARS / 2, &f->max_width)) goto out;
  if (gopt) {
    if (!width_arg(c, gopt, f->max_width, &f->goal_width)) goto out;
    if (!wopt) f->max_width = f->goal_width + 10;
  } else {
    f->goal_width = f->max_width * (2 * (100 - 7) + 1) / 200;
  }
  static char *dash[] = {"-"};
  char **files = cmd_operands(&g);
  int n = g.nops;
  if (!n) {
    files = dash;
    n = 1;
  }
  status = 0;
  f->in = cmd_in_new();
  char q[1024];
  for (int i = 0; f->in && i < n && !cmd_out_error(c); i++) {
    if (cmd_in_open(NULL, f->in, files[i]) < 0) {
      cmd_error(c, "cannot open %s for reading: %s", cmd_quote(files[i], q, sizeof q), cmd_strerror(f->in->err));
      status = 1;
      continue;
    }
    f->read_err = 0;
    fmt_file(f);
    if (f->read_err) {
      cmd_error(c, "%s: %s", cmd_quotef(files[i], q, sizeof q), cmd_strerror(f->read_err));
      status = 1;
    }
    cmd_in_close(f->in);
  }
  cmd_in_free(f->in);
out:
  free(prefix_copy);
  free(f);
  return status;
}
