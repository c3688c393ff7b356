// SPDX-License-Identifier: Apache-2.0
// Formal properties of the DC-Patch slice wrapper (dc-patch paper Sections II-A and IV;
// docs/dcpatch-slice-decisions.md 2-16): a read returns the last value written to the component
// (uncompressed, compressed, spilled to the LDS, after a misprediction's DRB replay, merged by
// the special MOV), nothing is written to a faulty block, and err_lds_full, err_rel, psu_err are
// never raised. Bounded from reset (LAYER 0), and for lanes 0 and 8 unbounded in four
// 1-induction layers (LAYER 1-4, the invariants at the end; docs/formal.md, Bounded groups).
// The RC compression unit inside the Com unit is cut (formal/run.sh): its outputs are free but
// for its contract, proven by rc_compress's tasks; in the layers the decompression units are
// cut too.
// Groups: the //@ stanzas below (tools/run/formal_groups.py, docs/formal.md).
//@ prove read-lane0
//@   checks  8 registers, 8 LDS slots, 16-bit components, lane 0 of an anyconst block, any fault
//@           map: read = last value written (entry, compressed, LDS, DRB replay, special MOV); no
//@           write to a faulty block; err_lds_full, err_rel, psu_err never; read beats
//@   params  LANE=0
//@   engine  abc-bmc
//@   depth   15
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds
//@   prep    abc
//@   cut     rc_compress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile quick depth 11
//@ prove read-lane8
//@   like    read-lane0
//@   checks  8 registers, 8 LDS slots, 16-bit components, lane 8 of an anyconst block, any fault
//@           map: read = last value written (entry, compressed, LDS, DRB replay, special MOV); no
//@           write to a faulty block; err_lds_full, err_rel, psu_err never; read beats
//@   params  LANE=8
//@   profile full
//@   timeout 900
//@ prove read-lane0-l1
//@   checks  layer 1 of 4: the Com stage, the write port, the Com unit and its replay follow the
//@           wrapper's phases; the walk and a fresh slice; the PSU's stage; read beats
//@   params  LANE=0, LAYER=1
//@   engine  sat-ind-each
//@   depth   1
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds, peek_ptv=dut.u_pt.v,
//@           pk_pay[*].w=dut.u_pt.payload[*]#8, pk_mem[*].l=dut.mem[*][15:0]#32,
//@           pk_mem[*].p=dut.mem[*][21:0]#32, pk_lds[*].l=dut.lds[*][15:0]#32,
//@           pk_drb[*].l=dut.u_com.drb[*][15:0]#4, peek_cw_valid=dut.u_com.u_wr.valid,
//@           peek_cw_blk=dut.u_com.u_wr.blk, peek_rp_valid=dut.u_com.u_replay.valid,
//@           peek_rp_blk=dut.u_com.u_replay.blk, peek_spec=dut.u_com.spec,
//@           peek_wb_valid=dut.u_wb.valid, peek_wb_blk=dut.u_wb.blk, peek_x_ok=dut.x_ok,
//@           peek_x_div=dut.x_div, peek_x_compr=dut.x_compr, peek_x_misp=dut.x_misp,
//@           peek_x_replay=dut.x_replay, peek_x_reg=dut.x_reg, peek_x_mask=dut.x_mask,
//@           peek_x_rblk=dut.x_replay_blk, peek_x_de=dut.x_de, peek_x_db=dut.x_db,
//@           peek_x_c0=dut.x_row[15:0], peek_x_rowl=dut.x_row[15:0], peek_dw_reg=dut.w_reg,
//@           peek_dw_mask=dut.w_mask, peek_o_v=dut.o_v, peek_o_c=dut.o_c, peek_o_m=dut.o_m,
//@           peek_o_entry=dut.o_entry, peek_o_blk=dut.o_blk, peek_pc_v=dut.pc_v,
//@           peek_pu_v=dut.pu_v, peek_pc_entry=dut.pc_entry, peek_pc_blk=dut.pc_blk,
//@           peek_pu_entry=dut.pu_entry, peek_p_kind=dut.p_kind, peek_p_src=dut.p_src,
//@           peek_p_entry=dut.p_entry, peek_p_blk=dut.p_blk, peek_mov_c0=dut.mov_c0,
//@           peek_mov_de=dut.mov_de, peek_mov_db=dut.mov_db, peek_rq_c=dut.rq_c,
//@           peek_rq_entry=dut.rq_entry, peek_rq_blk=dut.rq_blk, peek_fmap=dut.fmap,
//@           peek_left=dut.u_pt.left, peek_q=dut.u_psu.q, peek_q_d=dut.u_psu.q_d,
//@           peek_changed=dut.u_psu.changed, g_rpath[0].peek_rk=dut.g_rd[0].kind_q,
//@           g_rpath[0].peek_re=dut.g_rd[0].entry_q, g_rpath[0].peek_dc0=dut.g_rd[0].u_dec.c0_q,
//@           g_rpath[0].peek_dde=dut.g_rd[0].u_dec.log2de_q,
//@           g_rpath[0].peek_ddb=dut.g_rd[0].u_dec.log2db_q,
//@           g_rpath[0].peek_dv=dut.g_rd[0].u_dec.u_beats.valid,
//@           g_rpath[0].peek_dblk=dut.g_rd[0].u_dec.u_beats.blk,
//@           g_rpath[1].peek_rk=dut.g_rd[1].kind_q, g_rpath[1].peek_re=dut.g_rd[1].entry_q,
//@           g_rpath[1].peek_dc0=dut.g_rd[1].u_dec.c0_q,
//@           g_rpath[1].peek_dde=dut.g_rd[1].u_dec.log2de_q,
//@           g_rpath[1].peek_ddb=dut.g_rd[1].u_dec.log2db_q,
//@           g_rpath[1].peek_dv=dut.g_rd[1].u_dec.u_beats.valid,
//@           g_rpath[1].peek_dblk=dut.g_rd[1].u_dec.u_beats.blk, g_dec[2].peek_c0=dut.u_mov.c0,
//@           g_dec[2].peek_de=dut.u_mov.log2de, g_dec[2].peek_db=dut.u_mov.log2db,
//@           g_dec[2].peek_sw=dut.u_mov.sw, g_dec[2].peek_comp=dut.u_mov.comp[15:0],
//@           g_dec[2].peek_en=dut.u_mov.en,
//@           g_dec[0].peek_c0=dut.g_rd[0].u_dec.u_dec.c0,
//@           g_dec[0].peek_de=dut.g_rd[0].u_dec.u_dec.log2de,
//@           g_dec[0].peek_db=dut.g_rd[0].u_dec.u_dec.log2db,
//@           g_dec[0].peek_sw=dut.g_rd[0].u_dec.u_dec.sw,
//@           g_dec[0].peek_en=dut.g_rd[0].u_dec.u_dec.en,
//@           g_dec[1].peek_c0=dut.g_rd[1].u_dec.u_dec.c0,
//@           g_dec[1].peek_de=dut.g_rd[1].u_dec.u_dec.log2de,
//@           g_dec[1].peek_db=dut.g_rd[1].u_dec.u_dec.log2db,
//@           g_dec[1].peek_sw=dut.g_rd[1].u_dec.u_dec.sw, peek_pc_valid=dut.pc_valid,
//@           g_dec[1].peek_en=dut.g_rd[1].u_dec.u_dec.en,
//@           peek_pc_entry_o=dut.pc_entry_o, peek_pc_blk_o=dut.pc_blk_o,
//@           peek_pu_valid=dut.pu_valid, peek_pu_entry_o=dut.pu_entry_o, peek_take_u=dut.take_u
//@   prep    abc
//@   cut     rc_compress, rc_decompress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
//@   profile slow
//@ prove read-lane0-l2
//@   like    read-lane0-l1
//@   checks  layer 2 of 4, layer 1 assumed: the write's old row, patches and placement; every
//@           entry, block and LDS slot has one owner at most, none faulty, bitmap and lds_used
//@           their union; no write to a faulty block; err_lds_full, err_rel, psu_err never
//@   params  LANE=0, LAYER=2
//@ prove read-lane0-l3
//@   like    read-lane0-l1
//@   checks  layer 3 of 4, layers 1-2 assumed: the watched component (lane 0 of an anyconst block)
//@           is where the read path finds it: the PT row's place, the write's new place, the DRB,
//@           the special MOV's old block, the compressed entry written
//@   params  LANE=0, LAYER=3
//@ prove read-lane0-l4
//@   like    read-lane0-l1
//@   checks  layer 4 of 4, layers 1-3 assumed: a checked read in flight (lane 0) reads where the
//@           value is; read = last value written (entry, compressed, LDS, DRB replay, special MOV)
//@   params  LANE=0, LAYER=4
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds, peek_ptv=dut.u_pt.v,
//@           pk_pay[*].w=dut.u_pt.payload[*]#8, pk_mem[*].l=dut.mem[*][15:0]#32,
//@           pk_mem[*].p=dut.mem[*][21:0]#32, pk_lds[*].l=dut.lds[*][15:0]#32,
//@           pk_drb[*].l=dut.u_com.drb[*][15:0]#4, peek_cw_valid=dut.u_com.u_wr.valid,
//@           peek_cw_blk=dut.u_com.u_wr.blk, peek_rp_valid=dut.u_com.u_replay.valid,
//@           peek_rp_blk=dut.u_com.u_replay.blk, peek_spec=dut.u_com.spec,
//@           peek_wb_valid=dut.u_wb.valid, peek_wb_blk=dut.u_wb.blk, peek_x_ok=dut.x_ok,
//@           peek_x_div=dut.x_div, peek_x_compr=dut.x_compr, peek_x_misp=dut.x_misp,
//@           peek_x_replay=dut.x_replay, peek_x_reg=dut.x_reg, peek_x_mask=dut.x_mask,
//@           peek_x_rblk=dut.x_replay_blk, peek_x_de=dut.x_de, peek_x_db=dut.x_db,
//@           peek_x_c0=dut.x_row[15:0], peek_x_rowl=dut.x_row[15:0], peek_dw_reg=dut.w_reg,
//@           peek_dw_mask=dut.w_mask, peek_o_v=dut.o_v, peek_o_c=dut.o_c, peek_o_m=dut.o_m,
//@           peek_o_entry=dut.o_entry, peek_o_blk=dut.o_blk, peek_pc_v=dut.pc_v,
//@           peek_pu_v=dut.pu_v, peek_pc_entry=dut.pc_entry, peek_pc_blk=dut.pc_blk,
//@           peek_pu_entry=dut.pu_entry, peek_p_kind=dut.p_kind, peek_p_src=dut.p_src,
//@           peek_p_entry=dut.p_entry, peek_p_blk=dut.p_blk, peek_mov_c0=dut.mov_c0,
//@           peek_mov_de=dut.mov_de, peek_mov_db=dut.mov_db, peek_rq_c=dut.rq_c,
//@           peek_rq_entry=dut.rq_entry, peek_rq_blk=dut.rq_blk, peek_fmap=dut.fmap,
//@           peek_left=dut.u_pt.left, peek_q=dut.u_psu.q, peek_q_d=dut.u_psu.q_d,
//@           peek_changed=dut.u_psu.changed, g_rpath[0].peek_rk=dut.g_rd[0].kind_q,
//@           g_rpath[0].peek_re=dut.g_rd[0].entry_q, g_rpath[0].peek_rdq=dut.g_rd[0].data_q[15:0],
//@           g_rpath[0].peek_dc0=dut.g_rd[0].u_dec.c0_q,
//@           g_rpath[0].peek_dde=dut.g_rd[0].u_dec.log2de_q,
//@           g_rpath[0].peek_ddb=dut.g_rd[0].u_dec.log2db_q,
//@           g_rpath[0].peek_dv=dut.g_rd[0].u_dec.u_beats.valid,
//@           g_rpath[0].peek_dblk=dut.g_rd[0].u_dec.u_beats.blk,
//@           g_rpath[1].peek_rk=dut.g_rd[1].kind_q, g_rpath[1].peek_re=dut.g_rd[1].entry_q,
//@           g_rpath[1].peek_rdq=dut.g_rd[1].data_q[15:0],
//@           g_rpath[1].peek_dc0=dut.g_rd[1].u_dec.c0_q,
//@           g_rpath[1].peek_dde=dut.g_rd[1].u_dec.log2de_q,
//@           g_rpath[1].peek_ddb=dut.g_rd[1].u_dec.log2db_q,
//@           g_rpath[1].peek_dv=dut.g_rd[1].u_dec.u_beats.valid,
//@           g_rpath[1].peek_dblk=dut.g_rd[1].u_dec.u_beats.blk, g_dec[2].peek_c0=dut.u_mov.c0,
//@           g_dec[2].peek_de=dut.u_mov.log2de, g_dec[2].peek_db=dut.u_mov.log2db,
//@           g_dec[2].peek_sw=dut.u_mov.sw, g_dec[2].peek_comp=dut.u_mov.comp[15:0],
//@           g_dec[2].peek_en=dut.u_mov.en,
//@           g_dec[0].peek_c0=dut.g_rd[0].u_dec.u_dec.c0,
//@           g_dec[0].peek_de=dut.g_rd[0].u_dec.u_dec.log2de,
//@           g_dec[0].peek_db=dut.g_rd[0].u_dec.u_dec.log2db,
//@           g_dec[0].peek_sw=dut.g_rd[0].u_dec.u_dec.sw,
//@           g_dec[0].peek_en=dut.g_rd[0].u_dec.u_dec.en,
//@           g_dec[0].peek_comp=dut.g_rd[0].u_dec.u_dec.comp[15:0],
//@           g_dec[1].peek_c0=dut.g_rd[1].u_dec.u_dec.c0,
//@           g_dec[1].peek_de=dut.g_rd[1].u_dec.u_dec.log2de,
//@           g_dec[1].peek_db=dut.g_rd[1].u_dec.u_dec.log2db,
//@           g_dec[1].peek_sw=dut.g_rd[1].u_dec.u_dec.sw,
//@           g_dec[1].peek_en=dut.g_rd[1].u_dec.u_dec.en,
//@           g_dec[1].peek_comp=dut.g_rd[1].u_dec.u_dec.comp[15:0], peek_pc_valid=dut.pc_valid,
//@           peek_pc_entry_o=dut.pc_entry_o, peek_pc_blk_o=dut.pc_blk_o,
//@           peek_pu_valid=dut.pu_valid, peek_pu_entry_o=dut.pu_entry_o, peek_take_u=dut.take_u
//@ prove read-lane8-l1
//@   like    read-lane0-l1
//@   checks  layer 1 of 4: the Com stage, the write port, the Com unit and its replay follow the
//@           wrapper's phases; the walk and a fresh slice; the PSU's stage; read beats
//@   params  LANE=8, LAYER=1
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds, peek_ptv=dut.u_pt.v,
//@           pk_pay[*].w=dut.u_pt.payload[*]#8, pk_mem[*].l=dut.mem[*][143:128]#32,
//@           pk_mem[*].p=dut.mem[*][21:0]#32, pk_lds[*].l=dut.lds[*][143:128]#32,
//@           pk_drb[*].l=dut.u_com.drb[*][143:128]#4, peek_cw_valid=dut.u_com.u_wr.valid,
//@           peek_cw_blk=dut.u_com.u_wr.blk, peek_rp_valid=dut.u_com.u_replay.valid,
//@           peek_rp_blk=dut.u_com.u_replay.blk, peek_spec=dut.u_com.spec,
//@           peek_wb_valid=dut.u_wb.valid, peek_wb_blk=dut.u_wb.blk, peek_x_ok=dut.x_ok,
//@           peek_x_div=dut.x_div, peek_x_compr=dut.x_compr, peek_x_misp=dut.x_misp,
//@           peek_x_replay=dut.x_replay, peek_x_reg=dut.x_reg, peek_x_mask=dut.x_mask,
//@           peek_x_rblk=dut.x_replay_blk, peek_x_de=dut.x_de, peek_x_db=dut.x_db,
//@           peek_x_c0=dut.x_row[15:0], peek_x_rowl=dut.x_row[143:128], peek_dw_reg=dut.w_reg,
//@           peek_dw_mask=dut.w_mask, peek_o_v=dut.o_v, peek_o_c=dut.o_c, peek_o_m=dut.o_m,
//@           peek_o_entry=dut.o_entry, peek_o_blk=dut.o_blk, peek_pc_v=dut.pc_v,
//@           peek_pu_v=dut.pu_v, peek_pc_entry=dut.pc_entry, peek_pc_blk=dut.pc_blk,
//@           peek_pu_entry=dut.pu_entry, peek_p_kind=dut.p_kind, peek_p_src=dut.p_src,
//@           peek_p_entry=dut.p_entry, peek_p_blk=dut.p_blk, peek_mov_c0=dut.mov_c0,
//@           peek_mov_de=dut.mov_de, peek_mov_db=dut.mov_db, peek_rq_c=dut.rq_c,
//@           peek_rq_entry=dut.rq_entry, peek_rq_blk=dut.rq_blk, peek_fmap=dut.fmap,
//@           peek_left=dut.u_pt.left, peek_q=dut.u_psu.q, peek_q_d=dut.u_psu.q_d,
//@           peek_changed=dut.u_psu.changed, g_rpath[0].peek_rk=dut.g_rd[0].kind_q,
//@           g_rpath[0].peek_re=dut.g_rd[0].entry_q, g_rpath[0].peek_dc0=dut.g_rd[0].u_dec.c0_q,
//@           g_rpath[0].peek_dde=dut.g_rd[0].u_dec.log2de_q,
//@           g_rpath[0].peek_ddb=dut.g_rd[0].u_dec.log2db_q,
//@           g_rpath[0].peek_dv=dut.g_rd[0].u_dec.u_beats.valid,
//@           g_rpath[0].peek_dblk=dut.g_rd[0].u_dec.u_beats.blk,
//@           g_rpath[1].peek_rk=dut.g_rd[1].kind_q, g_rpath[1].peek_re=dut.g_rd[1].entry_q,
//@           g_rpath[1].peek_dc0=dut.g_rd[1].u_dec.c0_q,
//@           g_rpath[1].peek_dde=dut.g_rd[1].u_dec.log2de_q,
//@           g_rpath[1].peek_ddb=dut.g_rd[1].u_dec.log2db_q,
//@           g_rpath[1].peek_dv=dut.g_rd[1].u_dec.u_beats.valid,
//@           g_rpath[1].peek_dblk=dut.g_rd[1].u_dec.u_beats.blk, g_dec[2].peek_c0=dut.u_mov.c0,
//@           g_dec[2].peek_de=dut.u_mov.log2de, g_dec[2].peek_db=dut.u_mov.log2db,
//@           g_dec[2].peek_sw=dut.u_mov.sw, g_dec[2].peek_comp=dut.u_mov.comp[143:128],
//@           g_dec[2].peek_en=dut.u_mov.en,
//@           g_dec[0].peek_c0=dut.g_rd[0].u_dec.u_dec.c0,
//@           g_dec[0].peek_de=dut.g_rd[0].u_dec.u_dec.log2de,
//@           g_dec[0].peek_db=dut.g_rd[0].u_dec.u_dec.log2db,
//@           g_dec[0].peek_sw=dut.g_rd[0].u_dec.u_dec.sw,
//@           g_dec[0].peek_en=dut.g_rd[0].u_dec.u_dec.en,
//@           g_dec[1].peek_c0=dut.g_rd[1].u_dec.u_dec.c0,
//@           g_dec[1].peek_de=dut.g_rd[1].u_dec.u_dec.log2de,
//@           g_dec[1].peek_db=dut.g_rd[1].u_dec.u_dec.log2db,
//@           g_dec[1].peek_sw=dut.g_rd[1].u_dec.u_dec.sw, peek_pc_valid=dut.pc_valid,
//@           g_dec[1].peek_en=dut.g_rd[1].u_dec.u_dec.en,
//@           peek_pc_entry_o=dut.pc_entry_o, peek_pc_blk_o=dut.pc_blk_o,
//@           peek_pu_valid=dut.pu_valid, peek_pu_entry_o=dut.pu_entry_o, peek_take_u=dut.take_u
//@ prove read-lane8-l2
//@   like    read-lane8-l1
//@   checks  layer 2 of 4, layer 1 assumed: the write's old row, patches and placement; every
//@           entry, block and LDS slot has one owner at most, none faulty, bitmap and lds_used
//@           their union; no write to a faulty block; err_lds_full, err_rel, psu_err never
//@   params  LANE=8, LAYER=2
//@ prove read-lane8-l3
//@   like    read-lane8-l1
//@   checks  layer 3 of 4, layers 1-2 assumed: the watched component (lane 8 of an anyconst block)
//@           is where the read path finds it: the PT row's place, the write's new place, the DRB,
//@           the special MOV's old block, the compressed entry written
//@   params  LANE=8, LAYER=3
//@ prove read-lane8-l4
//@   like    read-lane8-l1
//@   checks  layer 4 of 4, layers 1-3 assumed: a checked read in flight (lane 8) reads where the
//@           value is; read = last value written (entry, compressed, LDS, DRB replay, special MOV)
//@   params  LANE=8, LAYER=4
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds, peek_ptv=dut.u_pt.v,
//@           pk_pay[*].w=dut.u_pt.payload[*]#8, pk_mem[*].l=dut.mem[*][143:128]#32,
//@           pk_mem[*].p=dut.mem[*][21:0]#32, pk_lds[*].l=dut.lds[*][143:128]#32,
//@           pk_drb[*].l=dut.u_com.drb[*][143:128]#4, peek_cw_valid=dut.u_com.u_wr.valid,
//@           peek_cw_blk=dut.u_com.u_wr.blk, peek_rp_valid=dut.u_com.u_replay.valid,
//@           peek_rp_blk=dut.u_com.u_replay.blk, peek_spec=dut.u_com.spec,
//@           peek_wb_valid=dut.u_wb.valid, peek_wb_blk=dut.u_wb.blk, peek_x_ok=dut.x_ok,
//@           peek_x_div=dut.x_div, peek_x_compr=dut.x_compr, peek_x_misp=dut.x_misp,
//@           peek_x_replay=dut.x_replay, peek_x_reg=dut.x_reg, peek_x_mask=dut.x_mask,
//@           peek_x_rblk=dut.x_replay_blk, peek_x_de=dut.x_de, peek_x_db=dut.x_db,
//@           peek_x_c0=dut.x_row[15:0], peek_x_rowl=dut.x_row[143:128], peek_dw_reg=dut.w_reg,
//@           peek_dw_mask=dut.w_mask, peek_o_v=dut.o_v, peek_o_c=dut.o_c, peek_o_m=dut.o_m,
//@           peek_o_entry=dut.o_entry, peek_o_blk=dut.o_blk, peek_pc_v=dut.pc_v,
//@           peek_pu_v=dut.pu_v, peek_pc_entry=dut.pc_entry, peek_pc_blk=dut.pc_blk,
//@           peek_pu_entry=dut.pu_entry, peek_p_kind=dut.p_kind, peek_p_src=dut.p_src,
//@           peek_p_entry=dut.p_entry, peek_p_blk=dut.p_blk, peek_mov_c0=dut.mov_c0,
//@           peek_mov_de=dut.mov_de, peek_mov_db=dut.mov_db, peek_rq_c=dut.rq_c,
//@           peek_rq_entry=dut.rq_entry, peek_rq_blk=dut.rq_blk, peek_fmap=dut.fmap,
//@           peek_left=dut.u_pt.left, peek_q=dut.u_psu.q, peek_q_d=dut.u_psu.q_d,
//@           peek_changed=dut.u_psu.changed, g_rpath[0].peek_rk=dut.g_rd[0].kind_q,
//@           g_rpath[0].peek_re=dut.g_rd[0].entry_q,
//@           g_rpath[0].peek_rdq=dut.g_rd[0].data_q[143:128],
//@           g_rpath[0].peek_dc0=dut.g_rd[0].u_dec.c0_q,
//@           g_rpath[0].peek_dde=dut.g_rd[0].u_dec.log2de_q,
//@           g_rpath[0].peek_ddb=dut.g_rd[0].u_dec.log2db_q,
//@           g_rpath[0].peek_dv=dut.g_rd[0].u_dec.u_beats.valid,
//@           g_rpath[0].peek_dblk=dut.g_rd[0].u_dec.u_beats.blk,
//@           g_rpath[1].peek_rk=dut.g_rd[1].kind_q, g_rpath[1].peek_re=dut.g_rd[1].entry_q,
//@           g_rpath[1].peek_rdq=dut.g_rd[1].data_q[143:128],
//@           g_rpath[1].peek_dc0=dut.g_rd[1].u_dec.c0_q,
//@           g_rpath[1].peek_dde=dut.g_rd[1].u_dec.log2de_q,
//@           g_rpath[1].peek_ddb=dut.g_rd[1].u_dec.log2db_q,
//@           g_rpath[1].peek_dv=dut.g_rd[1].u_dec.u_beats.valid,
//@           g_rpath[1].peek_dblk=dut.g_rd[1].u_dec.u_beats.blk, g_dec[2].peek_c0=dut.u_mov.c0,
//@           g_dec[2].peek_de=dut.u_mov.log2de, g_dec[2].peek_db=dut.u_mov.log2db,
//@           g_dec[2].peek_sw=dut.u_mov.sw, g_dec[2].peek_comp=dut.u_mov.comp[143:128],
//@           g_dec[2].peek_en=dut.u_mov.en,
//@           g_dec[0].peek_c0=dut.g_rd[0].u_dec.u_dec.c0,
//@           g_dec[0].peek_de=dut.g_rd[0].u_dec.u_dec.log2de,
//@           g_dec[0].peek_db=dut.g_rd[0].u_dec.u_dec.log2db,
//@           g_dec[0].peek_sw=dut.g_rd[0].u_dec.u_dec.sw,
//@           g_dec[0].peek_en=dut.g_rd[0].u_dec.u_dec.en,
//@           g_dec[0].peek_comp=dut.g_rd[0].u_dec.u_dec.comp[143:128],
//@           g_dec[1].peek_c0=dut.g_rd[1].u_dec.u_dec.c0,
//@           g_dec[1].peek_de=dut.g_rd[1].u_dec.u_dec.log2de,
//@           g_dec[1].peek_db=dut.g_rd[1].u_dec.u_dec.log2db,
//@           g_dec[1].peek_sw=dut.g_rd[1].u_dec.u_dec.sw,
//@           g_dec[1].peek_en=dut.g_rd[1].u_dec.u_dec.en,
//@           g_dec[1].peek_comp=dut.g_rd[1].u_dec.u_dec.comp[143:128], peek_pc_valid=dut.pc_valid,
//@           peek_pc_entry_o=dut.pc_entry_o, peek_pc_blk_o=dut.pc_blk_o,
//@           peek_pu_valid=dut.pu_valid, peek_pu_entry_o=dut.pu_entry_o, peek_take_u=dut.take_u
//@ cover cover
//@   checks  checked reads of a compressed, a spilled, a replayed and an entry register; a re-patch
//@           from the LDS; a special MOV
//@   params  LANE=0
//@   engine  abc-cover
//@   depth   15
//@   peeks   peek_w_en_delta=dut.u_com.w_en_delta, peek_compr_final=dut.u_com.compr_final,
//@           peek_de=dut.cdata_de, peek_db=dut.cdata_db, peek_mem_we=dut.mem_we,
//@           peek_wr_faulty=dut.wr_faulty, peek_leave_lds=dut.leave_lds
//@   prep    abc
//@   cut     rc_compress
//@   sizes   DRF_REGS=8, DRF_LDS_SPILL_SLOTS=8, DRF_WORD_BITS=16
`include "drf_params.vh"
module dcp_slice_props #(
    parameter integer LANE = 0,  // the lane watched: a constant keeps one lane's cone of logic
    // 0: the properties, bounded (abc-bmc); 1-4: the layers of the unbounded proof, each by
    // 1-induction with the layers below it assumed (their own groups prove them)
    parameter integer LAYER = 0
) (
`include "dcp_slice_ports.vh"
);
    localparam integer W = `DRF_WORD_BITS;
    localparam integer ROW = `DRF_SW_LANES * W;
    localparam integer RB = `DRF_REG_BITS;
    localparam integer CB = `DRF_CODE_BITS;
    localparam [1:0] EV_SPILL = 2'd3;

`include "dcp_slice_dut.vh"

    reg init = 1'b1;
    always @(posedge clk) init <= 1'b0;
    always @(*) if (init) assume (rst);

    // decision 14: a fault map is loaded right after a reset, before the first write
    reg fresh = 1'b1;
    always @(posedge clk) fresh <= rst || (fresh && !wr_start);
    always @(*) if (load_map) assume (fresh);

    // the write in flight (decision 6): phase k+1 while block k is due
    wire [2:0] phase;
    reg [RB-1:0] w_reg = 0;
    reg [`DRF_COMPONENTS-1:0] w_mask = 0;
    wire taken = wr_start && !rst && !wr_refused;
    wire [1:0] blk_now = phase[1:0] - 2'd1;
    phase4 u_phase (.clk(clk), .rst(rst), .load(taken), .phase(phase));
    always @(posedge clk)
        if (taken) begin
            w_reg <= wr_reg;
            w_mask <= wr_mask;
        end
    wire w_div = ~&w_mask;
    // the same write at the write port, a cycle behind the Com unit (decision 6a): it ends
    // (ev_done) after the next write may have been taken
    reg x_taken = 1'b0;
    reg [RB-1:0] v_reg = 0;
    reg [`DRF_COMPONENTS-1:0] v_mask = 0;
    always @(posedge clk) begin
        x_taken <= taken;
        if (x_taken) begin
            v_reg <= w_reg;
            v_mask <= w_mask;
        end
    end

    // one component, (watch register, block, LANE): its last value written, known once an
    // active lane of a write has written it since the reset or the last deallocation
    (* anyconst *) reg [RB-1:0] watch;
    (* anyconst *) reg [1:0] wblk;
    localparam [3:0] wlane = LANE;
    reg known = 1'b0;
    reg [W-1:0] val = 0;
    wire writing = wr_busy && (w_reg == watch || v_reg == watch); // decision 16: not checked
    wire dealloc_ok = dealloc && !err_dealloc;
    always @(posedge clk) begin
        if (rst || dealloc_ok)
            known <= 1'b0;
        else if (phase != 3'd0 && w_reg == watch && blk_now == wblk && w_mask[{wblk, wlane}]) begin
            known <= 1'b1;
            val <= wr_data[wlane*W +: W];
        end
    end

    // the RC unit's contract (rc_compress fsm and register groups): deltas C0-C15 exactly in
    // the block-0 cycle of a non-divergent write; compr_final only in its 4th block cycle, and
    // then C0 (block 0, lane 0) with the block-0 codes decompresses to the register written
    wire peek_w_en_delta, peek_compr_final;
    wire [CB-1:0] peek_de, peek_db;
    reg [W-1:0] sh_c0 = 0;
    reg [CB-1:0] sh_de = 0, sh_db = 0;
    always @(posedge clk)
        if (phase == 3'd1)
            {sh_c0, sh_de, sh_db} <= {wr_data[W-1:0], peek_de, peek_db};
    wire [ROW-1:0] ent_blk;
    entry_ref u_ent (.c0(sh_c0), .log2de(sh_de), .log2db(sh_db), .sw(wblk), .comp(ent_blk));
    wire [W-1:0] this_write = wblk == 2'd3 ? wr_data[wlane*W +: W] : val;
    always @(*) begin
        assume (peek_w_en_delta == (phase == 3'd1 && !w_div));
        if (peek_compr_final) begin
            assume (phase == 3'd4 && !w_div);
            if (w_reg == watch)
                assume (ent_blk[wlane*W +: W] == this_write);
        end
    end

    // the decompression units' contract in the layered proof (cut rc_decompress; proven for
    // every input by rc_decompress's miters, at this word width by miter-impl1-w16): the
    // watched lane of each unit's output is Eq. (2) (entry_ref) of its inputs while it is read
    // (en; unread, its output is x: docs/dcpatch-comdec-decisions.md 16); g_dec[0] and
    // g_dec[1] the Dec units of read ports A and B (layer 4 only: they are in the read path
    // only), g_dec[2] the special MOV's. The bounded groups (LAYER 0) keep the units.
    genvar gi;
    generate
        for (gi = 0; gi < 3; gi = gi + 1) begin : g_dec
            (* keep *) wire [W-1:0] peek_c0, peek_comp;
            (* keep *) wire [CB-1:0] peek_de, peek_db;
            (* keep *) wire [1:0] peek_sw;
            (* keep *) wire peek_en;
            wire [ROW-1:0] eq2;
            entry_ref u_eq2 (.c0(peek_c0), .log2de(peek_de), .log2db(peek_db), .sw(peek_sw),
                             .comp(eq2));
            always @(*)
                if ((gi == 2 ? LAYER != 0 : LAYER == 4) && peek_en)
                    assume (peek_comp == eq2[wlane*W +: W]);
        end
    endgenerate

    // per read port: a read of the watched register started when its value is known and no
    // write to it is in flight returns the value in the beat of block wblk (decisions 15-16)
    wire settled = !rst && known && !writing;
    // port gi (0: A, 1: B) is bit or field gi of these vectors, g_rport[gi] its checked read
    wire [1:0] rd_start = {rd_start_b, rd_start_a}, rd_valid = {rd_valid_b, rd_valid_a};
    wire [2*RB-1:0] rd_reg = {rd_reg_b, rd_reg_a};
    wire [3:0] rd_blk = {rd_blk_b, rd_blk_a};
    wire [2*W-1:0] rd_lane = {rd_data_b[wlane*W +: W], rd_data_a[wlane*W +: W]};   // lane LANE
    wire [1:0] seen, beats_ok, prop_read;
    generate
        for (gi = 0; gi < 2; gi = gi + 1) begin : g_rport
            wire [2:0] beat;
            phase4 u_beat (.clk(clk), .rst(rst), .load(rd_start[gi]), .phase(beat));
            reg chk = 1'b0;
            reg [W-1:0] want = 0;
            always @(posedge clk) begin
                if (rst)
                    chk <= 1'b0;
                else if (rd_start[gi])
                    {chk, want} <= {settled && rd_reg[gi*RB +: RB] == watch, val};
            end
            wire [1:0] blk = rd_blk[gi*2 +: 2];
            assign seen[gi] = chk && rd_valid[gi] && blk == wblk;
            // its beats (prop_beats) and its read-back (prop_read)
            assign beats_ok[gi] = rd_valid[gi] == (beat != 3'd0) &&
                                  (!rd_valid[gi] || blk == beat[1:0] - 2'd1);
            assign prop_read[gi] = !seen[gi] || rd_lane[gi*W +: W] == want;
        end
    endgenerate

    // nothing the design writes lands in a faulty block (decision 2)
    (* keep *) wire peek_mem_we, peek_wr_faulty;
    wire prop_beats = &beats_ok;
    wire prop_faulty = !(peek_mem_we && peek_wr_faulty);
    wire [2:0] prop_err_c = {!err_lds_full, !err_rel, !psu_err};
    wire prop_err = &prop_err_c;
    generate
        if (LAYER == 0) begin : g_bmc
            always @(*) begin
                if (!init) begin
                    assert (prop_beats);
                    assert (prop_read[0]);
                    assert (prop_read[1]);
                    assert (prop_faulty);
                    assert (prop_err);
                end
            end
        end
    endgenerate

    // how the watched register was last written (for the covers)
    reg was_comp = 1'b0, was_spill = 1'b0, was_misp = 1'b0, was_mov = 1'b0, w_mov = 1'b0;
    // was_mov: the last write was a special MOV and left the watched lane inactive
    always @(posedge clk) begin
        if (x_taken)
            w_mov <= mov;
        if (rst)
            {was_comp, was_spill, was_misp, was_mov} <= 4'b0000;
        else if (ev_done && v_reg == watch)
            {was_comp, was_spill, was_misp, was_mov} <= {ev_compressed, ev_kind == EV_SPILL,
                                                         ev_misp, w_mov && !v_mask[{wblk, wlane}]};
    end
    wire peek_leave_lds;
    always @(*) begin
        if (!init) begin
            cover (seen[0] && was_comp);                 // a compressed register read back
            cover (seen[1] && was_spill);                // a spilled one, from the LDS
            cover (seen[0] && was_misp);                 // one replayed from the DRB
            cover (seen[0] && !was_comp && !was_spill);  // one in an entry
            cover (peek_leave_lds && w_reg == watch);    // re-patched from the LDS
            cover (seen[0] && was_mov);                  // a lane the special MOV kept
        end
    end
    // --- invariants (k-induction, unbounded): the Com stage, the write port and the Com unit
    // follow the wrapper's phases; every resource (entry, block, LDS slot) has at most one
    // owner (a PT row, the write's preventive patches, the release queue), none faulty, and
    // the PSU's bitmap and lds_used are their union; the watched component's value is where
    // the read path finds it (peeks; formal/run.sh maps the memories to words first)
    localparam integer LANES = `DRF_SW_LANES;
    localparam integer NREG = `DRF_REGS;
    localparam integer NBLK = NREG * 4;
    localparam integer NLDS = `DRF_LDS_SPILL_SLOTS;
    localparam integer EB = `DRF_PT_ENTRY_BITS;
    localparam integer PW = 4 + EB;              // PT payload: c, m, entry, blk
    localparam integer PAY = W + 2 * CB;         // a compressed block: {de, db, c0}
    localparam integer SB = RB + 2;
    localparam integer QW = 5 + 2 * SB + RB;     // rtl/psu.v's offer register
    localparam [1:0] K_NONE = 2'd0, K_UNC = 2'd1, K_COMP = 2'd2, K_SPILL = 2'd3;
    localparam [1:0] S_OLD = 2'd0, S_PC = 2'd1, S_PU = 2'd2, S_SLOT = 2'd3;

    // the write port's phase: the Com stage's, one cycle later
    reg [2:0] phase_d = 3'd0;
    always @(posedge clk) phase_d <= rst ? 3'd0 : phase;

    (* keep *) wire [NREG-1:0] peek_ptv;
    wire [NREG*PW-1:0] pay_all;
    wire [NBLK*W-1:0] mem_l, lds_l;              // lane LANE of every row
    wire [NBLK*PAY-1:0] mem_p;                   // the compressed-block bits of every row
    wire [4*W-1:0] drb_l;
    // a kept peek keeps the logic that drives it: the memories are peeked in the bits the
    // invariants read (lane LANE; lanes 0-1's low bits for a compressed block), since whole rows
    // kept every lane's logic (18 360 flip-flops instead of 2 278; the layers' SAT twice as big)
    generate
        for (gi = 0; gi < NREG; gi = gi + 1) begin : pk_pay
            (* keep *) wire [PW-1:0] w;                     // peek: PT payload of register gi
            assign pay_all[gi*PW +: PW] = w;
        end
        for (gi = 0; gi < NBLK; gi = gi + 1) begin : pk_mem      // row gi = {entry, block}
            (* keep *) wire [W-1:0] l;                      // peek: lane LANE of the row
            (* keep *) wire [PAY-1:0] p;                    // peek: its compressed-block bits
            assign mem_l[gi*W +: W] = l;
            assign mem_p[gi*PAY +: PAY] = p;
        end
        for (gi = 0; gi < NBLK; gi = gi + 1) begin : pk_lds      // row gi = {slot, block}
            (* keep *) wire [W-1:0] l;                      // peek: lane LANE of the LDS row
            assign lds_l[gi*W +: W] = l;
        end
        for (gi = 0; gi < 4; gi = gi + 1) begin : pk_drb
            (* keep *) wire [W-1:0] l;                      // peek: lane LANE of DRB word gi
            assign drb_l[gi*W +: W] = l;
        end
    endgenerate

    // the Com unit, the Com stage and the write port (peeks)
    (* keep *) wire peek_cw_valid, peek_rp_valid, peek_spec, peek_wb_valid;
    (* keep *) wire [1:0] peek_cw_blk, peek_rp_blk, peek_wb_blk;
    (* keep *) wire peek_x_ok, peek_x_div, peek_x_compr, peek_x_misp, peek_x_replay;
    (* keep *) wire [RB-1:0] peek_x_reg;
    (* keep *) wire [`DRF_COMPONENTS-1:0] peek_x_mask;
    (* keep *) wire [1:0] peek_x_rblk;
    (* keep *) wire [CB-1:0] peek_x_de, peek_x_db;
    (* keep *) wire [W-1:0] peek_x_c0, peek_x_rowl;           // the write port's block: lanes 0, LANE
    // the write in flight at the write port (peeks)
    (* keep *) wire [RB-1:0] peek_dw_reg;
    (* keep *) wire [`DRF_COMPONENTS-1:0] peek_dw_mask;
    (* keep *) wire peek_o_v, peek_o_c, peek_o_m, peek_pc_v, peek_pu_v;
    (* keep *) wire [EB-1:0] peek_o_entry, peek_p_entry;
    (* keep *) wire [1:0] peek_o_blk, peek_pc_blk, peek_p_blk, peek_p_kind, peek_p_src;
    (* keep *) wire [RB-1:0] peek_pc_entry, peek_pu_entry;
    (* keep *) wire [W-1:0] peek_mov_c0;
    (* keep *) wire [CB-1:0] peek_mov_de, peek_mov_db;
    // the release queue, the fault map, the walk, the PSU's selection stage (peeks)
    (* keep *) wire peek_rq_c;
    (* keep *) wire [RB-1:0] peek_rq_entry;
    (* keep *) wire [1:0] peek_rq_blk;
    (* keep *) wire [NBLK-1:0] peek_fmap;
    (* keep *) wire [RB:0] peek_left;
    (* keep *) wire [QW-1:0] peek_q, peek_q_d;
    (* keep *) wire peek_changed;

    wire wact = phase_d != 3'd0 || peek_x_replay;       // a write at the write port
    wire wt = wact && v_reg == watch;                   // ... to the watched register
    wire [1:0] kb = peek_x_replay ? peek_x_rblk : phase_d[1:0] - 2'd1; // its block
    wire v_act = v_mask[{wblk, wlane}];                 // the watched lane is written
    wire v_full = &v_mask;

    function [1:0] kind_of;
        input v, c, m;
        kind_of = !v ? K_NONE : m ? K_SPILL : c ? K_COMP : K_UNC;
    endfunction
    // the blocks a resource covers: an entry (uncompressed), one block (compressed)
    function [NBLK-1:0] bmask;
        input [1:0] kind;
        input [RB-1:0] e;
        input [1:0] b;
        bmask = kind == K_UNC ? {{(NBLK-4){1'b0}}, 4'hf} << {e, 2'b00}
              : kind == K_COMP ? {{(NBLK-1){1'b0}}, 1'b1} << {e, b} : {NBLK{1'b0}};
    endfunction

    // the PT rows (v, c, m, entry, blk), the watched register's and the write's
    reg [PW-1:0] pay_w, pay_d;
    integer r;
    always @(*) begin
        pay_w = 0;
        pay_d = 0;
        for (r = 0; r < NREG; r = r + 1) begin
            if (watch == r) pay_w = pay_all[r*PW +: PW];
            if (peek_dw_reg == r) pay_d = pay_all[r*PW +: PW];
        end
    end
    wire vw = peek_ptv[watch];
    wire [1:0] kw = kind_of(vw, pay_w[PW-1], pay_w[PW-2]);
    wire [EB-1:0] ew = pay_w[EB+1:2];
    wire [1:0] bw = pay_w[1:0];
    wire vd = peek_ptv[peek_dw_reg];
    wire [1:0] ko = kind_of(peek_o_v, peek_o_c, peek_o_m);

    // where the watched component is: the PT row's place, the write's new place
    reg [W-1:0] l_unc_w, l_spill_w, l_unc_p, l_spill_p;
    reg [PAY-1:0] p_comp_w, p_comp_p;
    always @(*) begin
        {l_unc_w, l_spill_w, l_unc_p, l_spill_p, p_comp_w, p_comp_p} = 0;
        for (r = 0; r < NBLK; r = r + 1) begin
            if ({ew[RB-1:0], wblk} == r) begin
                l_unc_w = mem_l[r*W +: W];
                l_spill_w = lds_l[r*W +: W];
            end
            if ({ew[RB-1:0], bw} == r) p_comp_w = mem_p[r*PAY +: PAY];
            if ({peek_p_entry[RB-1:0], wblk} == r) begin
                l_unc_p = mem_l[r*W +: W];
                l_spill_p = lds_l[r*W +: W];
            end
            if ({peek_p_entry[RB-1:0], peek_p_blk} == r) p_comp_p = mem_p[r*PAY +: PAY];
        end
    end
    wire [ROW-1:0] ent_w, ent_mov;
    entry_ref u_entw (.c0(p_comp_w[W-1:0]), .log2de(p_comp_w[PAY-1 -: CB]),
                      .log2db(p_comp_w[W +: CB]), .sw(wblk), .comp(ent_w));
    entry_ref u_entm (.c0(peek_mov_c0), .log2de(peek_mov_de), .log2db(peek_mov_db), .sw(wblk),
                      .comp(ent_mov));
    wire [W-1:0] loc_w = kw == K_UNC ? l_unc_w : kw == K_SPILL ? l_spill_w
                       : ent_w[wlane*W +: W];
    wire [W-1:0] loc_p = peek_p_kind == K_SPILL ? l_spill_p : l_unc_p;
    reg [W-1:0] drb_w;
    always @(*) begin
        drb_w = 0;
        for (r = 0; r < 4; r = r + 1)
            if (wblk == r) drb_w = drb_l[r*W +: W];
    end

    // owners: the PT rows, the write's preventive patches, the release queue
    localparam integer NOWN = NREG + 3;
    reg [NOWN*NBLK-1:0] own;
    reg [(NREG+1)*NLDS-1:0] lown;
    reg [NBLK-1:0] own_all;
    reg [NLDS-1:0] lown_all;
    reg own_dis, own_flt, own_bm, inv_lown, inv_ent;   // own: disjoint, not faulty, the bitmap
    integer a, b;
    always @(*) begin
        inv_ent = 1'b1;
        for (r = 0; r < NREG; r = r + 1) begin
            own[r*NBLK +: NBLK] = peek_ptv[r] && !pay_all[r*PW+PW-2] ?
                bmask(pay_all[r*PW+PW-1] ? K_COMP : K_UNC, pay_all[r*PW+2 +: RB], pay_all[r*PW +: 2])
                : {NBLK{1'b0}};
            lown[r*NLDS +: NLDS] = peek_ptv[r] && pay_all[r*PW+PW-2] ?
                {{(NLDS-1){1'b0}}, 1'b1} << pay_all[r*PW+2 +: 3] : {NLDS{1'b0}};
            if (peek_ptv[r] && pay_all[r*PW+2+RB +: EB-RB] != 0) inv_ent = 1'b0;
            if (peek_ptv[r] && !pay_all[r*PW+PW-2] && !pay_all[r*PW+PW-1] && pay_all[r*PW +: 2] != 0)
                inv_ent = 1'b0;
            if (peek_ptv[r] && pay_all[r*PW+PW-2] && (pay_all[r*PW+PW-1] || pay_all[r*PW +: 2] != 0))
                inv_ent = 1'b0;
        end
        own[NREG*NBLK +: NBLK] = wact && peek_pc_v ? bmask(K_COMP, peek_pc_entry, peek_pc_blk) : {NBLK{1'b0}};
        own[(NREG+1)*NBLK +: NBLK] = wact && peek_pu_v ? bmask(K_UNC, peek_pu_entry, 2'd0) : {NBLK{1'b0}};
        own[(NREG+2)*NBLK +: NBLK] = relq_valid ? bmask(peek_rq_c ? K_COMP : K_UNC, peek_rq_entry, peek_rq_blk)
                                                : {NBLK{1'b0}};
        lown[NREG*NLDS +: NLDS] = wact && peek_p_kind == K_SPILL && peek_p_src == S_SLOT ?
            {{(NLDS-1){1'b0}}, 1'b1} << peek_p_entry[2:0] : {NLDS{1'b0}};
        {own_dis, own_flt} = 2'b11;
        own_all = 0;
        for (a = 0; a < NOWN; a = a + 1) begin
            own_all = own_all | own[a*NBLK +: NBLK];
            if ((own[a*NBLK +: NBLK] & peek_fmap) != 0) own_flt = 1'b0;
            for (b = a + 1; b < NOWN; b = b + 1)
                if ((own[a*NBLK +: NBLK] & own[b*NBLK +: NBLK]) != 0) own_dis = 1'b0;
        end
        own_bm = bitmap == (peek_fmap | own_all);
        inv_lown = 1'b1;
        lown_all = 0;
        for (a = 0; a <= NREG; a = a + 1) begin
            lown_all = lown_all | lown[a*NLDS +: NLDS];
            for (b = a + 1; b <= NREG; b = b + 1)
                if ((lown[a*NLDS +: NLDS] & lown[b*NLDS +: NLDS]) != 0) inv_lown = 1'b0;
        end
        if (lds_used != lown_all) inv_lown = 1'b0;
    end

    // the PSU's offers (its offers group, from the stage invariant and the map inside the
    // bitmap): free and not faulty; the uncompressed one a whole free reliable entry; the two
    // disjoint when both are taken
    (* keep *) wire peek_pc_valid, peek_pu_valid, peek_take_u;
    (* keep *) wire [RB-1:0] peek_pc_entry_o, peek_pu_entry_o;
    (* keep *) wire [1:0] peek_pc_blk_o;
    wire inv_offer =
        (!peek_pc_valid || (!bitmap[{peek_pc_entry_o, peek_pc_blk_o}] &&
                            !peek_fmap[{peek_pc_entry_o, peek_pc_blk_o}])) &&
        (!peek_pu_valid || ((bitmap | peek_fmap) & bmask(K_UNC, peek_pu_entry_o, 2'd0)) == 0) &&
        (!(peek_take_u && peek_pu_valid && peek_pc_valid) || peek_pc_entry_o != peek_pu_entry_o);

    // the pipeline
    wire [23:0] inv_pipe_c = {
        phase <= 3'd4,
        phase_d <= 3'd4,
        peek_cw_valid == (phase != 3'd0),
        peek_cw_blk == (phase != 3'd0 ? blk_now : 2'd0),
        peek_x_ok == (phase == 3'd1),
        x_taken == (phase == 3'd1),
        (!relq_valid || (!peek_x_replay && phase_d <= 3'd1 && !peek_rp_valid)),
        (phase != 3'd1 || (peek_x_reg == w_reg && peek_x_mask == w_mask && peek_x_div == w_div)),
        peek_wb_valid == (phase_d != 3'd0),
        peek_wb_blk == (phase_d != 3'd0 ? phase_d[1:0] - 2'd1 : 2'd0),
        (phase_d == 3'd0 || phase_d == 3'd4 || phase == phase_d + 3'd1),
        (phase_d != 3'd0 || phase <= 3'd1),
        (phase_d != 3'd4 || phase <= 3'd1),
        (!wact || (peek_dw_reg == v_reg && peek_dw_mask == v_mask)),
        (!(phase >= 3'd2 || (phase == 3'd0 && wact) || peek_rp_valid) ||
         (w_reg == v_reg && w_mask == v_mask)),
        // the misprediction and the replay, one cycle apart at the Com unit and the port
        (peek_x_misp == (peek_rp_valid && peek_rp_blk == 2'd0)),
        (!peek_x_misp || (phase_d == 3'd4 && phase == 3'd0)),
        (!peek_rp_valid || (phase == 3'd0 && peek_spec && v_full)),
        (!(peek_rp_valid && peek_rp_blk != 2'd0) ||
         (peek_x_replay && peek_x_rblk == peek_rp_blk - 2'd1 && phase_d == 3'd0)),
        (!peek_x_replay || (phase_d == 3'd0 && (peek_x_rblk == 2'd3 ? !peek_rp_valid
                                                 : peek_rp_valid && peek_rp_blk == peek_x_rblk + 2'd1))),
        (!peek_x_replay || peek_spec),
        (!(peek_x_replay || peek_x_misp) || v_full),
        (!(peek_spec && phase != 3'd1) || &w_mask),
        (phase_d != 3'd1 || (peek_x_compr == peek_spec && peek_x_de == sh_de &&
                             peek_x_db == sh_db && peek_x_c0 == sh_c0))};
    wire inv_pipe = &inv_pipe_c;

    // the write's state: its old row, patches and placement
    wire old_comp = ko == K_COMP, old_unc = ko == K_UNC, old_spill = ko == K_SPILL;
    wire [5:0] inv_wr_c = {
        {peek_o_v, peek_o_c, peek_o_m, peek_o_entry, peek_o_blk} == (vd ? {1'b1, pay_d} : {(PW+1){1'b0}}),
        (!peek_pc_v || (!old_comp && v_full)),
        (!peek_pu_v || !old_unc),
        (phase_d == 3'd1 ? peek_p_kind == K_NONE : peek_p_kind != K_NONE),
        (peek_p_kind == K_NONE ||
         (peek_p_src == S_OLD && peek_p_kind == ko && peek_p_entry == peek_o_entry &&
          peek_p_blk == peek_o_blk && (ko != K_SPILL || !peek_pu_v)) ||
         (peek_p_src == S_PC && peek_p_kind == K_COMP && peek_pc_v &&
          peek_p_entry == {{(EB-RB){1'b0}}, peek_pc_entry} && peek_p_blk == peek_pc_blk) ||
         (peek_p_src == S_PU && peek_p_kind == K_UNC && peek_pu_v &&
          peek_p_entry == {{(EB-RB){1'b0}}, peek_pu_entry} && peek_p_blk == 2'd0) ||
         (peek_p_src == S_SLOT && peek_p_kind == K_SPILL && !old_unc && !old_spill && !peek_pu_v &&
          peek_p_entry[EB-1:3] == 0 && peek_p_blk == 2'd0)),
        (peek_p_kind != K_COMP || (v_full && peek_spec && !peek_x_replay))};
    wire inv_wr = !wact || &inv_wr_c;

    // the walk, the fresh slice, the PSU's selection stage
    wire walking = peek_left != 0;
    reg inv_fresh;
    always @(*) inv_fresh = !fresh || (peek_ptv == 0 && phase == 3'd0 && !wact && !peek_rp_valid &&
                                      !relq_valid && !known);
    wire inv_walk = !walking || (phase == 3'd0 && !wact && !peek_rp_valid && !relq_valid && !known);
    wire inv_psu = peek_changed || peek_q == peek_q_d;

    // the watched component's value
    wire inv_val0 = !(known && !wt) || (vw && loc_w == val);
    wire inv_vala = !(known && wt && !v_act && !peek_x_replay && kb <= wblk) ||
                    (old_comp ? ent_mov[wlane*W +: W] == val : (peek_o_v && loc_w == val));
    wire inv_vald = !(known && wt && !peek_x_replay && kb == wblk && v_act) ||
                    peek_x_rowl == val;
    wire inv_valb = !(known && wt && (peek_p_kind == K_UNC || peek_p_kind == K_SPILL) &&
                      (peek_x_replay ? peek_x_rblk > wblk : kb > wblk)) || loc_p == val;
    wire inv_valc = !(wt && peek_p_kind == K_COMP) || p_comp_p == {sh_de, sh_db, sh_c0};
    wire inv_vale = !(known && wt && peek_p_kind == K_COMP && phase_d == 3'd4 && !peek_x_misp) ||
                    ent_blk[wlane*W +: W] == val;
    wire inv_drb = !(known && ((w_reg == watch && ((phase >= 3'd2 && peek_spec && wblk < blk_now) ||
                                                   peek_rp_valid)) ||
                               (wt && peek_x_replay && peek_x_rblk <= wblk))) ||
                   drb_w == val;
    wire inv_vrep = !(known && wt && peek_x_replay && peek_x_rblk == wblk) ||
                    peek_x_rowl == val;


    // the read ports (peeks): a checked read in flight reads where the value is. Its beat b
    // (block b - 1 out now) is the number of cycles since its start; a write to the watched
    // register taken since then is at most b cycles old, so it has not reached block wblk
    // before the read does; its block wblk is in data_q once read, in the decompression
    // unit's registers (compressed), else still in its place: owned by the watched register,
    // or, after a deallocation released it, with no write able to reach it before the read
    wire com_w = w_reg == watch && phase != 3'd0;
    wire [1:0] inv_beat_c, inv_rd;
    generate
        for (gi = 0; gi < 2; gi = gi + 1) begin : g_rpath
            (* keep *) wire [1:0] peek_rk;
            (* keep *) wire [EB-1:0] peek_re;
            (* keep *) wire [W-1:0] peek_rdq;                 // data_q, lane LANE
            (* keep *) wire [W-1:0] peek_dc0;
            (* keep *) wire [CB-1:0] peek_dde, peek_ddb;
            (* keep *) wire peek_dv;
            (* keep *) wire [1:0] peek_dblk;
            wire [2:0] beat = g_rport[gi].beat;
            wire [W-1:0] want = g_rport[gi].want;
            reg [W-1:0] l_unc, l_spill;
            always @(*) begin
                {l_unc, l_spill} = 0;
                for (r = 0; r < NBLK; r = r + 1) begin
                    if ({peek_re[RB-1:0], wblk} == r) begin
                        l_unc = mem_l[r*W +: W];
                        l_spill = lds_l[r*W +: W];
                    end
                end
            end
            wire [ROW-1:0] ent_d;
            entry_ref u_entd (.c0(peek_dc0), .log2de(peek_dde), .log2db(peek_ddb), .sw(wblk),
                              .comp(ent_d));
            wire [1:0] rb = beat[1:0] - 2'd1;
            wire owned = vw && kw == peek_rk && ew == peek_re;
            assign inv_beat_c[gi] = beat <= 3'd4;
            wire [5:0] inv_rd_c = {
                peek_rk != K_NONE,
                (!com_w || phase <= beat),
                (!wt || (!peek_x_replay && phase_d + 3'd1 <= beat)),
                (peek_rk != K_COMP ||
                 (peek_dv && peek_dblk == rb && (rb > wblk || ent_d[wlane*W +: W] == want))),
                (peek_rk == K_COMP || rb != wblk || peek_rdq == want),
                (peek_rk == K_COMP || rb >= wblk ||
                 ((peek_rk == K_UNC ? l_unc : l_spill) == want &&
                  (owned || (rb != 2'd0 && !wact && phase <= 3'd1 && (rb != 2'd1 || phase == 3'd0)))))};
            assign inv_rd[gi] = !(g_rport[gi].chk && beat != 3'd0) || &inv_rd_c;
        end
    endgenerate
    wire inv_beat = &inv_beat_c;
    // the layers: 1 the pipeline, the walk, the PSU's stage; 2 the write's state and the
    // owners (and the no-faulty-write and error properties); 3 the watched value; 4 the read
    // ports and the read-back property. Layer k assumes those below k and asserts each of its
    // own conditions on its own (engine sat-ind-each: one SAT problem a condition), with all of
    // them assumed a cycle earlier, after the reset (prev_ok): together the 1-induction of the
    // layer, in problems the solver finishes.
    wire [5:0] l1_c = {inv_pipe, inv_fresh, inv_walk, inv_psu, inv_beat, prop_beats};
    wire [8:0] l2_c = {inv_wr, own_dis, own_flt, own_bm, inv_lown, inv_ent, inv_offer, prop_faulty,
                       prop_err};
    wire [7:0] l3_c = {inv_val0, inv_vala, inv_vald, inv_valb, inv_valc, inv_vale, inv_drb, inv_vrep};
    wire [3:0] l4_c = {inv_rd[0], inv_rd[1], prop_read[0], prop_read[1]};
    localparam integer NC = LAYER == 1 ? 6 : LAYER == 2 ? 9 : LAYER == 3 ? 8 : 4;
    wire [8:0] lay_c = LAYER == 1 ? {3'b111, l1_c} : LAYER == 2 ? l2_c
                     : LAYER == 3 ? {1'b1, l3_c} : {5'b11111, l4_c};
    reg prev_ok = 1'b1;
    always @(posedge clk) prev_ok <= init || &lay_c;
    generate
        if (LAYER != 0) begin : g_layer
            for (gi = 0; gi < NC; gi = gi + 1) begin : g_c
                always @(*) if (!init) assert (lay_c[gi]);
            end
            always @(*) begin
                if (!init) assume (prev_ok);
                if (!init && LAYER > 1) assume (&l1_c);
                if (!init && LAYER > 2) assume (&l2_c);
                if (!init && LAYER > 3) assume (&l3_c);
            end
        end
    endgenerate
endmodule
