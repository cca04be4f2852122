/* lib_run.h - running another program of the box from a command (env,
** timeout, nohup, nice, time, xargs-like callers): the PATH search as
** execvp does it, a spawn that keeps the caller's descriptors, waiting
** with or without a deadline, and the statuses GNU's tools exit with when
** the program cannot be run (126 found but not runnable, 127 not found). */
#ifndef ACS_CMDS_LIB_RUN_H
#define ACS_CMDS_LIB_RUN_H

#include "cmd.h"

/* The box path that running `name` would execute, into out: name itself
** when it holds a slash, else the first PATH directory (PATH from the
** environment, or execvp's default) holding an executable regular file of
** that name. Returns 0, or a negative errno as execvp would end with
** (-ENOENT when nothing matched, -EACCES when only unrunnable files did). */
int run_find(const char *name, char *out, size_t size);

/* Spawns argv[0] (searched as run_find does) with envp (NULL: the
** process's environ); returns the pid or a negative errno. */
int run_spawn(char **argv, char **envp);

/* As GNU's tools report a program that could not be run: "NAME: 'PROG':
** ERROR" and the status to exit with (127 for ENOENT, 126 otherwise). */
int run_failed(acs_cmd *c, const char *prog, int err);

/* Waits for pid; *status is a wait(2) status. With timeout_ms >= 0 it
** gives up after that long and returns 0 (the child still runs); else
** returns the pid or a negative errno. */
int run_wait(int pid, int *status, long timeout_ms);

/* A wait(2) status as a shell reports it: the exit code, or 128+signal. */
int run_exit_code(int wstatus);

#endif
