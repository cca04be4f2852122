/* cli.h - the subcommands of `acs`. Only src/cli/ may exit the process. */
#ifndef ACS_CLI_H
#define ACS_CLI_H

#include "acs.h"

/* acs run ...; argv[0] is "run". Returns the process exit status. */
int acs__cli_run(int argc, char **argv);

/* acs transform ...; argv[0] is "transform". */
int acs__cli_transform(int argc, char **argv);
/* acs serve: the JSON-lines server. */
int acs__cli_serve(int argc, char **argv);
/* acs mcp: a Model Context Protocol server on stdio. */
int acs__cli_mcp(int argc, char **argv);
/* acs mcp --box: the same on one box (argv[0] is "mcp"). */
int acs__cli_mcp_box(int argc, char **argv);
struct acs__mcp_opts;
/* Serve MCP on stdin/stdout with o until stdin ends or a signal: the exit
** status (0, 2 for a configuration error, 3 when the server cannot start). */
int acs__cli_mcp_serve(const struct acs__mcp_opts *o);
/* acs box: a box from the command line. */
int acs__cli_box(int argc, char **argv);
/* acs doctor: the kernel walls on this machine. */
int acs__cli_doctor(int argc, char **argv);

/* Print r as one line of JSON ({stdout, stderr, exitCode, timedOut,
** truncated, durationMs, stoppedBy}) on stdout. */
void acs__cli_print_json(const acs_exec_result *r);

#endif
