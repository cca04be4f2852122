/* main.c - the `acs` command: dispatch to subcommands. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "usage: acs <command> [options]\n"
    "\n"
    "Run JavaScript written by a model inside a sandbox.\n"
    "\n"
    "commands:\n"
    "  run        run code or a file in a sandbox (acs run --help)\n"
    "  transform  print a file as the sandbox runs it (acs transform --help)\n"
    "  serve      answer runs as JSON lines on stdio or a socket (acs serve --help)\n"
    "  mcp        serve tools to an agent over MCP on stdio (acs mcp --help)\n"
    "  box        run a program in a box: a small Linux-like system (acs box --help)\n"
    "  doctor     which kernel walls this machine adds, and whether they hold\n"
    "  help       show this help\n"
    "  version    print the version\n";

int main(int argc, char **argv)
{
  if (argc < 2) {
    fputs(usage, stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "run")) return acs__cli_run(argc - 1, argv + 1);
  if (!strcmp(cmd, "transform")) return acs__cli_transform(argc - 1, argv + 1);
  if (!strcmp(cmd, "serve")) return acs__cli_serve(argc - 1, argv + 1);
  if (!strcmp(cmd, "mcp")) return acs__cli_mcp(argc - 1, argv + 1);
  if (!strcmp(cmd, "box")) return acs__cli_box(argc - 1, argv + 1);
  if (!strcmp(cmd, "doctor")) return acs__cli_doctor(argc - 1, argv + 1);
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    fputs(usage, stdout);
    return 0;
  }
  if (!strcmp(cmd, "version") || !strcmp(cmd, "--version")) {
    printf("acs %s\n", ACS_VERSION);
    return 0;
  }
  fprintf(stderr, "acs: unknown command '%s'\n%s", cmd, usage);
  return 2;
}
