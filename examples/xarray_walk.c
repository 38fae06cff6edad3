/* xarray_walk.c - an xarray-style radix tree walk whose per-level step,
   xas_descend(), is the hot function.

   Modelled on Linux lib/xarray.c after "XArray: Disallow sibling entries of
   nodes" made the step bigger: GCC stopped inlining it into xas_load() and
   iozone write lost ~5% (the Linux patch "xarray: inline xas_descend to improve performance").  Written from scratch for hotinline.  */

/* { hi-options -O2 } */
/* { hi-policy ../policies/xarray_walk.yaml } */
/* { hi-run } */
/* { hi-gcc-plain-calls xas_descend } */
/* Clang inlines xas_descend without help: the sample then checks that
   forcing changes nothing.  */
/* { hi-no-calls xas_descend } */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef HOTINLINE_HAND
#define HOT_HAND __attribute__((always_inline))
#else
#define HOT_HAND
#endif

#define XA_CHUNK_SHIFT	6
#define XA_CHUNK_SIZE	(1UL << XA_CHUNK_SHIFT)
#define XA_CHUNK_MASK	(XA_CHUNK_SIZE - 1)
#define NR_INDICES	(1UL << 16)

struct xarray;

struct xa_node {
	unsigned char shift;		/* index bits below this level */
	unsigned char offset;		/* our slot in the parent */
	unsigned char count;		/* non-empty slots */
	struct xa_node *parent;
	struct xarray *array;		/* owner, checked on every access */
	void *slots[XA_CHUNK_SIZE];
};

struct xarray {
	void *xa_head;
	unsigned long nr_nodes;
	unsigned long faults;		/* consistency check failures */
};

struct xa_state {
	struct xarray *xa;
	unsigned long xa_index;
	unsigned char xa_shift;		/* level of the entry we want */
	unsigned char xa_offset;
	struct xa_node *xa_node;
	unsigned long xa_retries;
};

/* Entry encoding: values have bit 0 set, internal entries end in 0b10.
   Small internal entries are sibling pointers (the slot of the canonical
   entry of a multi-index range) or the retry marker; large ones are nodes. */
static void *xa_mk_value(unsigned long v) { return (void *)((v << 1) | 1); }
static unsigned long xa_to_value(const void *e) { return (uintptr_t)e >> 1; }
static int xa_is_value(const void *e) { return (uintptr_t)e & 1; }
static void *xa_mk_internal(unsigned long v) { return (void *)((v << 2) | 2); }
static unsigned long xa_to_internal(const void *e) { return (uintptr_t)e >> 2; }
static int xa_is_internal(const void *e) { return ((uintptr_t)e & 3) == 2; }
static int xa_is_node(const void *e) { return xa_is_internal(e) && (uintptr_t)e > 4096; }
static struct xa_node *xa_to_node(const void *e) { return (struct xa_node *)((uintptr_t)e - 2); }
static void *xa_mk_node(const struct xa_node *n) { return (void *)((uintptr_t)n | 2); }
static void *xa_mk_sibling(unsigned int off) { return xa_mk_internal(off); }
static unsigned int xa_to_sibling(const void *e) { return (unsigned int)xa_to_internal(e); }
static int xa_is_sibling(const void *e)
{
	return xa_is_internal(e) && (uintptr_t)e < (uintptr_t)xa_mk_sibling(XA_CHUNK_SIZE - 1);
}
#define XA_RETRY_ENTRY	xa_mk_internal(256)
static int xa_is_retry(const void *e) { return e == XA_RETRY_ENTRY; }

/* Stand-in for rcu_dereference_check(): a relaxed load plus the lockdep-like
   ownership check the kernel does in debug builds. */
static void *xa_entry(struct xarray *xa, const struct xa_node *node, unsigned int offset)
{
	if (node->array != xa || offset >= XA_CHUNK_SIZE)
		xa->faults++;
	return __atomic_load_n(&node->slots[offset & XA_CHUNK_MASK], __ATOMIC_RELAXED);
}

static unsigned int xa_offset_of(unsigned long index, const struct xa_node *node)
{
	return (index >> node->shift) & XA_CHUNK_MASK;
}

/* The hot step: one level down.  Computes the slot for xa_index, loads it and,
   if it is a sibling, follows it back to the canonical slot of the
   multi-index entry.  A node found through a sibling can only be a
   half-finished update, so the caller has to retry.
   Without the plugin, at -O2, GCC declines to inline it into xas_load():
     GCC 12.2: "--param max-inline-insns-auto limit reached"
     GCC 11.3: "--param max-inline-insns-auto limit reached"  */
static HOT_HAND void *xas_descend(struct xa_state *xas, struct xa_node *node)
{
	unsigned int offset = xa_offset_of(xas->xa_index, node);
	void *entry = xa_entry(xas->xa, node, offset);

	xas->xa_node = node;
	while (xa_is_sibling(entry)) {
		unsigned int canon = xa_to_sibling(entry);

		/* siblings always point backwards within the node */
		if (canon >= offset) {
			xas->xa->faults++;
			entry = XA_RETRY_ENTRY;
			break;
		}
		offset = canon;
		entry = xa_entry(xas->xa, node, offset);
		if (node->shift && xa_is_node(entry)) {
			xas->xa_retries++;
			entry = XA_RETRY_ENTRY;
		}
	}
	xas->xa_offset = (unsigned char)offset;
	return entry;
}

static void *xas_start(struct xa_state *xas)
{
	void *entry = __atomic_load_n(&xas->xa->xa_head, __ATOMIC_RELAXED);

	xas->xa_node = NULL;
	if (xa_is_node(entry)) {
		if ((xas->xa_index >> xa_to_node(entry)->shift) > XA_CHUNK_MASK)
			return NULL;
	} else if (xas->xa_index) {
		return NULL;
	}
	return entry;
}

/* Walk from the head down to the level xa_shift. */
static void *xas_load(struct xa_state *xas)
{
	void *entry = xas_start(xas);

	while (xa_is_node(entry)) {
		struct xa_node *node = xa_to_node(entry);

		if (xas->xa_shift > node->shift)
			break;
		entry = xas_descend(xas, node);
		if (node->shift == 0)
			break;
	}
	return entry;
}

static struct xa_node *xas_alloc(struct xa_state *xas, unsigned int shift)
{
	struct xa_node *node = calloc(1, sizeof(*node));

	if (!node) {
		fprintf(stderr, "xarray_walk: out of memory\n");
		exit(1);
	}
	node->shift = (unsigned char)shift;
	node->parent = xas->xa_node;
	node->offset = xas->xa_node ? xas->xa_offset : 0;
	node->array = xas->xa;
	xas->xa->nr_nodes++;
	return node;
}

/* Make sure a slot exists for xa_index at level xa_shift; returns it. */
static void **xas_create(struct xa_state *xas)
{
	struct xarray *xa = xas->xa;
	unsigned int top = xas->xa_shift;
	void *entry;
	void **slot;

	/* grow the tree upwards until the head covers the index */
	while (!xa_is_node(xa->xa_head) || xa_to_node(xa->xa_head)->shift < top ||
	       (xas->xa_index >> xa_to_node(xa->xa_head)->shift) > XA_CHUNK_MASK) {
		void *head = xa->xa_head;
		unsigned int shift = xa_is_node(head) ?
			(unsigned int)xa_to_node(head)->shift + XA_CHUNK_SHIFT : top;
		struct xa_node *node;

		xas->xa_node = NULL;
		node = xas_alloc(xas, shift);
		if (head) {
			node->slots[0] = head;
			node->count = 1;
			if (xa_is_node(head))
				xa_to_node(head)->parent = node;
		}
		xa->xa_head = xa_mk_node(node);
	}

	entry = xas_start(xas);
	slot = &xa->xa_head;
	while (xa_is_node(entry)) {
		struct xa_node *node = xa_to_node(entry);

		if (node->shift < top)
			break;
		entry = xas_descend(xas, node);
		slot = &node->slots[xas->xa_offset];
		if (node->shift == top)
			break;
		if (!entry) {
			struct xa_node *child = xas_alloc(xas, node->shift - XA_CHUNK_SHIFT);

			*slot = xa_mk_node(child);
			node->count++;
			entry = *slot;
		}
	}
	return slot;
}

/* Store value v for the 2^order indices starting at index (aligned). */
static void xa_store_order(struct xarray *xa, unsigned long index, unsigned int order,
			   unsigned long v)
{
	unsigned int shift = order - order % XA_CHUNK_SHIFT;
	struct xa_state xas = { xa, index, (unsigned char)shift, 0, NULL, 0 };
	void **slot = xas_create(&xas);
	unsigned int sibs = (1U << (order - shift)) - 1, i;

	*slot = xa_mk_value(v);
	if (xas.xa_node) {
		for (i = 1; i <= sibs; i++)
			xas.xa_node->slots[xas.xa_offset + i] = xa_mk_sibling(xas.xa_offset);
		xas.xa_node->count += (unsigned char)(sibs + 1);
	}
}

static unsigned long xa_load_value(struct xarray *xa, unsigned long index, unsigned long *retries)
{
	struct xa_state xas = { xa, index, 0, 0, NULL, 0 };
	void *entry;

	do {
		entry = xas_load(&xas);
	} while (xa_is_retry(entry) && xas.xa_retries < 4);
	*retries += xas.xa_retries;
	return xa_is_value(entry) ? xa_to_value(entry) : 0;
}

static void xa_destroy_node(void *entry)
{
	unsigned int i;

	if (!xa_is_node(entry))
		return;
	for (i = 0; i < XA_CHUNK_SIZE; i++)
		xa_destroy_node(xa_to_node(entry)->slots[i]);
	free(xa_to_node(entry));
}

static uint32_t rng_state = 0x2545f491u;
static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 17;
	rng_state ^= rng_state << 5;
	return rng_state;
}

static unsigned long ref[NR_INDICES];	/* reference: flat array */

static uint32_t mix(uint32_t h, unsigned long v)
{
	return (h ^ (uint32_t)v) * 0x01000193u + (uint32_t)(v >> 7);
}

int main(void)
{
	static const unsigned int orders[8] = { 0, 0, 0, 1, 2, 3, 6, 7 };
	struct xarray xa = { NULL, 0, 0 };
	uint32_t sum = 0x811c9dc5u, refsum = 0x811c9dc5u;
	unsigned long retries = 0, i, stored = 0;

	/* populate: mixed orders, no overlaps (checked against the reference) */
	for (i = 0; i < 2500; i++) {
		unsigned int order = orders[rng() & 7];
		unsigned long index = (rng() % NR_INDICES) & ~((1UL << order) - 1);
		unsigned long n = 1UL << order, j, v = i + 1;

		for (j = 0; j < n && !ref[index + j]; j++)
			;
		if (j < n)
			continue;
		for (j = 0; j < n; j++)
			ref[index + j] = v;
		xa_store_order(&xa, index, order, v);
		stored++;
	}

	/* hot loop: random point lookups, then one ordered sweep */
	for (i = 0; i < 250000; i++) {
		unsigned long index = rng() % NR_INDICES;

		sum = mix(sum, xa_load_value(&xa, index, &retries));
		refsum = mix(refsum, ref[index]);
	}
	for (i = 0; i < NR_INDICES; i++) {
		sum = mix(sum, xa_load_value(&xa, i, &retries));
		refsum = mix(refsum, ref[i]);
	}

	xa_destroy_node(xa.xa_head);
	if (sum != refsum || retries || xa.faults || stored < 1000) {
		printf("xarray_walk: FAIL checksum=0x%08x expected=0x%08x retries=%lu faults=%lu\n",
		       (unsigned int)sum, (unsigned int)refsum, retries, xa.faults);
		return 1;
	}
	printf("xarray_walk: ok checksum=0x%08x\n", (unsigned int)sum);
	return 0;
}
