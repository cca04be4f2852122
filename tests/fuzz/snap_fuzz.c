/* snap_fuzz.c - libFuzzer harness for restoring a snapshot
** (src/kernel/snap_read.c, snap_tar.c over memfs). Input: a snapshot (a pax
** tar with the box's manifest and end record; built with ACS__SNAP_FUZZ, so
** the end record's CRC-32 and count are not compared and mutations reach
** the entries). Each input is built into a fresh memfs with small limits,
** which is then freed: the build must return 0 or an error with a reason,
** and never read past the input or leak. Build and run: `make fuzz-snap`. */
#include "kernel/snap_tar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  acs_memfs_options mo = {.version = ACS_MEMFS_OPTIONS_VERSION, .max_bytes = 4u << 20,
                          .max_inodes = 2000, .protected_hardlinks = true,
                          .protected_symlinks = true};
  acs_memfs *fs = NULL;
  if (acs_memfs_new(&mo, &fs)) abort();
  /* a copy of exactly size bytes, so ASan sees a read past the input */
  unsigned char *copy = malloc(size ? size : 1);
  if (!copy) abort();
  memcpy(copy, data, size);
  char why[512] = "";
  int rc = acs__snapshot_build(fs, copy, size, mo.max_inodes, why, sizeof why);
  if (rc && !why[0]) abort();
  free(copy);
  acs_memfs_free(fs);
  return 0;
}
