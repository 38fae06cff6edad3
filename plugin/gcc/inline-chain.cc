/* The "inlined from" chain of a call: the functions GCC inlined it
   through, read from the inlining blocks of its location, for the
   reports' notes and the results.  */
#include "gcc-compat.h"

#include "hotinline.h"

namespace hotinline {

vec<inline_link>
inline_chain (location_t loc, tree fn)
{
  vec<inline_link> chain = vNULL;
  tree inner = NULL_TREE;
  for (tree block = LOCATION_BLOCK (loc);
       block && TREE_CODE (block) == BLOCK;
       block = BLOCK_SUPERCONTEXT (block))
    {
      if (!inlined_function_outer_scope_p (block))
	continue;
      tree origin = block_ultimate_origin (block);
      if (!origin || TREE_CODE (origin) != FUNCTION_DECL)
	continue;
      if (inner)
	chain.safe_push ({ block_ultimate_origin (inner), origin,
			   BLOCK_SOURCE_LOCATION (inner) });
      inner = block;
    }
  if (inner && fn)
    chain.safe_push ({ block_ultimate_origin (inner),
		       source_function (fn),
		       BLOCK_SOURCE_LOCATION (inner) });
  return chain;
}

} // namespace hotinline
