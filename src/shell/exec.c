/* exec.c - running the AST: lists, and-or lists, pipelines, simple
** commands (functions, builtins, programs found through PATH), compound
** commands, subshells and background commands.
**
** A box process cannot fork: what bash runs in a forked copy of itself (a
** subshell, a pipeline's element that is not a program, a command
** substitution, a background list) runs in a child shell spawned with the
** shell's state and the node's text (state.c). */
#include "sh.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <sys/wait.h>

static source *current;

/* what $BASH_COMMAND names: the command running or about to (kept while a
** trap's action runs, as bash keeps it); its source is held so that the
** node stays */
static node *cmd_node;
static int cmd_part;
static source *cmd_src;

static void debug_point(node *n, int part)
{
  if (trap_in_action()) return;
  if (cmd_src != current) {
    if (current) current->refs++;
    if (cmd_src) src_unref(cmd_src);
    cmd_src = current;
  }
  cmd_node = n;
  cmd_part = part;
  trap_run_debug();
}

char *sh_bash_command(void) { return cmd_node ? command_text(cmd_node, cmd_part) : xstrdup(""); }
bool exec_keep_redirs; /* set by `exec` without a command */

source *cur_source(void) { return current; }
void set_cur_source(source *s) { current = s; }

int status_of(int w)
{
  if (WIFEXITED(w)) return WEXITSTATUS(w);
  if (WIFSIGNALED(w)) return 128 + WTERMSIG(w);
  return 1;
}

int wait_status(int pid)
{
  int jst = jc_wait(pid);
  if (jst >= 0) return jst;
  int w = 0;
  int rc = acs_sys_wait(pid, &w, 0);
  if (rc < 0) return 127;
  return status_of(w);
}

char *text_span(source *s, size_t start, size_t end)
{
  sbuf b = {0};
  if (end > s->len) end = s->len;
  if (start < end) sb_add(&b, s->text + start, end - start);
  bool nl = false;
  /* here-document bodies read after the node's end belong to it */
  for (size_t i = 0; i < s->nhd; i++) {
    hd_range *h = &s->hds[i];
    if (h->op >= start && h->op < end && h->start >= end) {
      if (!nl) sb_addc(&b, '\n');
      nl = true;
      sb_add(&b, s->text + h->start, h->end - h->start);
    }
  }
  return sb_take(&b);
}

char *node_text(node *n, source *s) { return text_span(s, n->start, n->end); }

/* What a child shell runs for a pipeline's element: its text, and the
** 2>&1 of a |& after it (the parser's redirection is not in the text);
** bash makes it after the element's own redirections. A here-document's
** body follows the text, so there it goes in front of the element, as a
** group's. */
static char *pipe_text(node *n)
{
  char *text = node_text(n, current);
  if (!n->pipe_amp) return text;
  sbuf b = {0};
  if (strstr(text, "<<")) {
    sb_adds(&b, "{ ");
    sb_adds(&b, text);
    sb_adds(&b, "\n} 2>&1");
  } else {
    sb_adds(&b, text);
    sb_adds(&b, " 2>&1");
  }
  free(text);
  return sb_take(&b);
}

/* ---- child processes ----------------------------------------------------- */

bool exec_replace;

int spawn_program(const char *path, char **argv, char **envp, const int (*fds)[2], size_t nfds)
{
  int pairs[300][2];
  size_t n = 0;
  for (size_t i = 0; i < nfds && n < 40; i++) pairs[n][0] = fds[i][0], pairs[n][1] = fds[i][1], n++;
  n += (size_t)redir_private(pairs + n, (int)(300 - n));
  out_flush();
  if (exec_replace) {
    /* exec: the program takes this shell's place and pid (returns only
    ** when it could not) */
    exec_replace = false;
    int rc = acs_sys_exec(path, argv, envp, (const int(*)[2])pairs, n);
    if (rc != -ENOEXEC) return rc;
    exec_replace = true; /* not a program: the caller runs it as a script, exec'ing sh */
    return rc;
  }
  int pid = acs_sys_spawn(path, argv, envp, (const int(*)[2])pairs, n);
  jc_spawned(pid);
  return pid;
}

int subshell_step = 1;
static bool starting_bg; /* start_child for a background command */

int spawn_subshell(const char *text, int line, const int (*fds)[2], size_t nfds)
{
  int sp[2];
  int rc = acs_sys_pipe(sp, 0);
  if (rc < 0) {
    sh_perror("pipe", rc);
    return rc;
  }
  int pairs[48][2];
  size_t n = 0;
  for (size_t i = 0; i < nfds && n < 40; i++) pairs[n][0] = fds[i][0], pairs[n][1] = fds[i][1], n++;
  pairs[n][0] = 255, pairs[n][1] = sp[0], n++;
  pairs[n][0] = sp[1], pairs[n][1] = -1, n++;
  char *argv[] = {sh.is_bash ? "bash" : "sh", "--acs-subshell", NULL};
  char **env = var_environ();
  int pid = spawn_program(sh.is_bash ? "/bin/bash" : "/bin/sh", argv, env, (const int(*)[2])pairs, n);
  var_free_list(env);
  acs_sys_close(sp[0]);
  if (pid < 0) {
    acs_sys_close(sp[1]);
    sh_perror("cannot start a subshell", pid);
    return pid;
  }
  state_send(sp[1], text, line);
  acs_sys_close(sp[1]);
  return pid;
}

/* ---- lookup --------------------------------------------------------------- */

static bool executable_file(const char *path)
{
  acs__sys_stat st;
  if (acs_sys_stat(path, &st) < 0) return false;
  return (st.mode & 0170000) == 0100000;
}

char *path_lookup(const char *name, int *err)
{
  const char *path = var_get("PATH");
  if (!path) path = "/usr/local/bin:/usr/bin:/bin";
  *err = -ENOENT;
  char *denied = NULL;
  const char *p = path;
  for (;;) {
    const char *colon = strchr(p, ':');
    size_t n = colon ? (size_t)(colon - p) : strlen(p);
    sbuf b = {0};
    if (n == 0) sb_adds(&b, ".");
    else sb_add(&b, p, n);
    sb_addc(&b, '/');
    sb_adds(&b, name);
    if (executable_file(b.s)) {
      if (acs_sys_access(b.s, 1) == 0) {
        free(denied);
        *err = 0;
        return sb_take(&b);
      }
      if (!denied) denied = sb_take(&b);
    }
    sb_free(&b);
    if (!colon) break;
    p = colon + 1;
  }
  if (denied) {
    *err = -EACCES;
    return denied;
  }
  return NULL;
}

/* ---- status and errexit ---------------------------------------------------- */

/* the status of a command that is done; set -e ends the shell here */
static int done(int st)
{
  sh.status = st;
  if (st && !sh.noerrexit && !sh.aborting) {
    /* the ERR trap fires where set -e would end the shell, before it does */
    trap_run_err(st);
    if (sh.opt_e) sh_exit(st);
  }
  return st;
}

static bool unwinding(void)
{
  return sh.breaking || sh.continuing || sh.returning || sh.aborting;
}

/* ---- xtrace ------------------------------------------------------------------ */

static void trace_word(sbuf *b, const char *s)
{
  bool plain = *s != 0;
  for (const char *p = s; *p; p++)
    if (!(isalnum((unsigned char)*p) || strchr("_-./=:,+@%^", *p))) plain = false;
  if (plain) {
    sb_adds(b, s);
    return;
  }
  sb_addc(b, '\'');
  for (const char *p = s; *p; p++) {
    if (*p == '\'') sb_adds(b, "'\\''");
    else sb_addc(b, *p);
  }
  sb_addc(b, '\'');
}

int trace_level;

/* PS4 expanded (parameters, substitutions, arithmetic: bash's promptvars),
** its first character repeated once more per level of eval, source or
** command substitution, as bash marks them */
static void trace_prefix(sbuf *b)
{
  const char *ps4 = var_get("PS4");
  if (!ps4) ps4 = "+ ";
  char *x = NULL;
  if (strpbrk(ps4, "$`")) {
    sh.opt_x = false; /* what PS4 runs is not traced */
    source *s = src_new_text(ps4, strlen(ps4), "PS4");
    lexer lx = {.src = s, .ar = &s->ar, .line = sh.line};
    word *w = lx_word_from(&lx, ps4, strlen(ps4), 0);
    int st = sh.status;
    x = w ? ex_string(w) : NULL;
    sh.status = st;
    src_unref(s);
    sh.opt_x = true;
  }
  const char *v = x ? x : ps4;
  for (int i = 0; *v && i < trace_level; i++) sb_addc(b, v[0]);
  sb_adds(b, v);
  free(x);
}

void trace_text(const char *text)
{
  if (!sh.opt_x) return;
  sbuf b = {0};
  trace_prefix(&b);
  sb_adds(&b, text);
  sb_addc(&b, '\n');
  out_flush();
  sh_write(2, b.s, b.len);
  sb_free(&b);
}

static void trace(strv *assigns, strv *args)
{
  if (!sh.opt_x) return;
  sbuf b = {0};
  trace_prefix(&b);
  bool first = true;
  for (size_t i = 0; assigns && i < assigns->n; i++) {
    if (!first) sb_addc(&b, ' ');
    first = false;
    const char *eq = strchr(assigns->v[i], '=');
    sb_add(&b, assigns->v[i], (size_t)(eq - assigns->v[i]) + 1);
    trace_word(&b, eq + 1);
  }
  for (size_t i = 0; args && i < args->n; i++) {
    if (!first) sb_addc(&b, ' ');
    first = false;
    trace_word(&b, args->v[i]);
  }
  sb_addc(&b, '\n');
  out_flush();
  sh_write(2, b.s, b.len);
  sb_free(&b);
}

/* ---- simple commands -------------------------------------------------------- */

static bool expand_assign(word *w, strv *out)
{
  char *s = ex_assign(w);
  if (!s) return false;
  sv_push(out, s);
  return true;
}

static int var_flags_plain(const char *s, const char *eq);

static bool expand_assigns(word *w, strv *out)
{
  /* each binding sees the ones before it (FOO=a BAR=$FOO cmd): they are
  ** made while the words are expanded, then the old values come back */
  strv old = {0};
  bool ok = true;
  for (; w && ok; w = w->next) {
    /* an array's element before a command is made now: the box's child
    ** processes get no arrays in their environment anyway */
    if (arrays_assign_word(w) >= 0) continue;
    size_t before = out->n;
    if (!expand_assign(w, out)) ok = false;
    for (size_t i = before; ok && i < out->n; i++) {
      char *eq = strchr(out->v[i], '=');
      if (!eq || eq == out->v[i] || (var_flags_plain(out->v[i], eq) & V_READONLY)) continue;
      char *name = xstrndup(out->v[i], (size_t)(eq - out->v[i]));
      if (name[strlen(name) - 1] == '+') {
        free(name);
        continue;
      }
      const char *v = var_get(name);
      sbuf rec = {0};
      sb_adds(&rec, name);
      sb_addc(&rec, v ? '=' : '!');
      if (v) sb_adds(&rec, v);
      sv_push(&old, sb_take(&rec));
      var_set(name, eq + 1, 0);
      free(name);
    }
  }
  for (size_t i = old.n; i-- > 0;) {
    char *r = old.v[i];
    size_t nl = strcspn(r, "=!");
    char c = r[nl];
    r[nl] = 0;
    if (c == '=') var_set(r, r + nl + 1, 0);
    else var_unset(r);
  }
  sv_free(&old);
  return ok;
}

/* the flags of the variable named by s up to eq */
static int var_flags_plain(const char *s, const char *eq)
{
  char *name = xstrndup(s, (size_t)(eq - s));
  int f = var_flags(name);
  free(name);
  return f;
}

/* A command's words. After declare, typeset, local, export and readonly
** (as the command's first word, literally) an argument shaped as an
** assignment is expanded as one: no splitting, no globbing, a tilde after
** '=' (local v=$(cmd) keeps its spaces), as bash does. */
static bool expand_command(word *w, strv *out)
{
  const char *first = w && w->raw ? w->raw : "";
  static const char *const decl[] = {"declare", "typeset", "local", "export", "readonly", NULL};
  bool is_decl = false;
  for (int i = 0; decl[i]; i++)
    if (!strcmp(first, decl[i])) is_decl = true;
  if (!is_decl) return ex_words(w, out);
  for (; w; w = w->next) {
    asg g;
    if (w->raw && asg_parse(w->raw, strlen(w->raw), &g)) {
      if (!expand_assign(w, out)) return false;
      continue;
    }
    word *next = w->next;
    w->next = NULL;
    bool ok = ex_words(w, out);
    w->next = next;
    if (!ok) return false;
  }
  return true;
}

static int assign_all(strv *as, bool local_export)
{
  for (size_t i = 0; i < as->n; i++) {
    char *eq = strchr(as->v[i], '=');
    *eq = 0;
    const char *name = as->v[i];
    char *value = eq + 1;
    char *joined = NULL;
    bool append = eq > name && eq[-1] == '+';
    if (append) {
      eq[-1] = 0;
      const char *old = var_get(name);
      if (var_flags(name) & V_INTEGER) {
        if (!(joined = var_int_append(old, value))) {
          eq[-1] = '+';
          *eq = '=';
          return 1;
        }
      } else {
        sbuf b = {0};
        sb_adds(&b, old ? old : "");
        sb_adds(&b, value);
        joined = sb_take(&b);
      }
      value = joined;
    }
    int rc;
    if (local_export) {
      var_local(name, value, true);
      var_set_flag(name, V_EXPORT);
      rc = 0;
    } else {
      rc = var_set(name, value, 0);
    }
    free(joined);
    if (append) eq[-1] = '+';
    *eq = '=';
    if (rc < 0) return 1;
  }
  return 0;
}

/* local -'s saved set options, per function depth */
static struct {
  bool valid;
  bool e, u, x, f, C, a, n, v, pipefail;
} saved_opts[64];

void opts_save_for_function(void)
{
  int d = sh.func_depth;
  if (d <= 0 || d >= 64 || saved_opts[d].valid) return;
  saved_opts[d].valid = true;
  saved_opts[d].e = sh.opt_e, saved_opts[d].u = sh.opt_u, saved_opts[d].x = sh.opt_x;
  saved_opts[d].f = sh.opt_f, saved_opts[d].C = sh.opt_C, saved_opts[d].a = sh.opt_a;
  saved_opts[d].n = sh.opt_n, saved_opts[d].v = sh.opt_v, saved_opts[d].pipefail = sh.pipefail;
}

static void opts_restore_for_function(void)
{
  int d = sh.func_depth;
  if (d <= 0 || d >= 64 || !saved_opts[d].valid) return;
  saved_opts[d].valid = false;
  sh.opt_e = saved_opts[d].e, sh.opt_u = saved_opts[d].u, sh.opt_x = saved_opts[d].x;
  sh.opt_f = saved_opts[d].f, sh.opt_C = saved_opts[d].C, sh.opt_a = saved_opts[d].a;
  sh.opt_n = saved_opts[d].n, sh.opt_v = saved_opts[d].v, sh.pipefail = saved_opts[d].pipefail;
}

static int call_function(func *f, strv *args)
{
  char **oargv = sh.argv;
  int oargc = sh.argc;
  sh.argv = args->v + 1;
  sh.argc = (int)args->n - 1;
  source *src = f->src;
  src->refs++;
  sh.func_depth++;
  var_scope_push();
  if (sh.func_depth > 10000) {
    sh_error("%s: maximum function nesting level exceeded (%d)", f->name, sh.func_depth - 1);
    sh.func_depth--;
    var_scope_pop();
    src_unref(src);
    sh.argv = oargv, sh.argc = oargc;
    sh.aborting = true;
    return 1;
  }
  /* the body's spans (pipeline elements, subshells sent to a child shell
  ** as text) are offsets into the source the function was defined in */
  source *caller = current;
  current = src;
  frame_push(f->name, src->name, sh.line, true);
  bool traced = set_functrace();
  if (traced) trap_run_debug(); /* set -T: before the body's first command too */
  char *ret_trap = traced ? NULL : trap_return_take();
  int st = run_node(f->body->a);
  bool returned = sh.returning;
  if (returned) {
    sh.returning = false;
    st = sh.status;
  }
  /* RETURN, still inside the function (FUNCNAME is its name) */
  if (traced) trap_run_return(returned ? sh.before_return : st);
  else trap_return_end(ret_trap, returned ? sh.before_return : st);
  sh.status = st;
  frame_pop(true);
  current = caller;
  opts_restore_for_function();
  var_scope_pop();
  sh.func_depth--;
  src_unref(src);
  sh.argv = oargv;
  sh.argc = oargc;
  return st;
}

bool exec_naming; /* the exec builtin runs the command: bash's words for it */

static int not_found(const char *name, int err)
{
  if (err == -ENOENT && !strchr(name, '/')) {
    if (exec_naming) sh_error("exec: %s: not found", name);
    else sh_error("%s: command not found", name);
    return 127;
  }
  if (err == -EISDIR || err == -EACCES) {
    acs__sys_stat st;
    if (acs_sys_stat(name, &st) == 0 && (st.mode & 0170000) == 0040000) {
      sh_error("%s: Is a directory", name);
      return 126;
    }
  }
  sh_perror(name, err);
  if (exec_naming && err != -ENOENT) sh_error("exec: %s: cannot execute: %s", name, sh_strerror(err));
  return err == -ENOENT ? 127 : 126;
}

/* start a program (no waiting): pid or a negative errno; *status for a
** failure that has been reported */
static int start_program(strv *args, int *status)
{
  const char *name = args->v[0];
  char *path;
  int err = 0;
  /* a hashed program is run from where it was found, gone or not */
  bool hashed = false;
  if (strchr(name, '/')) path = xstrdup(name);
  else if ((path = hash_lookup(name))) hashed = true;
  else path = path_lookup(name, &err);
  if (!path || err == -EACCES) {
    *status = not_found(name, err ? err : -ENOENT);
    free(path);
    return -1;
  }
  char **env = var_environ_for(path);
  hash_note(name, path);
  int pid = spawn_program(path, args->v, env, NULL, 0);
  int bin = pid == -ENOEXEC ? acs_sys_open(path, O_RDONLY, 0) : -1;
  if (bin >= 0) {
    bool binary = sh_binary_file(bin);
    acs_sys_close(bin);
    if (binary) {
      /* a Linux binary, say: the box runs no host code, and bash's words fit */
      sh_error("%s: cannot execute binary file: Exec format error", name);
      *status = 126;
      var_free_list(env);
      free(path);
      return -1;
    }
  }
  if (pid == -ENOEXEC) {
    /* not a program of the box: a script for the shell, as bash runs it */
    strv a = {0};
    sv_push(&a, xstrdup(sh.is_bash ? "bash" : "sh"));
    sv_push(&a, xstrdup(path));
    for (size_t i = 1; i < args->n; i++) sv_push(&a, xstrdup(args->v[i]));
    pid = spawn_program(sh.is_bash ? "/bin/bash" : "/bin/sh", a.v, env, NULL, 0);
    sv_free(&a);
  }
  var_free_list(env);
  /* a hashed program gone from its path is named by that path, as bash's */
  if (pid < 0) *status = not_found(hashed && pid == -ENOENT ? path : name, pid);
  free(path);
  return pid;
}

int run_builtin_argv(strv *args);

static int run_simple(node *n)
{
  sh.line = n->line;
  sh.cmdsub_ran = false;
  strv args = {0}, as = {0};
  int st = 0;
  if (!n->words) {
    /* assignments alone: each is expanded after the one before is made */
    for (word *w = n->assigns; w && !st; w = w->next) {
      if (sh.opt_x) {
        /* a compound assignment is traced as written, as bash does */
        const wpart *last = w->parts;
        while (last && last->next) last = last->next;
        if (last && last->kind == P_ARRAY) {
          /* without the blanks just inside the parentheses */
          const char *raw = w->raw ? w->raw : "", *open = strchr(raw, '(');
          sbuf t = {0};
          if (open) {
            sb_add(&t, raw, (size_t)(open - raw) + 1);
            const char *in = open + 1, *end = raw + strlen(raw);
            while (*in == ' ' || *in == '\t' || *in == '\n') in++;
            if (end > in && end[-1] == ')') end--;
            while (end > in && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n')) end--;
            sb_add(&t, in, (size_t)(end - in));
            sb_addc(&t, ')');
          }
          trace_text(t.s ? t.s : raw);
          sb_free(&t);
        }
      }
      int ar = arrays_assign_word(w);
      if (ar >= 0) {
        st = ar;
        if (st) sh.aborting = true; /* a bad subscript or a readonly array: as bash */
        continue;
      }
      strv one = {0};
      if (!expand_assign(w, &one)) {
        sv_free(&one);
        return 1;
      }
      trace(&one, NULL);
      st = assign_all(&one, false);
      sv_free(&one);
      /* a readonly variable's assignment ends the line, as in bash */
      if (st) sh.aborting = true;
    }
    if (!st && sh.cmdsub_ran) st = sh.cmdsub_status;
    saved_fds sv = {0};
    if (n->redirs && !redir_apply(n->redirs, &sv)) st = 1;
    redir_restore(&sv);
    var_set("_", "", 0); /* bash: assignments alone leave $_ empty */
    return done(st);
  }
  if (!expand_command(n->words, &args) || !expand_assigns(n->assigns, &as)) {
    sv_free(&args);
    sv_free(&as);
    return 1;
  }
  if (args.n == 0) {
    trace(&as, NULL);
    st = assign_all(&as, false);
    if (!st && sh.cmdsub_ran) st = sh.cmdsub_status;
    saved_fds sv = {0};
    if (n->redirs && !redir_apply(n->redirs, &sv)) st = 1;
    redir_restore(&sv);
    sv_free(&as);
    return done(st);
  }
  trace(&as, &args);
  const char *name = args.v[0];
  func *f = fn_find(name);
  bool special = false;
  builtin_fn b = f ? NULL : builtin_find(name, &special);
  bool scoped = as.n > 0;
  if (scoped) {
    var_scope_push();
    assign_all(&as, true);
  }
  saved_fds sv = {0};
  if (!redir_apply(n->redirs, &sv)) {
    redir_restore(&sv);
    if (scoped) var_scope_pop();
    sv_free(&args);
    sv_free(&as);
    return done(1);
  }
  if (f) {
    st = call_function(f, &args);
  } else if (b) {
    exec_keep_redirs = false;
    st = b((int)args.n, args.v);
    out_flush();
    if (exec_keep_redirs) redir_forget(&sv);
    exec_keep_redirs = false;
  } else {
    char *text = sh.monitor ? node_format(n) : NULL;
    jc_begin(text, false);
    /* bash -c's last simple command takes the shell's place (its pid)
    ** when nothing of the shell is left to do: no redirection to undo, no
    ** trap to run */
    if (n == sh.exec_last && !n->redirs && !trap_any() && !sh.monitor) exec_replace = true;
    int pid = start_program(&args, &st);
    exec_replace = false;
    if (pid > 0) st = wait_status(pid);
    jc_end();
    free(text);
  }
  redir_restore(&sv);
  if (scoped) var_scope_pop();
  /* $_: the last argument of the simple command just run */
  var_set("_", args.v[args.n - 1], 0);
  sv_free(&args);
  sv_free(&as);
  if (sh.exiting) sh_exit(sh.exit_status);
  return done(st);
}

/* run argv as a command from a builtin (command, exec): no functions */
int run_builtin_argv(strv *args)
{
  bool special;
  builtin_fn b = builtin_find(args->v[0], &special);
  if (b) {
    exec_replace = false; /* exec of a builtin runs it here; what it runs is spawned */
    int st = b((int)args->n, args->v);
    out_flush();
    return st;
  }
  int st = 0;
  int pid = start_program(args, &st);
  if (pid > 0) st = wait_status(pid);
  return st;
}

/* ---- pipelines, subshells, background ------------------------------------- */

/* is n a simple command that runs a program (then it is spawned as it
** is, not through a child shell)? The words are expanded here. */
/* whether expanding w can change nothing (no substitution, arithmetic,
** ${x:=}, or subscript, inside double quotes too) */
static bool word_pure(const word *w)
{
  for (const wpart *p = w ? w->parts : NULL; p; p = p->next) {
    if (p->kind == P_CMDSUB || p->kind == P_PROCSUB || p->kind == P_ARITH) return false;
    if (p->kind == P_PARAM && ((p->op != PO_NONE && p->op != PO_LEN) || p->index)) return false;
    if (p->kind == P_DQ && !word_pure(p->sub)) return false;
  }
  return true;
}

static bool external_simple(node *n, strv *args)
{
  if (n->kind != N_SIMPLE || n->assigns || !n->words) return false;
  /* expansions with side effects belong to the child: only plain words
  ** (echo "$(cmd)" | cat ran cmd in the shell and again in its child) */
  for (word *w = n->words; w; w = w->next)
    if (!word_pure(w)) return false;
  if (!ex_words(n->words, args) || !args->n) return false;
  bool special;
  if (fn_find(args->v[0]) || builtin_find(args->v[0], &special)) return false;
  return true;
}

/* start one element of a pipeline (or a background command) with in/out
** as its stdin/stdout (-1: the shell's); close: a descriptor the child
** must not have. Returns the pid, or -1 with *status set. */
static int start_child(node *n, int in, int out, int close_fd, int *status)
{
  saved_fds sv = {0};
  int pid = -1;
  if (in >= 0) redir_move(in, 0, &sv);
  if (out >= 0) redir_move(out, 1, &sv);
  strv args = {0};
  *status = 0;
  int fds[1][2] = {{close_fd, -1}};
  if (external_simple(n, &args)) {
    saved_fds rv = {0};
    if (redir_apply(n->redirs, &rv)) {
      trace(NULL, &args);
      char *path;
      int err = 0;
      const char *name = args.v[0];
      path = strchr(name, '/') ? xstrdup(name) : hash_lookup(name);
      if (!path) path = path_lookup(name, &err);
      if (!path || err == -EACCES) {
        *status = not_found(name, err ? err : -ENOENT);
      } else {
        char **env = var_environ_for(path);
        hash_note(name, path);
        pid = spawn_program(path, args.v, env, (const int(*)[2])fds, close_fd >= 0 ? 1 : 0);
        var_free_list(env);
        if (pid < 0) {
          /* a script or an error: let a child shell deal with it */
          char *text = node_text(n, current);
          pid = spawn_subshell(text, n->line, (const int(*)[2])fds, close_fd >= 0 ? 1 : 0);
          free(text);
        }
      }
      free(path);
    } else {
      *status = 1;
    }
    redir_restore(&rv);
  } else {
    char *text = pipe_text(n);
    /* bash counts a level for this fork, but not for a pipeline's simple
    ** command (its words expand before), nor again for a ( ) in it */
    subshell_step = n->kind == N_SUBSHELL || (n->kind == N_SIMPLE && !starting_bg) ? 0 : 1;
    pid = spawn_subshell(text, n->line, (const int(*)[2])fds, close_fd >= 0 ? 1 : 0);
    subshell_step = 1;
    free(text);
    if (pid < 0) *status = 1;
  }
  sv_free(&args);
  redir_restore(&sv);
  return pid;
}

/* PIPESTATUS: the statuses of the last pipeline (one for a command) */
static void set_pipestatus(const int *sts, int n)
{
  var_unset("PIPESTATUS");
  array *a = var_make_array("PIPESTATUS", false);
  for (int i = 0; a && i < n; i++) {
    char num[16];
    snprintf(num, sizeof num, "%d", sts[i]);
    arr_seti(a, i, num);
  }
}

static int run_pipeline(node *n)
{
  int count = 0;
  for (node *c = n->a; c; c = c->next) count++;
  if (count == 1) {
    /* `! cmd`: set -e never applies to an inverted status */
    sh.noerrexit++;
    int st = run_node(n->a);
    sh.noerrexit--;
    sh.status = !st;
    return !st;
  }
  int *pids = xcalloc((size_t)count, sizeof *pids);
  int *sts = xcalloc((size_t)count, sizeof *sts);
  char *jtext = sh.monitor ? node_format(n) : NULL;
  jc_begin(jtext, false);
  free(jtext);
  int prev = -1, i = 0;
  bool lastpipe = shopt_on("lastpipe");
  for (node *c = n->a; c; c = c->next, i++) {
    int p[2] = {-1, -1};
    if (!c->next && lastpipe && prev >= 0) {
      /* lastpipe: the last element runs in this shell, reading the pipe */
      for (int k = 0; k < i; k++)
        if (pids[k] > 0) sts[k] = wait_status(pids[k]), pids[k] = 0;
      saved_fds sv = {0};
      redir_move(prev, 0, &sv);
      prev = -1;
      sts[i++] = run_node(c);
      redir_restore(&sv);
      break;
    }
    if (c->next) {
      int rc = acs_sys_pipe(p, 0);
      if (rc < 0) {
        sh_perror("pipe", rc);
        break;
      }
      p[0] = redir_hide(p[0]);
      p[1] = redir_hide(p[1]);
    }
    if (c->kind == N_SIMPLE) debug_point(c, 0); /* each element, before it starts (bash's) */
    pids[i] = start_child(c, prev, p[1], p[0], &sts[i]);
    if (prev >= 0) acs_sys_close(prev);
    if (p[1] >= 0) acs_sys_close(p[1]);
    prev = p[0];
  }
  if (prev >= 0) acs_sys_close(prev);
  for (int k = 0; k < i; k++)
    if (pids[k] > 0) sts[k] = wait_status(pids[k]);
  jc_end();
  int st = sts[count - 1];
  set_pipestatus(sts, count);
  if (sh.pipefail)
    for (int k = count - 1; k >= 0; k--)
      if (sts[k]) {
        st = sts[k];
        break;
      }
  free(pids);
  free(sts);
  if (n->bang) {
    sh.status = !st;
    return !st;
  }
  return done(st);
}

static int run_background(node *n)
{
  int st;
  /* without job control, a background command's stdin is /dev/null; with
  ** it, the terminal stays (a read of it stops the job: SIGTTIN) */
  int null = sh.monitor ? -1 : acs_sys_open("/dev/null", O_RDONLY, 0);
  jc_begin(NULL, true);
  starting_bg = true;
  int pid = start_child(n, null, -1, -1, &st);
  starting_bg = false;
  jc_end();
  if (null >= 0) acs_sys_close(null);
  if (pid > 0) {
    sh.last_bg = pid;
    char *text = node_format(n); /* as bash shows a job: "( exit 3 )" */
    jobs_add(pid, text);
    free(text);
  }
  sh.status = 0;
  return 0;
}

static int run_subshell(node *n)
{
  char *text = text_span(current, n->istart, n->iend);
  char *jtext = sh.monitor ? node_format(n) : NULL;
  jc_begin(jtext, false);
  free(jtext);
  int pid = spawn_subshell(text, n->line, NULL, 0);
  free(text);
  int st = pid > 0 ? wait_status(pid) : 1;
  jc_end();
  return st;
}

/* ---- compound commands --------------------------------------------------- */

static int run_cond_list(node *n)
{
  sh.noerrexit++;
  int st = run_node(n);
  sh.noerrexit--;
  return st;
}

static int run_loop_body(node *body, bool *stop)
{
  int st = run_node(body);
  *stop = false;
  if (sh.breaking) {
    sh.breaking--;
    *stop = true;
    if (sh.breaking) return st;
  } else if (sh.continuing) {
    sh.continuing--;
    if (sh.continuing) *stop = true;
  }
  if (sh.returning || sh.aborting) *stop = true;
  return st;
}

static int run_while(node *n)
{
  int st = 0;
  sh.loop_depth++;
  for (;;) {
    int c = run_cond_list(n->a);
    if (unwinding()) {
      if (sh.breaking) sh.breaking--;
      else if (sh.continuing) {
        sh.continuing--;
        if (!sh.continuing) continue;
      }
      break;
    }
    if (n->until ? c == 0 : c != 0) break;
    bool stop;
    st = run_loop_body(n->b, &stop);
    if (stop) break;
  }
  sh.loop_depth--;
  return st;
}

static int run_for(node *n)
{
  strv items = {0};
  if (n->in) {
    if (!ex_words(n->words, &items)) return 1;
  } else {
    for (int i = 0; i < sh.argc; i++) sv_push(&items, xstrdup(sh.argv[i]));
  }
  int st = 0;
  if (!is_name(n->name, strlen(n->name))) {
    sh_error("`%s': not a valid identifier", n->name);
    sv_free(&items);
    return done(1);
  }
  sbuf head = {0};
  if (sh.opt_x) {
    /* bash shows the words as written, at each round */
    sb_printf(&head, "for %s in", n->name);
    for (word *w = n->in ? n->words : NULL; w; w = w->next) sb_printf(&head, " %s", w->raw ? w->raw : "");
    if (!n->in) sb_adds(&head, " \"$@\"");
  }
  sh.loop_depth++;
  for (size_t i = 0; i < items.n; i++) {
    debug_point(n, 0);
    if (head.s) trace_text(head.s);
    if (var_set(n->name, items.v[i], 0) < 0) {
      st = 1;
      break;
    }
    bool stop;
    st = run_loop_body(n->b, &stop);
    if (stop) break;
  }
  sh.loop_depth--;
  sv_free(&items);
  sb_free(&head);
  return st;
}

/* bash's trace of an arithmetic command: the text as written */
static void trace_arith(const word *w, bool dparen)
{
  if (!sh.opt_x) return;
  const char *raw = w && w->raw ? w->raw : "";
  sbuf b = {0};
  if (dparen) sb_printf(&b, "(( %s ))", raw);
  else {
    while (*raw == ' ' || *raw == '\t') raw++;
    size_t len = strlen(raw);
    while (len && (raw[len - 1] == ' ' || raw[len - 1] == '\t')) len--;
    sb_printf(&b, "(( %.*s ))", (int)len, raw);
  }
  trace_text(b.s);
  sb_free(&b);
}

static bool arith_word(word *w, int64_t *v)
{
  char *s = ex_string(w);
  if (!s) return false;
  const char *ctx = arith_ctx;
  arith_ctx = "((";
  bool ok = arith_eval(s, v);
  arith_ctx = ctx;
  free(s);
  /* not fatal, as $(( )) is: bash says so and the command's status is 1 */
  return ok;
}

static int run_afor(node *n)
{
  int64_t v;
  int st = 0;
  debug_point(n, 1);
  trace_arith(n->w1, false);
  if (!arith_word(n->w1, &v)) return 1;
  sh.loop_depth++;
  for (;;) {
    char *c = ex_string(n->w2);
    bool empty = c && !c[strspn(c, " \t\n")];
    free(c);
    debug_point(n, 2);
    if (!empty) {
      trace_arith(n->w2, false);
      if (!arith_word(n->w2, &v)) {
        st = 1;
        break;
      }
      if (!v) break;
    }
    bool stop;
    st = run_loop_body(n->b, &stop);
    if (stop) break;
    debug_point(n, 3);
    trace_arith(n->w3, false);
    if (!arith_word(n->w3, &v)) {
      st = 1;
      break;
    }
  }
  sh.loop_depth--;
  return st;
}

static int run_case(node *n)
{
  debug_point(n, 0);
  if (sh.opt_x) {
    sbuf b = {0};
    sb_printf(&b, "case %s in", n->w1 && n->w1->raw ? n->w1->raw : "");
    trace_text(b.s);
    sb_free(&b);
  }
  char *subject = ex_string(n->w1);
  if (!subject) return 1;
  int st = 0;
  bool fall = false;
  for (caseitem *ci = n->items; ci; ci = ci->next) {
    bool m = fall;
    for (word *p = ci->pats; p && !m; p = p->next) {
      char *pat = ex_pattern(p);
      if (!pat) break;
      m = pat_match_opt(pat, subject, shopt_on("extglob"), shopt_on("nocasematch"));
      free(pat);
    }
    if (!m) continue;
    st = ci->body ? run_node(ci->body) : 0;
    if (unwinding()) break;
    if (ci->term == 1) {
      fall = true;
      continue;
    }
    fall = false;
    if (ci->term == 2) continue;
    break;
  }
  free(subject);
  return st;
}

static int run_timed(node *n);

int run_node(node *n)
{
  if (!n || sh.aborting) return sh.status;
  if (jc_interrupted() && sh.monitor) {
    /* ^C (or a cancelled run): the rest of the line is given up */
    sh.aborting = true;
    return sh.status = 130;
  }
  int st = 0;
  size_t subs = procsub_mark();
  saved_fds sv = {0};
  bool redirs = n->redirs && n->kind != N_SIMPLE && n->kind != N_FUNC;
  if (redirs && !redir_apply(n->redirs, &sv)) {
    redir_restore(&sv);
    return done(1);
  }
  switch (n->kind) {
  case N_LIST:
    for (node *c = n->a; c; c = c->next) {
      if (c->bg) st = run_background(c);
      else st = run_node(c);
      trap_run_pending();
      if (unwinding()) break;
    }
    break;
  case N_AND:
  case N_OR:
    st = run_cond_list(n->a);
    if (unwinding()) break;
    if (n->kind == N_AND ? st == 0 : st != 0) st = run_node(n->b);
    break;
  case N_PIPE: st = run_pipeline(n); break;
  case N_TIME: st = run_timed(n); break;
  case N_SIMPLE:
    debug_point(n, 0);
    st = run_simple(n);
    set_pipestatus(&st, 1);
    break;
  case N_BRACE: st = run_node(n->a); break;
  case N_SUBSHELL: st = done(run_subshell(n)); break;
  case N_IF: {
    int c = run_cond_list(n->a);
    if (unwinding()) break;
    if (c == 0) st = run_node(n->b);
    else if (n->c) st = run_node(n->c);
    else st = 0;
    break;
  }
  case N_WHILE: st = run_while(n); break;
  case N_FOR: st = run_for(n); break;
  case N_AFOR: st = run_afor(n); break;
  case N_CASE: st = run_case(n); break;
  case N_FUNC:
    fn_define(n->name, n, current);
    st = 0;
    break;
  case N_ARITH: {
    sh.line = n->line;
    debug_point(n, 0);
    int64_t v;
    trace_arith(n->w1, true);
    st = arith_word(n->w1, &v) ? v == 0 : 1;
    st = done(st);
    break;
  }
  case N_COND: {
    sh.line = n->line;
    debug_point(n, 0);
    int cst;
    if (!cond_eval(n->cond, &cst)) cst = 2;
    st = done(cst);
    break;
  }
  }
  if (redirs) redir_restore(&sv);
  procsub_release(subs);
  sh.status = st;
  return st;
}

/* ---- time --------------------------------------------------------------------- */

static double now_mono(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void cpu_times(double *user, double *sys)
{
  struct rusage self, kids;
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &kids);
  *user = (double)(self.ru_utime.tv_sec + kids.ru_utime.tv_sec) +
          (double)(self.ru_utime.tv_usec + kids.ru_utime.tv_usec) / 1e6;
  *sys = (double)(self.ru_stime.tv_sec + kids.ru_stime.tv_sec) +
         (double)(self.ru_stime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
}

/* one figure of TIMEFORMAT: %[p][l]R, U or S (p digits, 3 at most) */
static void time_figure(sbuf *b, double v, int prec, bool lng)
{
  if (lng) {
    long m = (long)(v / 60);
    sb_printf(b, "%ldm", m);
    v -= (double)m * 60;
  }
  if (prec == 0) sb_printf(b, "%ld", (long)v);
  else sb_printf(b, "%.*f", prec, v);
  if (lng) sb_addc(b, 's');
}

static void time_report(const char *fmt, double real, double user, double sys)
{
  sbuf b = {0};
  for (const char *f = fmt; *f; f++) {
    if (*f != '%') {
      sb_addc(&b, *f);
      continue;
    }
    f++;
    if (*f == '%') {
      sb_addc(&b, '%');
      continue;
    }
    int prec = 3;
    bool lng = false;
    if (*f >= '0' && *f <= '9') prec = *f++ - '0';
    if (prec > 3) prec = 3;
    if (*f == 'l') lng = true, f++;
    if (*f == 'R') time_figure(&b, real, prec, lng);
    else if (*f == 'U') time_figure(&b, user, prec, lng);
    else if (*f == 'S') time_figure(&b, sys, prec, lng);
    else if (*f == 'P') sb_printf(&b, "%.2f", real > 0 ? (user + sys) * 100 / real : 0.0);
    else if (!*f) break;
    else sb_addc(&b, '%'), sb_addc(&b, *f);
  }
  sb_addc(&b, '\n');
  out_flush();
  sh_write(2, b.s, b.len);
  sb_free(&b);
}

/* time [-p]: the real, user and system time of the pipeline on stderr,
** in TIMEFORMAT's shape when it is set. The box's programs are not the
** shell's own children in the host, so user and system count the
** shell's own time. */
static int run_timed(node *n)
{
  double r0 = now_mono(), u0, s0, u1, s1;
  cpu_times(&u0, &s0);
  int st = n->a ? run_node(n->a) : 0;
  double real = now_mono() - r0;
  cpu_times(&u1, &s1);
  const char *fmt = var_get("TIMEFORMAT");
  if (n->in) fmt = "real %2R\nuser %2U\nsys %2S";
  else if (!fmt) fmt = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
  time_report(fmt, real, u1 - u0, s1 - s0);
  sh.status = st;
  return st;
}

/* ---- sources ------------------------------------------------------------------ */

/* The line of s's text the parser stopped in (pos is just past the bad
** token; a newline token is the end of its line), without its newline. */
static const char *error_line(const source *s, size_t pos, int *len)
{
  size_t end = pos > s->len ? s->len : pos;
  if (end > 0 && s->text[end - 1] == '\n') end--;
  size_t start = end;
  while (start > 0 && s->text[start - 1] != '\n') start--;
  while (end < s->len && s->text[end] != '\n') end++;
  *len = (int)(end - start);
  return s->text + start;
}

int run_source(source *s, bool toplevel)
{
  source *saved = current;
  lexer lx = {.src = s, .ar = &s->ar, .line = sh.line > 0 ? sh.line : 1};
  int st = sh.status;
  current = s;
  size_t shown = lx.pos; /* set -v: the input echoed up to here */
  for (;;) {
    node *n;
    int pr = ps_command(&lx, &n);
    /* set -v: the lines this command was read from, as bash echoes input */
    size_t e = lx.pos;
    while (e > shown && e < s->len && s->text[e - 1] != '\n') e++;
    if (sh.opt_v && e > shown) {
      out_flush();
      acs_sys_write_all(2, s->text + shown, e - shown);
      if (s->text[e - 1] != '\n') acs_sys_write_all(2, "\n", 1);
    }
    if (e > shown) shown = e;
    if (pr < 0) {
      sh.line = lx.tline;
      const char *msg = lx.errmsg ? lx.errmsg : "syntax error";
      /* bash's forms: `-c: line N:` for the -c text, `eval: line N:` (the
      ** eval's line) for an eval's */
      bool near = !strncmp(msg, "syntax error near unexpected token", 34);
      const char *where = NULL;
      int line = near ? lx.tline : lx.line;
      if (sh.interactive) line = 0;
      else if ((toplevel && sh.is_c && !sh.in_child) || s->as_c) where = "-c";
      else if (s->name && !strcmp(s->name, "eval")) where = "eval", line = sh.line;
      sh_error_at(where, line, "%s", msg);
      /* and quotes the line that holds an unexpected token */
      if (near) {
        int len;
        const char *text = error_line(s, lx.pos, &len);
        sh_error_at(where, line, "`%.*s'", len, text);
      }
      free(lx.errmsg);
      st = 2;
      sh.status = 2;
      if (toplevel) sh_exit(2);
      break;
    }
    if (!n) break;
    if (sh.opt_n) continue;
    size_t rest = lx.pos;
    while (rest < s->len && strchr(" \t\n", s->text[rest])) rest++;
    if (toplevel && sh.is_c && !sh.in_child && !sh.interactive && rest >= s->len) {
      /* the -c text's last command: a simple one, or the last of a ; list */
      node *last = n;
      if (last->kind == N_LIST)
        for (last = n->a; last && last->next; last = last->next) {}
      sh.exec_last = last && last->kind == N_SIMPLE && !last->bg ? last : NULL;
    }
    st = run_node(n);
    if (sh.aborting && toplevel) {
      sh.aborting = false;
      st = sh.status = 1;
      if (sh.opt_e && !sh.noerrexit) sh_exit(1);
    }
    if (sh.returning || sh.breaking || sh.continuing || sh.aborting) break;
  }
  free(lx.hd);
  current = saved;
  return st;
}

static int run_text(const char *text, const char *name, int line, bool expanded)
{
  source *s = src_new_text(text, strlen(text), name);
  s->no_alias = expanded;
  int oline = sh.line;
  sh.line = line;
  int st = run_source(s, false);
  sh.line = oline;
  src_unref(s);
  return st;
}

int run_string(const char *text, const char *name, int line) { return run_text(text, name, line, false); }

int run_string_as_c(const char *text)
{
  source *s = src_new_text(text, strlen(text), sh.name);
  s->as_c = true;
  int oline = sh.line;
  sh.line = 1;
  int st = run_source(s, false);
  sh.line = oline;
  src_unref(s);
  return st;
}

int run_string_expanded(const char *text, const char *name, int line)
{
  return run_text(text, name, line, true);
}
