/* lib_cquote.c - gnulib's quote() in the C locale. */
#include "lib_cquote.h"

#include <stdio.h>

const char *cmd_quote_c(const char *s, char *buf, size_t size)
{
  static const char esc[] = "abtnvfr";
  size_t k = 0;
  if (size < 8) {
    if (size) buf[0] = 0;
    return buf;
  }
  buf[k++] = '\'';
  for (; *s && k + 6 < size; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '\\' || ch == '\'') k += (size_t)snprintf(buf + k, size - k, "\\%c", ch);
    else if (ch >= 7 && ch <= 13) k += (size_t)snprintf(buf + k, size - k, "\\%c", esc[ch - 7]);
    else if (ch < 32 || ch >= 127) k += (size_t)snprintf(buf + k, size - k, "\\%03o", ch);
    else buf[k++] = (char)ch;
  }
  buf[k++] = '\'';
  buf[k] = 0;
  return buf;
}
