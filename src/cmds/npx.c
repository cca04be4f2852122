/* npx.c - run a package's program, installing it first when needed.
**
** Usage: npx [-y|--yes] [-p PKG]... COMMAND [ARGS...]
**
** Runs COMMAND from the project's node_modules/.bin (or any above it),
** or from PATH; otherwise installs the package COMMAND names
** (NAME[@RANGE]) into a cache (~/.npm/_npx) and runs its bin. With -p,
** the packages named are installed and COMMAND is looked for among their
** bins. The box asks no question before installing: -y is assumed, as npm
** does when stdin is not a terminal.
**
** Packages come from the host (the box's package policy decides which);
** their install scripts are never run. */
#include "cmd.h"
#include "lib_npm.h"
#include "lib_run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

/* A bin named `name` in DIR/node_modules/.bin for the cwd and every
** directory above it, into out. */
static bool local_bin(const char *name, char *out, size_t cap)
{
  char d[2048];
  if (acs_sys_getcwd(d, sizeof d) < 0) return false;
  for (;;) {
    snprintf(out, cap, "%s/node_modules/.bin/%s", strcmp(d, "/") ? d : "", name);
    if (acs_sys_access(out, X_OK) == 0) return true;
    char *s = strrchr(d, '/');
    if (!s || !strcmp(d, "/")) return false;
    if (s == d) d[1] = 0;
    else *s = 0;
  }
}

static int exec_bin(acs_cmd *c, const char *path, const char *bin_dir, char **args, int nargs)
{
  char **argv = calloc((size_t)nargs + 2, sizeof *argv);
  if (!argv) return 1;
  argv[0] = (char *)path;
  for (int i = 0; i < nargs; i++) argv[i + 1] = args[i];
  /* the bins' directory first on PATH, as npm exec sets it */
  size_t n = 0;
  while (environ && environ[n]) n++;
  char **env = calloc(n + 2, sizeof *env);
  size_t k = 0;
  const char *path_var = getenv("PATH");
  char *pv = NULL;
  if (bin_dir && asprintf(&pv, "PATH=%s:%s", bin_dir, path_var ? path_var : "/usr/local/bin:/usr/bin:/bin") > 0)
    env[k++] = pv;
  for (size_t i = 0; i < n; i++)
    if (!pv || strncmp(environ[i], "PATH=", 5)) env[k++] = environ[i];
  cmd_flush(c);
  int pid = acs_sys_spawnat_script(NULL, path, argv, env, NULL, 0);
  free(argv);
  free(env);
  free(pv);
  if (pid < 0) return run_failed(c, path, pid);
  int st = 0;
  run_wait(pid, &st, -1);
  return run_exit_code(st);
}

/* The bin a package offers for COMMAND: the one of that name, else its
** only one, else the one named after the package. */
static bool pick_bin(json_t *bins, const char *want, const char *pkg, char *out, size_t cap)
{
  if (json_object_get(bins, want)) {
    snprintf(out, cap, "%s", want);
    return true;
  }
  if (json_object_size(bins) == 1) {
    snprintf(out, cap, "%s", json_object_iter_key(json_object_iter(bins)));
    return true;
  }
  const char *base = strrchr(pkg, '/');
  base = base ? base + 1 : pkg;
  if (json_object_get(bins, base)) {
    snprintf(out, cap, "%s", base);
    return true;
  }
  return false;
}

int acs__cmd_npx(acs_cmd *c, int argc, char **argv)
{
  char **pkgs = calloc((size_t)argc + 1, sizeof *pkgs);
  int npk = 0, i = 1;
  if (!pkgs) return 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-y") || !strcmp(a, "--yes") || !strcmp(a, "-q") || !strcmp(a, "--quiet") || !strcmp(a, "--no-install"))
      continue;
    if ((!strcmp(a, "-p") || !strcmp(a, "--package")) && i + 1 < argc) {
      pkgs[npk++] = argv[++i];
      continue;
    }
    if (!strncmp(a, "--package=", 10)) {
      pkgs[npk++] = argv[i] + 10;
      continue;
    }
    int took = npm_host_option(c, argc, argv, i);
    if (took) {
      i += took - 1;
      continue;
    }
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      cmd_puts(c, c->help);
      free(pkgs);
      return 0;
    }
    if (!strcmp(a, "-v") || !strcmp(a, "--version")) {
      cmd_puts(c, "10.8.2\n");
      free(pkgs);
      return 0;
    }
    break;
  }
  if (i >= argc) {
    npm_error_lines(c, "code EUSAGE\n\nRun a command from a local or remote npm package\n\nUsage:\nnpx -- <pkg>[@<version>] [args...]");
    free(pkgs);
    return 1;
  }
  const char *command = argv[i];
  char **args = argv + i + 1;
  int nargs = argc - i - 1;
  char name[300];
  const char *at = strchr(command + (command[0] == '@'), '@');
  snprintf(name, sizeof name, "%.*s", (int)(at ? (size_t)(at - command) : strlen(command)), command);
  const char *binname = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  char path[4800];
  if (!npk && !at) {
    if (local_bin(binname, path, sizeof path)) {
      free(pkgs);
      return exec_bin(c, path, NULL, args, nargs);
    }
    if (run_find(binname, path, sizeof path) == 0) {
      free(pkgs);
      return exec_bin(c, path, NULL, args, nargs);
    }
  }
  if (!npk) pkgs[npk++] = (char *)command;
  /* the cache: one directory per set of packages */
  const char *home = getenv("HOME");
  unsigned long h = 5381;
  for (int k = 0; k < npk; k++)
    for (const char *p = pkgs[k]; *p; p++) h = h * 33 + (unsigned char)*p;
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/.npm/_npx/%016lx", home && *home ? home : "/tmp", h);
  int rc = npm_mkdirs(dir);
  if (rc) {
    char text[4600];
    snprintf(text, sizeof text, "code %s\nsyscall mkdir\npath %s\n%s", rc == -EACCES ? "EACCES" : "EIO", dir, cmd_strerror(rc));
    npm_error_lines(c, text);
    free(pkgs);
    return 1;
  }
  char pj[4300];
  snprintf(pj, sizeof pj, "%s/package.json", dir);
  acs__sys_stat st;
  if (acs_sys_stat(pj, &st) != 0) {
    json_t *o = json_object();
    npm_write_json(pj, o);
    json_decref(o);
  }
  npm_opts o = {.quiet = true};
  int status = npm_install(c, dir, pkgs, npk, &o);
  if (status) {
    free(pkgs);
    return status;
  }
  /* the bin: COMMAND's package's (or the -p packages') */
  char lockp[4400];
  snprintf(lockp, sizeof lockp, "%s/node_modules/.package-lock.json", dir);
  int err = 0;
  json_t *lk = npm_read_json(lockp, &err, NULL, 0);
  char bin[300] = "";
  bool found = false;
  for (int k = 0; k < npk && !found; k++) {
    char pn[300];
    const char *pa = strchr(pkgs[k] + (pkgs[k][0] == '@'), '@');
    snprintf(pn, sizeof pn, "%.*s", (int)(pa ? (size_t)(pa - pkgs[k]) : strlen(pkgs[k])), pkgs[k]);
    char key[400];
    snprintf(key, sizeof key, "node_modules/%s", pn);
    json_t *bins = json_object_get(json_object_get(json_object_get(lk, "packages"), key), "bin");
    found = npk > 1 || pkgs[0] != command ? json_object_get(bins, binname) && snprintf(bin, sizeof bin, "%s", binname) > 0
                                          : pick_bin(bins, binname, pn, bin, sizeof bin);
  }
  json_decref(lk);
  free(pkgs);
  if (!found) {
    npm_error_lines(c, "could not determine executable to run");
    return 1;
  }
  char bin_dir[4300];
  snprintf(bin_dir, sizeof bin_dir, "%s/node_modules/.bin", dir);
  snprintf(path, sizeof path, "%s/%s", bin_dir, bin);
  return exec_bin(c, path, bin_dir, args, nargs);
}
