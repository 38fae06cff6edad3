codec  7800  1050.531446:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7794  1050.541904:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.543905:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.549474:    2000000 cpu-clock: 
	ffffffff815894bf __rseq_handle_notify_resume+0x4f ([kernel.kallsyms])
	ffffffff821f5bc6 irqentry_exit_to_user_mode+0x166 ([kernel.kallsyms])
	ffffffff81000e06 asm_sysvec_apic_timer_interrupt+0x16 ([kernel.kallsyms])
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.551471:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7794  1050.557927:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.559922:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.565498:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.567496:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7794  1050.577916:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7794  1050.579914:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7800  1050.585528:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.587527:    2000000 cpu-clock: 
	            13a4 codec::step+0x24 (/tmp/hotinline-codec/codec)

codec  7794  1050.593942:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.595939:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.605539:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.607537:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7794  1050.613972:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.615968:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.624872:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.626868:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.628867:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7794  1050.635963:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.642180:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.644174:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.658901:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7800  1050.660898:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7794  1050.666222:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.668219:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.678936:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.680933:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7794  1050.690235:    2000000 cpu-clock: 
	            1361 checksum+0x21 (/tmp/hotinline-codec/codec)

codec  7794  1050.692232:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.698974:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.700970:    2000000 cpu-clock: 
	            1363 checksum+0x23 (/tmp/hotinline-codec/codec)

codec  7794  1050.708103:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7800  1050.710094:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.712094:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7794  1050.722299:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.724296:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.734143:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7800  1050.736140:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.742340:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7794  1050.744334:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.746334:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.748333:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.757815:    2000000 cpu-clock: 
	            1363 checksum+0x23 (/tmp/hotinline-codec/codec)

codec  7794  1050.759814:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.770389:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7800  1050.772385:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7794  1050.781846:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.783841:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.790405:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.792401:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  7794  1050.797898:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7794  1050.799894:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  7800  1050.803154:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7800  1050.805155:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  7794  1050.813929:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  7794  1050.815928:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7800  1050.823175:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  7794  1050.825943:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

