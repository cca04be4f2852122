/* proc.c - the box's process table: pids, descriptors, spawn through the
** zygote, exits collected from the host, wait and its parked callers. */
#include "kernel.h"

#include "../base/base.h"
#include "hostfs.h"
#include "procfs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

acs__proc *acs__proc_get(acs__kernel *k, int32_t pid)
{
  if (pid <= 1 || pid >= k->nprocs) return NULL;
  acs__proc *p = &k->procs[pid];
  return p->state == ACS__P_FREE ? NULL : p;
}

acs__kfile *acs__kfile_new(acs_memfs_file *mf, int host_fd)
{
  acs__kfile *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  f->refs = 1;
  f->mf = mf;
  f->host_fd = host_fd;
  return f;
}

void acs__kfile_put(acs__kernel *k, acs__kfile *f)
{
  if (!f || --f->refs > 0) return;
  acs__fifo_closed(k, f);
  if (f->mf) acs_memfs_close(k->fs, f->mf);
  if (f->ls) acs__net_unlisten(k, f->ls);
  free(f->sk);
  acs__ktty_put(k, f->tty);
  if (f->host_fd >= 0) close(f->host_fd);
  acs__pfile_free(f->pf);
  acs__hfile_free(k, f->hf);
  free(f->path);
  free(f);
}

int acs__proc_fd_alloc(acs__proc *p, int from)
{
  int limit = p->nofile && p->nofile < ACS__K_MAX_FDS ? (int)p->nofile : ACS__K_MAX_FDS;
  for (int fd = from < 0 ? 0 : from; fd < limit; fd++)
    if (!p->fds[fd].f) return fd;
  return -EMFILE;
}

void acs__proc_fd_close(acs__kernel *k, acs__proc *p, int fd)
{
  if (fd < 0 || fd >= ACS__K_MAX_FDS || !p->fds[fd].f) return;
  acs__kfile_put(k, p->fds[fd].f);
  p->fds[fd].f = NULL;
  p->fds[fd].cloexec = false;
}


/* A process's resources, when it has exited (it stays a zombie for its
** parent) or was never started. */
static void release(acs__kernel *k, acs__proc *p)
{
  acs__fifo_forget(k, p);
  for (int fd = 0; p->fds && fd < ACS__K_MAX_FDS; fd++) acs__proc_fd_close(k, p, fd);
  acs_memfs_inode_release(k->fs, p->cwd);
  p->cwd = NULL;
  free(p->cwd_path);
  p->cwd_path = NULL;
  acs__kshm_drop(k, p);
  if (p->sock >= 0) close(p->sock);
  p->sock = -1;
}

static void free_slot(acs__kernel *k, acs__proc *p)
{
  release(k, p);
  acs__strv_free(p->argv);
  acs__strv_free(p->envp);
  acs__strv_free(p->shown);
  free(p->fds);
  memset(p, 0, sizeof *p);
  p->sock = -1;
  p->state = ACS__P_FREE;
  k->live--;
}

void acs__proc_free_all(acs__kernel *k)
{
  for (int i = 2; i < k->nprocs; i++)
    if (k->procs[i].state != ACS__P_FREE) free_slot(k, &k->procs[i]);
  free(k->dying);
  k->dying = NULL;
  k->ndying = k->dying_cap = 0;
}

static int32_t new_pid(acs__kernel *k)
{
  for (int i = 0; i < k->nprocs - 2; i++) {
    int32_t pid = k->next_pid;
    k->next_pid = k->next_pid + 1 >= k->nprocs ? 2 : k->next_pid + 1;
    if (k->procs[pid].state == ACS__P_FREE) return pid;
  }
  return -EAGAIN;
}

/* The program a file of the box runs: its marker names it. A script
** ("#!" and an interpreter) returns 1 with its line in interp when interp
** is not NULL. */
static int program_of(acs__kernel *k, acs__proc *parent, const char *path, char *name,
                      size_t cap, char *interp, size_t icap)
{
  acs_memfs_cred cr = parent ? acs__kernel_cred(parent)
                             : (acs_memfs_cred){.umask = 022};
  acs_memfs_inode *at = parent ? parent->cwd : acs_memfs_root(k->fs);
  char where[ACS__SYS_MAX_STR + 1], head[256];
  snprintf(where, sizeof where, "%s", path);
  int32_t dirfd = AT_FDCWD;
  int rc = parent ? acs__hostfs_rebase(k, parent, &dirfd, where, sizeof where) : 0;
  if (rc) return rc;
  ssize_t n = -ENOENT;
  for (int hops = 0;; hops++) {
    acs_memfs_inode *ino = NULL;
    rc = acs_memfs_resolve(k->fs, &cr, at, where, 0, &ino);
    if (rc == ACS_MEMFS_CROSSED && acs__hostfs_crossed(k)) {
      /* a program in a host mount */
      n = acs__hostfs_program(k, &cr, head, sizeof head - 1, where);
      if (n != ACS__HOSTFS_AGAIN) break;
      if (hops == ACS_MEMFS_MAXSYMLINKS) return -ELOOP;
      at = acs_memfs_root(k->fs);
      continue;
    }
    if (rc == ACS_MEMFS_CROSSED) return -EACCES; /* /proc holds no programs */
    if (rc) return rc;
    acs_memfs_stat st;
    acs_memfs_inode_stat(ino, &st);
    if ((st.mode & 0170000) == 0040000) rc = -EACCES; /* execve of a directory */
    else if ((st.mode & 0170000) != 0100000) rc = -EACCES;
    else rc = acs_memfs_permission(&cr, ino, 1 /* X_OK */);
    acs_memfs_inode_release(k->fs, ino);
    if (rc) return rc;
    acs_memfs_file *f = NULL;
    /* reading the marker is the kernel's business: execute-only files run */
    acs_memfs_cred root = {.umask = 022};
    rc = acs_memfs_open(k->fs, &root, at == NULL ? acs_memfs_root(k->fs) : at, where, 0, 0, &f);
    if (rc) return rc;
    n = acs_memfs_pread(k->fs, f, head, sizeof head - 1, 0);
    acs_memfs_close(k->fs, f);
    break;
  }
  if (n < 0) return (int)n;
  head[n] = 0;
  /* a WebAssembly module (\0asm): the box's WASI host runs it, as
  ** binfmt_misc hands a registered format to its interpreter (2) */
  if (n >= 4 && !memcmp(head, "\0asm", 4)) {
    if (cap < 5) return -ENOEXEC;
    memcpy(name, "wasi", 5);
    return 2;
  }
  static const char marker[] = "#!acs-program ";
  if (strncmp(head, marker, sizeof marker - 1)) {
    /* "#!INTERPRETER [ARG]": the interpreter's line, for the caller */
    if (strncmp(head, "#!", 2) || !interp) return -ENOEXEC;
    /* a plain "#!/bin/sh" script stays the shell's to run (ENOEXEC): it hands the
    ** child shell descriptors (here-documents) that a new sh started
    ** here does not get yet (shell-spec here-doc/032) */
    static const char *const shells[] = {"/bin/sh", "/bin/bash", "/usr/bin/sh", "/usr/bin/bash"};
    const char *ip = head + 2 + strspn(head + 2, " \t");
    for (size_t i = 0; i < sizeof shells / sizeof *shells; i++) {
      size_t l = strlen(shells[i]);
      if (!strncmp(ip, shells[i], l) && ip[l + strspn(ip + l, " \t\r")] == '\n') return -ENOEXEC;
    }
    size_t len = strcspn(head + 2, "\n");
    if (len >= icap || head[2 + len] != '\n') return -ENOEXEC;
    memcpy(interp, head + 2, len);
    interp[len] = 0;
    return 1;
  }
  const char *p = head + sizeof marker - 1;
  size_t len = strcspn(p, "\n");
  if (len == 0 || len >= cap) return -ENOEXEC;
  memcpy(name, p, len);
  name[len] = 0;
  return 0;
}

static char **dup_list(char **v)
{
  size_t n = 0;
  while (v && v[n]) n++;
  char **c = calloc(n + 1, sizeof *c);
  if (!c) return NULL;
  for (size_t i = 0; i < n; i++)
    if (!(c[i] = strdup(v[i]))) {
      acs__strv_free(c);
      return NULL;
    }
  return c;
}

static int32_t spawn_program(acs__kernel *k, acs__proc *parent, const char *path, char **argv,
                             char **envp, const acs__kfd *fds, const char *cwd, uint32_t uid,
                             uint32_t gid);

/* A module runs as [wasi, --argv0, ARGV0, --, path, ARGS...]: the WASI
** host (src/cmds/wasi.c) reads the module as the caller, so a module, as
** a script, needs read permission besides execute. */
static int32_t spawn_wasm(acs__kernel *k, acs__proc *parent, const char *path, char **argv,
                          char **envp, const acs__kfd *fds, const char *cwd, uint32_t uid, uint32_t gid)
{
  size_t n = 0;
  while (argv && argv[n]) n++;
  char **v = calloc(n + 6, sizeof *v);
  if (!v) return -ENOMEM;
  size_t i = 0;
  v[i++] = "wasi";
  v[i++] = "--argv0";
  v[i++] = n ? argv[0] : (char *)path;
  v[i++] = "--";
  v[i++] = (char *)path;
  for (size_t j = 1; j < n; j++) v[i++] = argv[j];
  int32_t r = spawn_program(k, parent, path, v, envp, fds, cwd, uid, gid);
  free(v);
  if (r > 0) {
    /* ps and /proc show the module as it was run, as binfmt_misc does */
    char *self[] = {(char *)path, NULL};
    acs__proc *np = &k->procs[r];
    acs__strv_free(np->shown);
    np->shown = dup_list(n ? argv : self);
  }
  return r;
}

/* As execve(2) runs a script: "#!/usr/bin/env node" runs env with
** ["/usr/bin/env", "node", SCRIPT, ARGS...]; an interpreter may itself be
** a script, up to Linux's 4 levels (then ELOOP). Anything else without
** the marker is ENOEXEC: the shell then reads it as a script of its own. */
static int32_t spawn_at_depth(acs__kernel *k, acs__proc *parent, const char *path, char **argv, char **envp,
                              const acs__kfd *fds, const char *cwd, uint32_t uid, uint32_t gid, int depth)
{
  char name[64], line[256];
  int rc = program_of(k, parent, path, name, sizeof name, line, sizeof line);
  if (rc == 2) return spawn_wasm(k, parent, path, argv, envp, fds, cwd, uid, gid);
  if (rc != 1) return rc < 0 ? rc : spawn_program(k, parent, path, argv, envp, fds, cwd, uid, gid);
  if (depth >= 4) return -ELOOP;
  char *ip = line + strspn(line, " \t");
  char *end = ip + strcspn(ip, " \t");
  char *arg = *end ? end + 1 : end;
  *end = 0;
  arg += strspn(arg, " \t");
  for (size_t l = strlen(arg); l > 0 && (arg[l - 1] == ' ' || arg[l - 1] == '\t' || arg[l - 1] == '\r');) arg[--l] = 0;
  if (!*ip) return -ENOEXEC;
  size_t n = 0;
  while (argv && argv[n]) n++;
  char **v = calloc(n + 4, sizeof *v);
  if (!v) return -ENOMEM;
  size_t k2 = 0;
  v[k2++] = ip;
  if (*arg) v[k2++] = arg;
  v[k2++] = (char *)path;
  for (size_t i = 1; i < n; i++) v[k2++] = argv[i];
  int32_t r = spawn_at_depth(k, parent, ip, v, envp, fds, cwd, uid, gid, depth + 1);
  free(v);
  return r;
}

int32_t acs__proc_spawn(acs__kernel *k, acs__proc *parent, const char *path, char **argv,
                        char **envp, const acs__kfd *fds, const char *cwd, uint32_t uid,
                        uint32_t gid)
{
  return spawn_at_depth(k, parent, path, argv, envp, fds, cwd, uid, gid, 0);
}

/* The process an exec replaces, while acs__proc_exec runs: spawn_program
** then fills its slot instead of a new one (scripts and wasm modules
** reach spawn_program through the same steps as for a spawn). */
static acs__proc *replacing;

int acs__proc_exec(acs__kernel *k, acs__proc *p, const char *path, char **argv, char **envp,
                   const acs__kfd *fds)
{
  replacing = p;
  int32_t r = spawn_at_depth(k, p, path, argv, envp, fds, NULL, p->uid, p->gid, 0);
  replacing = NULL;
  return r < 0 ? r : 0;
}

static void exited(acs__kernel *k, acs__proc *p, int status);

/* The zygote's order for p's host process, with its channel: the box pid
** and the program (a program with a prepared state, node's engine, is
** forked from a zygote of its own: zygote.c). */
/* The programs of the slim zygote: every one but those on the engine
** (node, and the WASI host that runs python3 and any .wasm). */
static bool slim_runs(const char *program)
{
  return strcmp(program, "node") && strcmp(program, "wasi");
}

static bool early_exit(acs__kernel *k, pid_t host, int *status);

int acs__proc_order(acs__kernel *k, acs__proc *p, int chan, int zsock)
{
  unsigned char b[160];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, p->pid);
  acs__msg_str(&m, p->program);
  acs__msg_fd(&m, chan);
  /* after a spawn it made itself, the slim zygote makes a spare and sends it */
  if (zsock == k->slim) k->spare_coming = true;
  return acs__msg_send(zsock, &m);
}

static int order_spawn(acs__kernel *k, acs__proc *p, int chan)
{
  p->via_slim = k->slim >= 0 && k->slim_ready && slim_runs(p->program);
  if (p->via_slim && acs__spare_take(k, p, chan)) return 0;
  return acs__proc_order(k, p, chan, p->via_slim ? k->slim : k->zygote);
}


/* What an exec must carry over from the old program's host process, as
** execve keeps them: signals sent to it that it has not taken yet, and a
** stop (^Z can land while its EXEC is on the way; the stop of a process
** the kernel then ends would be reported for nobody). */
static uint64_t host_signals(pid_t host)
{
  char path[64], line[256];
  snprintf(path, sizeof path, "/proc/%d/status", (int)host);
  FILE *f = fopen(path, "re");
  if (!f) return 0;
  uint64_t carry = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned long long mask;
    if (!strncmp(line, "State:", 6) && strchr(line, 'T')) carry |= 1ull << SIGSTOP;
    else if ((sscanf(line, "SigPnd: %llx", &mask) == 1 || sscanf(line, "ShdPnd: %llx", &mask) == 1))
      for (int sig = 1; sig < 64; sig++)
        if (mask & (1ull << (sig - 1)) && sig != SIGKILL) carry |= 1ull << sig;
  }
  fclose(f);
  return carry;
}

/* spawn_program's end for an exec: the new program takes over p's slot
** (its pid, serial, parent, group and session, ids, cwd, start time, and
** whoever waits for it), and the old program's host process is ended
** without a word. What can fail is done before the old one ends. */
static int32_t exec_into(acs__kernel *k, acs__proc *p, char **argv, char **envp,
                         const acs__kfd *fds, const char *name)
{
  int direct = 0;
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++)
    if (acs__kfile_direct(fds[fd].f)) direct++;
  if (direct > ACS__SYS_MAX_FDS) return -EMFILE; /* they all travel with its HELLO */
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) return -errno;
  acs__kfd *nf = calloc(ACS__K_MAX_FDS, sizeof *nf);
  char **av = dup_list(argv), **ev = dup_list(envp);
  if (!nf || !av || !ev) {
    close(sv[0]);
    close(sv[1]);
    free(nf);
    acs__strv_free(av);
    acs__strv_free(ev);
    return -ENOMEM;
  }
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++)
    if (fds[fd].f) {
      nf[fd] = fds[fd];
      nf[fd].cloexec = false;
      nf[fd].f->refs++;
    }
  if (p->host_pid > 0) {
    p->pending_sigs |= host_signals(p->host_pid); /* delivered after its HELLO */
    kill(p->host_pid, SIGKILL);
  }
  p->host_pid = 0; /* its exit, when reaped, matches no process */
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++) acs__proc_fd_close(k, p, fd);
  free(p->fds);
  p->fds = nf;
  acs__kshm_drop(k, p); /* the new program asks for its own */
  if (p->sock >= 0) close(p->sock);
  p->sock = sv[0];
  acs__strv_free(p->argv);
  acs__strv_free(p->envp);
  p->argv = av;
  acs__strv_free(p->shown); /* the new program is shown as it runs */
  p->shown = NULL;
  p->envp = ev;
  snprintf(p->program, sizeof p->program, "%s", name);
  p->state = ACS__P_STARTING;
  p->said_hello = false;
  /* a stop it already had stays, reported once (with stop_report kept
  ** for a WAIT that has not taken it yet) */
  p->quiet_stop = p->stopped_now && (p->pending_sigs & (1ull << SIGSTOP));
  p->cont_report = false;
  p->spawn_pg = false;
  p->spawn_pgid = 0;
  p->spawn_tty_fd = -1;
  int rc = order_spawn(k, p, sv[1]);
  close(sv[1]);
  if (rc) exited(k, p, SIGKILL); /* the old program is gone and the new one never came */
  return p->pid;
}

static int32_t spawn_program(acs__kernel *k, acs__proc *parent, const char *path, char **argv,
                             char **envp, const acs__kfd *fds, const char *cwd, uint32_t uid,
                             uint32_t gid)
{
  char name[64];
  int rc = program_of(k, parent, path, name, sizeof name, NULL, 0);
  if (rc < 0 || rc == 1) return rc < 0 ? rc : -ENOEXEC;
  if (parent && parent == replacing) return exec_into(k, parent, argv, envp, fds, name);
  if (k->live >= k->o.max_procs) return -EAGAIN;
  acs_memfs_inode *dir = NULL;
  char *cwd_path = NULL;
  if (parent && !cwd) {
    dir = parent->cwd;
    acs_memfs_inode_hold(dir);
    if (parent->cwd_path && !(cwd_path = strdup(parent->cwd_path))) {
      acs_memfs_inode_release(k->fs, dir);
      return -ENOMEM;
    }
  } else if (parent) {
    /* a guest's SPAWNAT: as the child's chdir would find it */
    acs_memfs_cred cr = acs__kernel_cred(parent);
    char where[ACS__SYS_MAX_STR + 1];
    snprintf(where, sizeof where, "%s", cwd);
    int32_t at = AT_FDCWD;
    rc = acs__hostfs_rebase(k, parent, &at, where, sizeof where);
    if (!rc) rc = acs__kernel_chdir(k, &cr, parent->cwd, where, &dir, &cwd_path);
    if (rc) return rc;
  } else {
    acs_memfs_cred cr = {.uid = uid, .gid = gid, .ruid = uid, .rgid = gid, .umask = 022};
    rc = acs__kernel_chdir(k, &cr, acs_memfs_root(k->fs), cwd ? cwd : "/", &dir, &cwd_path);
    if (rc) return rc;
  }
  int32_t pid = new_pid(k);
  if (pid < 0) {
    acs_memfs_inode_release(k->fs, dir);
    free(cwd_path);
    return pid;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
    acs_memfs_inode_release(k->fs, dir);
    free(cwd_path);
    return -errno;
  }
  acs__proc *p = &k->procs[pid];
  memset(p, 0, sizeof *p);
  /* a table per process, freed with it: an idle box keeps none */
  p->fds = calloc(ACS__K_MAX_FDS, sizeof *p->fds);
  if (!p->fds) {
    close(sv[0]);
    close(sv[1]);
    acs_memfs_inode_release(k->fs, dir);
    free(cwd_path);
    return -ENOMEM;
  }
  static uint64_t serials;
  p->state = ACS__P_STARTING;
  p->serial = ++serials;
  p->dialing = false;
  p->pid = pid;
  p->ppid = parent ? parent->pid : 1;
  p->pgid = parent ? parent->pgid : pid;
  p->sid = parent ? parent->sid : pid;
  p->host_child = !parent;
  p->sock = sv[0];
  p->uid = p->euid = parent ? parent->uid : uid;
  p->gid = p->egid = parent ? parent->gid : gid;
  p->groups[0] = p->gid;
  p->ngroups = 1;
  p->umask = parent ? parent->umask : 022;
  /* Linux's defaults (soft 1024), the box's table the ceiling */
  p->nofile = parent && parent->nofile ? parent->nofile : ACS__K_MAX_FDS;
  p->nofile_max = parent && parent->nofile_max ? parent->nofile_max : ACS__K_MAX_FDS;
  p->cwd = dir;
  p->cwd_path = cwd_path;
  cwd_path = NULL;
  clock_gettime(CLOCK_MONOTONIC, &p->start);
  clock_gettime(CLOCK_REALTIME, &p->start_real);
  snprintf(p->program, sizeof p->program, "%s", name);
  p->argv = dup_list(argv);
  p->envp = dup_list(envp);
  k->live++;
  int direct = 0;
  for (int fd = 0; fd < ACS__K_MAX_FDS; fd++)
    if (fds[fd].f) {
      p->fds[fd] = fds[fd];
      p->fds[fd].cloexec = false;
      p->fds[fd].f->refs++;
      if (acs__kfile_direct(fds[fd].f)) direct++;
    }
  if (direct > ACS__SYS_MAX_FDS) {
    /* they all travel with the child's HELLO */
    close(sv[1]);
    free_slot(k, p);
    return -EMFILE;
  }
  rc = (!p->argv || !p->envp) ? -ENOMEM : order_spawn(k, p, sv[1]);
  close(sv[1]);
  if (rc) {
    free_slot(k, p);
    return rc == -ENOMEM ? rc : -EAGAIN;
  }
  return pid;
}

/* An exit no process matched is kept a while (oldest out first): its
** pid may be on its way from the zygote. Pids are not reused that soon. */
#define EARLY_EXIT_MS 10000.0

static void keep_early_exit(acs__kernel *k, pid_t host, int status)
{
  int n = sizeof k->early / sizeof *k->early;
  if (k->nearly == n) {
    memmove(k->early, k->early + 1, sizeof *k->early * (size_t)(n - 1));
    k->nearly--;
  }
  k->early[k->nearly++] = (struct early_exit){host, status, acs__now_ms()};
}

static bool early_exit(acs__kernel *k, pid_t host, int *status)
{
  for (int i = 0; i < k->nearly; i++) {
    struct early_exit e = k->early[i];
    if (e.host != host) continue;
    memmove(k->early + i, k->early + i + 1, sizeof *k->early * (size_t)(k->nearly - i - 1));
    k->nearly--;
    if (acs__now_ms() - e.ms > EARLY_EXIT_MS) return false;
    *status = e.status;
    return true;
  }
  return false;
}

/* A process that said it ends (EXITING, just before its _exit) is done
** for the box at once: its parent's wait does not wait for the host
** process's teardown (a prepared node unmaps ~40 MB, ~1 ms). It is
** killed as well, so that one that said so and went on cannot outlive its
** slot (and the box's limits with it); its host pid is kept until its
** reap comes, which is then dropped. Its pipes close as the teardown ends,
** a moment after: a reader sees their end then, as from any process that
** left a descendant holding them. */
void acs__proc_exiting(acs__kernel *k, acs__proc *p, int32_t code)
{
  if (p->pid < 2 || p->state != ACS__P_RUNNING || p->host_pid <= 0) return;
  pid_t h = p->host_pid;
  if (k->ndying == k->dying_cap) {
    int cap = k->dying_cap ? k->dying_cap * 2 : 16;
    pid_t *d = realloc(k->dying, sizeof *d * (size_t)cap);
    if (!d) return; /* its reap ends it as before */
    k->dying = d;
    k->dying_cap = cap;
  }
  k->dying[k->ndying++] = h;
  kill(h, SIGKILL);
  exited(k, p, code << 8);
}

/* the reap of a process that said it ends: dropped */
static bool was_dying(acs__kernel *k, pid_t h)
{
  for (int i = 0; i < k->ndying; i++)
    if (k->dying[i] == h) {
      k->dying[i] = k->dying[--k->ndying];
      return true;
    }
  return false;
}

/* The fork failed (the host's process limit, or its memory): the
** program says so on its stderr and exits 126, as one that cannot be
** executed, so that no job vanishes without a word. */
static void start_failed(acs__kernel *k, acs__proc *p)
{
  char why[160];
  int len = snprintf(why, sizeof why, "acs: %s: cannot start: the host refused a new process "
                     "(its process limit or memory); try again with fewer running\n",
                     p->program[0] ? p->program : "program");
  if (len > 0) acs__kernel_write_fd(k, p, 2, why, (size_t)len < sizeof why ? (size_t)len : sizeof why - 1);
  p->state = ACS__P_ZOMBIE;
  p->exit_status = 126 << 8;
  release(k, p);
  acs__proc_notify(k, p);
}

void acs__proc_fail_starting(acs__kernel *k)
{
  for (int i = 1; i < k->nprocs; i++) {
    acs__proc *p = &k->procs[i];
    if (p->state == ACS__P_STARTING && p->via_slim && p->host_pid <= 0) start_failed(k, p);
  }
}

void acs__proc_zygote_msg(acs__kernel *k, int zsock)
{
  unsigned char buf[256];
  bool slim = zsock == k->slim;
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = recv(zsock, buf, 0, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0) return; /* nothing queued */
    n = acs__msg_recv(zsock, buf, sizeof buf, fds, &nfds);
    int spare_fd = nfds == 1 && slim ? fds[0] : -1;
    for (int i = 0; i < nfds; i++)
      if (fds[i] != spare_fd) close(fds[i]);
    if (n <= 0) {
      if (n == 0 && !slim) k->stopping = true; /* the zygote died: no more spawns */
      if (n == 0 && slim) {
        /* the slim one is gone (its exec failed, say): the box's zygote
        ** runs everything; spawns it was handed end as refused forks */
        close(k->slim);
        k->slim = -1;
        k->slim_ready = false;
        acs__spare_zygote_gone(k);
        acs__proc_fail_starting(k);
      }
      return;
    }
    acs__sys_hdr h;
    acs__rd rd;
    int32_t pid, host;
    bool parsed = acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &pid) &&
                  acs__rd_i32(&rd, &host);
    if (parsed && pid == -1 && slim) { /* a spare for the kernel to hold, or none */
      acs__spare_arrived(k, spare_fd, host);
      continue;
    }
    if (spare_fd >= 0) close(spare_fd);
    if (!parsed) continue;
    if (pid == 0) { /* the slim zygote is up */
      if (slim && host == k->slim_pid) k->slim_ready = true;
      continue;
    }
    acs__proc *p = acs__proc_get(k, pid);
    if (!p || p->state != ACS__P_STARTING || p->via_slim != slim) continue;
    if (host <= 0) {
      start_failed(k, p);
      continue;
    }
    acs__proc_started(k, p, host);
  }
}

void acs__proc_started(acs__kernel *k, acs__proc *p, pid_t host)
{
  p->host_pid = host;
  p->state = ACS__P_RUNNING;
  int status;
  if (early_exit(k, host, &status)) exited(k, p, status);
  else acs__proc_deliver_pending(p);
}

/* `cmd & kill $!` can come before the zygote has forked the process, or
** while it is still the intermediate's child (its death would then not
** reach the kernel): signals wait until it said HELLO and its pid came. */
void acs__proc_deliver_pending(acs__proc *p)
{
  if (!p->said_hello || p->host_pid <= 0 || p->state != ACS__P_RUNNING) return;
  for (int s = 1; s < 64 && p->pending_sigs; s++)
    if (p->pending_sigs & (1ull << s)) {
      p->pending_sigs &= ~(1ull << s);
      kill(p->host_pid, s);
    }
}

void acs__proc_signal(acs__kernel *k, acs__proc *p, int sig)
{
  if (sig <= 0 || sig >= 64) return;
  if (p->state == ACS__P_RUNNING && p->host_pid > 0 && p->said_hello) {
    kill(p->host_pid, sig);
    /* a stop holds the wait as Linux's does; SIGKILL ends it */
    if (sig != SIGKILL && sig != SIGSTOP && sig != SIGCONT) acs__fifo_interrupt(k, p, sig);
  } else if (p->state == ACS__P_STARTING || p->state == ACS__P_RUNNING) {
    /* as Linux queues them: a continue drops the stops waiting, a stop the continue */
    const uint64_t stops = 1ull << SIGSTOP | 1ull << SIGTSTP | 1ull << SIGTTIN | 1ull << SIGTTOU;
    if (sig == SIGCONT && (p->pending_sigs & stops) && p->quiet_stop) {
      /* the stop an exec carried over ends before it began: a continue */
      p->quiet_stop = p->stopped_now = false;
      p->stop_report = 0;
      p->cont_report = true;
    }
    if (sig == SIGCONT) p->pending_sigs &= ~stops;
    else if (stops & (1ull << sig)) p->pending_sigs &= ~(1ull << SIGCONT);
    p->pending_sigs |= 1ull << sig;
  }
}

void acs__proc_kill_all(acs__kernel *k, int sig)
{
  for (int i = 2; i < k->nprocs; i++)
    if (k->procs[i].state == ACS__P_RUNNING && k->procs[i].host_pid > 0)
      kill(k->procs[i].host_pid, sig);
}

/* A process that ended: its children go to init; a zombie waits for its
** parent unless init (or nobody) is the parent. */
static void exited(acs__kernel *k, acs__proc *p, int status)
{
  p->state = ACS__P_ZOMBIE;
  p->exit_status = status;
  release(k, p);
  if (p->via_slim) acs__spare_ended(k);
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *c = &k->procs[i];
    if (c->state == ACS__P_FREE || c->ppid != p->pid) continue;
    c->ppid = 1;
    if (c->state == ACS__P_ZOMBIE && !c->host_child) free_slot(k, c);
  }
  acs__proc_notify(k, p);
}

static bool matches(const acs__proc *c, int32_t parent, int32_t want);
static void reply_wait(acs__kernel *k, int sock, uint32_t seq, int32_t pid, int status);

/* A process stopped (^Z, SIGSTOP) or went on (SIGCONT): its parent hears
** of it with SIGCHLD, and a WAIT with WUNTRACED or WCONTINUED gets it. */
static void stopped(acs__kernel *k, acs__proc *p, int status)
{
  if (WIFSTOPPED(status)) {
    p->stopped_now = true;
    if (p->quiet_stop) { /* an exec's new program, stopped as the old one was */
      p->quiet_stop = false;
      return;
    }
    p->stop_report = status;
    p->cont_report = false;
  } else {
    p->stopped_now = false;
    p->quiet_stop = false;
    p->stop_report = 0;
    p->cont_report = true;
  }
  acs__proc *parent = acs__proc_get(k, p->ppid);
  if (!parent || parent->state != ACS__P_RUNNING || p->host_child) return;
  acs__proc_signal(k, parent, SIGCHLD);
  if (!parent->waiting || !matches(p, parent->pid, parent->wait_pid)) return;
  int32_t got;
  int st;
  if (acs__proc_wait(k, parent, parent->wait_pid, parent->wait_options, &got, &st) == 1) {
    parent->waiting = false;
    reply_wait(k, parent->sock, parent->wait_seq, got, st);
  }
}

void acs__proc_reap(acs__kernel *k)
{
  /* spawn reports first: a guest may end before its pid was read */
  acs__proc_zygote_msg(k, k->zygote);
  if (k->slim >= 0) acs__proc_zygote_msg(k, k->slim);
  for (;;) {
    int status;
    pid_t h = waitpid(-1, &status, WNOHANG | WUNTRACED | WCONTINUED);
    if (h <= 0) return;
    if (h == k->zygote_pid) {
      if (WIFEXITED(status) || WIFSIGNALED(status)) k->stopping = true;
      continue;
    }
    if ((WIFEXITED(status) || WIFSIGNALED(status)) && was_dying(k, h)) continue;
    bool matched = false;
    for (int i = 2; i < k->nprocs && !matched; i++) {
      acs__proc *p = &k->procs[i];
      if ((p->state == ACS__P_RUNNING || p->state == ACS__P_STARTING) && p->host_pid == h) {
        if (WIFSTOPPED(status) || WIFCONTINUED(status)) stopped(k, p, status);
        else exited(k, p, status);
        matched = true;
      }
    }
    if (!matched && (WIFEXITED(status) || WIFSIGNALED(status))) keep_early_exit(k, h, status);
  }
}

static bool matches(const acs__proc *c, int32_t parent, int32_t want)
{
  return c->ppid == parent && (want == -1 || c->pid == want);
}

int acs__proc_wait(acs__kernel *k, acs__proc *p, int32_t pid, int options, int32_t *got,
                   int *status)
{
  bool any = false;
  for (int i = 2; i < k->nprocs; i++) {
    acs__proc *c = &k->procs[i];
    if (c->state == ACS__P_FREE || !matches(c, p->pid, pid)) continue;
    any = true;
    if (c->state != ACS__P_ZOMBIE && c->stop_report && (options & WUNTRACED)) {
      *got = c->pid;
      *status = c->stop_report;
      c->stop_report = 0;
      return 1;
    }
    if (c->state != ACS__P_ZOMBIE && c->cont_report && (options & WCONTINUED)) {
      *got = c->pid;
      *status = 0xffff;
      c->cont_report = false;
      return 1;
    }
    if (c->state == ACS__P_ZOMBIE) {
      *got = c->pid;
      *status = c->exit_status;
      free_slot(k, c);
      return 1;
    }
  }
  if (!any) return -ECHILD;
  if (options & WNOHANG) {
    *got = 0;
    *status = 0;
    return 1;
  }
  return 0; /* park it */
}

static void reply_wait(acs__kernel *k, int sock, uint32_t seq, int32_t pid, int status)
{
  acs__msg m;
  acs__msg_init(&m, k->sbuf, ACS__SYS_MAX_MSG, ACS__SYS_REPLY, seq);
  acs__msg_i64(&m, 0);
  acs__msg_i32(&m, pid);
  acs__msg_i32(&m, status);
  acs__msg_send(sock, &m);
}

void acs__proc_notify(acs__kernel *k, acs__proc *child)
{
  /* the owner waits for the processes it spawned */
  if (child->host_child) {
    for (int i = 0; i < k->nwaits; i++) {
      if (k->waits[i].pid != child->pid) continue;
      if (k->waits[i].fd >= 0) {
        int32_t st[3] = {child->pid, child->exit_status, child->memory_killed ? ACS__WAITFD_MEMORY : 0};
        ssize_t w = write(k->waits[i].fd, st, sizeof st); /* a pipe: 12 bytes never block */
        (void)w;
        close(k->waits[i].fd);
      } else
        reply_wait(k, k->owner, k->waits[i].seq, child->pid, child->exit_status);
      k->waits[i] = k->waits[--k->nwaits];
      free_slot(k, child);
      return;
    }
    return;
  }
  acs__proc *parent = acs__proc_get(k, child->ppid);
  if (!parent || parent->state != ACS__P_RUNNING) {
    if (child->ppid == 1) free_slot(k, child); /* init reaps orphans */
    return;
  }
  /* as Linux tells a parent: node's child_process learns of exits so
  ** (its default disposition is to ignore it, so others see nothing) */
  acs__proc_signal(k, parent, SIGCHLD);
  if (!parent->waiting || !matches(child, parent->pid, parent->wait_pid)) return;
  int32_t got;
  int status;
  if (acs__proc_wait(k, parent, parent->wait_pid, parent->wait_options, &got, &status) == 1) {
    parent->waiting = false;
    reply_wait(k, parent->sock, parent->wait_seq, got, status);
  }
}

void acs__proc_drop(acs__kernel *k, acs__proc *p, const char *why)
{
  (void)why;
  /* A process whose channel broke or lied cannot be served: it ends. Its
  ** exit is collected from the host like any other. */
  if (p->host_pid > 0) kill(p->host_pid, SIGKILL);
  acs__kshm_drop(k, p);
  if (p->sock >= 0) close(p->sock);
  p->sock = -1;
}
