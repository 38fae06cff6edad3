/* radix_lookup.c - a path-compressed radix trie (FreeBSD pctrie/vm_radix
   style) with lookup_le / lookup_ge, the two neighbour searches that FreeBSD
   timed per call with cycle counters (FreeBSD review D40936, "radix_trie: simplify ge, le lookups": le 218 -> 171 cycles/call
   after a rewrite without a stack).  Written from scratch for hotinline:
   16-way nodes, a popmap bitmap per node, keys compared against the node's
   prefix ("owner"), and stackless le/ge searches that remember the last
   branching-off point while descending.  */

/* { hi-options -O2 } */
/* { hi-policy ../policies/radix_lookup.yaml } */
/* { hi-run } */
/* { hi-plain-calls pctrie_lookup_le } */
/* { hi-plain-calls pctrie_lookup_ge } */
/* { hi-no-calls pctrie_lookup_le } */
/* { hi-no-calls pctrie_lookup_ge } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__((always_inline))
#else
#define HOT_HAND
#endif

#define PCTRIE_WIDTH	4
#define PCTRIE_COUNT	(1 << PCTRIE_WIDTH)
#define PCTRIE_MASK	(PCTRIE_COUNT - 1)
#define PCTRIE_LIMIT	(64 / PCTRIE_WIDTH - 1)	/* highest level */
#define PCTRIE_ISLEAF	1UL

struct pctrie_node {
	uint64_t owner;			/* key prefix above this level */
	uint16_t popmap;		/* bit i set: child[i] in use */
	uint8_t clev;			/* this node branches on nibble clev */
	void *child[PCTRIE_COUNT];	/* node, or item tagged PCTRIE_ISLEAF */
};

struct item {
	uint64_t key;
	uint64_t val;
};

struct pctrie {
	void *root;
	unsigned long nodes;
};

static int pctrie_isleaf(const void *p) { return ((uintptr_t)p & PCTRIE_ISLEAF) != 0; }
static struct item *pctrie_toitem(const void *p) { return (struct item *)((uintptr_t)p & ~PCTRIE_ISLEAF); }
static void *pctrie_toleaf(const struct item *it) { return (void *)((uintptr_t)it | PCTRIE_ISLEAF); }

static unsigned int pctrie_slot(uint64_t key, unsigned int clev)
{
	return (unsigned int)(key >> (clev * PCTRIE_WIDTH)) & PCTRIE_MASK;
}

/* Prefix of key above level clev (the bits a node at clev shares). */
static uint64_t pctrie_trimkey(uint64_t key, unsigned int clev)
{
	return clev >= PCTRIE_LIMIT ? 0 : key & ~((1ULL << ((clev + 1) * PCTRIE_WIDTH)) - 1);
}

/* Does key lie outside the subtree of node? */
static int pctrie_keybarr(const struct pctrie_node *node, uint64_t key)
{
	return pctrie_trimkey(key, node->clev) != node->owner;
}

static void *pctrie_load(void *const *slot)
{
	return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/* Follow the highest (or lowest) populated child down to a leaf. */
static struct item *pctrie_edge_leaf(const struct pctrie_node *node, int highest)
{
	for (;;) {
		unsigned int slot = highest ? 31 - (unsigned int)__builtin_clz(node->popmap)
					    : (unsigned int)__builtin_ctz(node->popmap);
		void *child = pctrie_load(&node->child[slot]);

		if (pctrie_isleaf(child))
			return pctrie_toitem(child);
		node = child;
	}
}

/* Largest key <= index, or NULL.
   Descend as for an exact lookup, remembering in pred the deepest node that
   has a populated child (or a whole subtree) below our path; if the path
   itself yields nothing, the answer is the maximum under pred.
   Without the plugin, at -O2, GCC declines it at the hot loop call:
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND struct item *pctrie_lookup_le(const struct pctrie *t, uint64_t index)
{
	const struct pctrie_node *node, *pred = NULL;
	unsigned int pslot = 0, slot;
	void *p = pctrie_load(&t->root);

	while (p != NULL) {
		if (pctrie_isleaf(p)) {
			struct item *it = pctrie_toitem(p);

			if (it->key <= index)
				return it;
			break;
		}
		node = p;
		if (pctrie_keybarr(node, index)) {
			/* the whole subtree is on one side of index */
			if (node->owner < index)
				return pctrie_edge_leaf(node, 1);
			break;
		}
		slot = pctrie_slot(index, node->clev);
		if (node->popmap & ((1U << slot) - 1)) {
			pred = node;
			pslot = slot;
		}
		if ((node->popmap & (1U << slot)) == 0)
			break;
		p = pctrie_load(&node->child[slot]);
	}
	if (pred == NULL)
		return NULL;
	/* no exact match: take the closest populated slot before our path */
	slot = 31 - (unsigned int)__builtin_clz(pred->popmap & ((1U << pslot) - 1));
	p = pctrie_load(&pred->child[slot]);
	return pctrie_isleaf(p) ? pctrie_toitem(p) : pctrie_edge_leaf(p, 1);
}

/* Smallest key >= index, or NULL; the mirror image of pctrie_lookup_le.
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND struct item *pctrie_lookup_ge(const struct pctrie *t, uint64_t index)
{
	const struct pctrie_node *node, *succ = NULL;
	unsigned int sslot = 0, slot;
	void *p = pctrie_load(&t->root);

	while (p != NULL) {
		if (pctrie_isleaf(p)) {
			struct item *it = pctrie_toitem(p);

			if (it->key >= index)
				return it;
			break;
		}
		node = p;
		if (pctrie_keybarr(node, index)) {
			if (node->owner > index)
				return pctrie_edge_leaf(node, 0);
			break;
		}
		slot = pctrie_slot(index, node->clev);
		if (node->popmap & ~((2U << slot) - 1)) {
			succ = node;
			sslot = slot;
		}
		if ((node->popmap & (1U << slot)) == 0)
			break;
		p = pctrie_load(&node->child[slot]);
	}
	if (succ == NULL)
		return NULL;
	/* no exact match: take the closest populated slot after our path */
	slot = (unsigned int)__builtin_ctz(succ->popmap & ~((2U << sslot) - 1));
	p = pctrie_load(&succ->child[slot]);
	return pctrie_isleaf(p) ? pctrie_toitem(p) : pctrie_edge_leaf(p, 0);
}

static struct pctrie_node *pctrie_node_new(struct pctrie *t, uint64_t key, unsigned int clev)
{
	struct pctrie_node *n = calloc(1, sizeof(*n));

	if (!n) {
		fprintf(stderr, "radix_lookup: out of memory\n");
		exit(1);
	}
	n->clev = (uint8_t)clev;
	n->owner = pctrie_trimkey(key, clev);
	t->nodes++;
	return n;
}

static void pctrie_addchild(struct pctrie_node *n, uint64_t key, void *child)
{
	unsigned int slot = pctrie_slot(key, n->clev);

	n->child[slot] = child;
	n->popmap |= (uint16_t)(1U << slot);
}

/* Insert it (its key must not be present yet). */
static void pctrie_insert(struct pctrie *t, struct item *it)
{
	void **parentp = &t->root;
	void *p = t->root;
	uint64_t other;
	struct pctrie_node *n;
	unsigned int clev;

	for (;;) {
		if (p == NULL) {
			*parentp = pctrie_toleaf(it);
			return;
		}
		if (pctrie_isleaf(p)) {
			other = pctrie_toitem(p)->key;
			break;
		}
		n = p;
		if (pctrie_keybarr(n, it->key)) {
			other = n->owner;
			break;
		}
		parentp = &n->child[pctrie_slot(it->key, n->clev)];
		if (!(n->popmap & (1U << pctrie_slot(it->key, n->clev)))) {
			pctrie_addchild(n, it->key, pctrie_toleaf(it));
			return;
		}
		p = *parentp;
	}
	/* split: a new node at the highest nibble where the keys differ */
	clev = (63 - (unsigned int)__builtin_clzll(other ^ it->key)) / PCTRIE_WIDTH;
	n = pctrie_node_new(t, it->key, clev);
	pctrie_addchild(n, it->key, pctrie_toleaf(it));
	pctrie_addchild(n, other, p);
	*parentp = n;
}

static void pctrie_free(void *p)
{
	struct pctrie_node *n = p;
	unsigned int i;

	if (p == NULL || pctrie_isleaf(p))
		return;
	for (i = 0; i < PCTRIE_COUNT; i++)
		pctrie_free(n->child[i]);
	free(n);
}

/* Second user of the searches: count keys in [lo, hi] by stepping with ge,
   and find the gap just below lo with le (like vm_page_find_least / the
   "predecessor page" lookups in the VM). */
static unsigned long count_range(const struct pctrie *t, uint64_t lo, uint64_t hi, uint64_t *below)
{
	unsigned long n = 0;
	struct item *it = lo ? pctrie_lookup_le(t, lo - 1) : NULL;

	*below = it ? it->key : UINT64_MAX;
	for (it = pctrie_lookup_ge(t, lo); it && it->key <= hi; it = pctrie_lookup_ge(t, it->key + 1)) {
		n++;
		if (it->key == UINT64_MAX)
			break;
	}
	return n;
}

#define NKEYS	2000
static struct item items[NKEYS];
static uint64_t sorted[NKEYS];

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Reference: binary search over the sorted key array. */
static long ref_le(uint64_t index)
{
	long lo = 0, hi = NKEYS - 1, best = -1;

	while (lo <= hi) {
		long mid = (lo + hi) / 2;

		if (sorted[mid] <= index) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return best;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h;
}

/* The hot loop: neighbour lookups around existing and random keys.  Kept
   extern so that it stays in .text, next to the searches it calls. */
uint64_t hot_lookups(const struct pctrie *t, unsigned long iters, uint64_t *refsum);
uint64_t hot_lookups(const struct pctrie *t, unsigned long iters, uint64_t *refsum)
{
	uint64_t sum = 0;
	unsigned long i;

	for (i = 0; i < iters; i++) {
		uint64_t r = rng();
		uint64_t q = (i & 1) ? items[r % NKEYS].key + (r >> 60) - 8 : (i & 2 ? r & 0xfffff : r);
		struct item *le = pctrie_lookup_le(t, q), *ge = pctrie_lookup_ge(t, q);
		long k = ref_le(q);
		uint64_t rle = k >= 0 ? sorted[k] : UINT64_MAX;
		uint64_t rge = (k >= 0 && sorted[k] == q) ? q : (k + 1 < NKEYS ? sorted[k + 1] : UINT64_MAX);

		sum = mix(sum, le ? le->key : UINT64_MAX);
		sum = mix(sum, ge ? ge->key : UINT64_MAX);
		*refsum = mix(*refsum, rle);
		*refsum = mix(*refsum, rge);
	}
	return sum;
}

int main(void)
{
	struct pctrie t = { NULL, 0 };
	uint64_t sum = 0, refsum = 0, below, ref_below;
	unsigned long i, n = 0, cnt, ref_cnt;

	/* keys: clustered page indices (dense runs) plus sparse 64-bit keys */
	while (n < NKEYS) {
		uint64_t r = rng();
		uint64_t key = (n % 3) ? (r & 0xfffff) : (n % 5 ? r >> 20 : r);
		unsigned long j;

		for (j = 0; j < n && items[j].key != key; j++)
			;
		if (j < n)
			continue;
		items[n].key = key;
		items[n].val = r;
		sorted[n] = key;
		pctrie_insert(&t, &items[n]);
		n++;
	}
	qsort(sorted, NKEYS, sizeof(sorted[0]), cmp_u64);

	sum = hot_lookups(&t, 150000, &refsum);

	/* range counts over the dense part of the key space */
	for (i = 0; i < 64; i++) {
		uint64_t lo = i << 14, hi = lo + (1 << 14) - 1;
		long a = lo ? ref_le(lo - 1) : -1, b = ref_le(hi);

		cnt = count_range(&t, lo, hi, &below);
		ref_cnt = (unsigned long)(b - a);
		ref_below = (lo && a >= 0) ? sorted[a] : UINT64_MAX;
		sum = mix(sum, cnt ^ below);
		refsum = mix(refsum, ref_cnt ^ ref_below);
	}

	pctrie_free(t.root);
	if (sum != refsum) {
		printf("radix_lookup: FAIL checksum=0x%016llx expected=0x%016llx\n",
		       (unsigned long long)sum, (unsigned long long)refsum);
		return 1;
	}
	printf("radix_lookup: ok checksum=0x%08x\n", (unsigned int)(sum ^ (sum >> 32)));
	return 0;
}
