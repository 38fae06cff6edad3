/* Pattern and scope matching (policy-match.c), for the policy and its
   image.  The forms of these for whole strings are in policy.h.  */
#ifndef HOTINLINE_POLICY_MATCH_H
#define HOTINLINE_POLICY_MATCH_H

#include "policy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* policy_pattern_matches_name for NAME[0..LEN).  */
bool policy_pattern_matches_n (const struct policy_pattern *,
			       const char *name, size_t len);

/* policy_entry_applies_to_caller for CALLER[0..LEN).  */
bool policy_entry_applies_to_caller_n (const struct policy_entry *,
				       const char *caller, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* HOTINLINE_POLICY_MATCH_H */
