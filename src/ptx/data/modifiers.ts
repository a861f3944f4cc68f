/**
 * The vocabulary of instruction modifiers PTX knows (ptxas 13.0, PTX ISA 9.0): every dotted word that
 * may follow an opcode. Gathered from the PTX ISA, from every file in the shared corpus that ptxas
 * accepts, and from the modifier strings in the ptxas binary (some stored ROT13-encoded). It is a
 * union over all instructions, so it errs towards accepting: ptxas also refuses some of these words
 * after some opcodes (`add.wide` is "Unknown modifier"), which is left to instruction checks.
 *
 * Words of the form `.head::tail` are accepted when their head is a known namespace (`.L2::...`,
 * `.shared::...`, `.kind::...`), so new cache-hint and scope spellings do not become false errors.
 */

const WORDS: readonly string[] = [
  // Instruction-specific words (ptxas calls them unknown after other opcodes).
  'ecr ignore_oob range cp_fenceproxy ld_reduce base st red cp_mask',
  '0 01 0d 0k 0q 0x 1 128k128o 128k256o 128x128b 128x256b 16k128o 16k256o 16k32ok2 16k64o 16x128b 16x256b',
  '16x32bx2 16x64b 1c 1d 1d_buffer 1f 1g 1p 1q 1q_ohssre 1s 1t 2 2_ 2d 2dms 2g 2i 2l 2m 2q 2qzf 2t 2v 2y 2z 3',
  '32k128o 32k32o 32x128b 32x32b 3d 3f 3g 3q 3s 3t 4 4c 4d 4g 4i 4k256o 4m 4p 4q 4t 4v 4x256b 4z 5 5a 5d 5e 5f 5h',
  '5n 5q 5r 5s 5u 6 64k 64k128o 64x 64x128b 6e 6f 6l 6r 6s 6y 7 79 7a 7b 7c 7g 7l 7n 7o 7p 7t 7y 8 8e 8f 8j 8k 8r',
  '8s 8w 8x 9 91 9f 9i 9s 9v L1 L1::evict_last L1::no_allocate L2 L2::128B L2::256B L2::64B L2::cache_hint',
  'L2::evict_first L2::evict_last L2::evict_normal NaN a a0 a1 a1d a2 a2d a2dms a3 a4 a5 a8 ab_ngrkvg ab_nyybpngr',
  'ab_zrzoreznfx_bireync aberghea abezny abeznyvmrq_pbbeqf abgnahzore abi_preserve abi_preserve_after',
  'abi_preserve_control abs absgm abvap acc::f16 acc::f32 acq_rel acquire acube add addr_mode_0 addr_mode_1',
  'addr_mode_2 aggressive ahz ahz_fnzcyrf ahz_zvcznc_yriryf ahzore ai ai_qroht_ ai_qroht_vasb_cgk',
  'ai_qroht_vasb_ert_fnff ai_qroht_vasb_ert_glcr ak alias aligned aligned_alloc aligned_alloc::pow2 all alloc',
  'allocno ana and any approx ar arh array_size arrive arrive_drop asc::b32 asc::b64 ashift async async::generic',
  'atomic attribute au ax ay b b0 b01 b1 b1024 b12 b128 b12s b16 b2 b23 b3 b32 b3210 b32x2 b4 b4e b4x16 b4x16_p64',
  'b5 b6 b64 b6p2x16 b6x16 b6x16_p32 b7 b7654 b8 b8x16 ba4 ballot bar barrier bbo bc bc_erfgevpg be bf16 bf16x2',
  'bfly bireevqr::tybony_nqqerff bireevqr::tybony_qvz bireevqr::tybony_qvz::tybony_fgevqr',
  'bireevqr::tybony_qvz_fgevqr bk block16 block32 block_scale blocksareclusters box_dim br bs bss build bul bulk',
  'bulk_group bw bx by bz c c3 c4 c7 ca cas cb cbcp cc cd ce cebkl::beqrerq cebklxvaq cerq cg cge',
  'channel_data_type channel_order ci clamp close cluster clustershared cnpx::16o cnpxrq_bssfrgf cnve coarse col',
  'collector collector::a::discard collector::a::fill collector::a::lastuse collector::a::use',
  'collector::b0::discard collector::b0::fill collector::b0::lastuse collector::b0::use collector::b1::discard',
  'collector::b1::fill collector::b1::lastuse collector::b1::use collector::b2::discard collector::b2::fill',
  'collector::b2::lastuse collector::b2::use collector::b3::discard collector::b3::fill collector::b3::lastuse',
  'collector::b3::use collector::b::discard collector::b::fill collector::b::lastuse collector::b::use',
  'collector_usage comment commit commit_group common complete_tx completion_mechanism const conv cos count cp',
  'cp_mask cs ct cta cta1 cta2 cta_group cta_group::1 cta_group::2 ctors cube cv cvt d d0 d4 d7 d_ data dc',
  'dealloc debug_ dec decompress::lut::b depth dga dhnq di dim dis discard div dj down dt dtors dual dwmh dynamic',
  'dynstr dynsym dz e e0m3 e0m3x2 e0m3x4 e2 e2m1 e2m1x2 e2m1x4 e2m3 e2m3x2 e2m3x4 e3m2 e3m2x2 e3m2x4 e3m4 e3m4x2',
  'e3m4x4 e4m3 e4m3x2 e4m3x4 e5m2 e5m2x2 e5m2x4 ea eav eb ebj ebqngn ec ecl ecv ef eh_frame eh_frame_hdr ei elect',
  'element_stride elemtype em emv en enaq enax entry_image_header_indices ep16 ep8 eq equ erc erdapgncrepyhfgre',
  'erfreirq ergnqqe_nyybpab erirefr ernq erq ert ertbssfrg eryh erynkrq eryrnfr::beqrerq evict_first evict_last',
  'evict_normal evict_unchanged ex2 exch exclusive exit expand expect_tx explicitcluster extern extract ey ez ezv',
  'f f16 f16k2 f16x2 f2 f2z6 f2z6k2 f32 f32x2 f4 f4e f6 f64 f8 f8e4m3 f8e5m2 f8f6f4 f8k4 f_ fc fc::2gb4',
  'fc::beqrerq_zrgnqngn fence fence::after_thread_sync fence::before_thread_sync fert fg fgegno fhes fhesers fho',
  'fhoabezny file fill_mode filter_mode fini finite fj fjvmmyr_ngbzvpvgl fjvmmyr_zbqr flap_erfgevpg',
  'flap_erfgevpg::funerq::ernq::zzn::n flap_erfgevpg::funerq::pgn flap_erfgevpg::funerq::pyhfgre flzgno flzgno_s',
  'fm fma fnff fnff_zn fng fnganeebj fngsvavgr fnsrnqq fnzcyreers fo footprint force_unnormalized_coords fp',
  'fpengpu fpnggre4 fpnyr_irp_fvmr fpnyr_irpgbefvmr fractional frd frel frys ftz ftz_denormal fu fue15 fue7',
  'fufgegno full funcr funerq::pgn funerq::pyhfgre fused fuvsgnzg fv fw g g2 g4 g8 gather4 gcc_except_table gd ge',
  'genaf genc get_first_ctaid get_first_ctaid::x get_first_ctaid::y get_first_ctaid::z geu gf gh gl global',
  'global_address global_dim global_stride goff got gptra05bc gpu grad grafbeznc grafbeznc::trarevp grk grkers',
  'grkg group gs gs32 gt gtu gu guernq gvyr gvyr::fpnggre4 gvyr::tngure4 h h0 h1 h10 h16 h16k2 h32 h64 h7 h8k4 h9',
  'h: hacnpx::16o hanavzbhf haqrsvarq hash havdhr havsvrq havsvrq_shap_fgho haxabja hc height hh hi hjdp hk hl hm',
  'hpbqr hr4z3 hr8z0 hr8z0k2 hr8z0k4 hs hz i i0 i1 i2 i8 ibyngvyr ic idx ie ifsg6 ig ij im2col im2col::w',
  'im2col::w::128 im2col_no_offs im2col_no_offs::w im2col_w im2col_w_128 in inc infinite init interleave_layout',
  'interp inv inval invall io ir irefvba irp is_canceled ix iz j j1 j128 j4 j7 j_ jb jenc jevgr jg jh ji6',
  'jnecglcr jneck2::01_23 jneck2::02_13 jneck4 jo jp jrnx ju jv jvqgu jy k k0 k1 k128 k16 k2 k32 k4 k64 k7q k8 ka',
  'kbe kbefvta keeprefcount ki kind kind::f16 kind::f8f6f4 kind::fp16 kind::fp4 kind::fp8 kind::i8 kind::int8',
  'kind::mx8 kind::mxf4 kind::mxf4nvf4 kind::mxf8f6f4 kind::mxint8 kind::nvf4 kind::tf32 km kw l l0 l2 l6 l:',
  'launch_dependents ld le leu level level::eviction_priority lg2 lh lk lo load load_mode loc local local_maxnreg',
  'lower::16b lq ls lt ltu lu lxb m m16 m16n16 m16n16k16 m16n16k8 m16n32 m16n8 m16n8k128 m16n8k16 m16n8k256',
  'm16n8k32 m16n8k4 m16n8k64 m16n8k8 m2 m32n16 m32n8 m32n8k16 m4 m64n104k16 m64n104k32 m64n104k64 m64n104k8',
  'm64n112k16 m64n112k256 m64n112k32 m64n112k64 m64n112k8 m64n120k16 m64n120k32 m64n120k64 m64n120k8 m64n128k16',
  'm64n128k256 m64n128k32 m64n128k64 m64n128k8 m64n136k16 m64n136k32 m64n136k64 m64n136k8 m64n144k16 m64n144k256',
  'm64n144k32 m64n144k64 m64n144k8 m64n152k16 m64n152k32 m64n152k64 m64n152k8 m64n160k16 m64n160k256 m64n160k32',
  'm64n160k64 m64n160k8 m64n168k16 m64n168k32 m64n168k64 m64n168k8 m64n16k16 m64n16k256 m64n16k32 m64n16k64',
  'm64n16k8 m64n176k16 m64n176k256 m64n176k32 m64n176k64 m64n176k8 m64n184k16 m64n184k32 m64n184k64 m64n184k8',
  'm64n192k16 m64n192k256 m64n192k32 m64n192k64 m64n192k8 m64n200k16 m64n200k32 m64n200k64 m64n200k8 m64n208k16',
  'm64n208k256 m64n208k32 m64n208k64 m64n208k8 m64n216k16 m64n216k32 m64n216k64 m64n216k8 m64n224k16 m64n224k256',
  'm64n224k32 m64n224k64 m64n224k8 m64n232k16 m64n232k32 m64n232k64 m64n232k8 m64n240k16 m64n240k256 m64n240k32',
  'm64n240k64 m64n240k8 m64n248k16 m64n248k32 m64n248k64 m64n248k8 m64n24k16 m64n24k256 m64n24k32 m64n24k64',
  'm64n24k8 m64n256k16 m64n256k256 m64n256k32 m64n256k64 m64n256k8 m64n32k16 m64n32k256 m64n32k32 m64n32k64',
  'm64n32k8 m64n40k16 m64n40k32 m64n40k64 m64n40k8 m64n48k16 m64n48k256 m64n48k32 m64n48k64 m64n48k8 m64n56k16',
  'm64n56k32 m64n56k64 m64n56k8 m64n64k16 m64n64k256 m64n64k32 m64n64k64 m64n64k8 m64n72k16 m64n72k32 m64n72k64',
  'm64n72k8 m64n80k16 m64n80k256 m64n80k32 m64n80k64 m64n80k8 m64n88k16 m64n88k32 m64n88k64 m64n88k8 m64n8k16',
  'm64n8k256 m64n8k32 m64n8k64 m64n8k8 m64n96k16 m64n96k256 m64n96k32 m64n96k64 m64n96k8 m8 m8n16 m8n32 m8n32k16',
  'm8n64 m8n8 m8n8k128 m8n8k16 m8n8k32 m8n8k4 m8n8k64 managed mask matrix_type max max_abs maxabs maxclusterrank',
  'maxnctapersm mb mbarrier mbarrier::arrive::one mbarrier::complete_tx::bytes mbarrier::meet_tx::bytes',
  'mbarrier_init md me memory_layout mer metadata min minnctapersm mma mma_async mmio mode mreb mrt mt mu_t mul',
  'multicast multicast::cluster multicast::cluster::16b multicast::cluster::32b multicast::cluster::all multimem',
  'mv my n n0 n1 n1q n2 n2q n2qzf n3 n4 n5 n8 nan naq nc nccebk ne neenl_fvmr neg neu nflap::trarevp nfp::o32',
  'nfp::o64 nfuvsg nggevohgr nh nk nl noComplete no_allocate no_atexit no_membermask_overlap nof noftz noinc',
  'noreturn normal normalized_coords notanumber nov_cerfreir nov_cerfreir_nsgre nov_cerfreir_pbageby npd_ery',
  'npdhver nphor npp::s16 npp::s32 nqq nqqe_zbqr_0 nqqe_zbqr_1 nqqe_zbqr_2 num num_mipmap_levels num_samples',
  'number nv nv_debug_ nv_debug_info_ptx nv_debug_info_reg_sass nv_debug_info_reg_type nx nyvnf nyvtarq',
  'nyvtarq_nyybp::cbj2 nyy nyybpab o o0 o01 o1 o1024 o12 o128 o12f o16 o2 o23 o32 o3210 o4 o4k16_c64 o4r o6 o64',
  'o6k16_c32 o7654 o8 o8k16 obk_qvz oe of off ohvyq ohy ohyx_tebhc oj ok ol om on4 one oob op op_restrict or',
  'ordered_metadata os16 osyl override::global_address override::global_dim override::global_dim::global_stride',
  'override::global_dim_stride ox oybpx16 oybpx32 oybpx_fpnyr oybpxfnerpyhfgref p p3 p4 p7 pack pack::16b',
  'packed_offsets pair param parity pbafg pbai pbhag pbnefr pby pbyyrpgbe::n::hfr pbyyrpgbe::n::qvfpneq',
  'pbyyrpgbe::n::svyy pbyyrpgbe::n::ynfghfr pbyyrpgbe::o0::hfr pbyyrpgbe::o0::qvfpneq pbyyrpgbe::o0::svyy',
  'pbyyrpgbe::o0::ynfghfr pbyyrpgbe::o1::hfr pbyyrpgbe::o1::qvfpneq pbyyrpgbe::o1::svyy pbyyrpgbe::o1::ynfghfr',
  'pbyyrpgbe::o2::hfr pbyyrpgbe::o2::qvfpneq pbyyrpgbe::o2::svyy pbyyrpgbe::o2::ynfghfr pbyyrpgbe::o3::hfr',
  'pbyyrpgbe::o3::qvfpneq pbyyrpgbe::o3::svyy pbyyrpgbe::o3::ynfghfr pbyyrpgbe::o::hfr pbyyrpgbe::o::qvfpneq',
  'pbyyrpgbe::o::svyy pbyyrpgbe::o::ynfghfr pbyyrpgbe_hfntr pbzcyrgvba_zrpunavfz pbzzba pbzzrag pc_znfx',
  'pending_count pf pg pgbef pgn1 pgn2 pgn_tebhc pgn_tebhc::1 pgn_tebhc::2 phase phor pi pn pnf po popc pp pq pr',
  'pred prefetch proxy proxy::ordered proxykind pt ptr punaary_beqre punaary_qngn_glcr pv pybfr pyhfgre',
  'pyhfgrefunerq pynzc q q0 q4 q7 q_ qbja qg qgbef qhny qjzu qlafge qlaflz qlanzvp qm qngn qp qrcgu qroht_',
  'qrpbzcerff::yhg::o qtn quad query_cancel qv qvf qvi qvz qw r r0z3 r0z3k2 r0z3k4 r2 r2z1 r2z1k2 r2z1k4 r2z3',
  'r2z3k2 r2z3k4 r3z2 r3z2k2 r3z2k4 r3z4 r3z4k2 r3z4k4 r4z3 r4z3k2 r4z3k4 r5z2 r5z2k2 r5z2k4 ra',
  'ragel_vzntr_urnqre_vaqvprf rand rank rc16 rc8 rd rdh read red reduce reg regoffset relaxed relaxed_scope',
  'release release::ordered release_read relinquish_alloc_permit relu rep replace reqnctapercluster reserved',
  'retaddr_allocno reuse reverse rivpg_abezny rivpg_hapunatrq rivpg_svefg rivpg_ynfg rkcnaq rkcyvpvgpyhfgre',
  'rkgrea rkpu rkpyhfvir rl rm rmi rn rna rni ro rodata row rp rpi rpy rs ru_senzr ru_senzr_uqe rv ryrzglcr',
  'ryrzrag_fgevqr rz rzi s s16 s16x2 s2 s2f6x2 s2m6 s2m6x2 s32 s32k2 s4 s4r s6 s64 s8 s8x4 s_ safeadd samplerref',
  'sass sass_ma sat sat_finite satfinite satnarrow sb sbbgcevag sbepr_haabeznyvmrq_pbbeqf sc scale_vec::2X',
  'scale_vec_size scale_vectorsize scatter4 scratch self seq sery sgm sh shape shared shared::cluster shared::cta',
  'shared_memory shfrq shift shiftamt shl shr shr15 shr7 shstrtab si sin sj sm_90 sp sp::2to4',
  'sp::ordered_metadata sreg ss st st_async store strtab sub subnormal sum surf surfref svav svavgr svygre_zbqr',
  'svyr svyy_zbqr sw swizzle_atomicity swizzle_mode symtab symtab_f sync sync_restrict',
  'sync_restrict::shared::cluster sync_restrict::shared::cta sync_restrict::shared::read::mma::a sys sz t t2 t4',
  't8 tanh tbg tbss tcgen05op tch tebhc tensor tensormap tensormap::generic test_wait tex texref text tf tf32 tg',
  'tgh th thread tile tile::gather4 tile::scatter4 tile_gather4 tile_scatter4 tngure4 to tpp_rkprcg_gnoyr tq tr',
  'trans trap trg_svefg_pgnvq trg_svefg_pgnvq::k trg_svefg_pgnvq::l trg_svefg_pgnvq::m trh try_cancel try_wait ts',
  'tu ty tybony_fgevqr tybony_nqqerff tybony_qvz u u10 u16 u16x2 u32 u32x2 u4 u64 u7 u8 u8x4 u9 u: ucode ue4m3',
  'ue8m0 ue8m0x2 ue8m0x4 uf um unanimous undefined unfu uni unified unified_func_stub uniform unique unknown',
  'unpack::16b up urvtug uu uv uwqc ux uy uz v v0 v1 v16 v2 v4 v8 va vagrec vagreyrnir_ynlbhg vai vainyy vasvavgr',
  'vavg vb ve vec version vf_pnapryrq vk vm volatile vp vr vsft6 vt vw vz2pby vz2pby::j vz2pby::j::128',
  'vz2pby_ab_bssf vz2pby_ab_bssf::j w w1 w128 w4 w7 w_ wait wait::ld wait::st wait_all wait_group warp warptype',
  'warpx2 warpx2::01_23 warpx2::02_13 warpx4 wb wc weak wh wi wide width wl wo wrap write ws wt wu wv6 x x0 x1',
  'x128 x16 x2 x32 x4 x64 x7d x8 xj xn xor xorsign xrrcerspbhag xv xvaq xvaq::ais4 xvaq::gs32 xvaq::s16',
  'xvaq::s8s6s4 xvaq::sc16 xvaq::sc4 xvaq::sc8 xvaq::v8 xvaq::vag8 xvaq::zk8 xvaq::zks4 xvaq::zks4ais4',
  'xvaq::zks8s6s4 xvaq::zkvag8 xz y y0 y2 y6 y: ybjre::16o ybnq_zbqr ybp ybpny ybpny_znkaert yd yf yg ygh yh yko',
  'ynhapu_qrcraqragf yq yr yrh yriry::rivpgvba_cevbevgl yu yx z z16 z16a16 z16a16x16 z16a16x8 z16a8 z16a8x128',
  'z16a8x16 z16a8x256 z16a8x32 z16a8x4 z16a8x64 z16a8x8 z2 z32a8x16 z4 z64a104x16 z64a104x32 z64a104x64 z64a104x8',
  'z64a112x16 z64a112x256 z64a112x32 z64a112x64 z64a112x8 z64a120x16 z64a120x32 z64a120x64 z64a120x8 z64a128x16',
  'z64a128x256 z64a128x32 z64a128x64 z64a128x8 z64a136x16 z64a136x32 z64a136x64 z64a136x8 z64a144x16 z64a144x256',
  'z64a144x32 z64a144x64 z64a144x8 z64a152x16 z64a152x32 z64a152x64 z64a152x8 z64a160x16 z64a160x256 z64a160x32',
  'z64a160x64 z64a160x8 z64a168x16 z64a168x32 z64a168x64 z64a168x8 z64a16x16 z64a16x256 z64a16x32 z64a16x64',
  'z64a16x8 z64a176x16 z64a176x256 z64a176x32 z64a176x64 z64a176x8 z64a184x16 z64a184x32 z64a184x64 z64a184x8',
  'z64a192x16 z64a192x256 z64a192x32 z64a192x64 z64a192x8 z64a200x16 z64a200x32 z64a200x64 z64a200x8 z64a208x16',
  'z64a208x256 z64a208x32 z64a208x64 z64a208x8 z64a216x16 z64a216x32 z64a216x64 z64a216x8 z64a224x16 z64a224x256',
  'z64a224x32 z64a224x64 z64a224x8 z64a232x16 z64a232x32 z64a232x64 z64a232x8 z64a240x16 z64a240x256 z64a240x32',
  'z64a240x64 z64a240x8 z64a248x16 z64a248x32 z64a248x64 z64a248x8 z64a24x16 z64a24x256 z64a24x32 z64a24x64',
  'z64a24x8 z64a256x16 z64a256x256 z64a256x32 z64a256x64 z64a256x8 z64a32x16 z64a32x256 z64a32x32 z64a32x64',
  'z64a32x8 z64a40x16 z64a40x32 z64a40x64 z64a40x8 z64a48x16 z64a48x256 z64a48x32 z64a48x64 z64a48x8 z64a56x16',
  'z64a56x32 z64a56x64 z64a56x8 z64a64x16 z64a64x256 z64a64x32 z64a64x64 z64a64x8 z64a72x16 z64a72x32 z64a72x64',
  'z64a72x8 z64a80x16 z64a80x256 z64a80x32 z64a80x64 z64a80x8 z64a88x16 z64a88x32 z64a88x64 z64a88x8 z64a8x16',
  'z64a8x256 z64a8x32 z64a8x64 z64a8x8 z64a96x16 z64a96x256 z64a96x32 z64a96x64 z64a96x8 z8 z8a16 z8a32 z8a32x16',
  'z8a64 z8a8 z8a8x128 z8a8x16 z8a8x32 z8a8x64 zbqr zeg zero zg zh_g zhygvpnfg zhygvpnfg::pyhfgre',
  'zhygvpnfg::pyhfgre::16o zhygvpnfg::pyhfgre::32o zhygvpnfg::pyhfgre::nyy zi zl znantrq zngevk_glcr znk',
  'znkapgncrefz znknof znkpyhfgreenax zo zoneevre zoneevre::neevir::bar zoneevre::pbzcyrgr_gk::olgrf',
  'zoneevre::zrrg_gk::olgrf zoneevre_vavg zq zr zre zrzbel_ynlbhg zva zvaapgncrefz zzvb',
];

/** Namespaces whose `::` members are all accepted. */
const NAMESPACE_HEADS: ReadonlySet<string> = new Set([
  '.L1', '.L2', '.acc', '.aligned_alloc', '.async', '.collector', '.cta_group', '.decompress', '.fence', '.get_first_ctaid', '.im2col', '.im2col_no_offs', '.kind', '.level', '.lower', '.matrix', '.mbarrier', '.multicast', '.override', '.pack', '.proxy', '.release', '.scale_vec', '.shared', '.sp', '.sync_restrict', '.tensormap', '.tile', '.unpack', '.wait', '.warpx2', '.global', '.param', '.cluster', '.cta', '.gpu', '.sys', '.local', '.const', '.generic', '.acquire', '.relaxed', '.read', '.write', '.layout', '.ld', '.st', '.op', '.buffer', '.b0', '.b1', '.b2', '.b3', '.arrive', '.expect_tx', '.complete_tx', '.cache_hint', '.evict_first', '.evict_last', '.evict_normal', '.evict_unchanged', '.evict_priority', '.no_allocate',
]);

const VOCABULARY: ReadonlySet<string> = (() => {
  const set = new Set<string>();
  for (const line of WORDS) for (const w of line.split(' ')) if (w) set.add('.' + w);
  return set;
})();

/** Whether `word` (with its leading dot, e.g. `.global`, `.L2::evict_last`) is a modifier PTX knows. */
export function isKnownModifier(word: string): boolean {
  if (VOCABULARY.has(word)) return true;
  const colons = word.indexOf('::');
  if (colons > 0) return NAMESPACE_HEADS.has(word.slice(0, colons));
  return isShapeWord(word);
}

const C_0 = 48;
const C_9 = 57;

/** `.m16n8k16`, `.m64n256k32`, `.m8n8`: matrix shapes, a family too large to list. */
function isShapeWord(word: string): boolean {
  if (word.length < 5 || word.charCodeAt(1) !== 109 /* m */) return false;
  let i = 2;
  const digits = (): boolean => {
    const s = i;
    while (i < word.length && word.charCodeAt(i) >= C_0 && word.charCodeAt(i) <= C_9) i++;
    return i > s;
  };
  if (!digits() || word.charCodeAt(i) !== 110 /* n */) return false;
  i++;
  if (!digits()) return false;
  if (i === word.length) return true;
  if (word.charCodeAt(i) !== 107 /* k */) return false;
  i++;
  return digits() && i === word.length;
}
