/* hosts.h - which hosts and addresses a guest may connect to.
**
** The list comes from allowedDomains. A request is checked twice: by name
** before anything is sent (acs__hosts_check_name), then on every address the
** client is about to dial (acs__hosts_check_addr), so that DNS cannot turn an
** allowed name into a loopback, private or metadata address. */
#ifndef ACS_POLICY_HOSTS_H
#define ACS_POLICY_HOSTS_H

#include "acs.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

typedef struct acs__hosts acs__hosts;

/* Parse allowedDomains entries: "name", "name:port", "*.name[:port]",
** IPv4 "1.2.3.4[:port]", IPv6 "::1", "[::1]", "[::1]:8080", and address
** ranges "10.0.0.0/8", "fd00::/8". Names are lower-cased, lose a trailing
** dot and are converted to IDNA A-labels (libidn2, opened on first need).
** Returns 0 and *out (free with acs__hosts_free; an empty list when n == 0),
** or ACS_ECONFIG naming the first bad entry, or ACS_ENOMEM. */
int acs__hosts_parse(const char *const *entries, size_t n, acs__hosts **out,
                     acs_err *err);
void acs__hosts_free(acs__hosts *h);

/* Number of entries; 0 means no network at all. */
size_t acs__hosts_count(const acs__hosts *h);

/* Whether a URL's host may be asked for. `host` is the host as the WHATWG
** URL parser serializes it (lower-case A-label name, dotted IPv4, or
** "[v6]"); `port` the effective port (-1: any, for a name looked up
** without one). Returns true, or false with a message
** for the guest in why (always NUL-terminated). */
bool acs__hosts_check_name(const acs__hosts *h, const char *host, int port,
                           char *why, size_t why_len);

/* Whether the address about to be dialled for (host, port) may be. An
** address in a special range (loopback, private, link-local, metadata,
** CGNAT, multicast, unspecified, reserved; IPv4-mapped, NAT64 and 6to4
** spellings included) passes only when an address entry covers it. */
bool acs__hosts_check_addr(const acs__hosts *h, const char *host, int port,
                           const struct sockaddr *sa, char *why, size_t why_len);

/* Whether NO_PROXY's list ("*", or names matched exactly or as a domain
** suffix, comma or blank separated, a leading '.' allowed) names host. */
bool acs__no_proxy_for(const char *list, const char *host);

/* The kind of special range an address is in ("loopback", "private", ...),
** or NULL for an ordinary public address. */
const char *acs__addr_special(const struct sockaddr *sa);

#endif
