/* pool.c - warm workers: processes forked ahead of time that have their
** engine and realm ready and wait for one run each. A thread keeps `size`
** of them ready, forked from the zygote (zygote.c) where it runs, else
** forked from here and prepared from scratch; acs_exec takes one when its
** options name the pool, and forks a cold worker when none is ready. A warm
** worker serves exactly one run and exits, so no state crosses runs. */
#include "acs.h"

#include "../base/base.h"
#include "worker.h"

#include <errno.h>
#include <fcntl.h>
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
  double since; /* when it was forked (acs__now_ms) */
} warm;

struct acs_pool {
  pthread_mutex_t lock;
  int wake_fd[2]; /* a pipe: the thread waits on its workers and on this */
  pthread_cond_t ready_cv; /* a worker became ready */
  int starting;   /* workers forked and not ready yet */
  pthread_t thread;
  warm *ready;
  int count, size;
  bool stopping;
  acs__zygote zygote;
  int zygote_failures;
};

/* Forks per zygote before a new one replaces it, so that the address
** layout the workers share changes now and then. */
#define ZYGOTE_FORKS 1000

/* Fork one warm worker, from the zygote when there is one. It says 'R' on
** w->sock when its realm is ready. */
static int spawn(acs_pool *p, warm *w)
{
  acs__zygote *z = &p->zygote;
  if (z->pid > 0 && z->forks >= ZYGOTE_FORKS) acs__zygote_stop(z);
  /* A zygote that cannot start here is not tried for every worker. */
  if (z->pid <= 0 && p->zygote_failures < 3) {
    if (acs__zygote_start(z) != 0) p->zygote_failures++;
    else p->zygote_failures = 0;
  }
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) return -1;
  pid_t pid = z->pid > 0 ? acs__zygote_fork(z, sv[1]) : -1;
  if (pid <= 0) pid = fork();
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
  w->pid = pid;
  w->sock = sv[0];
  w->since = acs__now_ms();
  return 0;
}

static void discard(warm *w)
{
  close(w->sock);
  kill(w->pid, SIGKILL);
  waitpid(w->pid, NULL, 0);
}

/* The pool's thread: keeps `size` workers ready or starting. Workers start
** in parallel (each prepares in its own process), so that a burst of runs
** does not wait for them one after another. */
static void *refill(void *arg)
{
  acs_pool *p = arg;
  warm *starting = calloc((size_t)p->size, sizeof *starting);
  int nstart = 0, failures = 0;
  struct pollfd *pf = calloc((size_t)p->size + 1, sizeof *pf);
  if (!starting || !pf) {
    free(starting);
    free(pf);
    return NULL; /* runs start cold */
  }
  pthread_mutex_lock(&p->lock);
  while (!p->stopping) {
    int want = p->size - p->count - nstart;
    pthread_mutex_unlock(&p->lock);
    while (want-- > 0 && failures <= 3) {
      if (spawn(p, &starting[nstart]) == 0) {
        nstart++;
        failures = 0;
      } else {
        failures++; /* cold forks still serve; try again later rather than spin */
      }
    }
    pthread_mutex_lock(&p->lock);
    p->starting = nstart;
    pthread_mutex_unlock(&p->lock);
    pf[0] = (struct pollfd){.fd = p->wake_fd[0], .events = POLLIN};
    for (int i = 0; i < nstart; i++) pf[i + 1] = (struct pollfd){.fd = starting[i].sock, .events = POLLIN};
    int k = poll(pf, (nfds_t)nstart + 1, failures > 3 ? 1000 : 200);
    if (k == 0 && failures > 3) failures = 0;
    if (k > 0 && (pf[0].revents & POLLIN)) {
      char buf[64];
      (void)!read(p->wake_fd[0], buf, sizeof buf);
    }
    double now = acs__now_ms();
    pthread_mutex_lock(&p->lock);
    for (int i = nstart - 1; i >= 0; i--) {
      warm *w = &starting[i];
      bool done = k > 0 && pf[i + 1].revents;
      /* A child forked while another thread held a lock it then needs
      ** (seen with ASan's allocator) never gets ready: give up on it after
      ** a while rather than hang the pool. */
      if (!done && now - w->since < 10000) continue;
      char c = 0;
      ssize_t n = done ? read(w->sock, &c, 1) : -1;
      if (n == 1 && c == 'R' && !p->stopping) {
        p->ready[p->count++] = *w;
        pthread_cond_signal(&p->ready_cv);
      } else {
        pthread_mutex_unlock(&p->lock);
        discard(w);
        pthread_mutex_lock(&p->lock);
      }
      starting[i] = starting[--nstart];
    }
    p->starting = nstart;
    pthread_mutex_unlock(&p->lock);
    acs__reap_workers();
    pthread_mutex_lock(&p->lock);
  }
  pthread_mutex_unlock(&p->lock);
  for (int i = 0; i < nstart; i++) discard(&starting[i]);
  free(starting);
  free(pf);
  return NULL;
}

/* Wake the pool's thread: a worker was taken, or the pool stops. */
static void wake(acs_pool *p)
{
  char c = 1;
  (void)!write(p->wake_fd[1], &c, 1);
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
  pthread_cond_init(&p->ready_cv, NULL);
  if (pipe2(p->wake_fd, O_CLOEXEC | O_NONBLOCK) != 0) {
    free(p->ready);
    free(p);
    return acs__fail(err, ACS_EENV, ACS__ENV, "could not create the pool's pipe: %s", strerror(errno));
  }
  if (pthread_create(&p->thread, NULL, refill, p) != 0) {
    close(p->wake_fd[0]);
    close(p->wake_fd[1]);
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
  pthread_cond_broadcast(&p->ready_cv);
  pthread_mutex_unlock(&p->lock);
  wake(p);
  pthread_join(p->thread, NULL);
  for (int i = 0; i < p->count; i++) {
    close(p->ready[i].sock);
    waitpid(p->ready[i].pid, NULL, 0);
  }
  acs__zygote_stop(&p->zygote);
  close(p->wake_fd[0]);
  close(p->wake_fd[1]);
  free(p->ready);
  free(p);
}

/* Hand the run to a ready worker: its pid, or 0 when none was ready or the
** hand-over failed (the caller forks a cold worker then). */
pid_t acs__pool_run(acs_pool *p, const acs__worker_args *a)
{
  for (;;) {
    pthread_mutex_lock(&p->lock);
    /* A worker that is starting is ready in a few ms; a cold one costs
    ** several times that in CPU, which a burst of runs then lacks. */
    if (p->count == 0 && p->starting > 0 && !p->stopping) {
      struct timespec t;
      clock_gettime(CLOCK_REALTIME, &t);
      t.tv_nsec += 100 * 1000000L;
      if (t.tv_nsec >= 1000000000L) t.tv_sec++, t.tv_nsec -= 1000000000L;
      while (p->count == 0 && p->starting > 0 && !p->stopping &&
             pthread_cond_timedwait(&p->ready_cv, &p->lock, &t) == 0) {
      }
    }
    if (p->count == 0) {
      pthread_mutex_unlock(&p->lock);
      return 0;
    }
    warm w = p->ready[--p->count];
    pthread_mutex_unlock(&p->lock);
    wake(p);
    int rc = acs__warm_send(w.sock, a);
    close(w.sock);
    if (rc == 0) return w.pid;
    kill(w.pid, SIGKILL); /* it died waiting, or the socket broke: next */
    waitpid(w.pid, NULL, 0);
  }
}
