/* node.c - the box's node.
**
** Usage: node [options] [ script.js ] [arguments]
**
** Options:
**   -                           script read from stdin (default if no file name is
**                               provided)
**   --                          indicate the end of node options
**   -e, --eval=...              evaluate script
**   -h, --help                  print node command line options (currently set)
**   --input-type=...            set module type for string input (module or commonjs)
**   -p, --print [...]           evaluate script and print result
**   -v, --version               print Node.js version
**
** This node is the box's: JavaScriptCore with agent-code-sandbox's Node API layer
** (v22.12.0). child_process runs the box's programs (fork: node with an IPC
** channel); servers and clients (net, http, fetch) use the box's network:
** the box's own ports only. Not in the box yet: outbound connections, npm
** and npx, the REPL, the inspector.
*/

/* The runtime of src/js (JavaScriptCore and the
** Node API layer of src/js/lib) as a program of the box.
**
** usage: node [OPTIONS] [FILE | -e CODE | -p CODE | -] [ARGS...]
**
** Its files, cwd, environment, argv, stdio and exit status are the box
** process's: every file operation is a call to the box's kernel
** (src/js/files_sys.c), so permissions are the box user's. The command
** line is Node's:
**   FILE           run FILE (resolved as Node resolves a main module)
**   -e, --eval C   run the script C ([eval]); -p, --print C prints its value
**   -, or nothing  the script comes on stdin ([stdin])
**   -v, --version  the Node version the API layer matches
**   -h, --help     this usage
**   --             the end of node's options
**   --input-type=module|commonjs  how -e, -p and stdin are read
**   --no-warnings, --no-deprecation, --trace-warnings, --trace-deprecation,
**   --throw-deprecation, --enable-source-maps, --max-old-space-size=N,
**   --stack-trace-limit=N, --experimental-*: accepted (the ones that matter
**   to the API layer are passed on as process.execArgv)
** Anything else is "node: bad option: X" and status 9, as Node says it. */
#include "cmd.h"

#include "../js/files.h"
#include "../js/runtime.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The version src/js/lib/process.js reports (process.version). */
#define NODE_VERSION "v22.12.0"
#define EXEC_PATH "/usr/bin/node"

extern char **environ;


static void node_exit(int code) { acs_sys_exit(code); }

/* Set in node's own zygote once the engine, the context and the bootstrap
** are made there (the box's zygote forks that zygote on node's first
** spawn): every node forked from it starts from them, in ~1 ms instead of
** the ~10 ms of making them. */
static bool prepared;

int acs__prepare_node(bool spare)
{
  if (spare) return acs__js_rehearse();
  int rc = acs__js_prepare_forkable(true);
  prepared = rc == 0;
  return rc;
}

/* The time limit of a box program is the box's (it kills the process). */
static void node_timeout(void) { acs_sys_exit(124); }

static int bad(const char *argv0, const char *what, const char *arg)
{
  char line[4200];
  int n = snprintf(line, sizeof line, "%s: %s%s\n", argv0, what, arg);
  acs_sys_write_all(2, line, n > 0 && (size_t)n < sizeof line ? (size_t)n : strlen(line));
  return 9;
}

/* Options that change nothing here, with or without =VALUE. */
static bool ignored(const char *a)
{
  static const char *const names[] = {
      "--no-warnings", "--no-deprecation", "--trace-warnings", "--trace-deprecation",
      "--throw-deprecation", "--enable-source-maps", "--max-old-space-size",
      "--max-semi-space-size", "--stack-trace-limit", "--no-experimental-fetch",
      "--preserve-symlinks", "--preserve-symlinks-main", "--trace-uncaught", "--pending-deprecation",
      "--unhandled-rejections", "--disable-warning", "--no-experimental-global-navigator",
  };
  size_t n = strcspn(a, "=");
  if (!strncmp(a, "--experimental-", 15) || !strncmp(a, "--no-experimental-", 18)) return true;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strlen(names[i]) == n && !strncmp(a, names[i], n)) return true;
  return false;
}

/* What the box gave us on stdin, all of it (node - and node < file). */
static char *read_stdin(size_t *len)
{
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    if (n == cap) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) break;
      buf = nb;
      cap *= 2;
    }
    ssize_t k = acs_sys_read(0, buf + n, cap - n);
    if (k <= 0) {
      *len = n;
      return buf;
    }
    n += (size_t)k;
  }
  free(buf);
  return NULL;
}

/* path.resolve(cwd, p): absolute, "." and ".." folded, no trailing slash
** (Node sets process.argv[1] to this before it resolves the module). */
static char *resolve(const char *cwd, const char *p)
{
  size_t n = strlen(cwd) + strlen(p) + 2;
  char *joined = malloc(n), *out = malloc(n + 1);
  if (!joined || !out) {
    free(joined);
    free(out);
    return NULL;
  }
  snprintf(joined, n, "%s/%s", p[0] == '/' ? "" : cwd, p);
  size_t o = 0;
  for (char *s = joined; *s;) {
    while (*s == '/') s++;
    char *e = s + strcspn(s, "/");
    size_t len = (size_t)(e - s);
    if (len == 0) break;
    if (len == 1 && s[0] == '.') {
    } else if (len == 2 && s[0] == '.' && s[1] == '.') {
      while (o > 0 && out[o - 1] != '/') o--;
      if (o > 0) o--;
    } else {
      out[o++] = '/';
      memcpy(out + o, s, len);
      o += len;
    }
    s = e;
  }
  if (o == 0) out[o++] = '/';
  out[o] = 0;
  free(joined);
  return out;
}

int acs__cmd_node(acs_cmd *c, int argc, char **argv)
{
  const char *argv0 = argc > 0 && argv[0] ? argv[0] : "node";
  const char *code = NULL, *input_type = NULL;
  bool print = false, from_stdin = false;
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || !strcmp(a, "-")) break;
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      cmd_puts(c, NODE_VERSION "\n");
      return 0;
    }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      cmd_puts(c, c->help);
      return 0;
    }
    bool e = !strcmp(a, "-e") || !strcmp(a, "--eval"), p = !strcmp(a, "-p") || !strcmp(a, "--print");
    bool pe = !strcmp(a, "-pe") || !strcmp(a, "-ep");
    if (e || p || pe) {
      if (i + 1 >= argc) return bad(argv0, a, " requires an argument");
      code = argv[++i];
      print = print || p || pe;
      continue;
    }
    if (!strncmp(a, "--eval=", 7)) {
      code = a + 7;
      continue;
    }
    if (!strncmp(a, "--print=", 8)) {
      /* Node's --print=X takes X as print's own value, not the script */
      print = true;
      if (!code) code = "undefined";
      continue;
    }
    if (!strncmp(a, "--input-type=", 13)) {
      input_type = a + 13;
      if (strcmp(input_type, "module") && strcmp(input_type, "commonjs"))
        return bad(argv0, "--input-type must be \"module\" or \"commonjs\"", "");
      continue;
    }
    if (ignored(a)) continue;
    if (!strcmp(a, "-i") || !strcmp(a, "--interactive") || !strncmp(a, "--inspect", 9) ||
        !strcmp(a, "--test") || !strncmp(a, "--test-", 7) || !strcmp(a, "-r") ||
        !strncmp(a, "--require", 9) || !strncmp(a, "--import", 8) || !strncmp(a, "--loader", 8) ||
        !strcmp(a, "--watch") || !strcmp(a, "-c") || !strcmp(a, "--check"))
      return bad(argv0, "not supported by the box's node yet: ", a);
    return bad(argv0, "bad option: ", a);
  }
  const char *file = NULL;
  if (!code && i < argc) {
    if (!strcmp(argv[i], "-")) from_stdin = true;
    else file = argv[i];
    i++;
  } else if (!code) {
    from_stdin = true;
  }

  char cwd[ACS__SYS_MAX_STR + 2];
  /* a removed cwd: paths resolve from "/", and process.cwd() throws as
  ** Node's uv_cwd does */
  int cwd_rc = acs_sys_getcwd(cwd, sizeof cwd);
  if (cwd_rc != 0) snprintf(cwd, sizeof cwd, "/");
  acs_sys_ids ids = {0};
  if (acs_sys_getids(&ids) != 0) {
    ids.pid = acs_sys_getpid();
    ids.ppid = acs_sys_getppid();
  }

  /* process.argv after execPath, as Node makes it */
  size_t nargs = (size_t)(argc - i) + 2;
  const char **args = calloc(nargs, sizeof *args);
  char *abs = file ? resolve(cwd, file) : NULL;
  if (!args || (file && !abs)) {
    cmd_error(c, "out of memory");
    return 1;
  }
  size_t na = 0;
  if (abs) args[na++] = abs;
  else if (from_stdin && i > 1 && !strcmp(argv[i - 1], "-")) args[na++] = "-";
  for (; i < argc; i++) args[na++] = argv[i];

  size_t src_len = 0;
  char *src = NULL;
  if (from_stdin) {
    src = read_stdin(&src_len);
    if (!src) {
      cmd_error(c, "out of memory reading the script from stdin");
      return 1;
    }
  }

  /* The box's environment is the guest's process.env; the engine's own
  ** environment is fixed, so that no variable of the box reaches
  ** JavaScriptCore's options (JSC_*). */
  size_t nenv = 0;
  while (environ && environ[nenv]) nenv++;
  const char **env = calloc(nenv + 1, sizeof *env);
  if (!env) {
    cmd_error(c, "out of memory");
    return 1;
  }
  for (size_t k = 0; k < nenv; k++) env[k] = environ[k];
  static char *engine_env[] = {"JSC_useSharedArrayBuffer=true", NULL};
  environ = engine_env;

  /* as Node: a write to a closed pipe is EPIPE, not the end of us */
  signal(SIGPIPE, SIG_IGN);
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);

  static const char *const modes[] = {"file", "eval", "print", "stdin"};
  const char *mode = file ? modes[0] : code ? (print ? modes[2] : modes[1]) : modes[3];
  char mode_buf[32];
  if (input_type && !file) {
    /* "eval:module": the string input's type, given */
    snprintf(mode_buf, sizeof mode_buf, "%s:%s", mode, input_type);
    mode = mode_buf;
  }
  acs__js_node node = {
      .mode = mode,
      .exec_path = EXEC_PATH,
      .argv0 = argv0,
      .argv = args,
      .argc = na,
      .pid = ids.pid,
      .ppid = ids.ppid,
      .uid = ids.uid,
      .gid = ids.gid,
      .euid = ids.euid,
      .egid = ids.egid,
      .cwd_errno = cwd_rc < 0 ? -cwd_rc : 0,
  };
  acs__js_config cfg = {
      .source = code ? code : src ? src : "",
      .source_len = code ? strlen(code) : src_len,
      .filename = abs ? abs : from_stdin ? "[stdin]" : "[eval]",
      .is_code = !file,
      .files = &acs__js_files_sys,
      .node = &node,
      .cwd = cwd,
      .argv = args,
      .argc = na,
      .env = env,
      .env_count = nenv,
      .exit_fn = node_exit,
      .timeout_fn = node_timeout,
  };
  int rc = prepared ? acs__js_forked_start(&cfg) : acs__js_run(&cfg);
  /* acs__js_run returns only when the runtime could not start (it said why) */
  return rc ? 70 : 0;
}
