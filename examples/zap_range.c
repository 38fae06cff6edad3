/* zap_range.c - page-table zap loops over a simulated 3- or 4-level table:
   unmap_page_range -> zap_pud_range -> zap_pmd_range -> zap_pte_range, with
   huge pmds, swap entries, special mappings, dirty file pages and a TLB
   gather batch that forces an early return when full.
   Modelled on Linux mm/memory.c (the Linux patch "mm: memory: Force-inline
   PTE/PMD zapping functions": force-inlining these gave UnixBench +0.6%; there they were already inlined, and forcing perturbed
   unrelated functions).  Here zap_pte_range and zap_pmd_range have second
   callers (a khugepaged-like collapse; a 3-level mm with the pud folded), so
   GCC keeps them out of line; zap_pud_range is called once and GCC inlines
   it by itself: that thread's "already inlined" case (policy: report only).
   Written from scratch for hotinline.  */

/* { hi-options -O2 } */
/* { hi-policy ../policies/zap_range.yaml } */
/* { hi-run } */
/* { hi-plain-calls zap_pte_range } */
/* { hi-plain-calls zap_pmd_range } */
/* { hi-no-calls zap_pte_range } */
/* { hi-no-calls zap_pmd_range } */
/* { hi-no-calls zap_pud_range } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__((always_inline))
#else
#define HOT_HAND
#endif

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PTRS		64			/* entries per pte/pmd table */
#define PMD_SHIFT	(PAGE_SHIFT + 6)
#define PUD_SHIFT	(PMD_SHIFT + 6)
#define PGD_SHIFT	(PUD_SHIFT + 3)
#define PMD_SIZE	(1UL << PMD_SHIFT)
#define PUD_SIZE	(1UL << PUD_SHIFT)
#define PGD_SIZE	(1UL << PGD_SHIFT)
#define NR_PUD		8			/* entries of a pud table */
#define NR_PGD		4			/* entries of the pgd */
#define HPAGE_NR	(PMD_SIZE / PAGE_SIZE)
#define NR_PAGES_4L	(NR_PGD * NR_PUD * PTRS * PTRS)
#define NR_PAGES	(NR_PAGES_4L + NR_PUD * PTRS * PTRS)	/* one frame per address */
#define NR_TABLES	2700
#define MAX_GATHER	32

#define E_PRESENT	0x01ULL			/* entry bits */
#define E_DIRTY		0x02ULL
#define E_FILE		0x08ULL
#define E_SPECIAL	0x10ULL
#define E_SWAP		0x20ULL
#define E_HUGE		0x80ULL
#define E_PFN(e)	((unsigned long)((e) >> PAGE_SHIFT))
#define MK_E(pfn, bits)	(((uint64_t)(pfn) << PAGE_SHIFT) | (bits))

typedef uint64_t pte_t, pmd_t, pud_t, pgd_t;
enum { MM_FILEPAGES, MM_ANONPAGES, MM_SWAPENTS, NR_MM_COUNTERS };

struct page { int refcount, mapcount, dirty; };
struct mm { int levels; unsigned int root; unsigned long pfn_base; long rss[NR_MM_COUNTERS]; };
struct vma { struct mm *mm; unsigned long start, end; };
struct zap_details { int even_cows; };	/* !even_cows: keep private anon pages */
struct mmu_gather {
	struct mm *mm;
	struct page *pages[MAX_GATHER];
	unsigned int nr;
	unsigned long start, end;		/* range to flush */
	unsigned long freed, swap_freed, special, dirtied, tables_freed;
};

static uint64_t tables[NR_TABLES][PTRS];
static unsigned int free_tables[NR_TABLES], nr_free_tables;
static struct page pages[NR_PAGES];
static unsigned long bugs;

static unsigned int table_alloc(void)
{
	if (!nr_free_tables) {
		fprintf(stderr, "zap_range: out of page tables\n");
		exit(1);
	}
	memset(tables[free_tables[nr_free_tables - 1]], 0, sizeof(tables[0]));
	return free_tables[--nr_free_tables];
}

static void table_free(unsigned int t) { free_tables[nr_free_tables++] = t; }
static uint64_t *table_of(uint64_t e) { return tables[E_PFN(e)]; }
static unsigned int pte_index(unsigned long addr) { return (addr >> PAGE_SHIFT) & (PTRS - 1); }
static unsigned int pmd_index(unsigned long addr) { return (addr >> PMD_SHIFT) & (PTRS - 1); }
static unsigned int pud_index(unsigned long addr) { return (addr >> PUD_SHIFT) & (NR_PUD - 1); }
static unsigned int pgd_index(unsigned long addr) { return (addr >> PGD_SHIFT) & (NR_PGD - 1); }
static int pmd_trans_huge(pmd_t e) { return (e & (E_PRESENT | E_HUGE)) == (E_PRESENT | E_HUGE); }

static unsigned long addr_end(unsigned long addr, unsigned long end, unsigned long size)
{
	unsigned long boundary = (addr + size) & ~(size - 1);

	return boundary - 1 < end - 1 ? boundary : end;
}

/* After a zap without details, give back a page table that became empty. */
static void table_reclaim(struct mmu_gather *tlb, uint64_t *entry)
{
	unsigned int i;

	for (i = 0; i < PTRS && !table_of(*entry)[i]; i++)
		;
	if (i == PTRS) {
		table_free((unsigned int)E_PFN(*entry));
		*entry = 0;
		tlb->tables_freed++;
	}
}

static struct page *vm_normal_page(const struct vma *vma, unsigned long addr, pte_t e)
{
	if ((e & E_SPECIAL) || E_PFN(e) >= NR_PAGES)
		return NULL;
	if (addr < vma->start || addr >= vma->end)
		bugs++;
	return &pages[E_PFN(e)];
}

static void tlb_track(struct mmu_gather *tlb, unsigned long addr, unsigned long size)
{
	if (addr < tlb->start)
		tlb->start = addr;
	if (addr + size > tlb->end)
		tlb->end = addr + size;
}

/* free_pages_and_swap_cache(): drop the gathered references */
static void tlb_flush_mmu(struct mmu_gather *tlb)
{
	unsigned int i;

	for (i = 0; i < tlb->nr; i++) {
		if (--tlb->pages[i]->refcount == 0)
			tlb->freed++;
		else
			bugs++;
	}
	tlb->nr = 0;
	tlb->start = ~0UL;
	tlb->end = 0;
}

/* Zap the ptes of one pte table in [addr, end).  Returns where it stopped:
   end, or earlier when the gather batch filled up (the caller retries).
   Without the plugin, at -O2, GCC declines it in zap_pmd_range:
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND unsigned long zap_pte_range(struct mmu_gather *tlb, struct vma *vma, pmd_t *pmd,
					    unsigned long addr, unsigned long end,
					    struct zap_details *details)
{
	long rss[NR_MM_COUNTERS] = { 0, 0, 0 };
	pte_t *pte = &table_of(*pmd)[pte_index(addr)];
	int force_flush = 0, i;

	do {
		pte_t ptent = *pte;
		struct page *page;

		if (ptent == 0)
			continue;
		if (ptent & E_PRESENT) {
			page = vm_normal_page(vma, addr, ptent);
			/* unmap_mapping_range() leaves private anon copies alone */
			if (details && !details->even_cows && page && !(ptent & E_FILE))
				continue;
			*pte = 0;
			tlb_track(tlb, addr, PAGE_SIZE);
			if (!page) {
				tlb->special++;
				continue;
			}
			if (ptent & E_FILE) {
				if ((ptent & E_DIRTY) && !page->dirty) {
					page->dirty = 1;	/* set_page_dirty() */
					tlb->dirtied++;
				}
				rss[MM_FILEPAGES]--;
			} else {
				rss[MM_ANONPAGES]--;
			}
			if (--page->mapcount < 0)
				bugs++;
			tlb->pages[tlb->nr++] = page;
			if (tlb->nr == MAX_GATHER) {	/* batch full: flush, come back */
				force_flush = 1;
				addr += PAGE_SIZE;
				break;
			}
			continue;
		}
		if (details && !details->even_cows)
			continue;
		if (ptent & E_SWAP) {		/* not present: a swap entry */
			rss[MM_SWAPENTS]--;
			tlb->swap_freed++;
		} else {
			bugs++;
		}
		*pte = 0;
	} while (pte++, addr += PAGE_SIZE, addr != end);

	for (i = 0; i < NR_MM_COUNTERS; i++)
		tlb->mm->rss[i] += rss[i];
	if (force_flush)
		tlb_flush_mmu(tlb);
	else if (!details)
		table_reclaim(tlb, pmd);
	return addr;
}

/* Turn a huge pmd into a pte table of small pages (split_huge_pmd). */
static void split_huge_pmd(pmd_t *pmd)
{
	unsigned long pfn = E_PFN(*pmd), i;
	uint64_t bits = *pmd & (E_PRESENT | E_DIRTY | E_FILE);
	unsigned int t = table_alloc();

	for (i = 0; i < HPAGE_NR; i++) {
		tables[t][i] = MK_E(pfn + i, bits);
		pages[pfn + i].refcount = pages[pfn + i].mapcount = 1;
	}
	*pmd = MK_E(t, E_PRESENT);
}

static int zap_huge_pmd(struct mmu_gather *tlb, pmd_t *pmd, unsigned long addr)
{
	struct page *head = &pages[E_PFN(*pmd)];

	tlb_track(tlb, addr, PMD_SIZE);
	tlb->mm->rss[(*pmd & E_FILE) ? MM_FILEPAGES : MM_ANONPAGES] -= HPAGE_NR;
	if (--head->mapcount != 0 || --head->refcount != 0)
		bugs++;
	*pmd = 0;
	tlb->freed += HPAGE_NR;
	return 1;
}

/* Walk the pmds of one pmd table in [addr, end).
   Without the plugin, at -O2, GCC declines it in unmap_page_range:
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND unsigned long zap_pmd_range(struct mmu_gather *tlb, struct vma *vma, pud_t *pud,
					    unsigned long addr, unsigned long end,
					    struct zap_details *details)
{
	pmd_t *pmd = &table_of(*pud)[pmd_index(addr)];
	unsigned long next;

	do {
		next = addr_end(addr, end, PMD_SIZE);
		if (pmd_trans_huge(*pmd)) {
			if (details && !details->even_cows && !(*pmd & E_FILE))
				continue;
			if (next - addr != PMD_SIZE)
				split_huge_pmd(pmd);	/* partial: fall through to ptes */
			else if (zap_huge_pmd(tlb, pmd, addr))
				continue;
		}
		if (*pmd == 0)
			continue;
		while ((addr = zap_pte_range(tlb, vma, pmd, addr, next, details)) != next)
			;
	} while (pmd++, addr = next, addr != end);
	if (!details)
		table_reclaim(tlb, pud);
	return addr;
}

/* Called once (from unmap_page_range): GCC inlines it at -O2 by itself. */
static unsigned long zap_pud_range(struct mmu_gather *tlb, struct vma *vma, pgd_t *pgd,
				   unsigned long addr, unsigned long end,
				   struct zap_details *details)
{
	pud_t *pud = &table_of(*pgd)[pud_index(addr)];
	unsigned long next;

	do {
		next = addr_end(addr, end, PUD_SIZE);
		if (*pud)
			next = zap_pmd_range(tlb, vma, pud, addr, next, details);
	} while (pud++, addr = next, addr != end);
	return addr;
}

/* 4-level mm: pgd -> pud -> pmd -> pte; 3-level mm: the root is the pud
   table (the pgd level is folded away).  Extern, as in the kernel. */
void unmap_page_range(struct mmu_gather *tlb, struct vma *vma, unsigned long addr,
		      unsigned long end, struct zap_details *details);
void unmap_page_range(struct mmu_gather *tlb, struct vma *vma, unsigned long addr,
		      unsigned long end, struct zap_details *details)
{
	uint64_t *root = tables[vma->mm->root];
	unsigned long next;

	do {
		if (vma->mm->levels == 4) {
			next = addr_end(addr, end, PGD_SIZE);
			if (root[pgd_index(addr)])
				zap_pud_range(tlb, vma, &root[pgd_index(addr)], addr, next, details);
		} else {
			next = addr_end(addr, end, PUD_SIZE);
			if (root[pud_index(addr)])
				zap_pmd_range(tlb, vma, &root[pud_index(addr)], addr, next, details);
		}
	} while (addr = next, addr != end);
	if (tlb->nr)
		tlb_flush_mmu(tlb);
}

/* ---- building tables, khugepaged-like collapse, reference walk ----------- */

/* The pmd for addr (creating upper tables if asked), or NULL. */
static pmd_t *walk_pmd(struct mm *mm, unsigned long addr, int create)
{
	uint64_t *e = &tables[mm->root][mm->levels == 4 ? pgd_index(addr) : pud_index(addr)];
	int level;

	for (level = mm->levels; level > 2; level--) {
		if (*e == 0 && !create)
			return NULL;
		if (*e == 0)
			*e = MK_E(table_alloc(), E_PRESENT);
		e = &table_of(*e)[level == 4 ? pud_index(addr) : pmd_index(addr)];
	}
	return e;
}

static void map_page(struct mm *mm, unsigned long addr, uint32_t r)
{
	pmd_t *pmd = walk_pmd(mm, addr, 1);
	unsigned long pfn = mm->pfn_base + (addr >> PAGE_SHIFT);
	uint64_t *pte;

	if (pmd_trans_huge(*pmd))
		return;
	if (*pmd == 0)
		*pmd = MK_E(table_alloc(), E_PRESENT);
	pte = &table_of(*pmd)[pte_index(addr)];
	if (*pte)
		return;
	if (r % 16 == 0) {
		*pte = MK_E(pfn, E_SWAP);
		mm->rss[MM_SWAPENTS]++;
		return;
	}
	if (r % 16 == 1) {
		*pte = MK_E(NR_PAGES + pfn, E_PRESENT | E_SPECIAL);
		return;
	}
	*pte = MK_E(pfn, E_PRESENT | (r & 0x30 ? E_DIRTY : 0) | (r % 16 < 6 ? E_FILE : 0));
	mm->rss[r % 16 < 6 ? MM_FILEPAGES : MM_ANONPAGES]++;
	pages[pfn].dirty = 0;
	pages[pfn].refcount = pages[pfn].mapcount = 1;
}

/* collapse_pte_mapped_thp(): a fully populated anon pte table becomes one
   huge pmd; the small pages go through zap_pte_range first. */
static int collapse_pmd(struct mmu_gather *tlb, struct vma *vma, unsigned long addr)
{
	pmd_t *pmd = walk_pmd(vma->mm, addr, 0);
	unsigned long base = addr & ~(PMD_SIZE - 1), a, i;
	unsigned long pfn = vma->mm->pfn_base + (base >> PAGE_SHIFT);

	if (!pmd || *pmd == 0 || pmd_trans_huge(*pmd))
		return 0;
	for (i = 0; i < PTRS; i++)
		if ((table_of(*pmd)[i] & (E_PRESENT | E_FILE | E_SPECIAL)) != E_PRESENT)
			return 0;
	for (a = base; (a = zap_pte_range(tlb, vma, pmd, a, base + PMD_SIZE, NULL)) != base + PMD_SIZE;)
		;
	tlb_flush_mmu(tlb);
	if (*pmd)
		table_free((unsigned int)E_PFN(*pmd));
	*pmd = MK_E(pfn, E_PRESENT | E_HUGE);
	pages[pfn].refcount = pages[pfn].mapcount = 1;
	vma->mm->rss[MM_ANONPAGES] += HPAGE_NR;
	return 1;
}

struct counts { unsigned long freed, swap, special, dirtied; };

/* Reference: look at every page address on its own, no range loops. */
static void ref_count(struct mm *mm, unsigned long start, unsigned long end,
		      const struct zap_details *d, struct counts *c)
{
	unsigned long addr;

	memset(c, 0, sizeof(*c));
	for (addr = start; addr < end; addr += PAGE_SIZE) {
		pmd_t *pmd = walk_pmd(mm, addr, 0);
		int huge = pmd && pmd_trans_huge(*pmd);
		uint64_t e = !pmd || *pmd == 0 ? 0 : huge ? *pmd : table_of(*pmd)[pte_index(addr)];

		if (e == 0 || (d && !d->even_cows && !(e & (E_FILE | E_SPECIAL))))
			continue;
		if (!(e & E_PRESENT))
			c->swap++;
		else if (e & E_SPECIAL)
			c->special++;
		else
			c->freed++;
		if ((e & (E_PRESENT | E_FILE | E_DIRTY)) == (E_PRESENT | E_FILE | E_DIRTY) &&
		    !pages[E_PFN(e) + (huge ? pte_index(addr) : 0)].dirty)
			c->dirtied++;
	}
}

static uint32_t rng_state = 0x1234567u;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

int main(void)
{
	struct mm mms[2] = { { 4, 0, 0, { 0, 0, 0 } }, { 3, 0, NR_PAGES_4L, { 0, 0, 0 } } };
	uint64_t sum = 0, refsum = 0;
	unsigned long round, i, collapses = 0;

	for (i = 0; i < NR_TABLES; i++)
		free_tables[i] = NR_TABLES - 1 - (unsigned int)i;
	nr_free_tables = NR_TABLES;
	mms[0].root = table_alloc();
	mms[1].root = table_alloc();

	for (round = 0; round < 40; round++) {
		struct mm *mm = &mms[round & 1];
		unsigned long size = mm->levels == 4 ? NR_PGD * PGD_SIZE : NR_PUD * PUD_SIZE;
		struct vma vma = { mm, 0, size };
		struct mmu_gather tlb = { mm, { NULL }, 0, ~0UL, 0, 0, 0, 0, 0, 0 };
		struct zap_details details = { 0 }, *d = (round % 4 == 1) ? &details : NULL;
		struct counts c;
		unsigned long start, end, a, n = 0, hbase;

		/* populate a few regions, and one whole pmd of anon pages */
		for (i = 0; i < 4; i++) {
			start = (rng() % (size / PAGE_SIZE)) * PAGE_SIZE;
			end = start + (rng() % 2048) * PAGE_SIZE;
			for (a = start; a < end && a < size; a += PAGE_SIZE)
				map_page(mm, a, rng());
		}
		hbase = (rng() % (size / PMD_SIZE)) * PMD_SIZE;
		for (a = hbase; a < hbase + PMD_SIZE; a += PAGE_SIZE)
			map_page(mm, a, 6);

		/* khugepaged: collapse that pmd and a few random ones */
		n += collapse_pmd(&tlb, &vma, hbase);
		for (i = 0; i < 4; i++)
			n += collapse_pmd(&tlb, &vma, (rng() % (size / PMD_SIZE)) * PMD_SIZE);
		sum = mix(sum, tlb.freed);
		refsum = mix(refsum, n * HPAGE_NR);
		collapses += n;
		tlb.freed = 0;

		/* zap a range (every 4th round keeping anon pages, like
		   unmap_mapping_range); every 3rd starts inside the new huge pmd */
		start = (rng() % (size / PAGE_SIZE)) * PAGE_SIZE;
		if (round % 3 == 0)
			start = hbase + (rng() % HPAGE_NR) * PAGE_SIZE;
		end = start + size / 16 + (rng() % (size / 8 / PAGE_SIZE)) * PAGE_SIZE;
		end = end > size ? size : end;
		ref_count(mm, start, end, d, &c);
		unmap_page_range(&tlb, &vma, start, end, d);
		sum = mix(mix(mix(mix(sum, tlb.freed), tlb.swap_freed), tlb.special), tlb.dirtied);
		refsum = mix(mix(mix(mix(refsum, c.freed), c.swap), c.special), c.dirtied);

		/* afterwards only kept entries remain in the range */
		ref_count(mm, start, end, d, &c);
		bugs += c.freed + c.swap + c.special;
	}
	/* the rss counters match what is still mapped */
	for (i = 0; i < 2; i++) {
		struct counts c;

		ref_count(&mms[i], 0, i ? NR_PUD * PUD_SIZE : NR_PGD * PGD_SIZE, NULL, &c);
		if ((long)c.freed != mms[i].rss[MM_FILEPAGES] + mms[i].rss[MM_ANONPAGES] ||
		    (long)c.swap != mms[i].rss[MM_SWAPENTS])
			bugs++;
	}
	sum = mix(sum, collapses);
	refsum = mix(refsum, collapses);

	if (sum != refsum || bugs || collapses < 20) {
		printf("zap_range: FAIL checksum=0x%016llx expected=0x%016llx bugs=%lu collapses=%lu\n",
		       (unsigned long long)sum, (unsigned long long)refsum, bugs, collapses);
		return 1;
	}
	printf("zap_range: ok checksum=0x%08x\n", (unsigned int)(sum ^ (sum >> 32)));
	return 0;
}
