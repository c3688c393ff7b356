/* SPDX-License-Identifier: Apache-2.0 */
/* Language linkage of the deltarf C models' API (the library, docs/api.md): every
 * installed header declares its calls between DRF_BEGIN_DECLS and DRF_END_DECLS, so they link
 * from C and from C++, and states its compile-time checks with DRF_STATIC_ASSERT. */
#ifndef DELTARF_DRF_API_H
#define DELTARF_DRF_API_H

#ifdef __cplusplus
#define DRF_BEGIN_DECLS extern "C" {
#define DRF_END_DECLS }
#define DRF_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define DRF_BEGIN_DECLS
#define DRF_END_DECLS
#define DRF_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif

#endif
