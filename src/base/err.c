/* err.c - error codes, their texts, and the acs_err message holder. */
#include "base.h"

#include <stdio.h>
#include <stdlib.h>

const char *acs_strerror(int code)
{
  switch (code) {
#define ACS__ERRNO_TEXT(name, value, text) case (value): return text;
    ACS_ERRNO_MAP(ACS__ERRNO_TEXT)
#undef ACS__ERRNO_TEXT
  case 0: return "success";
  default: return "unknown error";
  }
}

void acs_err_clear(acs_err *err)
{
  if (!err) return;
  free(err->message);
  err->message = NULL;
  err->code = 0;
  err->type = NULL;
}

int acs__fail(acs_err *err, int code, const char *type, const char *fmt, ...)
{
  if (!err) return code;
  free(err->message);
  err->code = code;
  err->type = type;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&err->message, fmt, ap) < 0) err->message = NULL;
  va_end(ap);
  return code;
}
