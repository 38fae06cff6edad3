#define HOTINLINE_FRONTEND
#include "hotinline-llvm.h"
namespace hotinline { void deps_register (clang::CompilerInstance &) {} }
