/* spare.c - the slim zygote's spares, held by the kernel.
**
** The slim zygote forks processes ahead (walled in, waiting for a
** channel) and hands them here; a spawn of one of its programs is then
** sent straight to one: owner -> kernel -> program, no zygote woken on the
** way. When to make the next matters on a 2-CPU machine: made at once, its
** fork and walls run beside the program just started and slow it (they
** took a CPU the program or the kernel wanted). So the kernel keeps two,
** and asks for more when a program of the zygote ends: spawns an agent
** makes one at a time find a spare made in the quiet after the last one,
** and spawns back to back (a script's loop) still find one ready. A spawn
** that finds none while one is being made waits for it (the zygote would
** take its order only afterwards anyway). */
#include "kernel.h"

#include <poll.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define WANT 2

static void drop_all(acs__kernel *k)
{
  for (int i = 0; i < k->nspares; i++) {
    close(k->spares[i].sock);
    kill(k->spares[i].pid, SIGKILL); /* reaped as an exit no process had */
  }
  k->nspares = 0;
}

static void ask(acs__kernel *k)
{
  if (k->spare_coming || k->slim < 0 || k->nspares >= WANT) return;
  unsigned char b[64];
  acs__msg m;
  acs__msg_init(&m, b, sizeof b, 1, 0);
  acs__msg_i32(&m, -1);
  acs__msg_str(&m, "");
  k->spare_coming = acs__msg_send(k->slim, &m) == 0;
}

/* The newest held spare becomes p; false when none is left alive. */
static bool use(acs__kernel *k, acs__proc *p, int chan)
{
  while (k->nspares) {
    struct spare s = k->spares[--k->nspares];
    struct pollfd pf = {.fd = s.sock, .events = POLLIN};
    unsigned char b[64];
    acs__msg m;
    acs__msg_init(&m, b, sizeof b, 1, 0);
    acs__msg_fd(&m, chan);
    /* one that died waiting hung up its socket */
    bool ok = poll(&pf, 1, 0) == 0 && acs__msg_send(s.sock, &m) == 0;
    close(s.sock);
    if (!ok) {
      kill(s.pid, SIGKILL);
      continue;
    }
    k->spare_wanted = true;
    acs__proc_started(k, p, s.pid);
    return true;
  }
  return false;
}

bool acs__spare_take(acs__kernel *k, acs__proc *p, int chan)
{
  if (use(k, p, chan)) return true;
  if (!k->spare_coming || k->nspare_q == (int)(sizeof k->spare_q / sizeof *k->spare_q)) return false;
  int c = dup(chan); /* the caller closes its own */
  if (c < 0) return false;
  k->spare_q[k->nspare_q++] = (struct spare_wait){p->pid, c};
  return true;
}

void acs__spare_arrived(acs__kernel *k, int sock, pid_t host)
{
  k->spare_coming = false;
  if (sock < 0 || host <= 0) {
    /* none could be made: those waiting go to the zygote as plain
    ** spawns (a fork it may be refused too, reported as any) */
    if (sock >= 0) close(sock);
    int n = k->nspare_q;
    struct spare_wait q[sizeof k->spare_q / sizeof *k->spare_q];
    memcpy(q, k->spare_q, sizeof *q * (size_t)n);
    k->nspare_q = 0;
    for (int i = 0; i < n; i++) {
      acs__proc *p = acs__proc_get(k, q[i].pid);
      if (p && p->state == ACS__P_STARTING && p->host_pid <= 0 && p->via_slim &&
          acs__proc_order(k, p, q[i].chan, k->slim) != 0)
        acs__proc_fail_starting(k);
      close(q[i].chan);
    }
    return;
  }
  if (k->nspares == WANT) {
    close(sock);
    kill(host, SIGKILL);
  } else {
    k->spares[k->nspares++] = (struct spare){sock, host};
  }
  while (k->nspare_q && k->nspares) {
    struct spare_wait w = k->spare_q[0];
    acs__proc *p = acs__proc_get(k, w.pid);
    /* one that ended meanwhile (killed while it waited) takes none; when
    ** every spare held died, the rest wait for the next */
    bool waiting = p && p->state == ACS__P_STARTING && p->host_pid <= 0 && p->via_slim;
    if (waiting && !use(k, p, w.chan)) break;
    k->nspare_q--;
    memmove(k->spare_q, k->spare_q + 1, sizeof *k->spare_q * (size_t)k->nspare_q);
    close(w.chan);
  }
  /* more wait, or fewer than two are held after a program ended: the next */
  if (k->nspare_q || (k->spare_wanted && k->nspares < WANT)) ask(k);
  if (k->nspares == WANT) k->spare_wanted = false;
}

void acs__spare_ended(acs__kernel *k)
{
  if (k->spare_wanted) ask(k);
}

void acs__spare_zygote_gone(acs__kernel *k)
{
  drop_all(k);
  k->spare_coming = false;
  k->spare_wanted = false;
  /* those waiting fail as the zygote's other unstarted spawns do */
  for (int i = 0; i < k->nspare_q; i++) close(k->spare_q[i].chan);
  k->nspare_q = 0;
}
