/* pool.c - warm workers: processes forked ahead of time that have their
** engine and realm ready and wait for one run each. A thread keeps `size`
** of them ready; acs_exec takes one when its options name the pool, and
** forks a cold worker when none is ready. A warm worker serves exactly one
** run and exits, so no state crosses runs. */
#include "acs.h"

#include "../base/base.h"
#include "worker.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct warm {
  pid_t pid;
  int sock;
} warm;

struct acs_pool {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  pthread_t thread;
  warm *ready;
  int count, size;
  bool stopping;
};

/* Fork one warm worker and wait until its realm is ready. */
static int spawn(warm *w)
{
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) return -1;
  pid_t pid = fork();
  if (pid < 0) {
    close(sv[0]);
    close(sv[1]);
    return -1;
  }
  if (pid == 0) {
    close(sv[0]);
    acs__worker_warm(sv[1]);
  }
  close(sv[1]);
  /* A child forked while another thread held a lock it then needs (seen
  ** with ASan's allocator) never gets ready: give up on it after a while
  ** rather than hang the pool. */
  char c = 0;
  ssize_t n = -1;
  struct pollfd pf = {.fd = sv[0], .events = POLLIN};
  int k;
  do k = poll(&pf, 1, 10000);
  while (k < 0 && errno == EINTR);
  if (k > 0) {
    do n = read(sv[0], &c, 1);
    while (n < 0 && errno == EINTR);
  }
  if (n != 1 || c != 'R') {
    close(sv[0]);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
  }
  w->pid = pid;
  w->sock = sv[0];
  return 0;
}

static void *refill(void *arg)
{
  acs_pool *p = arg;
  int failures = 0;
  pthread_mutex_lock(&p->lock);
  while (!p->stopping) {
    if (p->count >= p->size) {
      /* Idle: wake now and then to reap workers whose runs ended. */
      struct timespec t;
      clock_gettime(CLOCK_REALTIME, &t);
      t.tv_nsec += 200 * 1000000L;
      if (t.tv_nsec >= 1000000000L) t.tv_sec++, t.tv_nsec -= 1000000000L;
      pthread_cond_timedwait(&p->wake, &p->lock, &t);
      pthread_mutex_unlock(&p->lock);
      acs__reap_workers();
      pthread_mutex_lock(&p->lock);
      continue;
    }
    pthread_mutex_unlock(&p->lock);
    warm w;
    int rc = spawn(&w);
    pthread_mutex_lock(&p->lock);
    if (rc) {
      /* Cold forks still serve; try again later rather than spin. */
      if (++failures > 3) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_sec += 1;
        pthread_cond_timedwait(&p->wake, &p->lock, &t);
      }
      continue;
    }
    failures = 0;
    if (p->stopping) {
      close(w.sock); /* it exits on EOF */
      waitpid(w.pid, NULL, 0);
      break;
    }
    p->ready[p->count++] = w;
  }
  pthread_mutex_unlock(&p->lock);
  return NULL;
}

int acs_pool_new(int size, acs_pool **out, acs_err *err)
{
  *out = NULL;
  if (size < 1 || size > 256)
    return acs__fail(err, ACS_ECONFIG, ACS__CONFIG, "a pool holds 1 to 256 workers, not %d", size);
  acs_pool *p = calloc(1, sizeof *p);
  if (!p || !(p->ready = calloc((size_t)size, sizeof *p->ready))) {
    free(p);
    return acs__fail(err, ACS_ENOMEM, ACS__ENV, "out of memory");
  }
  p->size = size;
  pthread_mutex_init(&p->lock, NULL);
  pthread_cond_init(&p->wake, NULL);
  if (pthread_create(&p->thread, NULL, refill, p) != 0) {
    free(p->ready);
    free(p);
    return acs__fail(err, ACS_EENV, ACS__ENV, "could not start the pool's thread");
  }
  *out = p;
  return 0;
}

void acs_pool_free(acs_pool *p)
{
  if (!p) return;
  pthread_mutex_lock(&p->lock);
  p->stopping = true;
  pthread_cond_broadcast(&p->wake);
  pthread_mutex_unlock(&p->lock);
  pthread_join(p->thread, NULL);
  for (int i = 0; i < p->count; i++) {
    close(p->ready[i].sock);
    waitpid(p->ready[i].pid, NULL, 0);
  }
  free(p->ready);
  free(p);
}

/* Hand the run to a ready worker: its pid, or 0 when none was ready or the
** hand-over failed (the caller forks a cold worker then). */
pid_t acs__pool_run(acs_pool *p, const acs__worker_args *a)
{
  for (;;) {
    pthread_mutex_lock(&p->lock);
    if (p->count == 0) {
      pthread_mutex_unlock(&p->lock);
      return 0;
    }
    warm w = p->ready[--p->count];
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    int rc = acs__warm_send(w.sock, a);
    close(w.sock);
    if (rc == 0) return w.pid;
    kill(w.pid, SIGKILL); /* it died waiting, or the socket broke: next */
    waitpid(w.pid, NULL, 0);
  }
}
