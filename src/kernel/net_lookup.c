/* net_lookup.c - the names a box's program looks up (dns.lookup) that the
** box answers itself: those in its own /etc/hosts, read as glibc's files
** service reads it (a box's user may edit it), in the order getaddrinfo's
** RFC 6724 sort gives loopback names: IPv6 before IPv4 (Node 22 with the
** box's hosts file says ::1 for localhost). Names outside it are net.c's,
** through the box's network and its policy. */
#include "kernel.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const acs_memfs_cred root_cred = {.umask = 0};

static bool has(const acs__naddr *v, int n, const char *a)
{
  for (int i = 0; i < n; i++)
    if (!strcmp(v[i].address, a)) return true;
  return false;
}

int acs__net_hosts_lookup(acs__kernel *k, const char *name, int family, acs__naddr *out, int max)
{
  acs_memfs_file *f = NULL;
  if (!*name || acs_memfs_open(k->fs, &root_cred, NULL, "/etc/hosts", O_RDONLY, 0, &f)) return 0;
  static char text[65536];
  ssize_t len = acs_memfs_read(k->fs, f, text, sizeof text - 1);
  acs_memfs_close(k->fs, f);
  if (len <= 0) return 0;
  text[len] = 0;
  acs__naddr found[ACS__NET_MAX_ADDRS];
  int n = 0;
  for (char *line = text, *next; line && *line && n < ACS__NET_MAX_ADDRS; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *save = NULL, *addr = strtok_r(line, " \t\r", &save);
    if (!addr) continue;
    unsigned char bin[16];
    int fam = inet_pton(AF_INET, addr, bin) == 1 ? 4 : inet_pton(AF_INET6, addr, bin) == 1 ? 6 : 0;
    if (!fam || (family && family != fam) || strlen(addr) >= sizeof found[0].address) continue;
    for (char *nm; (nm = strtok_r(NULL, " \t\r", &save));) {
      if (strcasecmp(nm, name) || has(found, n, addr)) continue;
      snprintf(found[n].address, sizeof found[n].address, "%s", addr);
      found[n].family = fam;
      n++;
      break;
    }
  }
  int got = 0;
  for (int want = 6; want >= 4; want -= 2)
    for (int i = 0; i < n && got < max; i++)
      if (found[i].family == want) out[got++] = found[i];
  return got;
}
