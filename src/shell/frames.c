/* frames.c - the call stack bash shows in FUNCNAME, BASH_SOURCE and
** BASH_LINENO: a frame for each function call and each sourced file,
** and at the bottom one for a script file ("main"). Element 0 is the
** innermost frame. FUNCNAME is empty until a function runs; code from
** -c counts as the file "environment", as bash names it.
**
** The arrays are remade at each call and return; past a depth of 256
** they are left as they are (a deep recursion does not pay for them). */
#include "sh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct frame {
  char *func, *file;
  int line; /* where it was called from */
} frame;

static frame *frames;
static size_t nframes, capframes;
static int funcs; /* function frames among them */

enum { SYNC_MAX = 256 };

static void sync_arrays(void)
{
  if (nframes > SYNC_MAX) return;
  var_unset("FUNCNAME");
  var_unset("BASH_SOURCE");
  var_unset("BASH_LINENO");
  array *fn = funcs ? var_make_array("FUNCNAME", false) : NULL;
  array *src = var_make_array("BASH_SOURCE", false);
  array *ln = var_make_array("BASH_LINENO", false);
  for (size_t i = 0; i < nframes; i++) {
    const frame *f = &frames[nframes - 1 - i];
    char num[16];
    snprintf(num, sizeof num, "%d", f->line);
    if (fn) arr_seti(fn, (long)i, f->func);
    if (src) arr_seti(src, (long)i, f->file);
    if (ln) arr_seti(ln, (long)i, num);
  }
}

void frame_push(const char *func, const char *file, int line, bool is_func)
{
  if (nframes == capframes) {
    capframes = capframes * 2 + 16;
    frames = xrealloc(frames, capframes * sizeof *frames);
  }
  if (!file || !strcmp(file, "-c")) file = "environment";
  frames[nframes++] = (frame){xstrdup(func), xstrdup(file), line};
  if (is_func) funcs++;
  sync_arrays();
}

int frame_functions(void) { return funcs; }

void frame_pop(bool is_func)
{
  if (!nframes) return;
  nframes--;
  free(frames[nframes].func);
  free(frames[nframes].file);
  if (is_func) funcs--;
  sync_arrays();
}

/* To a child shell (a pipeline's element, $( )): the frames as records
** "R" func file line is-function, outermost first, so that caller works
** there as in bash's forked one. */
void frames_send(sbuf *b, void (*put)(sbuf *, const char *))
{
  for (size_t i = 0; i < nframes; i++) {
    char num[16];
    put(b, "R");
    put(b, frames[i].func);
    put(b, frames[i].file);
    snprintf(num, sizeof num, "%d", frames[i].line);
    put(b, num);
    /* the innermost `funcs` count as functions: what the arrays need */
    put(b, nframes - i <= (size_t)funcs ? "1" : "0");
  }
}

void frame_receive(const char *func, const char *file, int line, bool is_func)
{
  frame_push(func, file, line, is_func);
}

/* caller [N]: where frame N was called from, "LINE FUNC FILE" (without
** N: "LINE FILE"); status 1 when no frame calls it */
int bi_caller(int argc, char **argv)
{
  long n = 0;
  bool with_n = argc > 1;
  if (with_n) {
    char *end;
    n = strtol(argv[1], &end, 10);
    if (*end || n < 0) {
      sh_error("caller: %s: invalid number", argv[1]);
      return 2;
    }
  }
  /* frame 0 is the running function; its caller line is in it */
  if ((size_t)n + 1 >= nframes || !funcs) return 1;
  const frame *f = &frames[nframes - 1 - (size_t)n];
  const frame *up = &frames[nframes - 2 - (size_t)n];
  if (with_n) out_printf("%d %s %s\n", f->line, up->func, up->file);
  else out_printf("%d %s\n", f->line, up->file);
  return 0;
}
