/* SPDX-License-Identifier: Apache-2.0 */
/* RC decompression unit model (aging paper Section 5.1.2, Fig. 10): shifts of the block
 * and element ids by the log2 codes, zero forwarding for "111", two adder levels. */
#include "rc_decompress.h"

void rc_decompress_step(const rc_decompress_in *in, rc_decompress_out *out)
{
    const rc_entry e = {.v = true, .c0 = in->c0, .log2de = in->log2de & 7u,
                        .log2db = in->log2db & 7u};
    const unsigned first = (in->sw & 3u) * DRF_SW_LANES;
    for (unsigned j = 0; j < DRF_SW_LANES; j++)
        out->comp[j] = rc_component(&e, first + j);
}

void rc_decompress_register(const rc_entry *e, uint32_t comp[DRF_COMPONENTS])
{
    for (unsigned i = 0; i < DRF_COMPONENTS; i++)
        comp[i] = rc_component(e, i);
}
