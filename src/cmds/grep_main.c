/* grep_main.c - grep's options, its patterns and the files it reads:
** operands, standard input, and the walk of -r/-R with --include,
** --exclude and --exclude-dir. */
#include "grep.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
  O_COLOR = 256, O_LABEL, O_LINEBUF, O_INCLUDE, O_EXCLUDE, O_EXCLUDE_FROM, O_EXCLUDE_DIR, O_BINFILES,
  O_GROUPSEP, O_NOGROUPSEP, O_NOICASE
};

typedef struct glob_rule {
  const char *glob;
  bool include;
} glob_rule;

typedef struct run {
  grep g;
  int recurse; /* 0, 1 -r, 2 -R */
  bool skip_dirs, skip_devices;
  const char *label;
  glob_rule *rules;
  size_t nrules;
  char **xdirs;
  size_t nxdirs;
  int names; /* -1: when there are several operands or a directory is walked */
  bool done, matched, bad_arg;
  bool matcher_set; /* -E -F -G -P, or egrep's and fgrep's own */
  bool out_reg; /* stdout is a regular file: its identity */
  uint64_t out_dev, out_ino;
  uint64_t (*stack)[2]; /* dev, ino of the directories being walked (-R loops) */
  size_t depth, cstack;
} run;

void grep_file_error(grep *g, const char *name, int err)
{
  g->error = true;
  if (!g->no_messages) cmd_error(g->c, "%s: %s", name, cmd_strerror(err));
}

/* GNU's rule: the last --include/--exclude that matches decides; when
** none does, a file is taken unless the first of them is --include */
static bool file_wanted(run *r, const char *name, bool command_line)
{
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  int verdict = -1;
  for (size_t i = 0; i < r->nrules; i++) {
    bool hit = !fnmatch(r->rules[i].glob, base, 0) || (command_line && !fnmatch(r->rules[i].glob, name, 0));
    if (hit) verdict = r->rules[i].include;
  }
  if (verdict >= 0) return verdict;
  return !(r->nrules && r->rules[0].include);
}

static bool dir_wanted(run *r, const char *name)
{
  const char *base = strrchr(name, '/');
  base = base && base[1] ? base + 1 : name;
  for (size_t i = 0; i < r->nxdirs; i++)
    if (!fnmatch(r->xdirs[i], base, 0)) return false;
  return true;
}

static void search_fd(run *r, int fd, const char *name, bool names)
{
  grep *g = &r->g;
  acs__sys_stat st;
  /* grep -r x . > out: GNU will not read its own output */
  if (r->out_reg && !g->quiet_out && (g->max_count < 0 || g->max_count > 1) && acs_sys_fstat(fd, &st) == 0 &&
      S_ISREG(st.mode) && st.dev == r->out_dev && st.ino == r->out_ino) {
    g->error = true;
    if (!g->no_messages) cmd_error(g->c, "%s: input file is also the output", name);
    return;
  }
  int64_t n = grep_fd(&r->g, fd, name, names);
  if (n < 0) return;
  if (n > 0) r->matched = true;
  grep_report(&r->g, name, names, n);
}

static void search_path(run *r, const char *path, bool names)
{
  int fd = acs_sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) {
    grep_file_error(&r->g, path, fd);
    return;
  }
  search_fd(r, fd, path, names);
  acs_sys_close(fd);
}

static void walk(run *r, const char *dir, const char *shown);

static void walk_entry(run *r, const char *path, const char *name, unsigned type, bool top)
{
  const char *real = *path ? path : ".";
  acs__sys_stat st;
  if (type == DT_LNK && r->recurse < 2) return; /* -r follows no links below the operands */
  if (type == DT_UNKNOWN || type == DT_LNK || type == DT_DIR) {
    int rc = r->recurse == 2 || top ? acs_sys_stat(real, &st) : acs_sys_lstat(real, &st);
    if (rc < 0) {
      if (type != DT_LNK) grep_file_error(&r->g, path, rc);
      return;
    }
    type = S_ISDIR(st.mode) ? DT_DIR : S_ISREG(st.mode) ? DT_REG : S_ISLNK(st.mode) ? DT_LNK : DT_CHR;
  }
  if (type == DT_DIR) {
    if (!top && !dir_wanted(r, name)) return;
    for (size_t i = 0; i < r->depth; i++)
      if (r->stack[i][0] == st.dev && r->stack[i][1] == st.ino) {
        if (!r->g.no_messages) cmd_error(r->g.c, "%s: warning: recursive directory loop", path);
        return;
      }
    if (r->depth == r->cstack) {
      size_t nc = r->cstack ? r->cstack * 2 : 16;
      void *p = realloc(r->stack, nc * sizeof *r->stack);
      if (!p) return;
      r->stack = p;
      r->cstack = nc;
    }
    r->stack[r->depth][0] = st.dev;
    r->stack[r->depth][1] = st.ino;
    r->depth++;
    walk(r, path, path);
    r->depth--;
    return;
  }
  if (type != DT_REG || !file_wanted(r, name, false)) return; /* devices are skipped below operands */
  search_path(r, path, r->names != 0);
}

static void walk(run *r, const char *dir, const char *shown)
{
  cmd_dirent *ents;
  size_t n;
  int rc = cmd_dir_read(*dir ? dir : ".", &ents, &n);
  if (rc < 0) {
    grep_file_error(&r->g, shown, rc);
    return;
  }
  for (size_t i = 0; i < n && !r->g.quit && !cmd_out_error(r->g.c); i++) {
    char *path = *dir ? cmd_path_join(dir, ents[i].name) : strdup(ents[i].name);
    if (!path) break;
    walk_entry(r, path, ents[i].name, ents[i].type, false);
    free(path);
  }
  cmd_dir_free(ents, n);
}

static void operand(run *r, const char *path, bool names)
{
  if (!strcmp(path, "-")) {
    search_fd(r, 0, r->label, names);
    return;
  }
  acs__sys_stat st;
  int rc = acs_sys_stat(path, &st);
  if (rc < 0) {
    grep_file_error(&r->g, path, rc);
    return;
  }
  if (S_ISDIR(st.mode)) {
    if (r->recurse) {
      if (!dir_wanted(r, path) && strcmp(path, ".")) return;
      r->depth = 0;
      walk_entry(r, path, path, DT_DIR, true);
      return;
    }
    if (r->skip_dirs) return;
  } else if (!S_ISREG(st.mode) && r->skip_devices) {
    return;
  }
  if (!S_ISDIR(st.mode) && !file_wanted(r, path, true)) return;
  search_path(r, path, names);
}

/* ---- patterns -------------------------------------------------------- */

typedef struct pats {
  char **v;
  size_t *len, n, cap;
  bool given;
} pats;

static bool pat_add(pats *p, const char *s, size_t len)
{
  if (p->n == p->cap) {
    size_t nc = p->cap ? p->cap * 2 : 8;
    char **v = realloc(p->v, nc * sizeof *v);
    size_t *l = v ? realloc(p->len, nc * sizeof *l) : NULL;
    if (!v || !l) return false;
    p->v = v;
    p->len = l;
    p->cap = nc;
  }
  char *c = malloc(len + 1);
  if (!c) return false;
  memcpy(c, s, len);
  c[len] = 0;
  p->v[p->n] = c;
  p->len[p->n++] = len;
  return true;
}

/* PATTERNS: one pattern a line; a final newline ends the last one */
static bool pat_split(pats *p, const char *s, size_t len, bool from_file)
{
  p->given = true;
  if (from_file && len && s[len - 1] == '\n') len--;
  else if (from_file && len == 0) return true;
  size_t at = 0;
  for (;;) {
    const char *nl = memchr(s + at, '\n', len - at);
    size_t end = nl ? (size_t)(nl - s) : len;
    if (!pat_add(p, s + at, end - at)) return false;
    if (!nl) return true;
    at = end + 1;
  }
}

static bool context_arg(acs_cmd *c, const char *s, int64_t *out)
{
  int64_t v;
  if (!cmd_parse_num(s, false, &v) || v < 0) {
    cmd_error(c, "%s: invalid context length argument", s);
    return false;
  }
  *out = v;
  return true;
}

static bool add_rule(run *r, const char *glob, bool include)
{
  glob_rule *v = realloc(r->rules, (r->nrules + 1) * sizeof *v);
  if (!v) return false;
  r->rules = v;
  r->rules[r->nrules++] = (glob_rule){glob, include};
  return true;
}

static bool read_pattern_file(acs_cmd *c, pats *p, const char *path)
{
  char *data;
  size_t len;
  int rc = cmd_read_all(path, &data, &len);
  if (rc < 0) {
    cmd_error(c, "%s: %s", path, cmd_strerror(rc));
    return false;
  }
  bool ok = pat_split(p, data, len, true);
  free(data);
  return ok;
}

static bool exclude_from(run *r, const char *path)
{
  char *data;
  size_t len;
  int rc = cmd_read_all(path, &data, &len);
  if (rc < 0) {
    cmd_error(r->g.c, "%s: %s", path, cmd_strerror(rc));
    return false;
  }
  /* the globs live as long as the run: data is kept */
  for (char *s = data, *nl; s < data + len; s = nl + 1) {
    nl = memchr(s, '\n', (size_t)(data + len - s));
    if (!nl) nl = data + len;
    *nl = 0;
    if (*s && !add_rule(r, s, false)) return false;
  }
  return true;
}

/* GNU grep's usage errors: the synopsis, then where to look */
static void usage_line(acs_cmd *c)
{
  char msg[512];
  int n = snprintf(msg, sizeof msg, "Usage: %s [OPTION]... PATTERNS [FILE]...\nTry '%s --help' for more information.\n", c->name, c->name);
  cmd_flush(c);
  acs_sys_write_all(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
}

static bool set_opt(run *r, pats *p, cmd_getopt *o, int opt, int64_t *ctx, int64_t *digits, int *digit_arg)
{
  grep *g = &r->g;
  acs_cmd *c = g->c;
  switch (opt) {
  case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
    /* -NUM: the digits of one argument make one number */
    if (*digit_arg != o->i) *digits = 0;
    if (*digits < INT64_MAX / 10) *digits = *digits * 10 + (opt - '0');
    *digit_arg = o->i;
    ctx[2] = *digits;
    return true;
  case 'A': return context_arg(c, o->arg, &ctx[1]);
  case 'B': return context_arg(c, o->arg, &ctx[0]);
  case 'C': return context_arg(c, o->arg, &ctx[2]);
  case 'D':
    if (strcmp(o->arg, "skip") && strcmp(o->arg, "read")) {
      cmd_error(c, "unknown devices method");
      return false;
    }
    r->skip_devices = !strcmp(o->arg, "skip");
    return true;
  case 'd':
    if (!strcmp(o->arg, "skip")) r->skip_dirs = true, r->recurse = 0;
    else if (!strcmp(o->arg, "read")) r->skip_dirs = false, r->recurse = 0;
    else if (!strcmp(o->arg, "recurse")) r->recurse = 1;
    else {
      cmd_error(c, "invalid argument '%s' for '--directories'\nValid arguments are:\n  - 'read'\n  - 'recurse'\n  - 'skip'", o->arg);
      usage_line(c);
      r->bad_arg = true;
      return false;
    }
    return true;
  case 'E': case 'F': case 'G': case 'P': {
    int k = opt == 'E' ? GM_EXTENDED : opt == 'F' ? GM_FIXED : opt == 'G' ? GM_BASIC : GM_PERL;
    if (r->matcher_set && g->m.kind != k) {
      cmd_error(c, "conflicting matchers specified");
      return false;
    }
    r->matcher_set = true;
    g->m.kind = k;
    return true;
  }
  case 'H': r->names = 1; return true;
  case 'h': r->names = 0; return true;
  case 'I': g->binary = BIN_WITHOUT; return true;
  case 'L': g->list = 2; return true;
  case 'l': g->list = 1; return true;
  case 'R': r->recurse = 2; return true;
  case 'r': r->recurse = 1; return true;
  case 'T': g->tabs = true; return true;
  case 'U': case 'u': return true;
  case 'V': {
    int st;
    cmd_help_version(c, "--version", &st);
    r->done = true;
    return true;
  }
  case 'Z': g->null_names = true; return true;
  case 'a': g->binary = BIN_TEXT; return true;
  case 'b': g->offsets = true; return true;
  case 'c': g->count = true; return true;
  case 'e': return pat_split(p, o->arg, strlen(o->arg), false);
  case 'f': return read_pattern_file(c, p, o->arg);
  case 'i': case 'y': g->m.icase = true; return true;
  case O_NOICASE: g->m.icase = false; return true;
  case 'm': {
    int64_t v;
    if (!cmd_parse_num(o->arg, false, &v)) {
      cmd_error(c, "invalid max count");
      return false;
    }
    g->max_count = v < 0 ? -1 : v;
    return true;
  }
  case 'n': g->numbers = true; return true;
  case 'o': g->only = true; return true;
  case 'q': g->quiet = true; return true;
  case 's': g->no_messages = true; return true;
  case 'v': g->invert = true; return true;
  case 'w': g->m.words = true; return true;
  case 'x': g->m.lines = true; return true;
  case 'z': g->eol = 0; return true;
  case O_LABEL: r->label = o->arg; return true;
  case O_LINEBUF: g->line_buffered = true; return true;
  case O_INCLUDE: return add_rule(r, o->arg, true);
  case O_EXCLUDE: return add_rule(r, o->arg, false);
  case O_EXCLUDE_FROM: return exclude_from(r, o->arg);
  case O_EXCLUDE_DIR: {
    char **v = realloc(r->xdirs, (r->nxdirs + 1) * sizeof *v);
    if (!v) return false;
    r->xdirs = v;
    v[r->nxdirs++] = o->arg;
    return true;
  }
  case O_BINFILES:
    if (!strcmp(o->arg, "binary")) g->binary = BIN_BINARY;
    else if (!strcmp(o->arg, "text")) g->binary = BIN_TEXT;
    else if (!strcmp(o->arg, "without-match")) g->binary = BIN_WITHOUT;
    else {
      cmd_error(c, "unknown binary-files type");
      return false;
    }
    return true;
  case O_GROUPSEP: g->group_sep = o->arg; return true;
  case O_NOGROUPSEP: g->group_sep = NULL; return true;
  case O_COLOR:
    if (!o->arg || !strcmp(o->arg, "auto") || !strcmp(o->arg, "tty") || !strcmp(o->arg, "if-tty")) {
      g->color = false; /* the box's stdout is never a terminal that asks for color */
    } else if (!strcmp(o->arg, "always") || !strcmp(o->arg, "yes") || !strcmp(o->arg, "force")) {
      g->color = true;
    } else if (!strcmp(o->arg, "never") || !strcmp(o->arg, "no") || !strcmp(o->arg, "none")) {
      g->color = false;
    } else { /* GNU grep 3.8 then prints its --help and exits 0 */
      int st;
      cmd_help_version(c, "--help", &st);
      r->done = true;
    }
    return true;
  }
  return true;
}

static void run_free(run *r, pats *p)
{
  gm_free(&r->g.m);
  for (size_t i = 0; i < p->n; i++) free(p->v[i]);
  free(p->v);
  free(p->len);
  free(r->rules);
  free(r->xdirs);
  free(r->stack);
  free(r);
}

int acs__grep_main(acs_cmd *c, int argc, char **argv, int kind)
{
  c->out_status = 2; /* a write error is grep's trouble status */
  static const cmd_opt longs[] = {
      {"extended-regexp", 'E', CMD_NOARG}, {"fixed-strings", 'F', CMD_NOARG}, {"basic-regexp", 'G', CMD_NOARG},
      {"perl-regexp", 'P', CMD_NOARG}, {"regexp", 'e', CMD_ARG}, {"file", 'f', CMD_ARG},
      {"ignore-case", 'i', CMD_NOARG}, {"no-ignore-case", O_NOICASE, CMD_NOARG}, {"word-regexp", 'w', CMD_NOARG},
      {"line-regexp", 'x', CMD_NOARG}, {"null-data", 'z', CMD_NOARG}, {"no-messages", 's', CMD_NOARG},
      {"invert-match", 'v', CMD_NOARG}, {"max-count", 'm', CMD_ARG}, {"byte-offset", 'b', CMD_NOARG},
      {"line-number", 'n', CMD_NOARG}, {"line-buffered", O_LINEBUF, CMD_NOARG},
      {"with-filename", 'H', CMD_NOARG}, {"no-filename", 'h', CMD_NOARG}, {"label", O_LABEL, CMD_ARG},
      {"only-matching", 'o', CMD_NOARG}, {"quiet", 'q', CMD_NOARG}, {"silent", 'q', CMD_NOARG},
      {"binary-files", O_BINFILES, CMD_ARG}, {"text", 'a', CMD_NOARG}, {"directories", 'd', CMD_ARG},
      {"devices", 'D', CMD_ARG}, {"recursive", 'r', CMD_NOARG}, {"dereference-recursive", 'R', CMD_NOARG},
      {"include", O_INCLUDE, CMD_ARG}, {"exclude", O_EXCLUDE, CMD_ARG}, {"exclude-from", O_EXCLUDE_FROM, CMD_ARG},
      {"exclude-dir", O_EXCLUDE_DIR, CMD_ARG}, {"files-without-match", 'L', CMD_NOARG},
      {"files-with-matches", 'l', CMD_NOARG}, {"count", 'c', CMD_NOARG}, {"initial-tab", 'T', CMD_NOARG},
      {"null", 'Z', CMD_NOARG}, {"before-context", 'B', CMD_ARG}, {"after-context", 'A', CMD_ARG},
      {"context", 'C', CMD_ARG}, {"group-separator", O_GROUPSEP, CMD_ARG},
      {"no-group-separator", O_NOGROUPSEP, CMD_NOARG}, {"color", O_COLOR, CMD_OPTARG},
      {"colour", O_COLOR, CMD_OPTARG}, {"binary", 'U', CMD_NOARG}, {0}};
  run *r = calloc(1, sizeof *r);
  pats p = {0};
  if (!r) return 2;
  grep *g = &r->g;
  g->c = c;
  g->eol = '\n';
  g->max_count = -1;
  g->group_sep = "--";
  g->m.kind = kind;
  r->matcher_set = kind != GM_BASIC;
  r->label = "(standard input)";
  r->names = -1;
  int64_t ctx[3] = {-1, -1, -1}, digits = 0; /* -B -A -C */
  int digit_arg = -1, status = 2, opt;
  cmd_getopt o;
  cmd_getopt_init(&o, argc, argv, "0123456789A:B:C:D:EFGHILPRTUVZabcd:e:f:hilm:noqrsuvwxyz", longs);
  while ((opt = cmd_getopt_next(c, &o)) > 0)
    if (!set_opt(r, &p, &o, opt, ctx, &digits, &digit_arg)) goto out;
  if (opt == CMD_HELP_DONE || r->done) {
    status = 0;
    goto out;
  }
  if (opt < 0) goto out;
  char **ops = cmd_operands(&o);
  int nops = o.nops;
  if (!p.given) {
    if (nops == 0) {
      usage_line(c);
      goto out;
    }
    if (!pat_split(&p, ops[0], strlen(ops[0]), false)) goto out;
    ops++;
    nops--;
  }
  g->before = ctx[0] >= 0 ? ctx[0] : ctx[2] >= 0 ? ctx[2] : 0;
  g->after = ctx[1] >= 0 ? ctx[1] : ctx[2] >= 0 ? ctx[2] : 0;
  g->context = ctx[0] >= 0 || ctx[1] >= 0 || ctx[2] >= 0;
  g->quiet_out = g->quiet || g->count || g->list;
  if (g->list) g->count = false;
  if (!gm_compile(c, &g->m, p.v, p.len, p.n)) goto out;
  if (g->max_count == 0) { /* GNU reads nothing */
    status = 1;
    goto out;
  }
  bool names = r->names >= 0 ? r->names : nops > 1;
  acs__sys_stat ost;
  if (acs_sys_fstat(1, &ost) == 0 && S_ISREG(ost.mode)) {
    r->out_reg = true;
    r->out_dev = ost.dev;
    r->out_ino = ost.ino;
  }
  if (nops == 0) {
    if (r->recurse) {
      r->depth = 0;
      walk_entry(r, "", ".", DT_DIR, true);
    } else operand(r, "-", names);
  }
  for (int i = 0; i < nops && !g->quit && !cmd_out_error(c); i++) operand(r, ops[i], names);
  status = g->error && !(g->quiet && r->matched) ? 2 : r->matched ? 0 : 1;
out:
  if (r->bad_arg) status = 1; /* argmatch's failure status */
  run_free(r, &p);
  return status;
}
