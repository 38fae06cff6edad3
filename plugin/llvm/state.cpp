/* The plugin's shared state: the loaded policy, the arguments, and the
   facts of this compilation that the entry point (hotinline.cpp), an LTO
   link (lto.cpp) and the pipeline's start set, and the passes read.
   Variables only: this file calls nothing of the plugin.  */
#include "hotinline.h"

namespace hotinline {

struct policy *the_policy;
struct policy *the_only_policy;
struct config the_config;
clang::CompilerInstance *the_compiler;
std::vector<std::string> arguments;
bool lto_prelink;
bool fat_lto;
bool codegen_follows;
thread_local bool at_link;
thread_local bool surgical;
bool machine_calls_available;
thread_local struct hot_stats unit_stats;
llvm::DenseMap<const clang::FunctionDecl *, std::string> marks_taken_off;
llvm::DenseSet<const clang::FunctionDecl *> marked_decls;
std::vector<written_mark> marks_written;
llvm::StringMap<size_t> marked_symbols;

} // namespace hotinline
