/* hotinline-summary's findings for the tools reviewers read
   (summary-export.c): a findings file, to merge the comparisons of a
   series of commits; SARIF 2.1.0 for GitHub code scanning; GitLab's Code
   Quality report.  Findings are summary-compare.h's.  */
#ifndef HOTINLINE_SUMMARY_EXPORT_H
#define HOTINLINE_SUMMARY_EXPORT_H

#include <jansson.h>
#include <stddef.h>

/* GitHub code scanning's limit of results per run.  */
enum { EXPORT_MAX_RESULTS = 25000 };

/* A set of findings: {format, commit?, findings: [...], notes: [...]}.
   COMMIT (NULL: none) is given to each finding too.  */
json_t *export_set (json_t *findings, json_t *notes, const char *commit);

/* Write SET into FILE as a findings file ("hotinline-findings-1"),
   atomically; exits with status 2 when it cannot.  */
void export_write_findings (const char *file, json_t *set);

/* A findings file written by export_write_findings; exits with status 2
   and the reason when FILE is not one.  */
json_t *export_read_findings (const char *file);

/* The findings of SETS (an array of sets, in order) as one list.  */
json_t *export_all_findings (json_t *sets);

/* The notes of SETS, each with its set's commit.  */
json_t *export_all_notes (json_t *sets);

/* Write FINDINGS as a SARIF 2.1.0 log into FILE ("-": standard output):
   at most MAX_RESULTS results, the most severe first, and a notification
   saying how many were left out; NOTES as notifications too.  Paths under
   ROOT are relative to it.  */
void export_sarif (const char *file, json_t *findings, json_t *notes,
		   const char *root, size_t max_results);

/* Write FINDINGS as a GitLab Code Quality report into FILE.  */
void export_codequality (const char *file, json_t *findings,
			 const char *root);

/* The one-line message of finding F, malloc'd.  */
char *export_message (json_t *f);

#endif /* HOTINLINE_SUMMARY_EXPORT_H */
