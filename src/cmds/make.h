/* make.h - the box's GNU make (4.3's common subset), shared by make.c (the
** driver), make_parse.c (reading makefiles), make_expand.c (variables and
** functions) and make_run.c (deciding what to remake and running recipes).
**
** Memory: everything is allocated from one arena that lives as long as the
** command (mk_alloc and friends); nothing is freed piecemeal. */
#ifndef ACS_CMDS_MAKE_H
#define ACS_CMDS_MAKE_H

#include "cmd.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------ memory */
void *mk_alloc(size_t n); /* zeroed; exits with "make: out of memory" on failure */
char *mk_strdup(const char *s);
char *mk_strndup(const char *s, size_t n);
void mk_free_all(void);

/* A growable string (malloc'd; mk_sb_take copies it into the arena). */
typedef struct mk_sb {
  char *s;
  size_t len, cap;
} mk_sb;
void mk_sb_add(mk_sb *b, const char *s, size_t n);
void mk_sb_adds(mk_sb *b, const char *s);
void mk_sb_addc(mk_sb *b, char c);
char *mk_sb_take(mk_sb *b); /* the text in the arena; b is emptied */
void mk_sb_free(mk_sb *b);

/* ------------------------------------------------------------ variables */
enum { MK_DEFAULT, MK_ENV, MK_FILE, MK_ENV_OVERRIDE, MK_CMDLINE, MK_OVERRIDE, MK_AUTOMATIC };

typedef struct mk_var {
  char *name, *value;
  bool recursive;   /* = (expanded when used) rather than := */
  int origin;
  int export;       /* 1 export, -1 unexport, 0 as the default says */
  bool append_target; /* a target-specific += (joined with the global value) */
  bool expanding;     /* a recursive one being expanded: a loop is an error */
  const char *file;   /* where it was set (messages about it name it) */
  int line;
  struct mk_var *next;
} mk_var;

typedef struct mk_vars {
  mk_var *tab[256];
  struct mk_vars *parent; /* target-specific sets sit on the global one */
} mk_vars;

mk_var *mk_var_find(mk_vars *vs, const char *name); /* through the parents */
mk_var *mk_var_set(mk_vars *vs, const char *name, const char *value, bool recursive, int origin);

/* ------------------------------------------------------------ rules */
typedef struct mk_cmds {
  char **lines;       /* unexpanded */
  int *linenos;
  size_t n;
  const char *file;   /* where the recipe is, for messages */
} mk_cmds;

typedef struct mk_file {
  char *name;
  char **deps, **odeps; /* normal and order-only prerequisites */
  size_t ndeps, nodeps;
  mk_cmds *cmds;
  const char *file;     /* makefile and line of its rule */
  int line;
  mk_vars *vars;        /* target-specific variables, or NULL */
  char *stem;           /* $* when a pattern or static pattern rule made it */
  bool is_target, phony, double_colon, precious;
  int state;            /* 0 not settled, 1 being looked at, 2 done, 3 its job runs */
  int status;           /* 0 fine, 1 failed, 2 no rule */
  bool remade;          /* a recipe ran for it (or -n printed one) */
  bool exists;
  int64_t mtime;        /* ns; 0 when missing */
  struct plan *plan;    /* its prerequisites and recipe, once worked out */
  struct mk_file *next;
} mk_file;

typedef struct mk_rule { /* a pattern rule: target with % */
  char *target;
  char **deps, **odeps;
  size_t ndeps, nodeps;
  mk_cmds *cmds;
  struct mk_rule *next;
} mk_rule;

typedef struct mk_state {
  acs_cmd *c;
  mk_vars globals;
  mk_file *files[1024];
  mk_rule *rules, **rules_tail;
  char *default_goal;
  /* options */
  bool dry_run, keep_going, silent, ignore_errors, always, question, touch, env_overrides,
      print_dir, no_print_dir, export_all, warn_undefined;
  int jobs, level;
  char progname[32];    /* "make" or "make[N]" */
  char *cmdline_vars;   /* for MAKEFLAGS */
  /* reading */
  const char *cur_file;
  int cur_line;
  char **include_dirs;
  size_t ninclude_dirs;
  bool second_expansion;
  /* running */
  int commands_run;
  int running;          /* jobs started and not yet reaped (-j) */
  struct mk_job *jobs_list;
  bool fatal;           /* a Stop was printed */
  bool clock_skew;
} mk_state;

/* ------------------------------------------------------------ reading */
/* Read a makefile (text) named name; returns 0, or 2 after a fatal error
** (message printed as make words it: "FILE:LINE: *** ...  Stop."). */
int mk_read_text(mk_state *m, const char *name, const char *text, size_t len);
/* Read makefile path; -ENOENT etc. when it cannot be opened. */
int mk_read_file(mk_state *m, const char *path, int *status);
mk_file *mk_file_get(mk_state *m, const char *name, bool create);

/* ------------------------------------------------------------ expanding */
/* Expand text (variables, functions) with target-specific vars vs (NULL:
** globals). The result is in the arena. */
char *mk_expand(mk_state *m, mk_vars *vs, const char *text);
/* The value of variable name, expanded. */
char *mk_var_value(mk_state *m, mk_vars *vs, const char *name);

/* "FILE:LINE: *** MSG.  Stop." and the fatal flag; returns 2. */
int mk_fatal(mk_state *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "make: MSG" on stderr */
void mk_msg(mk_state *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Words of s (split on blanks) into a NULL-terminated arena array. */
char **mk_words(const char *s, size_t *n);
/* Pattern matching with one %: the stem into *stem (arena) on a match. */
bool mk_pattern_match(const char *pattern, const char *word, char **stem);
char *mk_pattern_subst(const char *pattern, const char *stem);

/* ------------------------------------------------------------ running */
/* Bring goal up to date; 0 fine, else the status make exits with. */
int mk_update_goal(mk_state *m, const char *goal);
/* Run text as a shell command line with exported variables; returns the
** wait status. */
int mk_shell(mk_state *m, mk_vars *vs, const char *line, char **out);
/* Start a shell for line without waiting (stdout to out_fd when >= 0):
** the pid, or -1 after make's message. */
int mk_shell_start(mk_state *m, mk_vars *vs, const char *line, int out_fd);
char **mk_environ(mk_state *m, mk_vars *vs);
/* MAKEFLAGS as make passes it down: letters, long options, " -- VARS" */
char *mk_makeflags(mk_state *m);
int64_t mk_mtime(const char *path, bool *exists);

#endif
