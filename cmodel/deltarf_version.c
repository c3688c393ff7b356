/* SPDX-License-Identifier: Apache-2.0 */
/* Version of the deltarf C models library (semantic versioning, CHANGELOG.md), as the library
 * was built: the runtime side of deltarf_version.h. */
#include "deltarf_version.h"

const char *deltarf_version(void)
{
    return DELTARF_VERSION;
}
