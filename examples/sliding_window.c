/* SPDX-License-Identifier: Apache-2.0 */
/* Out-of-tree client of the deltarf library (docs/api.md): compresses the aging paper's 2D
 * sliding-window register of Section 5.1.1 (2-4-6-8-10-12-14-16-10-12-14-16-18-20...) with the
 * RC model and decompresses it back (Section 5.1.2). Valid C11 and C++17 (examples/Makefile). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <deltarf/deltarf_version.h>
#include <deltarf/rc_compress.h>
#include <deltarf/rc_decompress.h>

/* One slide of the window a row: C_i = 2 + 8 * (i / 8) + 2 * (i % 8). */
static const uint32_t sliding_window[DRF_COMPONENTS] = {
    2,  4,  6,  8,  10, 12, 14, 16,
    10, 12, 14, 16, 18, 20, 22, 24,
    18, 20, 22, 24, 26, 28, 30, 32,
    26, 28, 30, 32, 34, 36, 38, 40,
    34, 36, 38, 40, 42, 44, 46, 48,
    42, 44, 46, 48, 50, 52, 54, 56,
    50, 52, 54, 56, 58, 60, 62, 64,
    58, 60, 62, 64, 66, 68, 70, 72,
};

static int fail(const char *why)
{
    fprintf(stderr, "sliding_window: %s\n", why);
    return 1;
}

int main(void)
{
    if (strcmp(deltarf_version(), DELTARF_VERSION) != 0)
        return fail("the library's version differs from its headers'");
    printf("deltarf %s\n", deltarf_version());

    rc_entry e;
    if (!rc_compress_register(sliding_window, &e))
        return fail("the paper's register is not compressible");
    printf("compressed: C0=%" PRIu32 " log2(De)=%u log2(Db)=%u\n", e.c0, (unsigned)e.log2de,
           (unsigned)e.log2db);

    uint32_t back[DRF_COMPONENTS];
    rc_decompress_register(&e, back);
    printf("decompressed:");
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        printf(" %08" PRIx32, back[i]);
    printf("\n");
    if (memcmp(back, sliding_window, sizeof back) != 0)
        return fail("decompression does not give the register back");
    printf("round trip: %d components equal\n", DRF_COMPONENTS);
    return 0;
}
