/* sched_util.c - scheduler utilisation helpers cpu_util() and
   cpu_util_without() on a simulated set of run queues, called from a hot
   statistics path (least-utilised cpu for a waking task, group statistics)
   and from an energy-aware placement check.

   Modelled on Linux kernel/sched/fair.c: after a refactor made cpu_util()
   too big for GCC to inline, lmbench fork+exit lost 4.2% on x86 and 1.5% on
   Power9 until both were marked inline (the Linux patch "sched/fair: inline cpu_util_without and cpu_util").  Written from scratch for
   hotinline.  */

/* { hi-options -O2 } */
/* { hi-policy ../policies/sched_util.yaml } */
/* { hi-run } */
/* { hi-gcc-plain-calls cpu_util } */
/* Clang inlines cpu_util by itself, not cpu_util_without.  */
/* { hi-plain-calls cpu_util_without } */
/* { hi-no-calls cpu_util } */
/* { hi-no-calls cpu_util_without } */

#include <stdint.h>
#include <stdio.h>

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__((always_inline))
#else
#define HOT_HAND
#endif

#define NR_CPUS			12
#define NR_TASKS		40
#define SCHED_CAPACITY_SCALE	1024UL
#define PELT_PERIOD_SHIFT	10		/* clock units per PELT period */
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)

struct sched_avg {
	unsigned long util_avg, runnable_avg, util_est;
	uint64_t last_update_time;
};

struct task {
	int pid, cpu, on_rq;
	struct sched_avg avg;
};

struct rq {
	struct sched_avg cfs;		/* the cfs_rq's aggregated signals */
	uint64_t clock_pelt;
	unsigned long capacity_orig;	/* big.LITTLE: not all cpus are 1024 */
	const struct task *curr;
};

static struct rq runqueues[NR_CPUS];
static struct task tasks[NR_TASKS];
static int feat_util_est = 1;

static struct rq *cpu_rq(int cpu) { return &runqueues[cpu]; }
static unsigned long max_ul(unsigned long a, unsigned long b) { return a > b ? a : b; }
static unsigned long min_ul(unsigned long a, unsigned long b) { return a < b ? a : b; }
static unsigned long sub_positive(unsigned long a, unsigned long b) { return a > b ? a - b : 0; }
static unsigned long task_util(const struct task *p) { return READ_ONCE(p->avg.util_avg); }
static unsigned long task_util_est(const struct task *p) { return READ_ONCE(p->avg.util_est) | 1; }

/* y^n * 2^16 for n = 0..31, y^32 = 1/2 */
static const uint16_t pelt_decay[32] = {
	65535, 64132, 62757, 61413, 60097, 58809, 57549, 56316, 55109, 53928, 52773,
	51642, 50535, 49452, 48393, 47356, 46341, 45348, 44376, 43425, 42495, 41584,
	40693, 39821, 38968, 38133, 37316, 36516, 35734, 34968, 34219, 33486,
};

static unsigned long decay_load(unsigned long val, uint64_t periods)
{
	if (periods >= 32 * 16)
		return 0;
	val >>= periods / 32;
	return (unsigned long)(((uint64_t)val * pelt_decay[periods % 32]) >> 16);
}

/* Utilisation of cpu's cfs tasks, as it would be if p moved to dst_cpu
   (dst_cpu == -1: p leaves cpu), optionally boosted by the runnable signal,
   capped at the cpu's original capacity.
   Without the plugin, at -O2, GCC declines it at the hot call in
   cpu_util_without() and in the other callers:
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND unsigned long cpu_util(int cpu, struct task *p, int dst_cpu, int boost)
{
	const struct rq *rq = cpu_rq(cpu);
	unsigned long util = READ_ONCE(rq->cfs.util_avg);
	unsigned long est;

	if (boost)
		util = max_ul(util, READ_ONCE(rq->cfs.runnable_avg));

	/* p migrates away from cpu: remove it; p arrives: add it */
	if (p && p->cpu == cpu && dst_cpu != cpu)
		util = sub_positive(util, task_util(p));
	else if (p && p->cpu != cpu && dst_cpu == cpu)
		util += task_util(p);

	if (feat_util_est) {
		est = READ_ONCE(rq->cfs.util_est);
		/* a waking p is not enqueued yet: simulate its enqueue on dst_cpu;
		   an enqueued (or running) p leaving cpu takes its estimate along */
		if (dst_cpu == cpu)
			est += task_util_est(p);
		else if (p && __builtin_expect(p->on_rq || rq->curr == p, 0))
			est = sub_positive(est, task_util_est(p));
		util = max_ul(util, est);
	}
	return min_ul(util, rq->capacity_orig);
}

/* cpu's utilisation without p's contribution.  p's own PELT signal is
   first brought up to the clock of its run queue (p may have slept since it
   was last updated), so that what is discounted is current.
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND unsigned long cpu_util_without(int cpu, struct task *p)
{
	uint64_t now, periods;

	/* p has no contribution on cpu, or is new */
	if (cpu != p->cpu || !READ_ONCE(p->avg.last_update_time))
		return cpu_util(cpu, NULL, -1, 0);

	now = READ_ONCE(cpu_rq(cpu)->clock_pelt);
	periods = now > p->avg.last_update_time ?
		  (now - p->avg.last_update_time) >> PELT_PERIOD_SHIFT : 0;
	if (periods) {
		p->avg.util_avg = decay_load(p->avg.util_avg, periods);
		p->avg.runnable_avg = decay_load(p->avg.runnable_avg, periods);
		p->avg.last_update_time += periods << PELT_PERIOD_SHIFT;
	}
	return cpu_util(cpu, p, -1, 0);
}

/* Hot: the least utilised cpu for p (find_idlest_group_cpu-like). */
int find_idlest_cpu(struct task *p);
int find_idlest_cpu(struct task *p)
{
	unsigned long best_spare = 0;
	int cpu, best = -1;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		unsigned long spare = sub_positive(cpu_rq(cpu)->capacity_orig,
						   cpu_util_without(cpu, p));

		if (best < 0 || spare > best_spare) {
			best_spare = spare;
			best = cpu;
		}
	}
	return best;
}

/* Hot: group statistics for load balancing (update_sg_lb_stats-like). */
unsigned long group_util(unsigned long span, int boost, struct task *p);
unsigned long group_util(unsigned long span, int boost, struct task *p)
{
	unsigned long sum = 0;
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (!(span & (1UL << cpu)))
			continue;
		sum += cpu_util(cpu, p, -1, boost);
		sum += cpu_util_without(cpu, p) / 8;
	}
	return sum;
}

/* Energy-aware placement: the cpu with the smallest utilisation after p
   would be placed there. */
static int select_energy_cpu(struct task *p)
{
	unsigned long best_util = ~0UL;
	int cpu, best = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		unsigned long u = cpu_util(cpu, p, cpu, 0) * SCHED_CAPACITY_SCALE / cpu_rq(cpu)->capacity_orig;

		if (u < best_util) {
			best_util = u;
			best = cpu;
		}
	}
	return best;
}

/* ---- reference: the same arithmetic, written case by case -------------- */

static unsigned long ref_util(int cpu, const struct task *p, int dst, int boost)
{
	const struct rq *rq = &runqueues[cpu];
	unsigned long u = rq->cfs.util_avg, e = rq->cfs.util_est, tu = 0, te = 0;
	int here = p && p->cpu == cpu;

	if (boost && rq->cfs.runnable_avg > u)
		u = rq->cfs.runnable_avg;
	if (p) {
		tu = p->avg.util_avg;
		te = p->avg.util_est | 1;
	}
	if (here && dst != cpu)
		u = u > tu ? u - tu : 0;
	if (p && !here && dst == cpu)
		u = u + tu;
	if (dst == cpu)
		e = e + te;
	if (dst != cpu && p && (p->on_rq || rq->curr->pid == p->pid))
		e = e > te ? e - te : 0;
	if (e > u)
		u = e;
	return u < rq->capacity_orig ? u : rq->capacity_orig;
}

static unsigned long ref_decay(unsigned long val, uint64_t periods)
{
	for (; periods >= 32 && val; periods -= 32)
		val /= 2;
	return val && periods < 32 ? (unsigned long)((uint64_t)val * pelt_decay[periods] / 65536) : 0;
}

static unsigned long ref_without(int cpu, struct task *p)
{
	uint64_t now = runqueues[cpu].clock_pelt, n;

	if (p->cpu != cpu || p->avg.last_update_time == 0)
		return ref_util(cpu, NULL, -1, 0);
	n = now > p->avg.last_update_time ? (now - p->avg.last_update_time) / (1 << PELT_PERIOD_SHIFT) : 0;
	if (n) {
		p->avg.util_avg = ref_decay(p->avg.util_avg, n);
		p->avg.runnable_avg = ref_decay(p->avg.runnable_avg, n);
		p->avg.last_update_time += n * (1 << PELT_PERIOD_SHIFT);
	}
	return ref_util(cpu, p, -1, 0);
}

static uint32_t rng_state = 0x7f4a7c15u;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL + 7; }

int main(void)
{
	uint64_t sum = 0, refsum = 0;
	unsigned long iter;
	int cpu, i;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		runqueues[cpu].capacity_orig = cpu < 4 ? 1024 : (cpu < 8 ? 768 : 446);
		runqueues[cpu].curr = &tasks[cpu];
	}
	for (i = 0; i < NR_TASKS; i++) {
		tasks[i].pid = i + 1;
		tasks[i].cpu = i % NR_CPUS;
		tasks[i].avg.util_avg = rng() % 600;
		tasks[i].avg.runnable_avg = tasks[i].avg.util_avg + rng() % 100;
		tasks[i].avg.util_est = rng() % 600;
		tasks[i].avg.last_update_time = i % 7 ? 1 : 0;	/* some are new */
	}

	for (iter = 0; iter < 20000; iter++) {
		struct task *p = &tasks[iter % NR_TASKS], copy;
		unsigned long g, rg = 0, rs = 0, ru = 0;
		int idle, ridle = 0, e, re = 0;

		/* the load moves: one cpu's signals and clock change per tick */
		struct rq *rq = &runqueues[iter % NR_CPUS];

		rq->clock_pelt += rng() % 4096;
		rq->cfs.util_avg = rng() % 1200;
		rq->cfs.runnable_avg = rq->cfs.util_avg + rng() % 300;
		rq->cfs.util_est = rng() % 1100;
		rq->curr = &tasks[rng() % NR_TASKS];
		p->on_rq = (iter & 3) == 0;

		/* reference first, on a copy of p (the real path syncs p in place);
		   the copy keeps p's pid, which is how the reference spots "current" */
		copy = *p;
		for (cpu = 0; cpu < NR_CPUS; cpu++) {
			unsigned long spare = sub_positive(runqueues[cpu].capacity_orig,
							   ref_without(cpu, &copy));

			if (cpu == 0 || spare > rs)
				rs = spare, ridle = cpu;
		}
		for (cpu = 0; cpu < NR_CPUS / 2; cpu++) {
			rg += ref_util(cpu, &copy, -1, (int)(iter & 1));
			rg += ref_without(cpu, &copy) / 8;
		}
		for (cpu = 0; cpu < NR_CPUS; cpu++) {
			unsigned long u = ref_util(cpu, &copy, cpu, 0) * 1024 / runqueues[cpu].capacity_orig;

			if (cpu == 0 || u < ru)
				ru = u, re = cpu;
		}
		refsum = mix(refsum, (uint64_t)ridle);
		refsum = mix(refsum, rg);
		refsum = mix(refsum, (uint64_t)re);
		refsum = mix(refsum, copy.avg.util_avg + (copy.avg.last_update_time << 20));

		idle = find_idlest_cpu(p);
		g = group_util(0x3f, (int)(iter & 1), p);
		e = select_energy_cpu(p);
		sum = mix(sum, (uint64_t)idle);
		sum = mix(sum, g);
		sum = mix(sum, (uint64_t)e);
		sum = mix(sum, p->avg.util_avg + (p->avg.last_update_time << 20));
	}

	if (sum != refsum) {
		printf("sched_util: FAIL checksum=0x%016llx expected=0x%016llx\n",
		       (unsigned long long)sum, (unsigned long long)refsum);
		return 1;
	}
	printf("sched_util: ok checksum=0x%08x\n", (unsigned int)(sum ^ (sum >> 32)));
	return 0;
}
