#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A large synthetic Accel-Sim kernel trace (.traceg, tracer version 4, no line numbers) for
measuring the reader's speed (docs/accel-trace.md, Speed): thread blocks of 32 warps, each warp
a loop of ALU, load and store instructions with every address-compression mode, addresses
varying with the block, warp and iteration (so xz compresses it like a real trace, not 1000:1).
usage: gen_accel_trace.py MEGABYTES > kernel-1.traceg"""
import sys

WARPS = 32
ITERS = 24  # loop iterations of a warp

HEADER = """-kernel name = _Z6stencilPfS_i
-kernel id = 1
-grid dim = (%d,1,1)
-block dim = (1024,1,1)
-shmem = 0
-nregs = 40
-binary version = 70
-cuda stream id = 0
-shmem base_addr = 0x00007f0010000000
-local mem base_addr = 0x00007f0012000000
-nvbit version = 1.5.5
-accelsim tracer version = 4
-enable lineinfo = 0

#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width \
[adrrescompress?] [mem_addresses]

"""


def warp_lines(block, warp):
    """The instruction lines of one warp."""
    base = 0x7F0000000000 + (block * WARPS + warp) * 0x1000
    out = ["0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 ",
           "0010 ffffffff 1 R0 S2R 0 0 ",
           "0020 ffffffff 1 R2 IMAD 3 R0 R1 R255 0 "]
    deltas = " ".join("4" if lane % 8 else "132" for lane in range(1, 32))
    for i in range(ITERS):
        a = base + i * 0x80
        out += [
            "0030 ffffffff 1 R4 LDG.E 1 R2 4 1 0x%x 4 " % a,
            "0040 ffffffff 1 R6 LDG.E 1 R2 4 2 0x%x %s " % (a + 0x4000, deltas),
            "0050 ffffffff 1 R8 FFMA 3 R4 R6 R8 0 ",
            "0060 ffffffff 1 R10 FADD 2 R8 R4 0 ",
            "0070 ffffffff 1 R2 IADD3 3 R2 R255 R255 0 ",
            "0080 0000ffff 0 STG.E 2 R2 R10 4 0 %s " % " ".join(
                "0x%016x" % (a + 0x8000 + 4 * lane) for lane in range(16)),
            "0090 ffffffff 0 ISETP.GE.AND 2 R2 R0 0 ",
            "00a0 ffffffff 0 BRA 0 0 ",
        ]
    out.append("00b0 ffffffff 0 EXIT 0 0 ")
    return out


def block_text(block):
    parts = ["\n#BEGIN_TB\n\nthread block = %d,0,0\n" % block]
    for warp in range(WARPS):
        lines = warp_lines(block, warp)
        parts.append("\nwarp = %d\ninsts = %d\n%s\n" % (warp, len(lines), "\n".join(lines)))
    parts.append("\n#END_TB\n")
    return "".join(parts)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    target = float(sys.argv[1]) * 1e6
    per_block = len(block_text(0))
    blocks = max(1, int(target // per_block))
    out = sys.stdout
    out.write(HEADER % blocks)
    for b in range(blocks):
        out.write(block_text(b))


if __name__ == "__main__":
    main()
