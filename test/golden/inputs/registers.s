// A few register mistakes on gfx900.
	.text
	s_mov_b32 s0, s102
	s_mov_b64 s[0:1], s[1:2]
	v_mov_b32 v0, v[0:12]
	s_mov_b64 s[0:1], tba
	s_endpgm
