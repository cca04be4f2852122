/* jq.c - commandline JSON processor, on Debian's libjq 1.6.
**
** Usage:	jq [options] <jq filter> [file...]
** 	jq [options] --args <jq filter> [strings...]
** 	jq [options] --jsonargs <jq filter> [JSON_TEXTS...]
**
** jq is a tool for processing JSON inputs, applying the given filter to
** its JSON text inputs and producing the filter's results as JSON on
** standard output.
**
** The simplest filter is ., which copies jq's input to its output
** unmodified (except for formatting, but note that IEEE754 is used
** for number representation internally, with all that that implies).
**
** Some of the options include:
**   -c               compact instead of pretty-printed output;
**   -n               use `null` as the single input value;
**   -e               set the exit status code based on the output;
**   -s               read (slurp) all inputs into an array; apply filter to it;
**   -r               output raw strings, not JSON texts;
**   -j               like -r, without a newline after each output;
**   -a               output non-ASCII characters as escapes;
**   -R               read raw strings, not JSON texts;
**   -C               colorize JSON;
**   -M               monochrome (don't colorize JSON);
**   -S               sort keys of objects on output;
**   -f file          read the filter from a file;
**   --tab            use tabs for indentation;
**   --indent n       use n spaces for indentation (0 to 7);
**   --seq            write an RS before each output, ignore bad input;
**   --stream         read inputs as [path, leaf] events;
**   --arg a v        set variable $a to value <v>;
**   --argjson a v    set variable $a to JSON value <v>;
**   --slurpfile a f  set variable $a to an array of JSON texts read from <f>;
**   --rawfile a f    set variable $a to a string consisting of the contents of <f>;
**   --args           remaining arguments are string arguments, not files;
**   --jsonargs       remaining arguments are JSON arguments, not files;
**   --               terminates argument processing;
**
** Named arguments are also available as $ARGS.named[], while
** positional arguments are available as $ARGS.positional[].
*/

/* jq 1.6's main program around libjq, opened on first use: the options
** (bundled short ones, anywhere before "--"), the inputs read through the
** box (files are one concatenated JSON stream, fed to one jv_parser a line
** at a time so error positions count lines as jq's), `input`/`inputs`
** through jq_set_input_cb, and jq 1.6's exit statuses: 2 usage and
** unreadable files, 3 compile errors, 4 bad JSON input (and -e with no
** output), 5 a runtime error of the last input, 1 for -e with a last
** false or null, halt_error's own. libjq never opens a file of the host:
** its library path is empty and $HOME is hidden while it compiles (it
** would read ~/.jq). */
#include "cmd.h"

#include <jq.h>
#include <jv.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

#define JQ_FUNCS(X)                                                                               \
  X(jq_init) X(jq_teardown) X(jq_set_error_cb) X(jq_compile_args) X(jq_start) X(jq_next)           \
  X(jq_halted) X(jq_get_exit_code) X(jq_get_error_message) X(jq_set_input_cb) X(jq_set_debug_cb)   \
  X(jq_set_attr) X(jq_format_error) X(jv_parser_new) X(jv_parser_free) X(jv_parser_set_buf)       \
  X(jv_parser_next) X(jv_parser_remaining) X(jv_copy) X(jv_free) X(jv_get_kind) X(jv_invalid)     \
  X(jv_invalid_has_msg) X(jv_invalid_get_msg) X(jv_string_sized) X(jv_string)      \
  X(jv_string_value) X(jv_string_length_bytes) X(jv_array) X(jv_array_append) X(jv_object)        \
  X(jv_object_set) X(jv_null) X(jv_dump_string) X(jv_number_value) X(jv_parse_sized)

typedef struct jqlib {
#define FIELD(f) __typeof__(&f) f;
  JQ_FUNCS(FIELD)
#undef FIELD
} jqlib;

/* jv.h's jv_is_valid is an inline that calls jv_get_kind directly */
#define JV_VALID(x) (L->jv_get_kind(x) != JV_KIND_INVALID)

typedef struct jqin {
  acs_cmd *c;
  jqlib *L;
  char **files;
  int nfiles, next;
  int fd;
  bool open, any_opened, done;
  const char *fname;
  unsigned long line;
  jv_parser *parser;
  bool raw, slurp, seq;
  int parse_flags;
  unsigned char buf[65536];
  size_t start, end;
  bool eof_fd;
  char *lbuf; /* the line being fed */
  size_t llen, lcap;
  int errors; /* files that could not be read */
} jqin;

static void err_out(const char *s) { acs_sys_write_all(2, s, strlen(s)); }

static void hint(void)
{
  err_out("Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n");
}

/* the next line of the inputs (with its newline), across files; false at
** the end of the last one */
static bool next_line(jqin *in)
{
  in->llen = 0;
  for (;;) {
    if (!in->open) {
      if (in->next >= in->nfiles) return false;
      const char *f = in->files[in->next++];
      in->fname = f;
      in->any_opened = true;
      in->line = 0;
      if (!strcmp(f, "-")) {
        in->fd = 0;
      } else {
        in->fd = acs_sys_open(f, O_RDONLY | O_CLOEXEC, 0);
        if (in->fd < 0) {
          char m[4200];
          snprintf(m, sizeof m, "jq: error: Could not open file %s: %s\n", f, cmd_strerror(in->fd));
          err_out(m);
          in->errors++;
          continue;
        }
      }
      in->open = true;
      in->eof_fd = false;
      in->start = in->end = 0;
    }
    while (in->start < in->end || !in->eof_fd) {
      if (in->start == in->end) {
        ssize_t n = acs_sys_read(in->fd, in->buf, sizeof in->buf);
        if (n <= 0) {
          if (n < 0) {
            char m[4200];
            snprintf(m, sizeof m, "jq: error: %s: %s\n", in->fname, cmd_strerror((int)n));
            err_out(m);
            in->errors++;
          }
          in->eof_fd = true;
          break;
        }
        in->start = 0;
        in->end = (size_t)n;
      }
      unsigned char *p = memchr(in->buf + in->start, '\n', in->end - in->start);
      size_t take = p ? (size_t)(p - (in->buf + in->start)) + 1 : in->end - in->start;
      if (in->llen + take + 1 > in->lcap) {
        in->lcap = (in->llen + take + 1) * 2;
        char *nb = realloc(in->lbuf, in->lcap);
        if (!nb) return false;
        in->lbuf = nb;
      }
      memcpy(in->lbuf + in->llen, in->buf + in->start, take);
      in->llen += take;
      in->start += take;
      if (p) {
        in->line++;
        return true;
      }
      if (in->llen >= 65536) return true;
    }
    if (in->fd > 0) acs_sys_close(in->fd);
    in->open = false;
    if (in->llen) return true; /* a last line without a newline */
  }
}

/* the next input value: invalid at the end, invalid with a message on bad
** JSON (the caller reports it) */
static jv next_value(jqin *in)
{
  jqlib *L = in->L;
  if (in->done) return L->jv_invalid();
  if (in->raw) {
    if (in->slurp) {
      jv s = L->jv_string_sized("", 0);
      size_t cap = 0, len = 0;
      char *all = NULL;
      while (next_line(in)) {
        if (len + in->llen + 1 > cap) {
          cap = (len + in->llen + 1) * 2;
          char *na = realloc(all, cap);
          if (!na) break;
          all = na;
        }
        memcpy(all + len, in->lbuf, in->llen);
        len += in->llen;
      }
      L->jv_free(s);
      s = L->jv_string_sized(all ? all : "", (int)len);
      free(all);
      in->done = true;
      return s;
    }
    if (!next_line(in)) {
      in->done = true;
      return L->jv_invalid();
    }
    size_t n = in->llen;
    if (n && in->lbuf[n - 1] == '\n') n--;
    return L->jv_string_sized(in->lbuf, (int)n);
  }
  if (!in->parser) in->parser = L->jv_parser_new(in->parse_flags);
  jv slurped = in->slurp ? L->jv_array() : L->jv_invalid();
  for (;;) {
    if (L->jv_parser_remaining(in->parser) == 0) {
      if (next_line(in)) {
        L->jv_parser_set_buf(in->parser, in->lbuf, (int)in->llen, 1);
      } else {
        L->jv_parser_set_buf(in->parser, "", 0, 0);
        in->done = true;
      }
    }
    jv v = L->jv_parser_next(in->parser);
    if (JV_VALID(v)) {
      if (!in->slurp) return v;
      slurped = L->jv_array_append(slurped, v);
      continue;
    }
    if (L->jv_invalid_has_msg(L->jv_copy(v))) {
      if (in->slurp && !in->seq) {
        L->jv_free(slurped);
        in->done = true;
        return v;
      }
      if (!in->slurp) return v;
      L->jv_free(v);
      continue;
    }
    L->jv_free(v);
    if (in->done) {
      if (in->slurp) return slurped;
      return L->jv_invalid();
    }
  }
}

static jv input_cb(jq_state *jq, void *data)
{
  (void)jq;
  jqin *in = data;
  jqlib *L = in->L;
  for (;;) {
    jv v = next_value(in);
    if (JV_VALID(v) || !L->jv_invalid_has_msg(L->jv_copy(v))) return v;
    jv msg = L->jv_invalid_get_msg(v);
    char m[4200];
    snprintf(m, sizeof m, "%sparse error: %s\n", in->seq ? "ignoring " : "", L->jv_string_value(msg));
    L->jv_free(msg);
    err_out(m);
    if (!in->seq) return L->jv_invalid();
  }
}

static void error_cb(void *data, jv msg)
{
  jqlib *L = data;
  msg = L->jq_format_error(msg);
  err_out(L->jv_string_value(msg));
  err_out("\n");
  L->jv_free(msg);
}

typedef struct dbg {
  jqlib *L;
  acs_cmd *c;
} dbg;

static void debug_cb(void *data, jv input)
{
  dbg *d = data;
  jqlib *L = d->L;
  jv a = L->jv_array_append(L->jv_array_append(L->jv_array(), L->jv_string("DEBUG:")), input);
  jv s = L->jv_dump_string(a, 0);
  err_out(L->jv_string_value(s));
  err_out("\n");
  L->jv_free(s);
}

enum { O_RAW = 1, O_JOIN = 2, O_ASCII = 4, O_SEQ = 8, O_EXIT = 16 };

static int process(acs_cmd *c, jqlib *L, jq_state *jq, jv value, int opts, int dumpopts, jqin *in, bool *exact)
{
  int ret = 14;
  L->jq_start(jq, value, 0);
  jv r;
  while (JV_VALID(r = L->jq_next(jq))) {
    if ((opts & O_RAW) && L->jv_get_kind(r) == JV_KIND_STRING) {
      if (opts & O_ASCII) {
        jv s = L->jv_dump_string(r, JV_PRINT_ASCII);
        cmd_puts(c, L->jv_string_value(s));
        L->jv_free(s);
      } else {
        cmd_out(c, L->jv_string_value(r), (size_t)L->jv_string_length_bytes(L->jv_copy(r)));
        L->jv_free(r);
      }
      ret = 0;
    } else {
      jv_kind k = L->jv_get_kind(r);
      ret = k == JV_KIND_FALSE || k == JV_KIND_NULL ? 11 : 0;
      if (opts & O_SEQ) cmd_out(c, "\036", 1);
      jv s = L->jv_dump_string(r, dumpopts);
      cmd_out(c, L->jv_string_value(s), (size_t)L->jv_string_length_bytes(L->jv_copy(s)));
      L->jv_free(s);
    }
    if (!(opts & O_JOIN)) cmd_out(c, "\n", 1);
    if (cmd_out_error(c)) break;
  }
  if (L->jq_halted(jq)) {
    *exact = true;
    jv code = L->jq_get_exit_code(jq);
    if (!JV_VALID(code)) ret = 0;
    else if (L->jv_get_kind(code) == JV_KIND_NUMBER) ret = (int)L->jv_number_value(code);
    else ret = 5;
    L->jv_free(code);
    jv msg = L->jq_get_error_message(jq);
    if (L->jv_get_kind(msg) == JV_KIND_STRING) {
      acs_sys_write_all(2, L->jv_string_value(msg), (size_t)L->jv_string_length_bytes(L->jv_copy(msg)));
      L->jv_free(msg);
    } else if (L->jv_get_kind(msg) == JV_KIND_NULL || !JV_VALID(msg)) {
      L->jv_free(msg);
    } else {
      jv s = L->jv_dump_string(msg, 0);
      err_out(L->jv_string_value(s));
      err_out("\n");
      L->jv_free(s);
    }
  } else if (L->jv_invalid_has_msg(L->jv_copy(r))) {
    jv msg = L->jv_invalid_get_msg(L->jv_copy(r));
    char pos[4200];
    if (!in->any_opened) snprintf(pos, sizeof pos, "<unknown>");
    else snprintf(pos, sizeof pos, "%s:%lu", strcmp(in->fname, "-") ? in->fname : "<stdin>", in->line);
    if (L->jv_get_kind(msg) == JV_KIND_STRING) {
      err_out("jq: error (at ");
      err_out(pos);
      err_out("): ");
      acs_sys_write_all(2, L->jv_string_value(msg), (size_t)L->jv_string_length_bytes(L->jv_copy(msg)));
      err_out("\n");
      L->jv_free(msg);
    } else {
      jv s = L->jv_dump_string(msg, 0);
      err_out("jq: error (at ");
      err_out(pos);
      err_out(") (not a string): ");
      err_out(L->jv_string_value(s));
      err_out("\n");
      L->jv_free(s);
    }
    ret = 5;
  }
  L->jv_free(r);
  return ret;
}

static bool read_named_file(jqlib *L, const char *opt, const char *name, const char *file, bool raw, jv *out)
{
  char *data;
  size_t len;
  int rc = cmd_read_all(file, &data, &len);
  char m[8400];
  if (rc < 0) {
    snprintf(m, sizeof m, "jq: Bad JSON in --%s %s %s: Could not open %s: %s\n", opt, name, file, file, cmd_strerror(rc));
    err_out(m);
    return false;
  }
  if (raw) {
    *out = L->jv_string_sized(data, (int)len);
    free(data);
    return true;
  }
  jv_parser *p = L->jv_parser_new(0);
  L->jv_parser_set_buf(p, data, (int)len, 0);
  jv arr = L->jv_array(), v;
  while (JV_VALID(v = L->jv_parser_next(p))) arr = L->jv_array_append(arr, v);
  bool ok = true;
  if (L->jv_invalid_has_msg(L->jv_copy(v))) {
    jv msg = L->jv_invalid_get_msg(v);
    snprintf(m, sizeof m, "jq: Bad JSON in --%s %s %s: %s\n", opt, name, file, L->jv_string_value(msg));
    L->jv_free(msg);
    err_out(m);
    L->jv_free(arr);
    ok = false;
  } else {
    L->jv_free(v);
    *out = arr;
  }
  L->jv_parser_free(p);
  free(data);
  return ok;
}

int acs__cmd_jq(acs_cmd *c, int argc, char **argv)
{
  static const char *const names[] = {
#define NAME(f) #f,
      JQ_FUNCS(NAME)
#undef NAME
  };
  enum { NF = sizeof names / sizeof *names };
  void *syms[NF];
  if (!cmd_dlsyms(c, "libjq.so.1", names, syms, NF)) return 2;
  jqlib lib, *L = &lib;
  memcpy(&lib, syms, sizeof lib);

  int opts = 0, dumpopts = JV_PRINT_INDENT_FLAGS(2), status = 0;
  bool nullin = false, slurp = false, rawin = false, from_file = false, seq = false, stream = false;
  bool args_strings = false, args_json = false, dashdash = false;
  const char *program = NULL;
  char **files = calloc((size_t)argc + 1, sizeof *files);
  int nfiles = 0;
  jv named = L->jv_object(), positional = L->jv_array();
  char m[8400];
#define USAGE_FAIL(...)                    \
  do {                                     \
    snprintf(m, sizeof m, __VA_ARGS__);    \
    err_out(m);                            \
    hint();                                \
    status = 2;                            \
    goto done;                             \
  } while (0)
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    if (dashdash || a[0] != '-' || !a[1]) {
      if (!program) program = a;
      else if (args_strings) positional = L->jv_array_append(positional, L->jv_string(a));
      else if (args_json) {
        jv v = L->jv_parse_sized(a, (int)strlen(a));
        if (!JV_VALID(v)) {
          L->jv_free(v);
          USAGE_FAIL("jq: Invalid JSON text passed to --jsonargs\n");
        }
        positional = L->jv_array_append(positional, v);
      } else files[nfiles++] = a;
      continue;
    }
    if (!strcmp(a, "--")) {
      dashdash = true;
      continue;
    }
    if (a[1] == '-') {
      const char *o = a + 2;
      if (!strcmp(o, "raw-output")) opts |= O_RAW;
      else if (!strcmp(o, "join-output")) opts |= O_RAW | O_JOIN;
      else if (!strcmp(o, "ascii-output")) opts |= O_ASCII;
      else if (!strcmp(o, "compact-output")) dumpopts &= ~(JV_PRINT_TAB | JV_PRINT_INDENT_FLAGS(7));
      else if (!strcmp(o, "sort-keys")) dumpopts |= JV_PRINT_SORTED;
      else if (!strcmp(o, "color-output")) dumpopts |= JV_PRINT_COLOR;
      else if (!strcmp(o, "monochrome-output")) dumpopts &= ~JV_PRINT_COLOR;
      else if (!strcmp(o, "null-input")) nullin = true;
      else if (!strcmp(o, "raw-input")) rawin = true;
      else if (!strcmp(o, "slurp")) slurp = true;
      else if (!strcmp(o, "exit-status")) opts |= O_EXIT;
      else if (!strcmp(o, "seq")) opts |= O_SEQ, seq = true;
      else if (!strcmp(o, "stream")) stream = true;
      else if (!strcmp(o, "unbuffered")) ;
      else if (!strcmp(o, "from-file")) from_file = true;
      else if (!strcmp(o, "args")) args_strings = true, args_json = false;
      else if (!strcmp(o, "jsonargs")) args_json = true, args_strings = false;
      else if (!strcmp(o, "tab")) {
        dumpopts &= ~JV_PRINT_INDENT_FLAGS(7);
        dumpopts |= JV_PRINT_TAB | JV_PRINT_PRETTY;
      } else if (!strcmp(o, "indent")) {
        if (i + 1 >= argc) USAGE_FAIL("jq: --indent takes one parameter\n");
        char *end;
        long n = strtol(argv[i + 1], &end, 10);
        if (*end || n < -1 || n > 7) USAGE_FAIL("jq: --indent takes a number between -1 and 7\n");
        dumpopts &= ~(JV_PRINT_TAB | JV_PRINT_INDENT_FLAGS(7));
        dumpopts |= JV_PRINT_INDENT_FLAGS((int)n);
        i++;
      } else if (!strcmp(o, "arg") || !strcmp(o, "argjson") || !strcmp(o, "slurpfile") || !strcmp(o, "rawfile")) {
        if (i + 2 >= argc) {
          if (!strcmp(o, "arg")) USAGE_FAIL("jq: --arg takes two parameters (e.g. --arg varname value)\n");
          if (!strcmp(o, "argjson")) USAGE_FAIL("jq: --argjson takes two parameters (e.g. --argjson varname text)\n");
          USAGE_FAIL("jq: --%s takes two parameters (e.g. --%s varname filename)\n", o, o);
        }
        const char *name = argv[i + 1], *val = argv[i + 2];
        jv v;
        if (!strcmp(o, "arg")) {
          v = L->jv_string(val);
        } else if (!strcmp(o, "argjson")) {
          v = L->jv_parse_sized(val, (int)strlen(val));
          if (!JV_VALID(v)) {
            L->jv_free(v);
            USAGE_FAIL("jq: invalid JSON text passed to --argjson\n");
          }
        } else if (!read_named_file(L, o, name, val, !strcmp(o, "rawfile"), &v)) {
          status = 2;
          goto done;
        }
        named = L->jv_object_set(named, L->jv_string(name), v);
        i += 2;
      } else if (!strcmp(o, "help")) {
        cmd_puts(c, c->help);
        goto done;
      } else if (!strcmp(o, "version")) {
        cmd_puts(c, "jq-1.6\n");
        goto done;
      } else {
        USAGE_FAIL("jq: Unknown option %s\n", a);
      }
      continue;
    }
    /* bundled short options */
    for (const char *p = a + 1; *p; p++) {
      switch (*p) {
      case 'r': opts |= O_RAW; break;
      case 'j': opts |= O_RAW | O_JOIN; break;
      case 'a': opts |= O_ASCII; break;
      case 'c': dumpopts &= ~(JV_PRINT_TAB | JV_PRINT_INDENT_FLAGS(7)); break;
      case 'S': dumpopts |= JV_PRINT_SORTED; break;
      case 'C': dumpopts |= JV_PRINT_COLOR; break;
      case 'M': dumpopts &= ~JV_PRINT_COLOR; break;
      case 'n': nullin = true; break;
      case 'R': rawin = true; break;
      case 's': slurp = true; break;
      case 'e': opts |= O_EXIT; break;
      case 'f': from_file = true; break;
      case 'h':
        cmd_puts(c, c->help);
        goto done;
      case 'L':
        if (p[1]) p += strlen(p) - 1;
        else i++;
        break;
      default: USAGE_FAIL("jq: Unknown option %s\n", a);
      }
    }
  }
  if (!program) program = "."; /* as jq 1.6 when stdin or stdout is not a terminal */
  char *prog_text = NULL;
  if (from_file) {
    size_t len;
    int rc = cmd_read_all(program, &prog_text, &len);
    if (rc < 0) {
      snprintf(m, sizeof m, "jq: error: Could not open %s: %s\n", program, cmd_strerror(rc));
      err_out(m);
      status = 2;
      goto done;
    }
  }
  jq_state *jq = L->jq_init();
  if (!jq) {
    cmd_error(c, "error: cannot allocate memory");
    status = 2;
    goto done;
  }
  L->jq_set_error_cb(jq, error_cb, L);
  dbg d = {L, c};
  L->jq_set_debug_cb(jq, debug_cb, &d);
  L->jq_set_attr(jq, L->jv_string("JQ_LIBRARY_PATH"), L->jv_array());
  jv args = L->jv_object_set(L->jv_object_set(L->jv_object(), L->jv_string("positional"), positional),
                             L->jv_string("named"), L->jv_copy(named));
  named = L->jv_object_set(named, L->jv_string("ARGS"), args);
  positional = L->jv_invalid();

  /* libjq reads ~/.jq as a library when HOME is set: not on the host */
  char **env_saved = environ;
  size_t ne = 0;
  while (environ && environ[ne]) ne++;
  char **env_nohome = calloc(ne + 1, sizeof *env_nohome);
  size_t k = 0;
  for (size_t e = 0; env_nohome && e < ne; e++)
    if (strncmp(environ[e], "HOME=", 5)) env_nohome[k++] = environ[e];
  if (env_nohome) environ = env_nohome;
  const char *text = prog_text ? prog_text : program;
  if (prog_text && prog_text[0] == '#' && prog_text[1] == '!') {
    char *nl = strchr(prog_text, '\n');
    text = nl ? nl : "";
  }
  /* libjq answers input_filename only for its own input reader, which
  ** would open host files: with one input (or none) its name is known */
  char *with_name = NULL;
  if (strstr(text, "input_filename") && nfiles <= 1) {
    jv name = nullin ? L->jv_null() : nfiles && strcmp(files[0], "-") ? L->jv_string(files[0]) : L->jv_string("<stdin>");
    jv lit = L->jv_dump_string(name, 0);
    const char *ls = L->jv_string_value(lit);
    size_t n = strlen(ls) + strlen(text) + 40;
    with_name = malloc(n);
    if (with_name) {
      snprintf(with_name, n, "def input_filename: %s; %s", ls, text);
      text = with_name;
    }
    L->jv_free(lit);
  }
  int compiled = L->jq_compile_args(jq, text, L->jv_copy(named));
  free(with_name);
  environ = env_saved;
  free(env_nohome);
  free(prog_text);
  if (!compiled) {
    status = 3;
    L->jq_teardown(&jq);
    goto done;
  }

  if (opts & O_ASCII) dumpopts |= JV_PRINT_ASCII;
  static char *dash[] = {"-"};
  jqin *in = calloc(1, sizeof *in);
  if (!in) {
    status = 2;
    L->jq_teardown(&jq);
    goto done;
  }
  in->c = c;
  in->L = L;
  in->files = nfiles ? files : dash;
  in->nfiles = nfiles ? nfiles : 1;
  in->raw = rawin;
  in->slurp = slurp;
  in->seq = seq;
  in->parse_flags = (seq ? JV_PARSE_SEQ : 0) | (stream ? JV_PARSE_STREAMING : 0);
  L->jq_set_input_cb(jq, input_cb, in);
  bool exact = false;
  int ret = 0;
  if (nullin) {
    ret = process(c, L, jq, L->jv_null(), opts, dumpopts, in, &exact);
  } else {
    for (;;) {
      jv v = next_value(in);
      if (JV_VALID(v)) {
        ret = process(c, L, jq, v, opts, dumpopts, in, &exact);
        if (cmd_out_error(c)) break;
        continue;
      }
      if (!L->jv_invalid_has_msg(L->jv_copy(v))) {
        L->jv_free(v);
        break;
      }
      jv msg = L->jv_invalid_get_msg(v);
      if (!seq) {
        snprintf(m, sizeof m, "parse error: %s\n", L->jv_string_value(msg));
        err_out(m);
        L->jv_free(msg);
        ret = 4;
        exact = true;
        break;
      }
      snprintf(m, sizeof m, "ignoring parse error: %s\n", L->jv_string_value(msg));
      err_out(m);
      L->jv_free(msg);
    }
  }
  if (in->errors) ret = 2, exact = true;
  if (ret >= 10 && (opts & O_EXIT)) status = ret - 10;
  else if (ret >= 10) status = 0;
  else status = ret;
  if (in->parser) L->jv_parser_free(in->parser);
  if (in->fd > 0 && in->open) acs_sys_close(in->fd);
  free(in->lbuf);
  free(in);
  L->jq_teardown(&jq);
  (void)exact;
done:
  L->jv_free(named);
  if (JV_VALID(positional)) L->jv_free(positional);
  free(files);
  return status;
}
