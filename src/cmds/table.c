/* table.c - the box's programs, sorted by name (acs__program_find
** searches it). One line per command in src/cmds. */
#include "cmd.h"

int acs__cmd_bash(int argc, char **argv);
int acs__cmd_cat(int argc, char **argv);
int acs__cmd_echo(int argc, char **argv);
int acs__cmd_false(int argc, char **argv);
int acs__cmd_node(int argc, char **argv);
int acs__cmd_sh(int argc, char **argv);
int acs__cmd_true(int argc, char **argv);

const acs__program acs__programs[] = {
    {"bash", acs__cmd_bash},
    {"cat", acs__cmd_cat},
    {"echo", acs__cmd_echo},
    {"false", acs__cmd_false},
    {"node", acs__cmd_node},
    {"sh", acs__cmd_sh},
    {"true", acs__cmd_true},
};
const size_t acs__program_count = sizeof acs__programs / sizeof *acs__programs;
