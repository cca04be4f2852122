/* sed.c - stream editor for filtering and transforming text.
**
** Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...
**
**   -n, --quiet, --silent
**                  suppress automatic printing of pattern space
**       --debug
**                  annotate program execution
**   -e script, --expression=script
**                  add the script to the commands to be executed
**   -f script-file, --file=script-file
**                  add the contents of script-file to the commands to be executed
**   --follow-symlinks
**                  follow symlinks when processing in place
**   -i[SUFFIX], --in-place[=SUFFIX]
**                  edit files in place (makes backup if SUFFIX supplied)
**   -l N, --line-length=N
**                  specify the desired line-wrap length for the `l' command
**   --posix
**                  disable all GNU extensions.
**   -E, -r, --regexp-extended
**                  use extended regular expressions in the script
**                  (for portability use POSIX -E).
**   -s, --separate
**                  consider files as separate rather than as a single,
**                  continuous long stream.
**       --sandbox
**                  operate in sandbox mode (disable e/r/w commands).
**   -u, --unbuffered
**                  load minimal amounts of data from the input files and flush
**                  the output buffers more often
**   -z, --null-data
**                  separate lines by NUL characters
**       --help     display this help and exit
**       --version  output version information and exit
**
** If no -e, --expression, -f, or --file option is given, then the first
** non-option argument is taken as the sed script to interpret.  All
** remaining arguments are names of input files; if no input files are
** specified, then the standard input is read.
**
** GNU sed home page: <https://www.gnu.org/software/sed/>.
*/

/* GNU sed 4.9. The script is compiled by sed_parse.c and run by
** sed_exec.c; this file has the options, the input (one line of
** lookahead, so that $ is known) and -i, which writes the new contents
** beside the file and renames it over the original (after linking a
** backup when a SUFFIX is given, '*' in it standing for the file's
** name). e and s///e run the command with the box's sh. --debug is
** accepted and prints nothing more. */
#include "sed.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { O_DEBUG = 256, O_FOLLOW, O_POSIX, O_SANDBOX, O_INPLACE };

/* ---- input ----------------------------------------------------------- */

static bool open_next(sed *s)
{
  while (s->fidx < s->nfiles) {
    const char *f = s->files[s->fidx++];
    if (!s->in) s->in = cmd_in_new();
    if (!strcmp(f, "-")) {
      cmd_in_fd(s->in, 0);
      s->fname = "-";
      s->in_eof = false;
      return true;
    }
    acs__sys_stat st;
    int rc = acs_sys_stat(f, &st);
    if (rc == 0 && S_ISDIR(st.mode)) {
      /* GNU gives up on a read error */
      cmd_error(s->c, "read error on %s: Is a directory", f);
      s->status = 4;
      s->quit = true;
      return false;
    }
    rc = rc < 0 ? rc : acs_sys_open(f, O_RDONLY | O_CLOEXEC, 0);
    if (rc < 0) {
      cmd_error(s->c, "can't read %s: %s", f, cmd_strerror(rc));
      s->status = 2;
      continue;
    }
    cmd_in_fd(s->in, rc);
    s->in->close_fd = true;
    s->fname = f;
    s->in_eof = false;
    return true;
  }
  return false;
}

/* fills the lookahead; false at the end of all the input (of the file with -s/-i) */
static bool fill(sed *s)
{
  if (s->la_have) return true;
  char d = s->nuldata ? 0 : '\n';
  for (;;) {
    if (!s->in_eof && s->in) {
      char *line;
      ssize_t n = cmd_getdelim(s->in, &line, d);
      if (n > 0) {
        bool nl = line[n - 1] == d;
        size_t l = (size_t)n - (nl ? 1 : 0);
        if (l + 1 > s->lacap) {
          s->lacap = l + 1;
          s->la = realloc(s->la, s->lacap);
        }
        memcpy(s->la, line, l);
        s->lalen = l;
        s->la_nl = nl;
        s->la_have = true;
        return true;
      }
      if (n < 0) {
        cmd_error(s->c, "read error on %s: %s", s->fname ? s->fname : "-", cmd_strerror((int)n));
        s->status = 2;
      }
      s->in_eof = true;
      if (s->in) cmd_in_close(s->in);
    }
    if (s->separate) return false;
    if (!open_next(s)) return false;
  }
}

bool sed_last(sed *s) { return !fill(s); }

bool sed_read(sed *s, bool append)
{
  if (!fill(s)) return false;
  size_t need = (append ? s->pslen + 1 : 0) + s->lalen + 1;
  if (need > s->pscap) {
    s->pscap = need * 2;
    s->ps = realloc(s->ps, s->pscap);
  }
  if (append) s->ps[s->pslen++] = s->nuldata ? 0 : '\n';
  else s->pslen = 0;
  memcpy(s->ps + s->pslen, s->la, s->lalen);
  s->pslen += s->lalen;
  s->chomped = s->la_nl;
  s->la_have = false;
  s->lineno++;
  return true;
}

/* ---- -i -------------------------------------------------------------- */

static char *backup_name(const char *file, const char *suffix)
{
  if (!strchr(suffix, '*')) {
    char *b = malloc(strlen(file) + strlen(suffix) + 1);
    return strcat(strcpy(b, file), suffix);
  }
  const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file;
  size_t dl = (size_t)(base - file);
  char *b = malloc(dl + strlen(suffix) * (strlen(base) + 1) + 1), *q = b + dl;
  memcpy(b, file, dl);
  for (const char *p = suffix; *p; p++) {
    if (*p == '*') q = stpcpy(q, base);
    else *q++ = *p;
  }
  *q = 0;
  return b;
}

static int in_place(sed *s, char **files, int nfiles)
{
  for (int i = 0; i < nfiles && !s->quit; i++) {
    const char *f = files[i];
    char real[4096];
    /* --follow-symlinks edits the file a link names; else the link is
    ** replaced by the new file, as GNU does */
    if (s->follow && acs_sys_realpath(f, real, sizeof real) == 0) f = real;
    acs__sys_stat st;
    int rc = acs_sys_stat(f, &st);
    if (rc < 0) {
      cmd_error(s->c, "can't read %s: %s", f, cmd_strerror(rc));
      s->status = 2;
      continue;
    }
    if (!S_ISREG(st.mode)) {
      cmd_error(s->c, "couldn't edit %s: not a regular file", f);
      s->status = 4;
      continue;
    }
    char *one[1] = {(char *)f};
    s->files = one;
    s->nfiles = 1;
    s->fidx = 0;
    s->in_eof = true;
    s->la_have = false;
    s->lineno = 0;
    s->out = (sed_out){.to_buf = true};
    int status = s->status;
    if (!open_next(s)) continue;
    int r = sed_run(s);
    if (r) status = r;
    s->status = status;
    char tmp[4096];
    const char *slash = strrchr(f, '/');
    snprintf(tmp, sizeof tmp, "%.*ssed%06X", slash ? (int)(slash - f + 1) : 0, f, (unsigned)(acs_sys_getpid() * 2654435761u) & 0xffffff);
    int fd = acs_sys_open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st.mode & 07777);
    if (fd < 0) {
      cmd_error(s->c, "couldn't open temporary file %s: %s", tmp, cmd_strerror(fd));
      s->status = 4;
      free(s->out.buf);
      break;
    }
    rc = s->out.len ? acs_sys_write_all(fd, s->out.buf, s->out.len) : 0;
    acs_sys_close(fd);
    free(s->out.buf);
    s->out.buf = NULL;
    if (rc < 0) {
      cmd_error(s->c, "couldn't write to %s: %s", tmp, cmd_strerror(rc));
      acs_sys_unlink(tmp);
      s->status = 4;
      break;
    }
    if (s->suffix && *s->suffix) {
      char *b = backup_name(f, s->suffix);
      acs_sys_unlink(b);
      rc = acs_sys_link(f, b);
      if (rc < 0) rc = acs_sys_rename(f, b);
      if (rc < 0) cmd_error(s->c, "cannot rename %s: %s", f, cmd_strerror(rc));
      free(b);
    }
    rc = acs_sys_rename(tmp, f);
    if (rc < 0) {
      cmd_error(s->c, "cannot rename %s: %s", tmp, cmd_strerror(rc));
      acs_sys_unlink(tmp);
      s->status = 4;
    }
  }
  s->out = (sed_out){0};
  return s->status;
}

/* ---- main ------------------------------------------------------------ */

static void usage(acs_cmd *c)
{
  cmd_flush(c);
  const char *h = c->help ? c->help : "";
  acs_sys_write_all(2, h, strlen(h));
}

static void add_piece(char ***pieces, char ***files, size_t *n, char *text, char *file)
{
  *pieces = realloc(*pieces, (*n + 1) * sizeof **pieces);
  *files = realloc(*files, (*n + 1) * sizeof **files);
  (*pieces)[*n] = text;
  (*files)[*n] = file;
  (*n)++;
}

int acs__cmd_sed(acs_cmd *c, int argc, char **argv)
{
  static const cmd_opt longs[] = {
      {"quiet", 'n', CMD_NOARG}, {"silent", 'n', CMD_NOARG}, {"debug", O_DEBUG, CMD_NOARG},
      {"expression", 'e', CMD_ARG}, {"file", 'f', CMD_ARG}, {"follow-symlinks", O_FOLLOW, CMD_NOARG},
      {"in-place", O_INPLACE, CMD_OPTARG}, {"line-length", 'l', CMD_ARG}, {"posix", O_POSIX, CMD_NOARG},
      {"regexp-extended", 'E', CMD_NOARG}, {"separate", 's', CMD_NOARG}, {"sandbox", O_SANDBOX, CMD_NOARG},
      {"unbuffered", 'u', CMD_NOARG}, {"null-data", 'z', CMD_NOARG}, {"zero-terminated", 'z', CMD_NOARG},
      {"line-wrap", 'l', CMD_ARG}, {0}};
  sed *s = calloc(1, sizeof *s);
  if (!s) return 4;
  s->c = c;
  s->lwidth = 70;
  char **pieces = NULL, **pfiles = NULL, **owned = NULL;
  size_t np = 0, nowned = 0;
  int status = 1, opt;
  cmd_getopt g;
  cmd_getopt_init(&g, argc, argv, "nrsuzEe:f:i::l:", longs);
  while ((opt = cmd_getopt_next(c, &g)) > 0) {
    switch (opt) {
    case 'n': s->quiet = true; break;
    case 'r': case 'E': s->extended = true; break;
    case 's': s->separate = true; break;
    case 'u': s->unbuffered = true; break;
    case 'z': s->nuldata = true; break;
    case 'e': add_piece(&pieces, &pfiles, &np, g.arg, NULL); break;
    case 'f': {
      char *data;
      size_t len;
      int rc = cmd_read_all(g.arg, &data, &len);
      if (rc < 0) {
        cmd_error(c, "couldn't open file %s: %s", g.arg, cmd_strerror(rc));
        status = 4;
        goto out;
      }
      if (len && data[len - 1] == '\n') data[len - 1] = 0;
      owned = realloc(owned, (nowned + 1) * sizeof *owned);
      owned[nowned++] = data;
      add_piece(&pieces, &pfiles, &np, data, !strcmp(g.arg, "-") ? "-" : g.arg);
      break;
    }
    case 'i': case O_INPLACE:
      s->in_place = s->separate = true;
      s->suffix = g.arg;
      break;
    case 'l': {
      int64_t v;
      if (!cmd_parse_num(g.arg, false, &v) || v < 0) {
        cmd_error(c, "invalid line length: %s", g.arg);
        goto out;
      }
      s->lwidth = v;
      break;
    }
    case O_DEBUG: s->debug = true; break;
    case O_FOLLOW: s->follow = true; break;
    case O_POSIX: s->posix = true; break;
    case O_SANDBOX: s->sandbox = true; break;
    }
  }
  if (opt == CMD_HELP_DONE) {
    status = 0;
    goto out;
  }
  if (opt < 0) goto out;
  char **ops = cmd_operands(&g);
  int nops = g.nops;
  if (np == 0) {
    if (nops == 0) {
      usage(c);
      goto out;
    }
    add_piece(&pieces, &pfiles, &np, ops[0], NULL);
    ops++;
    nops--;
  }
  if (!sed_compile(s, pieces, pfiles, np)) {
    status = s->status ? s->status : 1;
    goto out;
  }
  static char *dash[] = {"-"};
  if (nops == 0) {
    if (s->in_place) {
      cmd_error(c, "no input files");
      status = 4;
      goto out;
    }
    ops = dash;
    nops = 1;
  }
  if (s->in_place) {
    status = in_place(s, ops, nops);
  } else {
    s->files = ops;
    s->nfiles = nops;
    s->in_eof = true;
    if (s->separate) {
      /* -s: each file its own stream, for $ and for line numbers */
      status = 0;
      while (!s->quit && s->fidx < s->nfiles) {
        s->la_have = false;
        s->lineno = 0;
        if (!open_next(s)) break;
        int r = sed_run(s);
        if (s->status > r) r = s->status;
        if (r) status = r;
      }
      if (s->status > status) status = s->status;
    } else status = sed_run(s);
  }
out:
  for (size_t i = 0; i < s->nwfiles; i++)
    if (s->wfiles[i].fd > 2) acs_sys_close(s->wfiles[i].fd);
  for (size_t i = 0; i < nowned; i++) free(owned[i]);
  free(owned);
  free(pieces);
  free(pfiles);
  free(s);
  return status;
}
