/* spin.c - the adaptive awake wait of spin.h */
#include "spin.h"

#include <errno.h>
#include <sys/socket.h>
#include <time.h>

enum {
  SPIN_NS = 50000, /* past a cross-CPU wake-up's ~40 us, and no longer */
  SPIN_FAILS = 3,  /* waits in a row that saw nothing before we stop */
  SPIN_RETRY = 64  /* waits slept through before another try */
};

int64_t acs__mono_ns(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t acs__spin_budget(acs__spin *s)
{
  if (s->on) return SPIN_NS;
  if (++s->since < SPIN_RETRY) return 0;
  /* one try: a miss turns it off again at once */
  s->on = true;
  s->fails = SPIN_FAILS - 1;
  return SPIN_NS;
}

void acs__spin_result(acs__spin *s, bool came)
{
  if (came) {
    s->fails = 0;
    return;
  }
  if (++s->fails >= SPIN_FAILS) {
    s->on = false;
    s->since = 0;
  }
}

void acs__spin_await(acs__spin *s, int sock)
{
  int64_t budget = acs__spin_budget(s);
  if (!budget) return;
  int64_t end = acs__mono_ns() + budget;
  char c;
  do {
    ssize_t r = recv(sock, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (r >= 0 || (errno != EAGAIN && errno != EINTR)) {
      acs__spin_result(s, r >= 0);
      return;
    }
    acs__spin_relax();
  } while (acs__mono_ns() < end);
  acs__spin_result(s, false);
}
