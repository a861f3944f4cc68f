// Symbols: assignments, .set, forward references, labels and globals.
	.text
	.globl	entry
base = 0x100
.set stride, 16
limit = base + stride * 4
neg = -limit
mask = ~0 >> 60
cmp = base > stride
fwd = later * 2
later = 21
entry:
	s_mov_b32 s0, limit
	s_endpgm
.Lend:
	.size	entry, .Lend-entry
