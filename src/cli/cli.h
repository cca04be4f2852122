/* cli.h - the subcommands of `acs`. Only src/cli/ may exit the process. */
#ifndef ACS_CLI_H
#define ACS_CLI_H

#include "acs.h"

/* acs run ...; argv[0] is "run". Returns the process exit status. */
int acs__cli_run(int argc, char **argv);

#endif
