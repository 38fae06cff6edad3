codec  3460  1790.579881:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3479  1790.599480:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1790.642157:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3460  1790.644150:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3479  1790.657529:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1790.659537:    2000000 cpu-clock: 
	            136a checksum+0x2a (/tmp/hotinline-codec/codec)

codec  3479  1790.693573:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3479  1790.695567:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3460  1790.706180:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3460  1790.708182:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1790.741609:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3479  1790.743607:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3460  1790.758395:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3460  1790.760392:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1790.790441:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1790.792436:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3479  1790.801620:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1790.803618:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3460  1790.858466:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3460  1790.860465:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1790.873665:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3479  1790.875663:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3460  1790.906528:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3460  1790.908521:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3479  1790.919924:    2000000 cpu-clock: 
	            1361 checksum+0x21 (/tmp/hotinline-codec/codec)

codec  3479  1790.941958:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3479  1790.943957:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3460  1790.954596:    2000000 cpu-clock: 
	            13b0 codec::step+0x30 (/tmp/hotinline-codec/codec)

codec  3460  1790.956602:    2000000 cpu-clock: 
	            1361 checksum+0x21 (/tmp/hotinline-codec/codec)

codec  3479  1790.981978:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3479  1790.994590:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3479  1790.996584:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3460  1791.010594:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3460  1791.012590:    2000000 cpu-clock: 
	            1363 checksum+0x23 (/tmp/hotinline-codec/codec)

codec  3479  1791.038770:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3479  1791.040766:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3460  1791.050621:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.052617:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.084537:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3460  1791.102639:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3460  1791.104634:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.130561:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.132557:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3460  1791.142683:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3460  1791.144680:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.174775:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.176772:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.194716:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.196713:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3479  1791.226825:    2000000 cpu-clock: 
	            1397 codec::step+0x17 (/tmp/hotinline-codec/codec)

codec  3479  1791.228829:    2000000 cpu-clock: 
	            139d codec::step+0x1d (/tmp/hotinline-codec/codec)

codec  3460  1791.246743:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.248754:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.278847:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

codec  3479  1791.280841:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.294779:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3460  1791.296779:    2000000 cpu-clock: 
	            139f codec::step+0x1f (/tmp/hotinline-codec/codec)

codec  3479  1791.326877:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3479  1791.328873:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.342822:    2000000 cpu-clock: 
	            13b9 codec::step+0x39 (/tmp/hotinline-codec/codec)

codec  3460  1791.344820:    2000000 cpu-clock: 
	            13a6 codec::step+0x26 (/tmp/hotinline-codec/codec)

codec  3479  1791.374871:    2000000 cpu-clock: 
	            13ae codec::step+0x2e (/tmp/hotinline-codec/codec)

