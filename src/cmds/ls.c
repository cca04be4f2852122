/* ls.c - list directory contents.
**
** Usage: ls [OPTION]... [FILE]...
** List information about the FILEs (the current directory by default).
** Sort entries alphabetically if none of -cftuvSUX nor --sort is specified.
**
** Mandatory arguments to long options are mandatory for short options too.
**   -a, --all                  do not ignore entries starting with .
**   -A, --almost-all           do not list implied . and ..
**   -b, --escape               print C-style escapes for nongraphic characters
**   -B, --ignore-backups       do not list implied entries ending with ~
**       --block-size=SIZE      with -l, scale sizes by SIZE when printing them;
**                                e.g., '--block-size=M'; see SIZE format below
**   -c                         with -lt: sort by, and show, ctime (time of last
**                                change of file status information);
**                                with -l: show ctime and sort by name;
**                                otherwise: sort by ctime, newest first
**   -C                         list entries by columns
**       --color[=WHEN]         color the output WHEN; more info below
**   -d, --directory            list directories themselves, not their contents
**   -f                         list all entries in directory order
**   -F, --classify[=WHEN]      append indicator (one of * /=>@|) to entries WHEN
**       --file-type            likewise, except do not append '*'
**       --format=WORD          across -x, commas -m, horizontal -x, long -l,
**                                single-column -1, verbose -l, vertical -C
**       --full-time            like -l --time-style=full-iso
**   -g                         like -l, but do not list owner
**       --group-directories-first
**                              group directories before files
**   -G, --no-group             in a long listing, don't print group names
**   -h, --human-readable       with -l and -s, print sizes like 1K 234M 2G etc.
**       --si                   likewise, but use powers of 1000 not 1024
**   -H, --dereference-command-line
**                              follow symbolic links listed on the command line
**       --dereference-command-line-symlink-to-dir
**                              follow each command line symbolic link
**                                that points to a directory
**       --hide=PATTERN         do not list implied entries matching shell PATTERN
**                                (overridden by -a or -A)
**       --indicator-style=WORD
**                              append indicator with style WORD to entry names:
**                                none (default), slash (-p),
**                                file-type (--file-type), classify (-F)
**   -i, --inode                print the index number of each file
**   -I, --ignore=PATTERN       do not list implied entries matching shell PATTERN
**   -k, --kibibytes            default to 1024-byte blocks for file system usage
**   -l                         use a long listing format
**   -L, --dereference          when showing file information for a symbolic
**                                link, show information for the file the link
**                                references rather than for the link itself
**   -m                         fill width with a comma separated list of entries
**   -n, --numeric-uid-gid      like -l, but list numeric user and group IDs
**   -N, --literal              print entry names without quoting
**   -o                         like -l, but do not list group information
**   -p, --indicator-style=slash
**                              append / indicator to directories
**   -q, --hide-control-chars   print ? instead of nongraphic characters
**       --show-control-chars   show nongraphic characters as-is (the default,
**                                unless program is 'ls' and output is a terminal)
**   -Q, --quote-name           enclose entry names in double quotes
**       --quoting-style=WORD   use quoting style WORD for entry names:
**                                literal, locale, shell, shell-always,
**                                shell-escape, shell-escape-always, c, escape
**   -r, --reverse              reverse order while sorting
**   -R, --recursive            list subdirectories recursively
**   -s, --size                 print the allocated size of each file, in blocks
**   -S                         sort by file size, largest first
**       --sort=WORD            sort by WORD instead of name: none (-U), size (-S),
**                                time (-t), version (-v), extension (-X), width
**       --time=WORD            change the default of using modification times;
**                                access time (-u): atime, access, use;
**                                change time (-c): ctime, status;
**                                birth time: birth, creation;
**                              with -l, WORD determines which time to show;
**                              with --sort=time, sort by WORD (newest first)
**       --time-style=TIME_STYLE
**                              time/date format with -l; see TIME_STYLE below
**   -t                         sort by time, newest first; see --time
**   -T, --tabsize=COLS         assume tab stops at each COLS instead of 8
**   -u                         with -lt: sort by, and show, access time;
**                                with -l: show access time and sort by name;
**                                otherwise: sort by access time, newest first
**   -U                         do not sort; list entries in directory order
**   -v                         natural sort of (version) numbers within text
**   -w, --width=COLS           set output width to COLS.  0 means no limit
**   -x                         list entries by lines instead of by columns
**   -X                         sort alphabetically by entry extension
**   -Z, --context              print any security context of each file (the box
**                                has none: '?')
**       --zero                 end each output line with NUL, not newline
**   -1                         list one file per line
**       --help        display this help and exit
**       --version     output version information and exit
**
** The SIZE argument is an integer and optional unit (example: 10K is 10*1024).
** Units are K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000).
** Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
**
** The TIME_STYLE argument can be full-iso, long-iso, iso, locale, or +FORMAT.
** FORMAT is interpreted like in date(1).  If FORMAT is FORMAT1<newline>FORMAT2,
** then FORMAT1 applies to non-recent files and FORMAT2 to recent files.
** TIME_STYLE prefixed with 'posix-' takes effect only outside the POSIX locale.
** Also the TIME_STYLE environment variable sets the default style to use.
**
** The WHEN argument defaults to 'always' and can also be 'auto' or 'never'.
** Using color to distinguish file types is disabled both by default and
** with --color=never.  With --color=auto, ls emits color codes only when
** standard output is connected to a terminal.
**
** Exit status:
**  0  if OK,
**  1  if minor problems (e.g., cannot access subdirectory),
**  2  if serious trouble (e.g., cannot access command-line argument).
*/

/* GNU coreutils 9.1's ls: the options, the operands (files first, then
** directories with their names as headers), the walk of -R (with -L a
** directory already being listed is reported, not listed again) and the
** exit statuses. The layouts are in ls_out.c. A terminal is the box's
** stdout when it is a host tty: then the default is columns, shell-escape
** quoting and ? for control characters, as GNU does; otherwise one name a
** line, as given. Colors are in ls_color.c. */
#include "ls.h"
#include "lib_fileop.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
  O_AUTHOR = 256, O_BLOCK_SIZE, O_COLOR, O_CLASSIFY, O_FILE_TYPE, O_FORMAT, O_FULL_TIME, O_GROUP_DIRS,
  O_SI, O_DEREF_DIRS, O_HIDE, O_HYPERLINK, O_INDICATOR, O_SHOW_CONTROL, O_QUOTING, O_SORT, O_TIME,
  O_TIME_STYLE, O_ZERO, O_DIRED
};

typedef struct anc {
  uint64_t dev, ino;
  const struct anc *up;
} anc;

typedef struct walk {
  ls_opts *o;
  bool print_dir_name, printed;
  int status;
} walk;

static int bad_arg(acs_cmd *c, const char *arg, const char *option, const char *valid)
{
  char q[1024];
  cmd_error(c, "invalid argument %s for %s", cmd_quote(arg, q, sizeof q), option);
  acs_sys_write_all(2, valid, strlen(valid));
  int n = snprintf(q, sizeof q, "Try '%s --help' for more information.\n", c->name);
  if (n > 0 && (size_t)n < sizeof q) acs_sys_write_all(2, q, (size_t)n);
  return 1; /* argmatch's status, not ls's 2 */
}

static bool shown_name(const ls_opts *o, const char *name)
{
  if (name[0] == '.' && !o->all && !o->almost_all) return false;
  if (o->almost_all && !o->all && (!strcmp(name, ".") || !strcmp(name, ".."))) return false;
  if (o->ignore_backups && name[0] && name[strlen(name) - 1] == '~') return false;
  for (size_t i = 0; i < o->nignore; i++)
    if (fnmatch(o->ignore[i], name, FNM_PERIOD) == 0) return false;
  if (!o->all && !o->almost_all)
    for (size_t i = 0; i < o->nhide; i++)
      if (fnmatch(o->hide[i], name, FNM_PERIOD) == 0) return false;
  return true;
}

static bool need_stat(const ls_opts *o)
{
  return o->format == LS_LONG || o->blocks || o->inode || o->sort == SORT_TIME || o->sort == SORT_SIZE ||
         o->indicator >= IND_FILE_TYPE || o->color;
}

/* the type alone would do, but a link's is its target's under -L */
static bool need_type(const ls_opts *o)
{
  return o->recursive || o->color || o->indicator != IND_NONE || o->group_dirs_first;
}

/* fills e's status; follow: stat rather than lstat. Returns 0 or -errno. */
static int fill(const ls_opts *o, ls_ent *e, bool follow)
{
  int rc = follow ? acs_sys_stat(e->path, &e->st) : acs_sys_lstat(e->path, &e->st);
  if (rc < 0) return rc;
  e->stat_ok = true;
  if (S_ISLNK(e->st.mode)) {
    acs__sys_stat t;
    if (acs_sys_stat(e->path, &t) == 0) e->link_ok = true, e->link_mode = t.mode;
    if (o->format == LS_LONG) {
      char buf[4096];
      ssize_t n = acs_sys_readlink(e->path, buf, sizeof buf - 1);
      if (n >= 0) {
        buf[n] = 0;
        e->link = strdup(buf);
      }
    }
  }
  return 0;
}

static void free_ents(ls_ent *v, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    free(v[i].name);
    free(v[i].path);
    free(v[i].link);
  }
  free(v);
}

static bool real_dir(const ls_ent *e)
{
  if (e->stat_ok) return S_ISDIR(e->st.mode);
  return e->dtype == 4;
}

static void list_dir(acs_cmd *c, walk *w, const char *path, bool operand, const anc *up)
{
  ls_opts *o = w->o;
  char q[4096];
  acs__sys_stat self;
  bool have_self = acs_sys_stat(path, &self) == 0;
  if (have_self && o->recursive)
    for (const anc *a = up; a; a = a->up)
      if (a->dev == self.dev && a->ino == self.ino) {
        cmd_error(c, "%s: not listing already-listed directory", cmd_quotef(path, q, sizeof q));
        w->status = 2;
        return;
      }
  cmd_dirent *d;
  size_t nd;
  int rc = cmd_dir_read(path, &d, &nd);
  if (rc < 0) {
    cmd_error(c, "cannot open directory %s: %s", cmd_quote(path, q, sizeof q), cmd_strerror(rc));
    if (w->status < (operand ? 2 : 1)) w->status = operand ? 2 : 1;
    return;
  }
  if (o->recursive || w->print_dir_name) {
    if (w->printed) cmd_putc(c, '\n');
    char *qn = ls_quote(o, path);
    cmd_printf(c, "%s:\n", qn ? qn : path);
    free(qn);
  }
  w->printed = true;
  ls_ent *v = calloc(nd + 2, sizeof *v);
  size_t n = 0;
  if (!v) {
    cmd_dir_free(d, nd);
    return;
  }
  /* a removed directory (no links) reads as nothing on Linux, . and ..
  ** included: ls -a in a removed cwd lists nothing */
  if (o->all && !(have_self && self.nlink == 0)) {
    static const char *const dots[] = {".", ".."};
    for (int k = 0; k < 2; k++) {
      v[n].name = strdup(dots[k]);
      v[n].path = cmd_path_join(path, dots[k]);
      v[n].dtype = 4;
      n++;
    }
  }
  for (size_t i = 0; i < nd; i++) {
    if (!shown_name(o, d[i].name)) continue;
    v[n].name = strdup(d[i].name);
    v[n].path = cmd_path_join(path, d[i].name);
    v[n].dtype = d[i].type;
    n++;
  }
  cmd_dir_free(d, nd);
  bool stat_all = need_stat(o);
  for (size_t i = 0; i < n; i++) {
    if (!v[i].name || !v[i].path) continue;
    if (!stat_all && v[i].dtype && !(need_type(o) && v[i].dtype == 10 && o->deref == DEREF_ALL)) continue;
    rc = fill(o, &v[i], o->deref == DEREF_ALL);
    if (rc < 0 && o->deref == DEREF_ALL) {
      cmd_error(c, "cannot access %s: %s", cmd_quote(v[i].path, q, sizeof q), cmd_strerror(rc));
      if (w->status < 1) w->status = 1;
      if (fill(o, &v[i], false) == 0) v[i].stat_ok = false;
    } else if (rc < 0) {
      cmd_error(c, "cannot access %s: %s", cmd_quote(v[i].path, q, sizeof q), cmd_strerror(rc));
      if (w->status < 1) w->status = 1;
    }
  }
  ls_sort(o, v, n);
  ls_print(c, o, v, n, o->format == LS_LONG || o->blocks, NULL, 0);
  if (o->recursive) {
    anc here = {have_self ? self.dev : 0, have_self ? self.ino : 0, up};
    for (size_t i = 0; i < n && !cmd_out_error(c); i++) {
      if (!strcmp(v[i].name, ".") || !strcmp(v[i].name, "..")) continue;
      if (!v[i].stat_ok && !v[i].dtype) fill(o, &v[i], o->deref == DEREF_ALL);
      if (real_dir(&v[i])) list_dir(c, w, v[i].path, false, &here);
    }
  }
  free_ents(v, n);
}

static bool parse_time_style(ls_opts *o, const char *s)
{
  if (!strncmp(s, "posix-", 6)) {
    /* "posix-STYLE" is STYLE outside the POSIX locale; the box's is C */
    const char *lc = getenv("LC_ALL");
    if (!lc || !*lc) lc = getenv("LC_TIME");
    if (!lc || !*lc) lc = getenv("LANG");
    if (!lc || !*lc || !strcmp(lc, "C") || !strcmp(lc, "POSIX") || !strncmp(lc, "C.", 2)) {
      o->time_old = o->time_new = NULL;
      return true;
    }
    s += 6;
  }
  if (s[0] == '+') {
    const char *nl = strchr(s + 1, '\n');
    if (nl) {
      char *a = strndup(s + 1, (size_t)(nl - s - 1));
      o->time_old = a;
      o->time_new = nl + 1;
    } else {
      o->time_old = o->time_new = s + 1;
    }
  } else if (!strcmp(s, "full-iso")) {
    o->time_old = o->time_new = "%Y-%m-%d %H:%M:%S.%N %z";
  } else if (!strcmp(s, "long-iso")) {
    o->time_old = o->time_new = "%Y-%m-%d %H:%M";
  } else if (!strcmp(s, "iso")) {
    o->time_old = "%Y-%m-%d ";
    o->time_new = "%m-%d %H:%M";
  } else if (!strcmp(s, "locale")) {
    o->time_old = o->time_new = NULL;
  } else {
    return false;
  }
  return true;
}

static bool add_pattern(char ***v, size_t *n, const char *p)
{
  char **nv = realloc(*v, (*n + 1) * sizeof *nv);
  if (!nv) return false;
  nv[(*n)++] = (char *)p;
  *v = nv;
  return true;
}

int acs__cmd_ls(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"all", 'a', CMD_NOARG},
      {"almost-all", 'A', CMD_NOARG},
      {"author", O_AUTHOR, CMD_NOARG},
      {"block-size", O_BLOCK_SIZE, CMD_ARG},
      {"escape", 'b', CMD_NOARG},
      {"ignore-backups", 'B', CMD_NOARG},
      {"color", O_COLOR, CMD_OPTARG},
      {"colour", O_COLOR, CMD_OPTARG},
      {"directory", 'd', CMD_NOARG},
      {"dired", O_DIRED, CMD_NOARG},
      {"classify", O_CLASSIFY, CMD_OPTARG},
      {"file-type", O_FILE_TYPE, CMD_NOARG},
      {"format", O_FORMAT, CMD_ARG},
      {"full-time", O_FULL_TIME, CMD_NOARG},
      {"group-directories-first", O_GROUP_DIRS, CMD_NOARG},
      {"no-group", 'G', CMD_NOARG},
      {"human-readable", 'h', CMD_NOARG},
      {"si", O_SI, CMD_NOARG},
      {"dereference-command-line", 'H', CMD_NOARG},
      {"dereference-command-line-symlink-to-dir", O_DEREF_DIRS, CMD_NOARG},
      {"hide", O_HIDE, CMD_ARG},
      {"hyperlink", O_HYPERLINK, CMD_OPTARG},
      {"indicator-style", O_INDICATOR, CMD_ARG},
      {"inode", 'i', CMD_NOARG},
      {"ignore", 'I', CMD_ARG},
      {"kibibytes", 'k', CMD_NOARG},
      {"dereference", 'L', CMD_NOARG},
      {"numeric-uid-gid", 'n', CMD_NOARG},
      {"literal", 'N', CMD_NOARG},
      {"hide-control-chars", 'q', CMD_NOARG},
      {"show-control-chars", O_SHOW_CONTROL, CMD_NOARG},
      {"quote-name", 'Q', CMD_NOARG},
      {"quoting-style", O_QUOTING, CMD_ARG},
      {"reverse", 'r', CMD_NOARG},
      {"recursive", 'R', CMD_NOARG},
      {"size", 's', CMD_NOARG},
      {"sort", O_SORT, CMD_ARG},
      {"time", O_TIME, CMD_ARG},
      {"time-style", O_TIME_STYLE, CMD_ARG},
      {"tabsize", 'T', CMD_ARG},
      {"width", 'w', CMD_ARG},
      {"context", 'Z', CMD_NOARG},
      {"zero", O_ZERO, CMD_NOARG},
      {0}};
  ls_cache cache = {0};
  ls_opts o = {.format = -1, .sort = -1, .time = TIME_MTIME, .quoting = -1, .deref = -1, .tabsize = 8,
               .width = -1, .eol = '\n', .cache = &cache};
  bool tty = fileop_isatty(1);
  int hide_ctl = -1;
  bool bsz_given = false;
  const char *time_style = NULL;
  char q[1024];
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "abcdfghiklmnopqrstuvw:xABCDFGHI:LNQRST:UXZ1", longs);
  int opt, status = 0;
  static const char *const when_words = "Valid arguments are:\n  - 'always', 'yes', 'force'\n"
                                        "  - 'never', 'no', 'none'\n  - 'auto', 'tty', 'if-tty'\n";
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'a': o.all = true, o.almost_all = false; break;
    case 'A': o.almost_all = true, o.all = false; break;
    case 'b': o.quoting = Q_ESCAPE; break;
    case 'B': o.ignore_backups = true; break;
    case 'c': o.time = TIME_CTIME; break;
    case 'C': o.format = LS_COLS; break;
    case 'd': o.dirs = true; break;
    case 'D':
    case O_DIRED: break;
    case 'f':
      o.all = true, o.almost_all = false, o.sort = SORT_NONE, o.color = false, o.blocks = false;
      if (o.format == LS_LONG) o.format = LS_ONE;
      break;
    case 'F':
    case O_CLASSIFY: {
      const char *a = opt == 'F' ? NULL : g.arg;
      bool on;
      if (!a || !strcmp(a, "always") || !strcmp(a, "yes") || !strcmp(a, "force")) on = true;
      else if (!strcmp(a, "never") || !strcmp(a, "no") || !strcmp(a, "none")) on = false;
      else if (!strcmp(a, "auto") || !strcmp(a, "tty") || !strcmp(a, "if-tty")) on = tty;
      else return bad_arg(c, a, "'--classify'", when_words);
      o.indicator = on ? IND_CLASSIFY : IND_NONE;
      break;
    }
    case O_FILE_TYPE: o.indicator = IND_FILE_TYPE; break;
    case 'g': o.format = LS_LONG, o.no_owner = true; break;
    case 'G': o.no_group = true; break;
    case 'h': o.human = 1024, o.have_bsz = false; break;
    case O_SI: o.human = 1000, o.have_bsz = false; break;
    case O_BLOCK_SIZE:
      if (!block_size_parse(g.arg, &o.bsz)) {
        cmd_error(c, "invalid --block-size argument %s", cmd_quote(g.arg, q, sizeof q));
        return 2;
      }
      o.human = o.bsz.human, o.have_bsz = !o.bsz.human;
      bsz_given = true;
      break;
    case 'H': o.deref = DEREF_CMDLINE; break;
    case O_DEREF_DIRS: o.deref = DEREF_CMDLINE_DIRS; break;
    case 'i': o.inode = true; break;
    case 'I':
      if (!add_pattern(&o.ignore, &o.nignore, g.arg)) return 2;
      break;
    case O_HIDE:
      if (!add_pattern(&o.hide, &o.nhide, g.arg)) return 2;
      break;
    case 'k': o.kibi = true; break;
    case 'l': o.format = LS_LONG; break;
    case 'L': o.deref = DEREF_ALL; break;
    case 'm': o.format = LS_COMMAS; break;
    case 'n': o.format = LS_LONG, o.numeric = true; break;
    case 'N': o.quoting = Q_LITERAL; break;
    case 'o': o.format = LS_LONG, o.no_group = true; break;
    case 'p': o.indicator = IND_SLASH; break;
    case 'q': hide_ctl = 1; break;
    case O_SHOW_CONTROL: hide_ctl = 0; break;
    case 'Q': o.quoting = Q_C; break;
    case 'r': o.reverse = true; break;
    case 'R': o.recursive = true; break;
    case 's': o.blocks = true; break;
    case 'S': o.sort = SORT_SIZE; break;
    case 't': o.sort = SORT_TIME; break;
    case 'u': o.time = TIME_ATIME; break;
    case 'U': o.sort = SORT_NONE; break;
    case 'v': o.sort = SORT_VERSION; break;
    case 'x': o.format = LS_HORIZ; break;
    case 'X': o.sort = SORT_EXT; break;
    case 'Z': o.context = true; break;
    case '1': o.format = LS_ONE; break;
    case 'T':
    case 'w': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0 || v > 1000000000) {
        cmd_error(c, opt == 'w' ? "invalid line width: %s" : "invalid tab size: %s", cmd_quote(g.arg, q, sizeof q));
        return 2;
      }
      if (opt == 'w') o.width = (int)v;
      else o.tabsize = (int)v;
      break;
    }
    case O_AUTHOR:
    case O_HYPERLINK: break;
    case O_ZERO: /* as GNU: NUL ends, one a line, names as they are */
      o.eol = 0, hide_ctl = 0, o.color = false, o.quoting = Q_LITERAL;
      if (o.format != LS_LONG) o.format = LS_ONE;
      break;
    case O_COLOR:
      if (!g.arg || !strcmp(g.arg, "always") || !strcmp(g.arg, "yes") || !strcmp(g.arg, "force")) o.color = true;
      else if (!strcmp(g.arg, "never") || !strcmp(g.arg, "no") || !strcmp(g.arg, "none")) o.color = false;
      else if (!strcmp(g.arg, "auto") || !strcmp(g.arg, "tty") || !strcmp(g.arg, "if-tty")) o.color = tty;
      else return bad_arg(c, g.arg, "'--color'", when_words);
      break;
    case O_FORMAT: {
      static const char *const w[] = {"verbose", "long", "commas", "horizontal", "across", "vertical", "single-column"};
      static const int f[] = {LS_LONG, LS_LONG, LS_COMMAS, LS_HORIZ, LS_HORIZ, LS_COLS, LS_ONE};
      size_t k = 0;
      while (k < 7 && strcmp(g.arg, w[k])) k++;
      if (k == 7)
        return bad_arg(c, g.arg, "'--format'",
                       "Valid arguments are:\n  - 'verbose', 'long'\n  - 'commas'\n  - 'horizontal', 'across'\n"
                       "  - 'vertical'\n  - 'single-column'\n");
      o.format = f[k];
      break;
    }
    case O_FULL_TIME: o.format = LS_LONG, time_style = "full-iso"; break;
    case O_GROUP_DIRS: o.group_dirs_first = true; break;
    case O_INDICATOR:
      if (!strcmp(g.arg, "none")) o.indicator = IND_NONE;
      else if (!strcmp(g.arg, "slash")) o.indicator = IND_SLASH;
      else if (!strcmp(g.arg, "file-type")) o.indicator = IND_FILE_TYPE;
      else if (!strcmp(g.arg, "classify")) o.indicator = IND_CLASSIFY;
      else
        return bad_arg(c, g.arg, "'--indicator-style'",
                       "Valid arguments are:\n  - 'none'\n  - 'slash'\n  - 'file-type'\n  - 'classify'\n");
      break;
    case O_QUOTING: {
      static const char *const w[] = {"literal", "shell", "shell-always", "shell-escape", "shell-escape-always",
                                      "c", "escape", "locale", "clocale"};
      static const int s[] = {Q_LITERAL, Q_SHELL, Q_SHELL_ALWAYS, Q_SHELL_ESCAPE, Q_SHELL_ESCAPE_ALWAYS,
                              Q_C, Q_ESCAPE, Q_LOCALE, Q_LOCALE};
      size_t k = 0;
      while (k < 9 && strcmp(g.arg, w[k])) k++;
      if (k == 9)
        return bad_arg(c, g.arg, "'--quoting-style'",
                       "Valid arguments are:\n  - 'literal'\n  - 'shell'\n  - 'shell-always'\n  - 'shell-escape'\n"
                       "  - 'shell-escape-always'\n  - 'c'\n  - 'escape'\n  - 'locale'\n  - 'clocale'\n");
      o.quoting = s[k];
      break;
    }
    case O_SORT: {
      static const char *const w[] = {"none", "time", "size", "extension", "version", "width"};
      static const int s[] = {SORT_NONE, SORT_TIME, SORT_SIZE, SORT_EXT, SORT_VERSION, SORT_WIDTH};
      size_t k = 0;
      while (k < 6 && strcmp(g.arg, w[k])) k++;
      if (k == 6)
        return bad_arg(c, g.arg, "'--sort'",
                       "Valid arguments are:\n  - 'none'\n  - 'time'\n  - 'size'\n  - 'extension'\n"
                       "  - 'version'\n  - 'width'\n");
      o.sort = s[k];
      break;
    }
    case O_TIME: {
      static const char *const w[] = {"atime", "access", "use", "ctime", "status", "birth", "creation",
                                      "mtime", "modification"};
      static const int t[] = {TIME_ATIME, TIME_ATIME, TIME_ATIME, TIME_CTIME, TIME_CTIME,
                              TIME_BIRTH, TIME_BIRTH, TIME_MTIME, TIME_MTIME};
      size_t k = 0;
      while (k < 9 && strcmp(g.arg, w[k])) k++;
      if (k == 9)
        return bad_arg(c, g.arg, "'--time'",
                       "Valid arguments are:\n  - 'atime', 'access', 'use'\n  - 'ctime', 'status'\n"
                       "  - 'birth', 'creation'\n  - 'mtime', 'modification'\n");
      o.time = t[k];
      break;
    }
    case O_TIME_STYLE: time_style = g.arg; break;
    }
  }
  if (opt < 0) {
    free(o.ignore);
    free(o.hide);
    return opt == CMD_HELP_DONE ? 0 : 2;
  }
  /* what the options leave to the defaults, as GNU settles them */
  if (o.format < 0) o.format = tty ? LS_COLS : LS_ONE;
  if (o.quoting < 0) {
    const char *qs = getenv("QUOTING_STYLE");
    static const char *const w[] = {"literal", "shell", "shell-always", "shell-escape", "shell-escape-always",
                                    "c", "escape", "locale"};
    o.quoting = tty ? Q_SHELL_ESCAPE : Q_LITERAL;
    for (size_t k = 0; qs && k < 8; k++)
      if (!strcmp(qs, w[k])) o.quoting = (int)k;
  }
  o.hide_control = hide_ctl < 0 ? tty : hide_ctl;
  if (!bsz_given && !o.human) {
    const char *env = getenv("LS_BLOCK_SIZE");
    if (!env) env = getenv("BLOCK_SIZE");
    block_size b;
    if (env && block_size_parse(env, &b)) {
      o.human = b.human, o.have_bsz = !b.human;
      o.bsz = b;
    }
  }
  if (o.sort < 0) o.sort = o.time != TIME_MTIME && o.format != LS_LONG ? SORT_TIME : SORT_NAME;
  if (o.deref < 0)
    o.deref = o.dirs || o.indicator == IND_CLASSIFY || o.format == LS_LONG ? DEREF_NONE : DEREF_CMDLINE_DIRS;
  if (o.width == 0) o.tabsize = 0; /* one line: GNU pads it with spaces */
  if (o.width < 0) {
    const char *cols = getenv("COLUMNS");
    int64_t v;
    if (cols && cmd_parse_num(cols, false, &v) && v > 0 && v < 100000) o.width = (int)v;
    else if (tty && fileop_term_width(1) > 0) o.width = fileop_term_width(1);
    else o.width = 80;
  }
  if (!time_style) time_style = getenv("TIME_STYLE");
  if (time_style && o.format == LS_LONG && !parse_time_style(&o, time_style)) {
    free(o.ignore);
    free(o.hide);
    bad_arg(c, time_style, "'time style'",
                   "Valid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n"
                   "  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format\n");
    return 2;
  }
  clock_gettime(CLOCK_REALTIME, &o.now);
  if (o.color) ls_color_init(&cache);

  static char *dot[] = {"."};
  char **ops = g.nops ? cmd_operands(&g) : dot;
  int nops = g.nops ? g.nops : 1;
  walk w = {.o = &o, .print_dir_name = nops > 1};
  ls_ent *files = calloc((size_t)nops, sizeof *files), *dirs = calloc((size_t)nops, sizeof *dirs);
  size_t nf = 0, ndirs = 0;
  for (int i = 0; files && dirs && i < nops; i++) {
    ls_ent e = {.name = strdup(ops[i]), .path = strdup(ops[i])};
    if (!e.name || !e.path) {
      free(e.name);
      free(e.path);
      continue;
    }
    int rc;
    if (o.deref == DEREF_ALL || o.deref == DEREF_CMDLINE) {
      rc = fill(&o, &e, true);
    } else {
      rc = fill(&o, &e, false);
      if (rc == 0 && S_ISLNK(e.st.mode) && o.deref == DEREF_CMDLINE_DIRS && e.link_ok && S_ISDIR(e.link_mode)) {
        free(e.link);
        e.link = NULL;
        e.link_ok = false;
        rc = fill(&o, &e, true);
      }
    }
    if (rc < 0) {
      cmd_error(c, "cannot access %s: %s", cmd_quote(ops[i], q, sizeof q), cmd_strerror(rc));
      status = 2;
      free(e.name);
      free(e.path);
      free(e.link);
      continue;
    }
    if (!o.dirs && S_ISDIR(e.st.mode)) dirs[ndirs++] = e;
    else files[nf++] = e;
  }
  if (nf) {
    ls_sort(&o, files, nf);
    /* GNU measures the columns over every operand, directories too */
    ls_print(c, &o, files, nf, false, dirs, ndirs);
    w.printed = true;
  }
  ls_sort(&o, dirs, ndirs);
  for (size_t i = 0; i < ndirs && !cmd_out_error(c); i++) list_dir(c, &w, dirs[i].path, true, NULL);
  if (w.status > status) status = w.status;
  if (o.color) {
    ls_color_finish(c, &cache);
    ls_color_free(&cache);
  }
  if (files) free_ents(files, nf);
  if (dirs) free_ents(dirs, ndirs);
  free(o.ignore);
  free(o.hide);
  if (time_style && o.time_old && o.time_new && o.time_old != o.time_new && time_style[0] == '+')
    free((char *)o.time_old);
  return status;
}
