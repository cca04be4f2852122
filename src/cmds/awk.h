/* awk.h - what the parts of the box's awk share: values (numbers,
** strings and the strnums of input), arrays, the syntax tree, the
** interpreter's state, and the entry points of each part:
**   awk_value.c  strings, cells, conversions, arrays
**   awk_lex.c    the program's text to tokens
**   awk_parse.c  tokens to the tree
**   awk_run.c    the tree walker
**   awk_func.c   the builtin functions, printf's formatting
**   awk_re.c     awk's regular expressions on glibc's regcomp
**   awk_io.c     records, getline, output files and pipes
** Nothing is global: every function takes the interpreter. */
#ifndef ACS_CMDS_AWK_H
#define ACS_CMDS_AWK_H

#include "cmd.h"

#include <regex.h>
#include <setjmp.h>
#include <stdlib.h>

typedef struct awk awk;

/* ---- strings: immutable, counted, NUL after the bytes */
typedef struct astr {
  size_t ref, len;
  char s[];
} astr;

/* n bytes of s (NULL: uninitialised, for the caller to fill), then a NUL */
astr *astr_new(awk *A, const char *s, size_t n);
astr *astr_cstr(awk *A, const char *s);
static inline astr *astr_ref(astr *s)
{
  if (s) s->ref++;
  return s;
}
static inline void astr_unref(astr *s)
{
  if (s && --s->ref == 0) free(s);
}

/* ---- values */
enum {
  C_UNINIT, /* never assigned: "" and 0 */
  C_NUM,
  C_STR,
  C_STRNUM, /* input that looks like a number: compares as one */
  C_MAYBE,  /* input not yet looked at: becomes C_STR or C_STRNUM */
};
typedef struct cell {
  int t;
  double n;
  astr *s;
} cell;

void cell_free(cell *c);
void cell_copy(cell *dst, const cell *src); /* dst is overwritten (not freed) */
void cell_set(cell *dst, const cell *src);  /* dst is freed first */
cell cell_num(double n);
cell cell_str(astr *s);   /* takes the reference */
cell cell_input(astr *s); /* C_MAYBE; takes the reference */
double cell_tonum(awk *A, cell *c);
/* a new reference to the value as a string (CONVFMT, or OFMT for output) */
astr *cell_tostr(awk *A, cell *c);
astr *cell_toostr(awk *A, cell *c);
bool cell_true(awk *A, cell *c);
/* numeric (true) or string (false) comparison, per POSIX's table */
bool cell_isnum(awk *A, cell *c);
/* number to text as awk does: integers as %d, others through fmt */
astr *num_tostr(awk *A, double d, const astr *fmt);
/* strtod as awk reads numbers: *end past what was taken; hex not taken */
double awk_strtod(const char *s, const char **end);
bool looks_numeric(const char *s, size_t n, double *out);

/* ---- characters: bytes, or UTF-8 sequences when A->utf8 */
size_t u8_count(awk *A, const char *s, size_t n);          /* characters in s[0..n) */
size_t u8_skip(awk *A, const char *s, size_t n, size_t k); /* bytes of the first k */
size_t u8_clen(awk *A, const char *s, size_t n);           /* bytes of the first one */

/* ---- arrays: insertion-ordered hash tables of cells by string keys */
typedef struct aent {
  astr *key;
  cell val;
  unsigned hash;
  bool live;
} aent;
typedef struct array {
  size_t ref;
  size_t n, used, cap; /* live entries, slots used, slots */
  aent *e;
  int32_t *idx; /* open addressing, -1 empty, -2 deleted */
  size_t icap;
  int kind; /* gawk's kind, from its first key: 0 none yet, 1 integers first, 2 strings */
} array;

array *array_new(void);
void array_unref(array *a);
void array_clear(array *a);
cell *array_find(array *a, const char *k, size_t n);
cell *array_get(awk *A, array *a, astr *key); /* creates when missing */
void array_del(array *a, const char *k, size_t n);
/* the live keys in order, referenced, in a malloc'd array */
astr **array_keys(array *a, size_t *n);
/* for (k in a)'s order as gawk's: string keys in its hash table's order,
** then the integers from 0 to 2^31-1 ascending */
astr **array_keys_ordered(array *a, size_t *n);

/* ---- variables */
enum { V_UNSET, V_SCALAR, V_ARRAY, V_REF };
typedef struct var {
  int k;
  cell c;
  array *a;
  struct var *ref; /* V_REF: an untyped argument, until it is used */
} var;

/* special variables are the first globals, in this order */
enum {
  G_NF, G_NR, G_FNR, G_FS, G_OFS, G_ORS, G_RS, G_SUBSEP, G_CONVFMT, G_OFMT,
  G_RSTART, G_RLENGTH, G_FILENAME, G_ENVIRON, G_ARGC, G_ARGV, G_RT,
  G_IGNORECASE, G_PROCINFO, G_FPAT, G_FIELDWIDTHS, G_NSPECIAL
};

/* ---- regular expressions */
typedef struct are {
  astr *src; /* awk's text */
  bool icase;
  bool pinned; /* a literal of the program: never evicted */
  regex_t re;
  struct are *next;
} are;
/* the compiled form of awk regex text (cached); fatal on a bad one */
are *re_get(awk *A, const char *s, size_t n);
are *re_literal(awk *A, const char *s, size_t n);
/* the first match in s[0..n) from offset from; notbol when from is not
** the start of the text. Returns false when none. */
bool re_exec(awk *A, are *r, const char *s, size_t n, size_t from, size_t *so, size_t *eo, regmatch_t *sub, size_t nsub);
bool re_test(awk *A, are *r, const char *s, size_t n);
void re_free_all(awk *A);

/* ---- tokens */
enum {
  T_EOF, T_NEWLINE, T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACKET, T_RBRACKET,
  T_SEMI, T_COMMA, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_POW, T_NOT,
  T_GT, T_LT, T_PIPE, T_PIPEAMP, T_QUESTION, T_COLON, T_TILDE, T_NOMATCH, T_DOLLAR,
  T_ASSIGN, T_ADD_ASSIGN, T_SUB_ASSIGN, T_MUL_ASSIGN, T_DIV_ASSIGN, T_MOD_ASSIGN,
  T_POW_ASSIGN, T_EQ, T_NE, T_LE, T_GE, T_APPEND, T_AND, T_OR, T_INCR, T_DECR,
  T_NUMBER, T_STRING, T_ERE, T_NAME, T_FUNC_NAME, T_BUILTIN,
  /* keywords */
  T_BEGIN, T_END, T_BEGINFILE, T_ENDFILE, T_FUNCTION, T_IF, T_ELSE, T_WHILE, T_FOR,
  T_DO, T_BREAK, T_CONTINUE, T_NEXT, T_NEXTFILE, T_EXIT, T_RETURN, T_DELETE,
  T_GETLINE, T_PRINT, T_PRINTF, T_IN,
};
typedef struct token {
  int t;
  int line;
  int sub; /* the builtin's number */
  double num;
  astr *str; /* strings, regex text, names */
  size_t pos; /* offset in the source, for messages */
  bool space_before;
} token;

/* ---- builtins */
enum {
  B_LENGTH, B_SUBSTR, B_INDEX, B_SPLIT, B_SUB, B_GSUB, B_GENSUB, B_MATCH, B_SPRINTF,
  B_TOLOWER, B_TOUPPER, B_INT, B_SQRT, B_EXP, B_LOG, B_SIN, B_COS, B_ATAN2, B_RAND,
  B_SRAND, B_SYSTEM, B_CLOSE, B_FFLUSH, B_STRFTIME, B_SYSTIME, B_MKTIME, B_ASORT,
  B_ASORTI, B_COMPL, B_AND, B_OR, B_XOR, B_LSHIFT, B_RSHIFT, B_STRTONUM, B_ISARRAY,
  B_TYPEOF, B_COUNT
};
extern const char *const awk_builtin_names[B_COUNT];

/* ---- the tree */
enum {
  /* expressions */
  N_NUM, N_STR, N_REGEX, N_VAR, N_LOCAL, N_FIELD, N_INDEX, N_ASSIGN, N_COND, N_OR,
  N_AND, N_IN, N_MATCH, N_NOMATCH, N_LT, N_LE, N_GT, N_GE, N_EQ, N_NE, N_CAT,
  N_ADD, N_SUB, N_MUL, N_DIV, N_MOD, N_POW, N_NEG, N_PLUS, N_NOT, N_PREINC,
  N_PREDEC, N_POSTINC, N_POSTDEC, N_CALL, N_BUILTIN, N_GETLINE, N_GROUP,
  /* statements */
  S_PRINT, S_PRINTF, S_EXPR, S_IF, S_WHILE, S_DO, S_FOR, S_FORIN, S_BLOCK, S_NEXT,
  S_NEXTFILE, S_EXIT, S_RETURN, S_BREAK, S_CONTINUE, S_DELETE,
};
/* getline's sources and print's destinations */
enum { R_NONE, R_FILE, R_APPEND, R_PIPE, R_CMD, R_COPROC };

typedef struct node {
  int op;
  int line;
  int sub;      /* N_ASSIGN: the operator (N_ADD...) or 0; builtins; redirections */
  int idx;      /* variable slot, function number */
  int nargs;
  double num;
  astr *str;
  are *re;
  struct node *a, *b, *c, *d;
  struct node *next; /* lists */
} node;

typedef struct func {
  astr *name;
  int nparams;
  astr **params;
  node *body;
  bool defined;
  int line;
} func;

typedef struct rule {
  int kind; /* T_BEGIN, T_END, T_BEGINFILE, T_ENDFILE, or 0 */
  node *pat, *pat2; /* pat2: a range */
  node *action;     /* NULL: print $0 */
  bool in_range;
  struct rule *next;
} rule;

/* ---- input and output */
typedef struct reader {
  int fd;
  bool eof;
  int err;
  char *buf;
  size_t start, end, cap;
} reader;

typedef struct stream {
  astr *name;
  int kind; /* R_FILE, R_APPEND, R_PIPE (print |), R_CMD (cmd | getline), 0 input file */
  int fd;
  int pid;
  reader *in;
  char *obuf;
  size_t olen;
  bool is_stdout, is_stderr;
  struct stream *next;
} stream;

/* ---- the interpreter */
struct awk {
  acs_cmd *c;
  const char *name; /* "awk" in messages */
  jmp_buf *fatal_jb;
  jmp_buf *rule_jb;
  int jump; /* why rule_jb was taken: S_NEXT, S_NEXTFILE, S_EXIT */
  /* the program */
  const char *src;
  size_t srclen;
  const char *srcname; /* "cmd. line" or the -f file */
  token *toks;
  size_t ntok, tpos;
  rule *rules, *last_rule;
  bool has_main, has_end, has_beginfile, has_endfile;
  func *funcs;
  int nfuncs, capfuncs;
  astr **gnames;
  var *g;
  int ng, capg;
  int cur_fi; /* the function whose body is being parsed, or -1 */
  int paren_depth, in_print, in_loop;
  node *arena;
  /* the frames of user functions: each call's locals, malloc'd, so a
  ** reference to a caller's variable stays put */
  var *locals;
  int depth;
  cell retval;
  cell uninit;
  /* the record */
  cell rec;
  bool rec_ok, fields_ok;
  cell *fld; /* fld[1..nf] */
  int nf, fcap;
  /* the special variables' current text */
  astr *split_fs; /* FS when $0 was set: a new FS is for the next record */
  int split_mode;  /* 0 FS, 1 FPAT, 2 FIELDWIDTHS: the one assigned last */
  astr *fpat, *fieldwidths;
  astr *fs, *ofs, *ors, *rs, *subsep, *convfmt, *ofmt;
  bool icase;
  double nr, fnr;
  /* input */
  reader *main_in;
  int argi;
  bool main_done, in_end, in_begin;
  stream *streams;
  /* runtime */
  int exit_code;
  bool exiting;
  are *recache;
  int nre;
  char randstate[256];
  struct random_data rd;
  double seed, prevseed;
  bool rand_init;
  int lint_line;
  bool parsing; /* errors now are gawk's "error:", status 1 */
  bool utf8;    /* a UTF-8 locale: lengths and positions count characters */
  bool mb_warned;
  int fatal_status;
};

/* ---- messages */
/* "awk: cmd. line:LINE: MSG" for the program's errors, exit 2 */
_Noreturn void awk_fatal(awk *A, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void awk_warn(awk *A, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the program's syntax errors, gawk's shape with the source line and a caret */
_Noreturn void awk_syntax(awk *A, const token *t, const char *what);

/* ---- parts */
int awk_lex(awk *A); /* fills A->toks; 0, or prints and returns 2 */
void awk_parse(awk *A); /* fatal on errors */
/* For tests/fuzz/awk_fuzz.c: the program text lexed and parsed as awk
** compiles it, nothing run; 0, or the status of its error (printed).
** What it made stays allocated, as awk leaves its program to the
** process's end. */
int acs__awk_compile(acs_cmd *c, const char *text, size_t len);
node *awk_node(awk *A, int op, int line);
int awk_global(awk *A, const char *name, size_t n); /* its slot, created */

/* run.c */
void run_rules(awk *A, int kind);
void run_main(awk *A);
void run_action(awk *A, node *n);
cell eval(awk *A, node *n);
astr *eval_str(awk *A, node *n);
double eval_num(awk *A, node *n);
var *var_of(awk *A, node *n); /* N_VAR/N_LOCAL, following references */
array *array_of(awk *A, node *n);
void var_assign(awk *A, int slot, cell *v); /* a global: hooks for the special ones */
void set_special(awk *A, int slot);
astr *subscript(awk *A, node *list);
cell *lvalue(awk *A, node *n);
void lvalue_done(awk *A, node *n);

/* fields and records */
void rec_set(awk *A, astr *s);   /* $0 = s, as input */
void fields_split(awk *A);
void rec_rebuild(awk *A);
cell *field_ref(awk *A, double i); /* creates fields past NF */
void field_get(awk *A, double i, cell *out);
void nf_set(awk *A, int nf);
size_t split_into(awk *A, const char *s, size_t n, cell *fs_val, bool fs_is_re, are *fsre, array *a, array *seps);

/* func.c */
cell call_builtin(awk *A, node *n);
astr *awk_format(awk *A, node *fmt_and_args, const char *fname);
void rand_setup(awk *A);

/* io.c */
reader *reader_new(int fd);
void reader_free(reader *r);
/* the next record (RS's rules); *rt set to its terminator. false at the end */
bool read_record(awk *A, reader *r, astr **rec, astr **rt);
bool next_main_record(awk *A); /* sets $0, NR, FNR, FILENAME; false at the end */
void out_write(awk *A, int kind, astr *dest, const char *s, size_t n);
int awk_getline(awk *A, node *n);
double awk_close(awk *A, astr *name);
int awk_fflush(awk *A, astr *name, bool all);
void awk_close_all(awk *A);
int awk_system(awk *A, const char *cmd);
void awk_flush_all(awk *A);

#endif
