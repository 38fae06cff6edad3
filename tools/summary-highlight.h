/* hotinline-summary's source highlighting (summary-highlight.c): C and C++
   source lines as HTML with a class per kind of token, for the source
   pages.  Offline: nothing but the page's own CSS.  */
#ifndef HOTINLINE_SUMMARY_HIGHLIGHT_H
#define HOTINLINE_SUMMARY_HIGHLIGHT_H

#include <stdbool.h>
#include <stdio.h>

/* What carries from one line to the next.  */
struct highlight
{
  bool in_comment;		/* Inside a block comment.  */
  bool in_directive;		/* A directive continued with \.  */
  bool in_string;		/* A string continued with \.  */
};

/* Write LINE (one line of a source, without its newline) to F, each token
   of a kind in <span class="KIND">: "com" comments, "str" string and
   character literals, "kw" keywords, "num" numbers, "pp" preprocessor
   directives.  The text itself goes through PUT_TEXT, the page's escaper.
   ST starts zeroed for a file's first line.  */
void highlight_line (FILE *f, const char *line, struct highlight *st,
		     void (*put_text) (FILE *, const char *));

#endif /* HOTINLINE_SUMMARY_HIGHLIGHT_H */
