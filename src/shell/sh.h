/* sh.h - the box's shell (sh and bash): what its parts share.
**
** The shell is one guest process of the box. It reads a script (-c, a
** file or stdin), parses one complete command at a time into an AST
** (lex.c, parse.c), expands words (expand.c, param.c, arith.c, glob.c)
** and runs the nodes (exec.c, redir.c, builtins*.c). A box process cannot
** fork: a subshell, a command substitution and a pipeline's element that
** is not an external command run in a child shell, spawned with the
** shell's state (variables, functions, options, positional parameters)
** and the text to run sent over a pipe (state.c).
**
** The shell's state is global to the process (it is one shell). */
#ifndef ACS_SHELL_SH_H
#define ACS_SHELL_SH_H

#include "../sys/sys.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- strings ---------------------------------------------------------- */

typedef struct sbuf {
  char *s;
  size_t len, cap;
} sbuf;

void sb_add(sbuf *b, const void *p, size_t n);
void sb_addc(sbuf *b, char c);
void sb_adds(sbuf *b, const char *s);
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sb_take(sbuf *b); /* a NUL-terminated malloc'd string; b is reset */
void sb_free(sbuf *b);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
bool is_name(const char *s, size_t n); /* a valid variable name */

/* Arena for the nodes of one parsed source: freed all at once. */
typedef struct arena_blk arena_blk;
typedef struct arena {
  arena_blk *head;
} arena;
void *ar_alloc(arena *a, size_t n);
char *ar_strndup(arena *a, const char *s, size_t n);
void ar_free(arena *a);

/* ---- words ------------------------------------------------------------ */

enum {
  P_LIT,    /* text; quoted: no globbing, no splitting */
  P_DQ,     /* "...": sub */
  P_PARAM,  /* $x ${x...}: name, op, arg, arg2 */
  P_CMDSUB, /* $(...) or `...`: text is the commands */
  P_ARITH,  /* $((...)): sub is the expression */
  P_ARRAY,  /* name=(...): text is what is inside the parentheses */
  P_PROCSUB, /* <(...) >(...): text is the commands, op '<' or '>' */
};

/* ${} operators */
enum {
  PO_NONE, PO_LEN, PO_DEFAULT, PO_ASSIGN, PO_ERROR, PO_ALT, /* - = ? + (colon: flag) */
  PO_RM_SPRE, PO_RM_LPRE, PO_RM_SSUF, PO_RM_LSUF,           /* # ## % %% */
  PO_SUB, PO_SUB_ALL, PO_SUB_PRE, PO_SUB_SUF,               /* / // /# /% */
  PO_SLICE,                                                 /* :off:len */
  PO_UPPER1, PO_UPPER, PO_LOWER1, PO_LOWER,                 /* ^ ^^ , ,, */
  PO_TOGGLE1, PO_TOGGLE,                                    /* ~ ~~ (bash's, undocumented) */
  PO_AT,                                                    /* @Q @E @U @u @L @a: at_op */
  PO_BAD,                                                   /* not expandable: text is the ${...} */
};

typedef struct word word;
typedef struct wpart {
  int kind;
  bool quoted;  /* P_LIT from quotes or a backslash */
  bool colon;   /* ${x:-} rather than ${x-} */
  int op;
  char *text;   /* literal, parameter name, or command text */
  size_t len;
  int line;     /* of a command substitution */
  word *sub, *sub2;
  word *index;  /* ${a[index]} */
  char all;     /* ${a[@]} ${a[*]} (and ${!prefix@} ${!prefix*}): '@' or '*' */
  bool subscripted; /* a [...] followed the name */
  bool bang;    /* ${!x}, ${!a[@]}, ${!prefix*} */
  char at_op;   /* PO_AT's letter */
  struct wpart *next;
} wpart;

struct word {
  wpart *parts;
  char *raw;    /* the source text of the word */
  size_t start; /* offset in the source */
  struct word *next;
};

/* ---- the AST ---------------------------------------------------------- */

enum {
  N_SIMPLE, N_PIPE, N_AND, N_OR, N_LIST, N_BRACE, N_SUBSHELL, N_IF, N_WHILE,
  N_FOR, N_AFOR, N_CASE, N_FUNC, N_ARITH, N_COND,
  N_TIME, /* time [-p] pipeline: a (NULL: time alone); in: -p */
};

enum { R_IN, R_OUT, R_APPEND, R_CLOBBER, R_RDWR, R_DUPIN, R_DUPOUT, R_HEREDOC, R_HERESTR,
       R_ALLOUT, R_ALLAPPEND };

typedef struct redir {
  int op;
  int fd;           /* -1: the default of op */
  word *target;     /* file, fd word, here-string, or here-doc body */
  bool hd_expand;   /* unquoted delimiter: expand the body */
  bool hd_strip;    /* <<- */
  char *fdvar;      /* {name}>file: a new descriptor (10 or above) into $name */
  char *hd_delim;
  char *hd_body;    /* here-document: the body as written (after <<-'s tabs), for printing */
  char *hd_eof;     /* here-document: the delimiter, quotes removed */
  struct redir *next;
} redir;

typedef struct caseitem {
  word *pats;
  struct node *body;
  int term;         /* 0 ;;  1 ;&  2 ;;& */
  struct caseitem *next;
} caseitem;

/* [[ ]] */
enum { C_AND, C_OR, C_NOT, C_UNARY, C_BINARY, C_WORD };
typedef struct cond {
  int kind;
  bool paren;       /* written in ( ) */
  char *op;
  word *a, *b;
  struct cond *l, *r;
} cond;

typedef struct node node;
struct node {
  int kind;
  int line;
  size_t start, end;   /* the source text of the node */
  size_t istart, iend; /* N_SUBSHELL: the text inside the parentheses */
  redir *redirs;
  node *next;          /* in a list or pipeline */
  bool bg;             /* in a list: ended by & */
  bool nl;             /* in a list: ended by a newline (printed as one inside $( )) */
  bool bang;           /* pipeline: ! */
  bool pipe_amp;       /* a pipeline's element followed by |& (its 2>&1 is in redirs) */
  bool until;          /* N_WHILE */
  bool in;             /* N_FOR: has `in` */
  word *assigns, *words;
  node *a, *b, *c;     /* kids: cond/then/else, body, left/right, list */
  char *name;          /* N_FOR variable, N_FUNC name */
  word *w1, *w2, *w3;  /* N_AFOR parts, N_ARITH expression, N_CASE subject */
  caseitem *items;
  cond *cond;
};

/* A parsed source: the text and the nodes, shared by the functions
** defined in it (refs). */
typedef struct hd_range {
  size_t op, start, end; /* the << operator, the body with its delimiter line */
} hd_range;

typedef struct source {
  char *text;
  size_t len, cap;
  int fd;          /* more text from here (stdin or a file), -1 none */
  bool eof;
  int refs;
  arena ar;
  hd_range *hds;
  size_t nhd, caphd;
  char *name;      /* for messages */
  bool no_alias;   /* its aliases were expanded already (a child shell's text) */
  bool interactive; /* lines come from the line editor, after a prompt */
  bool as_c;        /* its syntax errors are worded as for bash -c's text (a session's run) */
} source;

source *src_new_text(const char *text, size_t len, const char *name);
source *src_new_fd(int fd, const char *name);
void src_unref(source *s);
/* Read more text (from fd) when pos is at the end; false at the end. */
bool src_more(source *s, size_t pos);

/* ---- lexer and parser ------------------------------------------------- */

enum {
  T_EOF, T_NL, T_WORD, T_SEMI, T_AMP, T_PIPE, T_PIPEAMP, T_ANDAND, T_OROR, T_DSEMI,
  T_SEMIAND, T_DSEMIAND, T_LPAREN, T_RPAREN, T_DLPAREN, T_REDIR, T_ERR,
};

typedef struct pending_hd {
  redir *r;
  size_t op;
} pending_hd;

typedef struct lexer {
  source *src;
  arena *ar;        /* where nodes and words go (the source's, usually) */
  size_t pos;
  int line;
  int tok;          /* the current token */
  size_t tstart, tend;
  size_t prev_end;  /* the end of the last token consumed */
  int tline;
  word *tword;
  int rop, rfd;     /* T_REDIR */
  char *rvar;       /* T_REDIR of {name}>...: the variable that gets the descriptor */
  bool peeked;
  bool dbracket;    /* inside [[ ]]: < > are words */
  bool err;
  bool end_nl;      /* the newline bash reads at the end of a text without one was given */
  char *errmsg;     /* syntax error message (malloc'd) */
  pending_hd *hd;
  size_t nhd, caphd;
  int depth;        /* nesting of $( ) */
  bool bq;          /* inside `...`: the text has been unescaped */
  /* aliases being expanded (alias.c): each name's value ends at alias_end */
  char alias_name[8][64];
  size_t alias_end[8], nalias;
  size_t alias_blank; /* a value ending in a blank ended here: the next word too */
} lexer;

int lx_next(lexer *lx);          /* the next token (also stored in lx->tok) */
int lx_peek(lexer *lx);
void lx_consume(lexer *lx);
void lx_error(lexer *lx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Read text up to the matching `))` (after `((`): the expression word. */
word *lx_arith_until_dparen(lexer *lx);
word *lx_arith_until_semi(lexer *lx);
word *lx_word_from(lexer *lx, const char *text, size_t len, int mode);
int lx_getc(lexer *lx);
int lx_peekc(lexer *lx, size_t ahead);
void lx_read_heredocs(lexer *lx);

/* Parse one complete command (up to a newline at top level). *out is
** NULL at the end. Returns 0, or -1 on a syntax error (message printed). */
int ps_command(lexer *lx, node **out);
/* Parse a whole text as a list ending at `)` (for $( )): the offset
** just past the `)`, or (size_t)-1 on error. */
size_t ps_skip_cmdsub(lexer *lx);
/* the same, with the list parsed (*out: NULL for an empty $( )) */
size_t ps_cmdsub(lexer *lx, node **out);
const char *tok_name(lexer *lx, int tok);

/* ---- variables -------------------------------------------------------- */

enum { V_EXPORT = 1, V_READONLY = 2, V_INTEGER = 4, V_ARRAY = 8, V_ASSOC = 16, V_NAMEREF = 32,
       V_DECLARED = 64 /* declared without a value: declare -p lists it */ };

/* array.c: the values of an indexed (sparse, in index order) or an
** associative array (in the order keys were first set) */
typedef struct array array;
array *arr_new(bool assoc);
void arr_free(array *a);
array *arr_copy(const array *a);
bool arr_assoc(const array *a);
size_t arr_count(const array *a);
const char *arr_geti(const array *a, long idx); /* NULL: unset */
const char *arr_get(const array *a, const char *key);
void arr_seti(array *a, long idx, const char *val);
void arr_set(array *a, const char *key, const char *val);
void arr_unseti(array *a, long idx);
void arr_unset(array *a, const char *key);
long arr_max_index(const array *a); /* -1 when empty */
/* the i-th element in order (0 <= i < arr_count) */
const char *arr_val_at(const array *a, size_t i);
long arr_idx_at(const array *a, size_t i);
char *arr_key_at(const array *a, size_t i); /* malloc'd */

typedef struct var var;
const char *var_get(const char *name);               /* NULL: unset */
/* Arrays (bash's): the variable's array, or NULL when it is not one
** (borrowed). var_get and var_set of an array are its element 0. */
array *var_array(const char *name);
/* Makes name an array (a scalar's value becomes element 0; an array of
** the other kind is refused with bash's message); NULL when readonly. */
array *var_make_array(const char *name, bool assoc);
/* name[sub] (sub already expanded; an arithmetic index for an indexed
** array, negative from the end) */
const char *var_elem_get(const char *name, const char *sub);
int var_elem_set(const char *name, const char *sub, const char *value, bool append);
int var_elem_unset(const char *name, const char *sub);
/* arrays.c: the subscript of name[sub] given as text (unset, ${!ref},
** printf -v, test -v) expanded once, as bash does (quotes, $k, $( )); an
** indexed array's is then evaluated as arithmetic. The caller frees it. */
char *arr_sub_text(const char *sub, size_t n);
/* the words of a compound assignment's inside, in ar; NULL when it does not lex */
word *arr_words(arena *ar, const char *text);
/* whole arrays, for child shells and declare -p */
void var_each_array(void (*fn)(const char *name, int flags, array *a, void *u), void *u);
int var_set(const char *name, const char *value, int flags);
/* old += value for an integer variable: (old)+(value) evaluated, in
** decimal (malloc'd), NULL after an arithmetic error */
char *var_int_append(const char *old, const char *value); /* 0, -1 readonly */
int var_unset(const char *name);
void var_export(const char *name);
int var_flags(const char *name);
void var_set_flag(const char *name, int flag);
void var_local(const char *name, const char *value, bool has_value);
void var_scope_push(void);
void var_scope_pop(void);
char **var_environ(void);
void opts_save_for_function(void); /* local - */
/* lookup.c: bash's table of programs run by name (hash reports it; a name in it is run from there) */
void hash_note(const char *name, const char *path);
/* the path a program was found at before (bash runs it without looking
** again, until hash -r or PATH changes), or NULL; the caller frees it */
char *hash_lookup(const char *name);
/* the same as type, command -v and hash -t show it: a relative entry
** with ./ in front, as bash's; the caller frees it */
char *hash_shown(const char *name);
void hash_clear(void);
void hash_each(void (*fn)(const char *name, const char *path, int hits, void *u), void *u);
void hash_load(const char *name, const char *path, int hits); /* a child shell's */
/* var_environ for the program at path, with bash's _=path */
char **var_environ_for(const char *path);                             /* exported, malloc'd */
void var_free_list(char **v);
/* every variable, sorted, for set/export -p: fn(name, value, flags) */
void var_each(void (*fn)(const char *name, const char *value, int flags, void *u), void *u);
void var_init(char **envp);
int var_scope_depth(void);
long long var_seconds_mark(void); /* when SECONDS was assigned (seconds of the epoch) */
/* namerefs: on, each lookup acts on the reference itself (nested calls) */
void var_nameref_raw(bool on);
const char *var_nameref_target(const char *name); /* NULL: not a nameref */
void var_clear_flag(const char *name, int flag);

/* ---- functions -------------------------------------------------------- */

typedef struct func {
  char *name;
  node *body;        /* the N_FUNC node */
  source *src;
  char *text;        /* its definition's text, for child shells */
  int line;
  bool exported;     /* export -f: in programs' environments as BASH_FUNC_NAME%% */
  struct func *next;
} func;
func *fn_find(const char *name);
void fn_define(const char *name, node *def, source *src);
void fn_unset(const char *name);
/* the environment's BASH_FUNC_NAME%%=() BODY items as exported functions,
** each taken only when it is one function definition and nothing more */
void fn_import(char **envp);
void fn_each(void (*fn)(func *f, void *u), void *u);
/* The function as bash prints it (declare -f, type): `name () `, then the
** body re-laid out as bash's (4-space indentation, a command a line,
** here-documents after their line); env: the `() { ...` form bash puts
** in programs' environments for export -f. The caller frees it. */
char *fn_format(const func *f, bool env);
/* A command on one line as bash shows it in a job's text ("( exit 3 )",
** "a | b"). The caller frees it. */
char *node_format(node *n);
/* $BASH_COMMAND's text for n: the command; a for's or a case's head; part
** 1-3 an arithmetic for's expressions ("((i<3))"). The caller frees it. */
char *command_text(node *n, int part);

/* ---- the shell's state ------------------------------------------------ */

typedef struct shell {
  char *name;           /* $0 */
  char **argv;          /* $1.. */
  int argc;
  int status;           /* $? */
  int pid;              /* $$ */
  int last_bg;          /* $! (0: none) */
  bool opt_e, opt_u, opt_x, opt_f, opt_C, opt_a, opt_n, opt_v, pipefail;
  bool is_c;            /* -c */
  bool is_bash;
  int line;             /* LINENO */
  int breaking, continuing;
  bool returning;
  int func_depth, loop_depth;
  int before_return;    /* $? when return ran (a RETURN trap sees it) */
  bool login;           /* -l, --login or a 0th argument starting with '-' */
  bool norc;            /* --norc */
  int noerrexit;        /* > 0: in a condition, set -e does not apply */
  bool exiting;
  int exit_status;
  bool in_child;        /* a subshell of another shell */
  struct node *exec_last; /* -c's last command, run by exec as bash does (exec.c) */
  bool aborting;        /* an arithmetic error, failglob: the top-level command stops */
  int cmdsub_status;    /* of the last command substitution */
  bool cmdsub_ran;
  char *trap_exit;
  unsigned rnd;
  unsigned long long shopts; /* shopt's options, bit i for shopt.c's name i */
  bool interactive;     /* a prompt on a terminal (interactive.c) */
  bool at_prompt;       /* lines as typed at a prompt: interactive, or a session */
  bool monitor;         /* job control: each job in a process group of its own */
  int tty_fd;           /* the controlling terminal's descriptor, or -1 */
  int pgid;             /* the shell's own process group */
  int private_fds[16];  /* descriptors children must not inherit */
  int nprivate;
} shell;
extern shell sh;

/* messages: "NAME: [line N: ]msg" on fd 2 */
void sh_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "NAME: WHERE: line LINE: ..." (no WHERE when NULL, no line when LINE <= 0) */
void sh_error_at(const char *where, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void sh_perror(const char *what, int neg_errno);
const char *sh_strerror(int neg_errno);
void sh_write(int fd, const char *s, size_t n);
void sh_usage(const char *line); /* a builtin's usage line, on stderr as bash's */

/* ---- expansion -------------------------------------------------------- */

typedef struct strv {
  char **v;
  size_t n, cap;
} strv;
void sv_push(strv *v, char *s);  /* takes s */
void sv_free(strv *v);

/* fields of a list of words (split, globbed); false on an error */
bool ex_words(word *w, strv *out);
/* one string: no splitting, no globbing (assignments, redirection targets,
** here-strings, case subjects) */
char *ex_string(word *w);
/* a pattern: quoted characters escaped with \ */
char *ex_pattern(word *w);
/* a here-document's body: $ ` \ only */
char *ex_heredoc(word *w);
/* tilde expansion of a leading ~ in s */
char *ex_tilde(const char *prefix);
/* the value of $name (special parameters too); NULL when unset */
char *ex_param_value(const char *name, bool *is_set);

/* internal to the expansion files */
typedef struct xout xout;
void ex_param(xout *o, wpart *p, bool quoted);
void xo_text(xout *o, const char *s, size_t n, bool quoted, bool split);
void ex_parts(xout *o, wpart *p, bool quoted);
char *ex_cmdsub(const char *text, int line, int *status);
/* procsub.c: <(text) or >(text) (dir '<' '>'): the /dev/fd path */
char *ex_procsub(const char *text, int line, char dir);
/* the file of a substitution that is `< file` alone (expanded), or NULL */
char *cmdsub_input_file(const char *text, int line);
/* the substitutions' descriptors opened since mark are closed */
size_t procsub_mark(void);
void procsub_release(size_t mark);
void procsub_wait_writers(void); /* at exit: the >(list) children end */
int procsub_wait(int pid); /* wait $!: its status, -1 when pid is not one */
void xo_break(xout *o, bool force);
/* a quoted field is there even when nothing is added to it ("${a[@]+}") */
void xo_present(xout *o);
bool xo_fields(xout *o); /* the output is fields (words), not one string */
void ex_sub_into(xout *o, word *w, bool quoted);
char *ex_assign(word *w); /* NAME=value: the whole word, tildes after = and : */
int utf8_len(const char *s);
/* 'v' quoted for reuse as input ($'...' when it has control characters) */
char *sh_quote(const char *v);
/* the code point at s (before se): its length (1 for a byte that starts
** no valid sequence, *cp then being the byte) */
int utf8_dec(const char *s, const char *se, unsigned *cp);
bool sh_utf8(void); /* the locale (LC_ALL, LC_CTYPE, LANG) is UTF-8 */
void sb_utf8(sbuf *b, unsigned long u);

/* arithmetic: false on error (message printed) */
/* the command an arithmetic error names before the expression: "((", "let"
** or "[[" (bash's words), NULL for none */
extern const char *arith_ctx;
bool arith_eval(const char *expr, int64_t *out);

/* patterns */
bool pat_match(const char *pat, const char *s);       /* whole string; extglob as shopt says */
/* ext: extglob groups; nocase: ASCII letters fold (nocaseglob, nocasematch) */
bool pat_match_opt(const char *pat, const char *s, bool ext, bool nocase);
bool pat_has_magic(const char *pat);                 /* unescaped * ? [ (and groups with extglob) */
char *pat_unescape(const char *pat);
/* pathname expansion of pattern (quoted chars escaped): matches sorted,
** appended to out; false when nothing matched */
bool glob_expand(const char *pat, strv *out);

/* ---- execution -------------------------------------------------------- */

int run_node(node *n);
int run_source(source *s, bool toplevel); /* parse and run to the end */
int run_string(const char *text, const char *name, int line);
/* the same for a text whose aliases were expanded (a child shell's) */
/* a session run's text: errors worded as bash -c words its own */
int run_string_as_c(const char *text);
/* set's options that change nothing here (posix, errtrace, ...), as a
** string for a child shell and back (builtins.c); the string is malloc'd */
bool set_errtrace(void); /* set -E: functions and child shells have the ERR trap */
bool set_functrace(void); /* set -T: functions have the DEBUG trap */
/* what a child shell adds to $BASH_SUBSHELL (exec.c): 0 for a pipeline's simple command */
extern int subshell_step;
/* set -x: a line of the trace (PS4 before it), and the levels of eval,
** source and command substitution that mark it (exec.c) */
void trace_text(const char *text);
extern int trace_level;
char *set_kept_options(void);
void set_kept_options_load(const char *v);
int run_string_expanded(const char *text, const char *name, int line);
/* spawn a child shell running text with stdin/stdout mapped by fds; pid */
int spawn_subshell(const char *text, int line, const int (*fds)[2], size_t nfds);
/* spawn a program with the shell's descriptors, plus closes of the private ones */
int spawn_program(const char *path, char **argv, char **envp, const int (*fds)[2], size_t nfds);
int wait_status(int pid);
int status_of(int wstatus);
char *node_text(node *n, source *s); /* the node's text with its here-doc bodies */
source *cur_source(void);
/* find a program in PATH: malloc'd path or NULL; *err -ENOENT/-EACCES */
char *path_lookup(const char *name, int *err);
void sh_exit(int status) __attribute__((noreturn));
/* A fatal expansion error (an unbound variable, ${x:?}): the shell exits
** with status, but at a prompt (sh.at_prompt, not in a subshell) the line
** is given up with status 1 and the shell goes on, as bash does there. */
void sh_fatal(int status);
void run_exit_trap(void);

/* redirections: apply in the shell (saving what they replace) */
typedef struct saved_fds {
  int fd[32], saved[32];
  int n;
} saved_fds;
/* Move a descriptor of the shell's own (a pipeline's pipe) to 10 or above,
** close-on-exec, as bash keeps its own: the script's `<&3` or `>&4` then
** never finds it. Returns the new descriptor (fd itself if it cannot). */
int redir_hide(int fd);
bool redir_apply(redir *r, saved_fds *sv);
void redir_restore(saved_fds *sv);
void redir_forget(saved_fds *sv); /* keep the redirections (exec) */
/* make fd `to` a copy of `from`, saving what it was in sv */
bool redir_move(int from, int to, saved_fds *sv);
/* the shell's private descriptors (saved copies), to close in children */
int redir_private(int (*pairs)[2], int cap);
char *text_span(source *s, size_t start, size_t end);

/* ---- aliases (alias.c) ------------------------------------------------ */

const char *alias_get(const char *name);
void alias_set(const char *name, const char *value);
void alias_each(void (*fn)(const char *name, const char *value, void *u), void *u);
void alias_print(const char *name, const char *value); /* alias NAME='VALUE' */
/* the current token (a word in command position, text name) names an
** alias: the value replaces it in the source and is read again */
bool alias_expand(lexer *lx, const char *name);
int bi_alias(int argc, char **argv);
int bi_unalias(int argc, char **argv);

/* ---- builtins --------------------------------------------------------- */

typedef int (*builtin_fn)(int argc, char **argv);
builtin_fn builtin_find(const char *name, bool *special);
int bi_getopts(int argc, char **argv); /* getopts.c */
/* brace.c: w's brace expansion, a list of words (w itself when it has
** none; new words and parts in ar) */
word *brace_expand(arena *ar, word *w);
/* text (a brace expansion's result) read as one word, into ar */
word *lx_word_text(arena *ar, const char *text, size_t len);
/* The right side of [[ x =~ RE ]]: up to a blank outside parentheses,
** with ( ) | as text, as bash reads it. */
word *lx_regex_word(lexer *lx);
/* a regular expression: quoted characters are literal */
char *ex_regex(word *w);

/* arrays.c: an assignment's shape, NAME[SUB]+=VALUE: the value's offset
** in s (0: not an assignment) */
typedef struct asg {
  size_t name_len, sub_start, sub_len;
  bool has_sub, append;
} asg;
size_t asg_parse(const char *s, size_t n, asg *a);
/* An assignment word that is an array's (name=(...), name[sub]=v): made,
** its status returned; -1 when w is not one. */
int arrays_assign_word(word *w);
/* A declare/local/typeset argument (expanded) that is an array's, or
** NAME with kind 'a' or 'A': made, its status; -1 when not one. */
int arrays_declare_arg(const char *arg, int kind, bool local);
int arrays_compound(const char *name, const char *body, bool append, int kind, bool local);
void arrays_print(const char *name, int flags, array *a); /* declare -p's line */
void arrays_print_set(const char *name, array *a);
void sb_dquote(sbuf *b, const char *v); /* "v" for declare -p ($'v' with control characters) */          /* set's line: NAME=(...) */
int bi_shopt(int argc, char **argv);   /* shopt.c */
/* jobs.c */
void jobs_add(int pid, const char *text);
void jobs_send(sbuf *b, void (*put)(sbuf *, const char *)); /* to a child shell */
void jobs_receive(int id, int pid, const char *text);
int jobs_pid(const char *spec); /* %spec's pid; -1 no such job, -2 not a spec */
bool jobs_stopped(const char *spec); /* the job of %spec is stopped */
/* trap.c: a trap's action is running (trap_action_mark(+1/-1) around
** one); the DEBUG trap before a command */
bool trap_in_action(void);
void trap_action_mark(int d);
void trap_run_debug(void);
/* RETURN: a function without set -T starts without the trap (taken and
** given back by trap_return_end, unless the function set one of its own,
** which stays); one set when the function or a sourced file ends runs,
** with $? what it was before return */
char *trap_return_take(void);
void trap_return_end(char *saved, int status);
void trap_run_return(int status);
/* exec.c: $BASH_COMMAND, the command running or about to (caller frees) */
char *sh_bash_command(void);
int bi_jobs(int argc, char **argv);
int bi_wait(int argc, char **argv);
int bi_fg(int argc, char **argv);
/* job control (jobs.c): a job started between jc_begin and jc_end is a
** process group of its own (the terminal's foreground unless background);
** jc_wait waits for one of its processes (-1: no job control here) */
void jc_init(int tty_fd);
void jc_begin(const char *text, bool background);
void jc_spawned(int pid);
int jc_wait(int pid);
void jc_end(void);
bool jc_interrupted(void);   /* SIGINT came (or a job died of it) */
void jc_clear_interrupt(void);
/* whether the shell itself got SIGINT (in read, wait or a loop of its own)
** since the last call */
bool jc_took_sigint(void);
void jobs_notify(void);      /* an interactive shell's "[1]+  Done ..." */
void jobs_add_quiet(int pid, const char *text);
/* session.c, interactive.c */
int session_main(void);
int interactive_main(void);
void set_cur_source(source *s);
/* lineedit.c: a line typed after prompt (with its newline; NULL at the
** end of input, or after ^C with le_cancelled set), the history */
char *le_readline(const char *prompt);
extern bool le_cancelled;
int bi_history(int argc, char **argv);
/* the prompt for the next line of the interactive shell's input */
const char *interactive_prompt(source *s);
int bi_bg(int argc, char **argv);
int bi_disown(int argc, char **argv);
int bi_trap(int argc, char **argv);    /* trap.c */
int bi_kill(int argc, char **argv);    /* trap.c */
void trap_run_pending(void);           /* run the actions of signals that came */
void trap_run_err(int status);          /* the ERR trap, where set -e would end the shell */
bool trap_any(void);                   /* a trap of this shell is set */
void trap_send(sbuf *b, void (*put)(sbuf *, const char *)); /* to a child shell */
void frames_send(sbuf *b, void (*put)(sbuf *, const char *)); /* likewise */
void dirs_send(sbuf *b, void (*put)(sbuf *, const char *));   /* likewise */
void dirs_receive(const char *dir);
void builtins_send(sbuf *b, void (*put)(sbuf *, const char *)); /* enable -n's, likewise */
void builtin_disable(const char *name);
void frame_receive(const char *func, const char *file, int line, bool is_func);
void trap_receive(int t, const char *action);
void shopt_init(void);
bool shopt_on(const char *name);
/* interactive.c: `. path` when path exists (startup files) */
void sh_source_if_there(const char *path);
bool is_keyword(const char *s);
int bi_test(int argc, char **argv);
int bi_printf(int argc, char **argv);
int bi_read(int argc, char **argv);
int bi_mapfile(int argc, char **argv); /* mapfile.c, also readarray */
/* frames.c: FUNCNAME, BASH_SOURCE, BASH_LINENO */
void frame_push(const char *func, const char *file, int line, bool is_func);
void frame_pop(bool is_func);
int frame_functions(void); /* the function calls on the stack */
int bi_caller(int argc, char **argv);
int bi_pushd(int argc, char **argv);   /* dirs.c */
int bi_popd(int argc, char **argv);
int bi_dirs(int argc, char **argv);
int bi_type(int argc, char **argv);    /* lookup.c */
int bi_hash(int argc, char **argv);
int bi_times(int argc, char **argv);   /* limits.c */
int bi_ulimit(int argc, char **argv);
int bi_echo(int argc, char **argv);
bool cond_eval(cond *c, int *status);
int test_unary(const char *op, const char *arg, bool *ok);
int test_binary(const char *a, const char *op, const char *b, bool *ok);
bool test_is_unary(const char *op);
bool test_is_binary(const char *op);

/* the output of a builtin: buffered, written at flush */
void out_add(const char *s, size_t n);
void out_adds(const char *s);
void out_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool out_flush(void); /* false on a write error */
int out_flush_err(void); /* the same: 0, or the write error's -errno */
/* fd's file is binary as bash judges a script (not one to run as shell text) */
bool sh_binary_file(int fd);

/* state for child shells */
void state_send(int fd, const char *text, int line);
bool state_receive(int fd, char **text, int *line);

#endif
