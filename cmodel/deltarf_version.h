/* SPDX-License-Identifier: Apache-2.0 */
/* Version of the deltarf C models library (semantic versioning, CHANGELOG.md): the one source
 * of the version for the headers, the library, deltarf.pc (mk/install.mk reads the three
 * numbers below) and `deltarf --version`. */
#ifndef DELTARF_VERSION_H
#define DELTARF_VERSION_H

#include "drf_api.h"

#define DELTARF_VERSION_MAJOR 0
#define DELTARF_VERSION_MINOR 5
#define DELTARF_VERSION_PATCH 0

#define DELTARF_STRINGIFY_(x) #x
#define DELTARF_STRINGIFY(x) DELTARF_STRINGIFY_(x)
/* "MAJOR.MINOR.PATCH" of the headers in use */
#define DELTARF_VERSION                                                                      \
    DELTARF_STRINGIFY(DELTARF_VERSION_MAJOR)                                                 \
    "." DELTARF_STRINGIFY(DELTARF_VERSION_MINOR) "." DELTARF_STRINGIFY(DELTARF_VERSION_PATCH)
/* One number for #if tests: 10000 * MAJOR + 100 * MINOR + PATCH (0.5.0 is 500). */
#define DELTARF_VERSION_NUMBER                                                               \
    (DELTARF_VERSION_MAJOR * 10000 + DELTARF_VERSION_MINOR * 100 + DELTARF_VERSION_PATCH)

DRF_BEGIN_DECLS

/* The version the library was built as; a client checks it against DELTARF_VERSION when the
 * shared library may be older or newer than the headers it was compiled with. */
const char *deltarf_version(void);

DRF_END_DECLS

#endif
