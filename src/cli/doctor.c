/* doctor.c - `acs doctor`: which walls this machine gives the worker, and
** whether they hold. A child locks itself down exactly as a worker does and
** then tries what the walls must stop; the parent reports. */
#include "cli.h"

#include "../box/walls.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct probe {
  acs__walls walls;
  int open_errno;  /* open("/etc/passwd") after locking: 0 = it opened */
  int exec_errno;  /* execve("/bin/true") */
  int write_errno; /* creating a file in the allowed directory */
} probe;

static void child(int fd, const char *dir)
{
  probe p = {0};
  const char *rw[] = {dir};
  if (acs__walls_apply(rw, 1, NULL, 0, &p.walls) == 0) {
    int f = open("/etc/passwd", O_RDONLY | O_CLOEXEC);
    p.open_errno = f < 0 ? errno : 0;
    if (f >= 0) close(f);
    char path[4200];
    snprintf(path, sizeof path, "%s/probe", dir);
    f = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    p.write_errno = f < 0 ? errno : 0;
    if (f >= 0) close(f);
    unlink(path);
    char *argv[] = {"/bin/true", NULL}, *envp[] = {NULL};
    execve("/bin/true", argv, envp);
    p.exec_errno = errno;
  }
  (void)!write(fd, &p, sizeof p);
  _exit(0);
}

static const char *lib_state(const char *name)
{
  void *h = dlopen(name, RTLD_LAZY | RTLD_LOCAL);
  if (!h) return "missing";
  dlclose(h);
  return "found";
}

int acs__cli_doctor(int argc, char **argv)
{
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    puts("usage: acs doctor\n\nSays which kernel walls (no_new_privs, Landlock, seccomp) the worker\n"
         "puts under the sandbox's own checks on this machine, tests that they hold,\n"
         "and which optional libraries are present. ACS_WALLS=off switches the\n"
         "walls off (for kernels where they misbehave).");
    return 0;
  }
  char dir[] = "/tmp/acs-doctor.XXXXXX";
  if (!mkdtemp(dir)) {
    perror("acs doctor: mkdtemp");
    return 3;
  }
  int pfd[2];
  if (pipe(pfd) < 0) return 3;
  pid_t pid = fork();
  if (pid == 0) {
    close(pfd[0]);
    child(pfd[1], dir);
  }
  close(pfd[1]);
  probe p = {0};
  ssize_t n = read(pfd[0], &p, sizeof p);
  close(pfd[0]);
  int st;
  waitpid(pid, &st, 0);
  rmdir(dir);
  if (n != (ssize_t)sizeof p) {
    fprintf(stderr, "acs doctor: the probe process failed\n");
    return 3;
  }
  bool off = acs__walls_disabled();
  const acs__walls *w = &p.walls;
  printf("walls under the sandbox's own checks%s:\n", off ? " (ACS_WALLS=off: the worker skips them)" : "");
  printf("  no_new_privs  %s\n", w->no_new_privs ? "up" : "down");
  if (w->landlock)
    printf("  Landlock      up (ABI %d): files limited to the mounts and system paths%s\n",
           w->landlock_abi, w->landlock_net ? "; TCP bind refused" : "");
  else
    printf("  Landlock      down\n");
  printf("  seccomp       %s\n", w->seccomp ? "up: exec, ptrace, namespaces, mounts, bpf, perf, "
                                             "keyrings, modules refused" : "down");
  if (w->note[0]) printf("  note: %s\n", w->note);
  int bad = 0;
  if (w->landlock) {
    printf("  probe: reading /etc/passwd after locking: %s\n",
           p.open_errno ? strerror(p.open_errno) : "IT OPENED");
    printf("  probe: writing in the allowed directory: %s\n",
           p.write_errno ? strerror(p.write_errno) : "works");
    bad += !p.open_errno || p.write_errno;
  }
  if (w->seccomp) {
    printf("  probe: execve /bin/true after locking: %s\n",
           p.exec_errno ? strerror(p.exec_errno) : "IT RAN");
    bad += !p.exec_errno;
  }
  printf("libraries opened on first use:\n");
  printf("  libcurl.so.4    %s (fetch, node:http)\n", lib_state("libcurl.so.4"));
  printf("  libcrypto.so.3  %s (node:crypto, crypto.subtle)\n", lib_state("libcrypto.so.3"));
  printf("  libidn2.so.0    %s (international names in --allow-domain)\n", lib_state("libidn2.so.0"));
  int up = w->no_new_privs + w->landlock + w->seccomp;
  printf("%d of 3 walls up%s\n", up, bad ? "; A PROBE GOT THROUGH" : "");
  return bad ? 1 : 0;
}
