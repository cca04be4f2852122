/* tarball.h - unpacking an npm package tarball through our own checks, and
** checking its integrity against the registry's dist fields. */
#ifndef ACS_PKG_TARBALL_H
#define ACS_PKG_TARBALL_H

#include "acs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct acs__tar_limits {
  uint64_t max_bytes;     /* all file contents together; 0: 512 MiB */
  uint64_t max_file;      /* one file; 0: 256 MiB */
  uint32_t max_entries;   /* files, directories and links; 0: 100 000 */
} acs__tar_limits;

/* Unpack a gzip'd tar (an npm tarball) into dest, an existing empty
** directory. The first path component ("package/") is dropped, as npm
** does. Refused, with the entry named: absolute paths, "..", NUL or
** backslashes in names, devices, FIFOs, sockets, symbolic and hard links
** whose target leaves the package, writes through a link made by an earlier
** entry, and archives past the limits. Files get 0644 (0755 when any
** execute bit was set), directories 0755. On failure dest may hold part of
** the package: the caller removes it. Returns 0, ACS_EENV (with err: a
** SandboxError, e.g. "package lodash@4.17.21: tarball entry '../x' leaves
** the package") or ACS_ENOMEM. `what` names the package in messages.
** libarchive is opened on first use. */
int acs__tar_extract(const void *tgz, size_t len, const char *dest, const char *what,
                     const acs__tar_limits *lim, acs_err *err);

/* Check data against an SRI string (`dist.integrity`: "sha512-BASE64",
** several space-separated allowed; the strongest known one is used) or,
** when integrity is NULL or empty, a hex sha1 (`dist.shasum`). Returns 0, or
** ACS_EENV with a message naming `what` and both digests; a package with
** neither field is refused. libcrypto is opened on first use. */
int acs__integrity_check(const void *data, size_t len, const char *integrity,
                         const char *shasum, const char *what, acs_err *err);

/* SHA-256 of data into out (the box's pip checks wheels with it). false
** when libcrypto cannot be loaded. */
bool acs__sha256(const void *data, size_t len, unsigned char out[32]);

#endif
