/* box_cmd.c - commands the host defines (acs_box_on_command and the
** others of acs.h's "commands of the host"). The kernel tells each run on
** a channel of ours (owner op CMD_CHANNEL) with a socket to the box's
** acs-host program of that run; one thread reads the channel and starts
** the handler on a thread per run. The frames on a run's socket are
** src/cmds/acs_host.c's. */
#include "box_int.h"

#include "../base/base.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct acs_box_command {
  int sock;
  int32_t pid;
  uint32_t uid;
  char *name, *cwd;
  char **argv, **env;
  size_t argc, envc;
  acs_box_command_fn fn;
  void *user;
};

typedef struct acs__box_chan {
  int sock;
  pthread_mutex_t lock; /* fn and user may change */
  acs_box_command_fn fn;
  void *user;
} chan;

static void cmd_free(acs_box_command *c)
{
  if (!c) return;
  if (c->sock >= 0) close(c->sock);
  free(c->name);
  free(c->cwd);
  acs__strv_free(c->argv);
  acs__strv_free(c->env);
  free(c);
}

static bool read_list(acs__rd *rd, char ***out, size_t *n)
{
  uint32_t k;
  if (!acs__rd_u32(rd, &k) || k > ACS__SYS_MAX_ARGS) return false;
  char **v = calloc((size_t)k + 1, sizeof *v);
  if (!v) return false;
  for (uint32_t i = 0; i < k; i++) {
    char s[ACS__SYS_MAX_STR + 1];
    if (!acs__rd_str(rd, s, sizeof s) || !(v[i] = strdup(s))) {
      acs__strv_free(v);
      return false;
    }
  }
  *out = v;
  *n = k;
  return true;
}

static void *run_one(void *arg)
{
  acs_box_command *c = arg;
  c->fn(c->user, c);
  return NULL;
}

static void *reader(void *arg)
{
  chan *ch = arg;
  unsigned char *buf = malloc(ACS__SYS_MAX_MSG);
  for (;;) {
    int fds[ACS__SYS_MAX_FDS], nfds = 0;
    ssize_t n = buf ? acs__msg_recv(ch->sock, buf, ACS__SYS_MAX_MSG, fds, &nfds) : -ENOMEM;
    if (n == -EINTR || n == -EAGAIN) continue;
    if (n <= 0) {
      for (int i = 0; i < nfds; i++) close(fds[i]);
      break; /* the kernel is gone, or acs_box_free shut the channel */
    }
    acs__sys_hdr h;
    acs__rd rd;
    acs_box_command *c = calloc(1, sizeof *c);
    char name[256], cwd[ACS__SYS_MAX_STR + 1];
    uint32_t gid;
    bool ok = c && nfds == 1 && acs__msg_parse(buf, (size_t)n, &h, &rd) && acs__rd_i32(&rd, &c->pid) &&
              acs__rd_u32(&rd, &c->uid) && acs__rd_u32(&rd, &gid) && acs__rd_str(&rd, name, sizeof name) &&
              acs__rd_str(&rd, cwd, sizeof cwd) && read_list(&rd, &c->argv, &c->argc) &&
              read_list(&rd, &c->env, &c->envc);
    if (c) c->sock = nfds == 1 ? fds[0] : -1;
    else
      for (int i = 0; i < nfds; i++) close(fds[i]);
    if (ok) {
      c->name = strdup(name);
      c->cwd = strdup(cwd);
      pthread_mutex_lock(&ch->lock);
      c->fn = ch->fn;
      c->user = ch->user;
      pthread_mutex_unlock(&ch->lock);
      ok = c->name && c->cwd && c->fn;
    }
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    if (!ok || pthread_create(&t, &a, run_one, c) != 0) cmd_free(c); /* its program sees EOF: exit 1 */
    pthread_attr_destroy(&a);
  }
  free(buf);
  return NULL;
}

int acs_box_on_command(acs_box *b, acs_box_command_fn fn, void *user, acs_err *err)
{
  if (!b || !fn) return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "no box or no handler");
  chan *ch = b->cmd_on ? b->cmd : NULL;
  if (ch) {
    pthread_mutex_lock(&ch->lock);
    ch->fn = fn;
    ch->user = user;
    pthread_mutex_unlock(&ch->lock);
    return 0;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
    return acs__fail(err, ACS_EENV, ACS__ENV, "no socket for the box's commands: %s", strerror(errno));
  acs__msg m;
  acs__rd rd;
  pthread_mutex_lock(&b->lock);
  acs__msg_init(&m, b->sbuf, ACS__SYS_MAX_MSG, ACS__BOX_CMD_CHANNEL, ++b->seq);
  acs__msg_fd(&m, sv[1]);
  int64_t r = acs__box_rpc(b, &m, &rd);
  pthread_mutex_unlock(&b->lock);
  close(sv[1]);
  if (r) {
    close(sv[0]);
    return acs__fail(err, ACS_EENV, ACS__ENV, "the box's kernel is gone");
  }
  ch = calloc(1, sizeof *ch);
  if (!ch) {
    close(sv[0]);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  ch->sock = sv[0];
  ch->fn = fn;
  ch->user = user;
  pthread_mutex_init(&ch->lock, NULL);
  if (pthread_create(&b->cmd_thread, NULL, reader, ch) != 0) {
    close(sv[0]);
    pthread_mutex_destroy(&ch->lock);
    free(ch);
    return acs__fail(err, ACS_EENV, ACS__ENV, "cannot start the box's command thread");
  }
  b->cmd = ch;
  b->cmd_on = true;
  return 0;
}

void acs__box_cmd_stop(acs_box *b)
{
  if (!b->cmd_on) return;
  chan *ch = b->cmd;
  shutdown(ch->sock, SHUT_RDWR);
  pthread_join(b->cmd_thread, NULL);
  close(ch->sock);
  pthread_mutex_destroy(&ch->lock);
  free(ch);
  b->cmd = NULL;
  b->cmd_on = false;
}

int acs_box_install_command(acs_box *b, const char *name, const char *summary, acs_err *err)
{
  size_t n = name ? strlen(name) : 0;
  bool ok = n > 0 && n < 200 && name[0] != '-' && name[0] != '.';
  for (size_t i = 0; ok && i < n; i++) {
    char c = name[i];
    ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
  }
  if (!ok)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "'%s' cannot be a command's name: letters, digits, "
                     "'.', '_' and '-', not starting with '-' or '.'", name ? name : "");
  if (summary && (strchr(summary, '\n') || strlen(summary) > 1000))
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a command's summary is one line of at most 1000 bytes");
  acs__buf text = {0};
  acs__buf_printf(&text, "#!acs-program acs-host\n# %s\n", summary ? summary : "");
  char path[256];
  snprintf(path, sizeof path, "/usr/bin/%s", name);
  int rc = acs_box_write_file(b, path, text.data, text.len, 0755, 0, err);
  if (!rc) rc = acs_box_chmod(b, path, 0755, err);
  acs__buf_free(&text);
  return rc;
}

const char *acs_box_command_name(const acs_box_command *c) { return c->name; }
const char *acs_box_command_cwd(const acs_box_command *c) { return c->cwd; }
int acs_box_command_uid(const acs_box_command *c) { return (int)c->uid; }
int acs_box_command_pid(const acs_box_command *c) { return c->pid; }

const char *const *acs_box_command_argv(const acs_box_command *c, size_t *argc)
{
  *argc = c->argc;
  return (const char *const *)c->argv;
}

const char *const *acs_box_command_env(const acs_box_command *c, size_t *count)
{
  *count = c->envc;
  return (const char *const *)c->env;
}

static int frame(acs_box_command *c, unsigned char type, const void *data, size_t n)
{
  unsigned char buf[(64u << 10) + 1];
  buf[0] = type;
  memcpy(buf + 1, data, n);
  for (;;) {
    ssize_t w = send(c->sock, buf, n + 1, MSG_NOSIGNAL);
    if (w >= 0) return 0;
    if (errno != EINTR) return -EPIPE;
  }
}

int64_t acs_box_command_read(acs_box_command *c, void *buf, size_t n)
{
  if (n == 0) return 0;
  if (n > 65536) n = 65536;
  uint32_t max = (uint32_t)n;
  if (frame(c, 4, &max, 4)) return -EPIPE;
  unsigned char in[(64u << 10) + 1];
  for (;;) {
    ssize_t r = recv(c->sock, in, sizeof in, 0);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0 || in[0] != 0) return -EPIPE;
    size_t got = (size_t)r - 1 > n ? n : (size_t)r - 1;
    memcpy(buf, in + 1, got);
    return (ssize_t)got;
  }
}

int acs_box_command_write(acs_box_command *c, int stream, const void *data, size_t n)
{
  if (stream != 1 && stream != 2) return -EINVAL;
  const char *p = data;
  while (n) {
    size_t k = n > 65536 ? 65536 : n;
    if (frame(c, (unsigned char)stream, p, k)) return -EPIPE;
    p += k;
    n -= k;
  }
  return 0;
}

void acs_box_command_exit(acs_box_command *c, int status)
{
  if (!c) return;
  int32_t code = status & 0xff;
  frame(c, 3, &code, 4);
  cmd_free(c);
}
