/* spinlock_unlock.c - spinlock unlock wrappers on a simulated CPU.

   In Linux the *_unlock_bh() and *_unlock_irqrestore() wrappers are kept out
   of line (kernel/locking/spinlock.c) to save text; inlining them on x86-64
   gave AIM7 +1.68% for +0.78% vmlinux (the Linux patch "x86, locking: Inline *_unlock_bh & *_unlock_irqrestore").  Here the wrappers are
   extern functions defined in this file, so GCC keeps them out of line and
   declines to inline them into the hot path at -O2.  Interrupt flags, the
   preempt/softirq counters, a lockdep-like held-lock stack and the debug
   checks are plain C; the lock word uses __atomic builtins.  Written from
   scratch for hotinline.  */

/* { hi-options -O2 } */
/* { hi-policy ../policies/spinlock_unlock.yaml } */
/* { hi-run } */
/* { hi-plain-calls spin_unlock } */
/* { hi-plain-calls spin_unlock_irqrestore } */
/* { hi-plain-calls spin_unlock_bh } */
/* { hi-no-calls spin_unlock } */
/* { hi-no-calls spin_unlock_irqrestore } */
/* { hi-no-calls spin_unlock_bh } */

#include <stdint.h>
#include <stdio.h>

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__((always_inline))
#else
#define HOT_HAND
#endif

#define X86_EFLAGS_IF		0x200UL
#define SOFTIRQ_OFFSET		(1U << 8)
#define SOFTIRQ_DISABLE_OFFSET	(2U * SOFTIRQ_OFFSET)
#define SOFTIRQ_LOCK_OFFSET	(SOFTIRQ_DISABLE_OFFSET + 1U)
#define HARDIRQ_OFFSET		(1U << 16)
#define SOFTIRQ_MASK		(0xffU << 8)
#define HARDIRQ_MASK		(0xfU << 16)
#define SPINLOCK_MAGIC		0xdead4eadU
#define MAX_HELD		8

enum { NET_TX_SOFTIRQ, NET_RX_SOFTIRQ, NR_SOFTIRQS };

typedef struct {
	unsigned int locked;		/* the lock word */
	unsigned int magic;
	int owner_cpu;
	unsigned long acquired;
} spinlock_t;

struct cpu_state {
	unsigned long flags;		/* simulated EFLAGS */
	unsigned int preempt_count;
	unsigned int softirq_pending;
	unsigned int irq_pending;
	int need_resched;
	const spinlock_t *held[MAX_HELD];	/* lockdep-like stack */
	unsigned int nheld;
	unsigned long nr_irq, nr_softirq[NR_SOFTIRQS], nr_resched, bugs, out_of_order;
};

static struct cpu_state cpu = { X86_EFLAGS_IF, 0, 0, 0, 0, { 0 }, 0, 0, { 0 }, 0, 0, 0 };

#define DEFINE_SPINLOCK(x) spinlock_t x = { 0, SPINLOCK_MAGIC, -1, 0 }

/* Every function of the lock API is extern, as in kernel/locking/spinlock.c. */
unsigned long spin_lock_irqsave(spinlock_t *lock);
void spin_lock(spinlock_t *lock);
void spin_lock_bh(spinlock_t *lock);
void spin_lock_irq(spinlock_t *lock);
void spin_unlock_irq(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
void spin_unlock_bh(spinlock_t *lock);

static void do_irq(void);
static void do_softirq(void);

/* ---- simulated CPU state ------------------------------------------------ */

static inline int in_interrupt(void) { return (cpu.preempt_count & (SOFTIRQ_MASK | HARDIRQ_MASK)) != 0; }
static inline int irqs_disabled(void) { return !(cpu.flags & X86_EFLAGS_IF); }
static inline void barrier(void) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

static inline void local_irq_disable(void) { cpu.flags &= ~X86_EFLAGS_IF; barrier(); }
static inline void local_irq_enable(void)
{
	barrier();
	cpu.flags |= X86_EFLAGS_IF;
	if (cpu.irq_pending)
		do_irq();
}
static inline void local_irq_restore(unsigned long flags)
{
	barrier();
	cpu.flags = flags;
	if ((flags & X86_EFLAGS_IF) && cpu.irq_pending)
		do_irq();
}

static void preempt_schedule(void)
{
	cpu.need_resched = 0;
	cpu.nr_resched++;
}

static inline void preempt_enable(void)
{
	barrier();
	if (--cpu.preempt_count == 0 && cpu.need_resched)
		preempt_schedule();
}

static inline void raise_softirq(unsigned int nr) { cpu.softirq_pending |= 1U << nr; }
static inline void raise_irq(void) { cpu.irq_pending = 1; }

/* ---- lock internals ----------------------------------------------------- */

static void spin_bug(void) { cpu.bugs++; }

static inline void spin_acquire(const spinlock_t *lock)
{
	if (cpu.nheld >= MAX_HELD)
		spin_bug();
	else
		cpu.held[cpu.nheld++] = lock;
}

/* lock_release(): find the lock in the held stack (lockdep allows releasing
   out of order) and close the gap; releasing a lock not held is a bug. */
static inline void spin_release(const spinlock_t *lock)
{
	unsigned int i = cpu.nheld;

	while (i > 0 && cpu.held[i - 1] != lock)
		i--;
	if (i == 0) {
		spin_bug();
		return;
	}
	if (i != cpu.nheld)
		cpu.out_of_order++;
	for (; i < cpu.nheld; i++)
		cpu.held[i - 1] = cpu.held[i];
	cpu.held[--cpu.nheld] = NULL;
}

static inline void do_raw_spin_lock(spinlock_t *lock)
{
	unsigned int expected = 0;

	if (lock->magic != SPINLOCK_MAGIC || lock->owner_cpu == 0)
		spin_bug();
	while (!__atomic_compare_exchange_n(&lock->locked, &expected, 1, 0,
					    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		expected = 0;
	lock->owner_cpu = 0;
	lock->acquired++;
}

/* debug_spin_unlock() + arch unlock: a release store of 0 */
static inline void do_raw_spin_unlock(spinlock_t *lock)
{
	if (lock->magic != SPINLOCK_MAGIC || lock->owner_cpu != 0 ||
	    !__atomic_load_n(&lock->locked, __ATOMIC_RELAXED))
		spin_bug();
	lock->owner_cpu = -1;
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

void spin_lock(spinlock_t *lock)
{
	cpu.preempt_count++;
	barrier();
	spin_acquire(lock);
	do_raw_spin_lock(lock);
}

unsigned long spin_lock_irqsave(spinlock_t *lock)
{
	unsigned long flags = cpu.flags;

	local_irq_disable();
	spin_lock(lock);
	return flags;
}

void spin_lock_irq(spinlock_t *lock)
{
	local_irq_disable();
	spin_lock(lock);
}

void spin_lock_bh(spinlock_t *lock)
{
	cpu.preempt_count += SOFTIRQ_LOCK_OFFSET;
	barrier();
	spin_acquire(lock);
	do_raw_spin_lock(lock);
}

void spin_unlock_irq(spinlock_t *lock)
{
	spin_release(lock);
	do_raw_spin_unlock(lock);
	local_irq_enable();
	preempt_enable();
}

/* The hot wrappers.  Without the plugin, at -O2, GCC declines to inline them
   into the hot path (hot_round):
     spin_unlock:            GCC 12.2 / 11.3: "--param max-inline-insns-auto limit reached"
     spin_unlock_irqrestore: GCC 12.2 / 11.3: "--param max-inline-insns-auto limit reached"
     spin_unlock_bh:         GCC 12.2 / 11.3: "--param max-inline-insns-auto limit reached"
   With -fPIC they are interposable: GCC's reason becomes "function body can
   be overwritten at link time", and -fPIC -DHOTINLINE_HAND is a hard error
   ("inlining failed in call to 'always_inline'") - the case a forcing tool
   must refuse (or use -fno-semantic-interposition / hidden visibility).  */
HOT_HAND void spin_unlock(spinlock_t *lock)
{
	spin_release(lock);
	do_raw_spin_unlock(lock);
	preempt_enable();
}

HOT_HAND void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	spin_release(lock);
	do_raw_spin_unlock(lock);
	local_irq_restore(flags);
	preempt_enable();
}

/* __local_bh_enable_ip(): drop the softirq-disable count but keep preemption
   off while pending softirqs run, then re-enable preemption. */
HOT_HAND void spin_unlock_bh(spinlock_t *lock)
{
	spin_release(lock);
	do_raw_spin_unlock(lock);
	if ((cpu.preempt_count & HARDIRQ_MASK) || irqs_disabled())
		spin_bug();
	cpu.preempt_count -= SOFTIRQ_LOCK_OFFSET - 1;
	if (!in_interrupt() && cpu.softirq_pending)
		do_softirq();
	preempt_enable();
}

/* ---- a small network-like workload -------------------------------------- */

struct rxq {
	spinlock_t lock;
	unsigned int head, tail;
	uint32_t ring[64];
	unsigned long drops;
};

static struct rxq rxq = { { 0, SPINLOCK_MAGIC, -1, 0 }, 0, 0, { 0 }, 0 };
static DEFINE_SPINLOCK(stats_lock);
static DEFINE_SPINLOCK(conf_lock);
static DEFINE_SPINLOCK(dev_lock);

static struct {
	unsigned long rx_pkts, rx_bytes, tx_flushes, ticks, gen, dev_irqs;
} st;

static void net_rx_action(void)
{
	unsigned long n = 0, bytes = 0;

	spin_lock_irq(&rxq.lock);
	while (rxq.tail != rxq.head) {
		bytes += rxq.ring[rxq.tail++ % 64];
		n++;
	}
	spin_unlock_irq(&rxq.lock);

	spin_lock(&stats_lock);
	st.rx_pkts += n;
	st.rx_bytes += bytes;
	spin_unlock(&stats_lock);
}

static void net_tx_action(void)
{
	spin_lock(&stats_lock);
	st.tx_flushes++;
	spin_unlock(&stats_lock);
}

static void do_softirq(void)
{
	unsigned int pending, restart = 10;

	cpu.preempt_count += SOFTIRQ_OFFSET;
	while ((pending = cpu.softirq_pending) != 0 && restart--) {
		cpu.softirq_pending = 0;
		local_irq_enable();
		if (pending & (1U << NET_TX_SOFTIRQ)) {
			cpu.nr_softirq[NET_TX_SOFTIRQ]++;
			net_tx_action();
		}
		if (pending & (1U << NET_RX_SOFTIRQ)) {
			cpu.nr_softirq[NET_RX_SOFTIRQ]++;
			net_rx_action();
		}
	}
	cpu.preempt_count -= SOFTIRQ_OFFSET;
}

/* Hardware interrupt: acknowledge the device, defer the work to NET_RX. */
static void do_irq(void)
{
	cpu.irq_pending = 0;
	cpu.nr_irq++;
	cpu.flags &= ~X86_EFLAGS_IF;
	cpu.preempt_count += HARDIRQ_OFFSET;
	spin_lock(&dev_lock);
	st.dev_irqs++;
	spin_unlock(&dev_lock);
	raise_softirq(NET_RX_SOFTIRQ);
	cpu.preempt_count -= HARDIRQ_OFFSET;
	if (!in_interrupt() && cpu.softirq_pending)
		do_softirq();
	cpu.flags |= X86_EFLAGS_IF;
}

static uint32_t pkt_len(unsigned long i) { return 64 + (uint32_t)(i * 37 % 1400); }

/* One round of the hot path: queue a packet with irqs off, account with bh
   off, bump a config generation under a plain lock. */
void hot_round(unsigned long i);
void hot_round(unsigned long i)
{
	unsigned long flags = spin_lock_irqsave(&rxq.lock);

	if (rxq.head - rxq.tail < 64)
		rxq.ring[rxq.head++ % 64] = pkt_len(i);
	else
		rxq.drops++;
	if (i % 7 == 0)
		raise_irq();
	spin_unlock_irqrestore(&rxq.lock, flags);

	spin_lock_bh(&stats_lock);
	st.ticks += i & 3;
	if (i % 5 == 0)
		raise_softirq(NET_TX_SOFTIRQ);
	spin_unlock_bh(&stats_lock);

	spin_lock(&conf_lock);
	st.gen++;
	if (i % 11 == 0)
		cpu.need_resched = 1;
	spin_unlock(&conf_lock);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ULL + (v >> 3);
}

#define ROUNDS 300000UL

int main(void)
{
	unsigned long i, flags;
	uint64_t sum = 0xcbf29ce484222325ULL, ref = 0xcbf29ce484222325ULL;
	unsigned long r_bytes = 0, r_irq = 1, r_tx = 0, r_resched = 0, r_ticks = 0;

	for (i = 0; i < ROUNDS; i++)
		hot_round(i);
	/* final interrupt drains what is left in the queue */
	flags = spin_lock_irqsave(&rxq.lock);
	raise_irq();
	spin_unlock_irqrestore(&rxq.lock, flags);

	/* reference: the same totals, counted without any locking model */
	for (i = 0; i < ROUNDS; i++) {
		r_bytes += pkt_len(i);
		r_irq += i % 7 == 0;
		r_tx += i % 5 == 0;
		r_resched += i % 11 == 0;
		r_ticks += i & 3;
	}

	sum = mix(sum, st.rx_pkts);
	sum = mix(sum, st.rx_bytes);
	sum = mix(sum, st.tx_flushes);
	sum = mix(sum, st.ticks);
	sum = mix(sum, st.gen);
	sum = mix(sum, st.dev_irqs);
	sum = mix(sum, cpu.nr_irq);
	sum = mix(sum, cpu.nr_softirq[NET_RX_SOFTIRQ]);
	sum = mix(sum, cpu.nr_softirq[NET_TX_SOFTIRQ]);
	sum = mix(sum, cpu.nr_resched);

	ref = mix(ref, ROUNDS);
	ref = mix(ref, r_bytes);
	ref = mix(ref, r_tx);
	ref = mix(ref, r_ticks);
	ref = mix(ref, ROUNDS);
	ref = mix(ref, r_irq);
	ref = mix(ref, r_irq);
	ref = mix(ref, r_irq);
	ref = mix(ref, r_tx);
	ref = mix(ref, r_resched);

	if (sum != ref || cpu.bugs || cpu.out_of_order || cpu.nheld || cpu.preempt_count || irqs_disabled() ||
	    rxq.drops || rxq.lock.locked || stats_lock.locked || conf_lock.locked || dev_lock.locked) {
		printf("spinlock_unlock: FAIL checksum=0x%016llx expected=0x%016llx bugs=%lu\n",
		       (unsigned long long)sum, (unsigned long long)ref, cpu.bugs);
		return 1;
	}
	printf("spinlock_unlock: ok checksum=0x%08x\n", (unsigned int)(sum ^ (sum >> 32)));
	return 0;
}
