/* spin.h - how long to wait awake for a message before sleeping on it.
**
** On a virtual machine a CPU that went idle takes ~40 us to wake (a halt,
** then an interrupt through the hypervisor), once each way of a call,
** while the box's kernel answers most calls in a few microseconds: a call
** on this project's 2-core VM measured 70-84 us asleep and 4 us when both
** sides waited awake. Waiting awake pays only while the answer comes soon,
** so the wait adapts, as KVM's halt-polling does: it stops after a few
** waits in a row saw nothing (a wait for a long child; a peer on our own
** CPU, which cannot run while we spin) and tries again now and then. The
** wait is long enough to cover the other side's wake-up, since from sleep
** a shorter try never sees an answer: both sides must be awake to gain. */
#ifndef ACS_SYS_SPIN_H
#define ACS_SYS_SPIN_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  bool on;        /* wait awake */
  uint32_t fails; /* waits in a row that saw nothing */
  uint32_t since; /* waits slept through since it went off */
} acs__spin;

#define ACS__SPIN_INIT {.on = true, .fails = 0, .since = 0}

/* Monotonic time in nanoseconds. */
int64_t acs__mono_ns(void);

/* Nanoseconds to wait awake now; 0 is sleep at once. */
int64_t acs__spin_budget(acs__spin *s);

/* Record whether the message came while waiting awake. */
void acs__spin_result(acs__spin *s, bool came);

/* Wait awake, within the budget, for a datagram on sock; it is left
** there (peeked) for the caller's receive. */
void acs__spin_await(acs__spin *s, int sock);

/* One turn of a wait loop: a pause for the CPU (a sibling hyperthread
** runs on). Not sched_yield: with a busy program on the CPU a yield hands
** it the CPU for a whole slice, and a 3000-call shell loop beside two
** CPU-bound programs took 4.5 s yielding, 0.4 s pausing, 1.5 s asleep. */
static inline void acs__spin_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

#endif
