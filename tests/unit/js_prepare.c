/* js_prepare.c - the prepared realms the zygotes fork runs from. The box's
** node loads its builtins there before any run exists (bootstrap.js,
** preloadForBox), and a file that reads a run's state as it loads (host.cwd,
** host.env, host.node's pid, a random number...) makes that preparation
** fail, which would leave every node of a box starting slow: this is the
** check that none does. */
#include "js/runtime.h"
#include <criterion/criterion.h>
#include <fcntl.h>
#include <unistd.h>

/* the rehearsals print to stdout, as a run does */
static void quiet(void)
{
  int null = open("/dev/null", O_WRONLY);
  cr_assert(null >= 0);
  dup2(null, 1);
  close(null);
}

Test(js_prepare, box_node_preloads_its_builtins_without_reading_a_run)
{
  quiet();
  cr_assert_eq(acs__js_prepare_forkable(true), 0, "see stderr: the file that read a run's state");
  /* a spare's rehearsal on top of it passes the same traps */
  cr_assert_eq(acs__js_rehearse(), 0);
}

Test(js_prepare, exec_realm_prepares)
{
  quiet();
  cr_assert_eq(acs__js_prepare_forkable(false), 0);
}
