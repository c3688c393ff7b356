#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Unit tests of tools/gen/formal_ports.py: a block's ANSI header read with its parameters and
port widths as the RTL writes them, the wrapper's three views, and headers it cannot read."""
import unittest

from tools.gen import formal_ports as F

RTL = """`include "drf_params.vh"
// a block
module blk #(
    parameter integer WIDTH = 8, // its width
    parameter integer LEVELS = $clog2(WIDTH)
) (
    input  wire                     clk,
    input  wire [WIDTH-1:0]         in,   /* the requests */
    output reg  [LEVELS-1:0]        index,
    output wire [`DRF_REG_BITS-1:0] reg_id
);
endmodule
module other (input wire x);
endmodule
"""


class Header(unittest.TestCase):
    def test_params_and_ports(self):
        params, ports = F.header(RTL, "blk")
        self.assertEqual(params, [("WIDTH", "8"), ("LEVELS", "$clog2(WIDTH)")])
        self.assertEqual(ports, [("input", "", "clk"), ("input", "[WIDTH-1:0]", "in"),
                                 ("output", "[LEVELS-1:0]", "index"),
                                 ("output", "[`DRF_REG_BITS-1:0]", "reg_id")])
        self.assertEqual(F.header(RTL, "other"), ([], [("input", "", "x")]))

    def test_views(self):
        params, ports = F.header(RTL, "blk")
        self.assertTrue(F.params_vh("blk", params).endswith(
            "    parameter integer WIDTH = 8,\n    parameter integer LEVELS = $clog2(WIDTH)\n"))
        self.assertTrue(F.ports_vh("blk", ports).endswith(
            "    input wire clk,\n    input wire [WIDTH-1:0] in\n"))
        self.assertTrue(F.dut_vh("blk", params, ports).endswith(
            "    wire [LEVELS-1:0] index;\n    wire [`DRF_REG_BITS-1:0] reg_id;\n"
            "    blk #(.WIDTH(WIDTH), .LEVELS(LEVELS)) dut (.clk(clk), .in(in), .index(index), "
            ".reg_id(reg_id));\n"))

    def test_refused(self):
        for text, words in (("module m (input wire a, b);\nendmodule\n", "port 'b'"),
                            ("module m #(W = 2) (input wire a);\nendmodule\n", "parameter 'W = 2'"),
                            ("module m (input wire a;\n", "unbalanced"),
                            ("module n (input wire a);\nendmodule\n", "no module m")):
            with self.assertRaises(F.HeaderError) as e:
                F.header(text, "m")
            self.assertIn(words, str(e.exception))


if __name__ == "__main__":
    unittest.main()
