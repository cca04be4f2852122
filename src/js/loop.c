/* loop.c - the libuv side of timers and immediates.
**
** The timer lists live in JS (timers.js); C keeps one uv timer armed for the
** earliest deadline and one check/idle pair for immediates, and calls into
** JS once per due callback so that promise jobs run between callbacks. */
#include "runtime_internal.h"

#include "../base/base.h"
#include "files.h"

static void on_timer(uv_timer_t *t)
{
  (void)t;
  JSValueRef now = JSValueMakeNumber(acs__R.ctx, (double)uv_now(&acs__R.loop));
  /* runTimer runs at most one due timer and says whether it did; when none
  ** is left it re-arms us through host.timerArm. */
  for (;;) {
    JSValueRef ran = acs__js_call(acs__R.fn_timers, 1, &now);
    if (ran && !JSValueToBoolean(acs__R.ctx, ran)) break;
  }
}

static void on_check(uv_check_t *c)
{
  (void)c;
  for (;;) {
    JSValueRef ran = acs__js_call(acs__R.fn_immediates, 0, NULL);
    if (ran && !JSValueToBoolean(acs__R.ctx, ran)) break;
  }
}

static void on_idle(uv_idle_t *i) { (void)i; }

/* Right before the loop polls: the guest has stopped running for now, and
** what others do to its directories while it waits must not meet a kept fd
** (the run's file table drops what it keeps). */
static void on_prepare(uv_prepare_t *p)
{
  (void)p;
  const acs__js_files *f = acs__R.cfg ? acs__js_files_of_run() : NULL;
  if (f && f->pause) f->pause();
}

void acs__loop_init(void)
{
  uv_timer_init(&acs__R.loop, &acs__R.timer);
  uv_check_init(&acs__R.loop, &acs__R.check);
  uv_idle_init(&acs__R.loop, &acs__R.idle);
  uv_prepare_init(&acs__R.loop, &acs__R.forget);
  uv_prepare_start(&acs__R.forget, on_prepare);
  uv_unref((uv_handle_t *)&acs__R.forget);
}

/* The loop's time brought up to date, as Node's getLibuvNow does: a timer
** set after long synchronous work counts from now, not from when the loop
** last woke (it would fire early). */
ACS__HOST_FN(acs__host_now)
{
  (void)fn; (void)self; (void)argc; (void)argv; (void)exc;
  uv_update_time(&acs__R.loop);
  return JSValueMakeNumber(ctx, (double)uv_now(&acs__R.loop));
}

/* host.timerArm(ms, ref): ms < 0 stops the timer. */
ACS__HOST_FN(acs__host_timer_arm)
{
  (void)fn; (void)self; (void)exc;
  double ms = argc > 0 ? JSValueToNumber(ctx, argv[0], NULL) : -1;
  bool ref = argc > 1 && JSValueToBoolean(ctx, argv[1]);
  if (!(ms >= 0)) {
    uv_timer_stop(&acs__R.timer);
    return JSValueMakeUndefined(ctx);
  }
  /* ms counts from now (see acs__host_now); at least 1 ms, so that a timer
  ** armed inside a timer callback waits for the next loop iteration, after
  ** the immediates, as in Node (this libuv would run it again at once) */
  uv_update_time(&acs__R.loop);
  uv_timer_start(&acs__R.timer, on_timer, ms < 1 ? 1 : (uint64_t)ms, 0);
  if (ref) uv_ref((uv_handle_t *)&acs__R.timer);
  else uv_unref((uv_handle_t *)&acs__R.timer);
  return JSValueMakeUndefined(ctx);
}

/* host.immediateArm(state): 0 none pending, 1 some ref'd pending, 2 only
** unref'd pending. The idle handle keeps the poll phase from blocking while
** immediates wait; it holds the loop open only for ref'd ones. */
ACS__HOST_FN(acs__host_immediate_arm)
{
  (void)fn; (void)self; (void)exc;
  int state = argc > 0 ? (int)JSValueToNumber(ctx, argv[0], NULL) : 0;
  if (state == 0) {
    uv_check_stop(&acs__R.check);
    uv_idle_stop(&acs__R.idle);
    return JSValueMakeUndefined(ctx);
  }
  uv_check_start(&acs__R.check, on_check);
  uv_unref((uv_handle_t *)&acs__R.check);
  uv_idle_start(&acs__R.idle, on_idle);
  if (state == 1) uv_ref((uv_handle_t *)&acs__R.idle);
  else uv_unref((uv_handle_t *)&acs__R.idle);
  return JSValueMakeUndefined(ctx);
}
