/* main.c - the shell's entry points (sh and bash in the box's table),
** its options and start-up, and its exit.
**
** usage: sh [-euxfCav] [-o OPTION] [-c COMMAND [NAME [ARG...]] | FILE [ARG...]]
** With neither -c nor FILE the script is read from stdin, a line at a
** time. A child shell (a subshell, a command substitution, a pipeline's
** element) is started with --acs-subshell and reads its state on fd 255. */
#include "sh.h"

#include <errno.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;
int sh_set_options(int argc, char **argv, int i, bool *set_args);

static bool exit_trap_ran;

void run_exit_trap(void)
{
  if (exit_trap_ran || !sh.trap_exit) return;
  exit_trap_ran = true;
  char *t = sh.trap_exit;
  sh.trap_exit = NULL;
  sh.aborting = sh.returning = false;
  sh.breaking = sh.continuing = 0;
  int st = sh.status;
  trap_action_mark(1);
  run_string(t, "trap", sh.line);
  trap_action_mark(-1);
  sh.status = st;
  free(t);
}

void sh_exit(int status)
{
  sh.status = status;
  if (sh.interactive) sh_write(2, "exit\n", 5); /* as bash says when it leaves a prompt */
  run_exit_trap();
  out_flush();
  procsub_wait_writers();
  acs_sys_exit(sh.status & 255);
}

void sh_fatal(int status)
{
  if (!sh.at_prompt || sh.in_child) sh_exit(status);
  sh.status = 1;
  sh.aborting = true;
}

static void init_vars(bool child)
{
  var_init(environ);
  if (!child) fn_import(environ);
  char num[32];
  snprintf(num, sizeof num, "%d", acs_sys_getppid());
  var_set("PPID", num, 0);
  var_set("IFS", " \t\n", 0);
  if (!var_get("PS4")) var_set("PS4", "+ ", 0);
  var_set("BASH_VERSION", "5.2.15(1)-release", 0);
  if (!child) var_set("BASH_SUBSHELL", "0", 0);
  var_set("OPTIND", "1", 0);
  /* $_ starts as the shell's name, as bash's without one in its environment */
  if (!child && !var_get("_")) var_set("_", sh.name ? sh.name : "bash", 0);
  /* the ids and cwd HELLO told (no trip each), else asked */
  acs_sys_ids ids;
  const char *start_cwd = NULL;
  bool facts = acs_sys_start_facts(&ids, &start_cwd);
  char cwd[4096];
  if (start_cwd && strlen(start_cwd) < sizeof cwd) strcpy(cwd, start_cwd);
  else if (acs_sys_getcwd(cwd, sizeof cwd) != 0) cwd[0] = 0;
  if (cwd[0]) {
    const char *pwd = var_get("PWD");
    acs__sys_stat a, b;
    if (!pwd || pwd[0] != '/' || acs_sys_stat(pwd, &a) || acs_sys_stat(cwd, &b) || a.ino != b.ino)
      var_set("PWD", cwd, V_EXPORT);
  }
  /* bash marks OLDPWD exported (without a value until a cd) */
  var_export("OLDPWD");
  sh.rnd = (unsigned)acs_sys_getpid() * 2654435761u;
  /* bash's read-only facts about the shell and the machine (a child
  ** shell gets them, with the parent's SHLVL and SECONDS, in its state) */
  if (child) return;
  if (facts || acs_sys_getids(&ids) == 0) {
    snprintf(num, sizeof num, "%u", ids.uid);
    var_set("UID", num, 0);
    var_set_flag("UID", V_READONLY);
    snprintf(num, sizeof num, "%u", ids.euid);
    var_set("EUID", num, 0);
    var_set_flag("EUID", V_READONLY);
  }
  const char *lvl = var_get("SHLVL");
  snprintf(num, sizeof num, "%ld", (lvl ? strtol(lvl, NULL, 10) : 0) + 1);
  var_set("SHLVL", num, V_EXPORT);
  char host[256];
  uint64_t size;
  bool regular;
  ssize_t n = acs_sys_readfile("/etc/hostname", host, sizeof host - 1, &size, &regular);
  if (n > 0 && regular) {
    host[n] = 0;
    host[strcspn(host, "\n")] = 0;
    var_set("HOSTNAME", host, 0);
  }
  var_set("HOSTTYPE", "x86_64", 0);
  var_set("MACHTYPE", "x86_64-pc-linux-gnu", 0);
  var_set("OSTYPE", "linux-gnu", 0);
  var_set("BASH", sh.is_bash ? "/bin/bash" : "/bin/sh", 0);
  array *vi = var_make_array("BASH_VERSINFO", false);
  static const char *const info[] = {"5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"};
  for (long i = 0; vi && i < 6; i++) arr_seti(vi, i, info[i]);
  var_set_flag("BASH_VERSINFO", V_READONLY);
  var_set("SECONDS", "0", 0);
}

static char *read_file(int fd)
{
  sbuf b = {0};
  char buf[65536];
  ssize_t n;
  while ((n = acs_sys_read(fd, buf, sizeof buf)) > 0) sb_add(&b, buf, (size_t)n);
  return sb_take(&b);
}

static int shell_main(int argc, char **argv, bool bash)
{
  sh.is_bash = bash;
  sh.pid = acs_sys_getpid();
  const char *base = argv[0] ? strrchr(argv[0], '/') : NULL;
  base = base ? base + 1 : argv[0] ? argv[0] : "sh";
  if (!strcmp(base, "bash")) sh.is_bash = true;
  sh.name = xstrdup(argv[0] ? argv[0] : "sh");
  shopt_init();
  init_vars(argc >= 2 && !strcmp(argv[1], "--acs-subshell"));
  if (argc >= 2 && !strcmp(argv[1], "--acs-session")) {
    sh.argv = argv + 2;
    sh.argc = 0;
    return session_main();
  }
  if (argc >= 2 && !strcmp(argv[1], "--acs-subshell")) {
    char *text = NULL;
    int line = 1;
    if (!state_receive(255, &text, &line)) return 2;
    sh.in_child = true;
    /* a subshell's depth, as bash counts its forked copies */
    const char *depth = var_get("BASH_SUBSHELL");
    char num[32];
    snprintf(num, sizeof num, "%ld", (depth ? strtol(depth, NULL, 10) : 0) + subshell_step);
    subshell_step = 1;
    var_set("BASH_SUBSHELL", num, 0);
    int st = run_string_expanded(text, sh.name, line);
    free(text);
    sh_exit(sh.exiting ? sh.exit_status : st);
  }
  const char *command = NULL;
  bool want_interactive = false, noprofile = false;
  if (argv[0] && argv[0][0] == '-') sh.login = true; /* a login shell, as login(1) starts one */
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--") || !strcmp(a, "-")) {
      i++;
      break;
    }
    if (a[0] != '-' && a[0] != '+') break;
    if (!strcmp(a, "--norc")) {
      sh.norc = true;
      continue;
    }
    if (!strcmp(a, "--noprofile")) {
      noprofile = true;
      continue;
    }
    if (!strcmp(a, "--login")) {
      sh.login = true;
      continue;
    }
    if (!strcmp(a, "--posix")) continue;
    if ((!strcmp(a, "-O") || !strcmp(a, "+O")) && i + 1 < argc) {
      /* a shopt option: -O sets it, +O unsets it */
      char *sa[] = {"shopt", a[0] == '-' ? "-s" : "-u", argv[++i], NULL};
      if (bi_shopt(3, sa) != 0) {
        out_flush();
        return 2;
      }
      continue;
    }
    if (a[1] == '-') {
      sh_error("%s: invalid option", a);
      return 2;
    }
    /* -c and -s among other letters */
    bool c = false;
    sbuf rest = {0};
    sb_addc(&rest, a[0]);
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'c' && a[0] == '-') c = true;
      else if (*p == 'i' && a[0] == '-') want_interactive = true;
      else if (*p == 'l' && a[0] == '-') sh.login = true;
      else if (*p == 's' || *p == 'i' || *p == 'l') continue;
      else sb_addc(&rest, *p);
    }
    if (rest.len > 1) {
      /* each o takes the next word as its option's name (bash -euo pipefail) */
      int names = 0;
      for (size_t k = 1; k < rest.len; k++) names += rest.s[k] == 'o';
      if (i + names >= argc) {
        sh_error("%s: option requires an argument", a);
        sb_free(&rest);
        return 2;
      }
      char *opt[16] = {rest.s};
      int n = 1;
      for (int k = 0; k < names && n < 15; k++) opt[n++] = argv[i + 1 + k];
      bool dummy;
      int used = sh_set_options(n, opt, 0, &dummy);
      if (used < 0) {
        sb_free(&rest);
        return 2;
      }
      i += names;
    }
    sb_free(&rest);
    if (c) {
      if (i + 1 >= argc) {
        sh_error("-c: option requires an argument");
        return 2;
      }
      command = argv[++i];
    }
  }
  if (sh.login) {
    /* bash's: /etc/profile, then the first of ~/.bash_profile,
    ** ~/.bash_login and ~/.profile there is (--noprofile: none) */
    char *sa[] = {"shopt", "-s", "login_shell", NULL};
    bi_shopt(3, sa);
    if (!noprofile) {
      sh_source_if_there("/etc/profile");
      const char *home = var_get("HOME");
      static const char *const names[] = {".bash_profile", ".bash_login", ".profile"};
      for (int k = 0; home && k < 3; k++) {
        char p[4200];
        acs__sys_stat st;
        snprintf(p, sizeof p, "%s/%s", home, names[k]);
        if (acs_sys_stat(p, &st) == 0) {
          sh_source_if_there(p);
          break;
        }
      }
      out_flush();
    }
  }
  if (command) {
    sh.is_c = true;
    if (i < argc) {
      free(sh.name);
      sh.name = xstrdup(argv[i++]);
    }
    sh.argv = argv + i;
    sh.argc = argc - i;
    source *s = src_new_text(command, strlen(command), "-c");
    sh.line = 1;
    int st = run_source(s, true);
    src_unref(s);
    sh_exit(st);
  }
  if (i < argc) {
    const char *file = argv[i++];
    int fd = acs_sys_open(file, O_RDONLY, 0);
    if (fd < 0) {
      /* bash names no line for the script it could not open */
      char msg[4400];
      int n = snprintf(msg, sizeof msg, "%s: %s: %s\n", sh.name ? sh.name : "sh", file, sh_strerror(fd));
      if (n > 0) sh_write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
      return fd == -2 ? 127 : 126;
    }
    if (sh_binary_file(fd)) {
      acs_sys_close(fd);
      char msg[8300];
      int n = snprintf(msg, sizeof msg, "%s: %s: cannot execute binary file\n", file, file);
      if (n > 0) sh_write(2, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
      return 126;
    }
    char *text = read_file(fd);
    acs_sys_close(fd);
    free(sh.name);
    sh.name = xstrdup(file);
    sh.argv = argv + i;
    sh.argc = argc - i;
    source *s = src_new_text(text, strlen(text), file);
    free(text);
    sh.line = 1;
    frame_push("main", file, 0, false);
    int st = run_source(s, true);
    src_unref(s);
    sh_exit(st);
  }
  sh.argv = argv + i;
  sh.argc = argc - i;
  /* a prompt: -i, or commands typed on a terminal, as bash decides */
  if (want_interactive || (acs_sys_isatty(0) && acs_sys_isatty(2))) return interactive_main();
  source *s = src_new_fd(0, "stdin");
  sh.line = 1;
  int st = run_source(s, true);
  src_unref(s);
  sh_exit(st);
}

int acs__prog_sh(int argc, char **argv) { return shell_main(argc, argv, false); }
int acs__prog_bash(int argc, char **argv) { return shell_main(argc, argv, true); }
