// SPDX-License-Identifier: Apache-2.0
// A merge level of the PSU's encoder trees (dc-patch paper Section IV-D) on a whole vector: at
// each node's position (its lowest input's), an index bit of its low child where that child has
// a set input (lo_valid), else of its high child, s positions up. rtl/psu_lowest.vh, _first2.vh.
`ifndef PSU_TREE_VH
`define PSU_TREE_VH
`define PSU_PICK(lo_valid, p, s) (((lo_valid) & (p)) | (~(lo_valid) & ((p) >> (s))))
// the second lowest: the low child's second, else the high child's first (the low child has
// one), else the high child's second
`define PSU_PICK2(lo1, lo2, p1, p2, s) \
    (((lo2) & (p2)) | (~(lo2) & (((lo1) & ((p1) >> (s))) | (~(lo1) & ((p2) >> (s))))))
`endif
