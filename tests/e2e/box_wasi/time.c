/* time.c - clocks and sleeping (poll_oneoff's clock subscriptions), and
** poll on stdin (an fd subscription): the output says only what holds on
** any machine, with wide margins. */
#include <poll.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(clockid_t c)
{
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
  struct timespec res;
  printf("res monotonic ok: %d\n", clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0);
  double real = now(CLOCK_REALTIME);
  printf("realtime after 2020: %d\n", real > 1577836800.0);
  printf("realtime near time(): %d\n", real - (double)time(NULL) < 2 && (double)time(NULL) - real < 2);
  double t0 = now(CLOCK_MONOTONIC);
  struct timespec d = {0, 200 * 1000 * 1000};
  nanosleep(&d, NULL);
  double t1 = now(CLOCK_MONOTONIC);
  printf("nanosleep 200ms slept enough: %d\n", t1 - t0 >= 0.19);
  usleep(100 * 1000);
  printf("usleep 100ms slept enough: %d\n", now(CLOCK_MONOTONIC) - t1 >= 0.09);
  /* absolute sleep, as CPython's time.sleep asks (TIMER_ABSTIME) */
  struct timespec abs;
  clock_gettime(CLOCK_MONOTONIC, &abs);
  double a0 = abs.tv_sec + abs.tv_nsec / 1e9;
  abs.tv_nsec += 150 * 1000 * 1000;
  if (abs.tv_nsec >= 1000000000) abs.tv_sec++, abs.tv_nsec -= 1000000000;
  int r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, NULL);
  double a1 = now(CLOCK_MONOTONIC);
  printf("abstime sleep: rc %d slept enough %d not too long %d\n", r, a1 - a0 >= 0.14, a1 - a0 < 30);
  double c = now(CLOCK_PROCESS_CPUTIME_ID);
  printf("process cpu clock sane: %d\n", c >= 0 && c < 600);
  if (argc > 1) {
    /* stdin is a pipe whose writer waits before it writes: poll times out first */
    struct pollfd p = {0, POLLIN, 0};
    double p0 = now(CLOCK_MONOTONIC);
    int n = poll(&p, 1, 100);
    printf("poll before data: %d waited %d\n", n, now(CLOCK_MONOTONIC) - p0 >= 0.09);
    n = poll(&p, 1, 30000);
    printf("poll with data: %d readable %d\n", n, (p.revents & POLLIN) != 0);
    char buf[64];
    ssize_t k = read(0, buf, sizeof buf);
    printf("read: %.*s", (int)k, buf);
  }
  return 0;
}
