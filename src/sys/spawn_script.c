/* spawn_script.c - a child running a file as execvp(3) runs it: a box
** program, a module or a "#!" script the kernel starts itself; a script the
** kernel hands back (ENOEXEC: no "#!" line, or "#!/bin/sh" and "#!/bin/bash",
** which stay the shell's to run) by its "#!" interpreter, else /bin/sh, as
** glibc's execvp falls back to the shell. For every command that runs other
** programs (env, xargs, find -exec, nohup, timeout, make, node's
** child_process), so that a script runs under each as under the shell. */
#include "sys.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

/* The interpreter line of a script: *interp and *arg point into line
** (arg NULL when none). false when the file has no #! line. */
static bool shebang(const char *path, char *line, size_t cap, char **interp, char **arg)
{
  int fd = acs_sys_open(path, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0) return false;
  ssize_t n = acs_sys_read(fd, line, cap - 1);
  acs_sys_close(fd);
  if (n < 2 || line[0] != '#' || line[1] != '!') return false;
  line[n] = 0;
  line[strcspn(line, "\n")] = 0;
  char *p = line + 2;
  p += strspn(p, " \t");
  if (!*p) return false;
  *interp = p;
  p += strcspn(p, " \t");
  *arg = NULL;
  if (*p) {
    *p++ = 0;
    p += strspn(p, " \t");
    /* Linux passes the rest of the line as one argument, trailing blanks cut */
    size_t len = strlen(p);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r')) p[--len] = 0;
    if (*p) *arg = p;
  }
  return true;
}

int acs_sys_spawnat_script(const char *cwd, const char *path, char *const argv[], char *const envp[],
                           const int (*fds)[2], size_t n)
{
  int pid = acs_sys_spawnat(cwd, path, argv, envp, fds, n);
  if (pid != -ENOEXEC) return pid;
  char line[512], *interp = NULL, *arg = NULL;
  size_t argc = 0;
  while (argv && argv[argc]) argc++;
  char **v = calloc(argc + 4, sizeof *v);
  if (!v) return -ENOMEM;
  size_t k = 0;
  const char *prog = "/bin/sh";
  if (shebang(path, line, sizeof line, &interp, &arg)) {
    prog = interp;
    v[k++] = interp;
    if (arg) v[k++] = arg;
  } else {
    v[k++] = "/bin/sh";
  }
  v[k++] = (char *)path;
  for (size_t i = 1; i < argc; i++) v[k++] = argv[i];
  /* an interpreter that is itself no program of the box is ENOEXEC too */
  pid = acs_sys_spawnat(cwd, prog, v, envp, fds, n);
  free(v);
  return pid;
}
