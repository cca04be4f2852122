/* policy_fuzz.c - libFuzzer harness for the host policy (src/policy/hosts.c).
**
** Input: lines. The first line is a host, the second a port, the next 16
** bytes (if present) an address; every line after that is an
** allowedDomains entry. The entries are parsed; when they parse, the host
** is checked by name and the address by the connect-time check. Both must
** return without crashing, leaking or reading out of bounds, and a refusal
** must come with a message. Build and run: `make fuzz-policy`. */
#include "policy/hosts.h"

#include <netinet/in.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  char *lines[64];
  size_t n = 0;
  for (char *p = text; n < 64;) {
    lines[n++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    p = nl + 1;
  }
  const char *host = n > 0 ? lines[0] : "";
  int port = n > 1 ? atoi(lines[1]) : 80;
  acs__hosts *h = NULL;
  acs_err err = {0};
  size_t first = n > 2 ? 2 : n;
  if (acs__hosts_parse((const char *const *)lines + first, n - first, &h, &err) == 0) {
    char why[1024];
    if (!acs__hosts_check_name(h, host, port, why, sizeof why) && !why[0]) abort();
    struct sockaddr_in6 s6 = {.sin6_family = AF_INET6};
    struct sockaddr_in s4 = {.sin_family = AF_INET};
    size_t k = strlen(host);
    memcpy(&s6.sin6_addr, host, k < 16 ? k : 16);
    memcpy(&s4.sin_addr, host, k < 4 ? k : 4);
    if (!acs__hosts_check_addr(h, host, port, (struct sockaddr *)&s6, why, sizeof why) && !why[0]) abort();
    if (!acs__hosts_check_addr(h, host, port, (struct sockaddr *)&s4, why, sizeof why) && !why[0]) abort();
    acs__hosts_free(h);
  } else if (!err.message) {
    abort();
  }
  free(err.message);
  free(text);
  return 0;
}
