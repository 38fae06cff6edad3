#include "hotinline-llvm.h"
namespace hotinline { void surgical_register (llvm::PassBuilder &) {} }
