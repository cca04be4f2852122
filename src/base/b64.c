/* b64.c - base64 encoding (RFC 4648, with padding) for the few headers
** the library writes itself: Basic credentials for a proxy or a server. */
#include "base.h"

size_t acs__base64(const void *data, size_t n, char *out, size_t size)
{
  static const char t[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const unsigned char *in = data;
  size_t j = 0;
  for (size_t i = 0; i < n && j + 5 <= size; i += 3) {
    unsigned v = (unsigned)in[i] << 16 | (i + 1 < n ? (unsigned)in[i + 1] << 8 : 0) | (i + 2 < n ? in[i + 2] : 0);
    out[j++] = t[v >> 18 & 63];
    out[j++] = t[v >> 12 & 63];
    out[j++] = i + 1 < n ? t[v >> 6 & 63] : '=';
    out[j++] = i + 2 < n ? t[v & 63] : '=';
  }
  if (size) out[j < size ? j : size - 1] = 0;
  return j;
}
