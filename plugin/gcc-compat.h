/* Everything hotinline needs from GCC, and every difference between the
   GCC versions it supports (11 and 12), in one place.  The rest of the
   plugin is written as if there were one GCC.  */
#ifndef HOTINLINE_GCC_COMPAT_H
#define HOTINLINE_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "options.h"

#define HOTINLINE_GCC_MAJOR GCCPLUGIN_VERSION_MAJOR

#if GCCPLUGIN_VERSION_MAJOR < 11 || GCCPLUGIN_VERSION_MAJOR > 12
#error "hotinline supports GCC 11 and 12"
#endif

#endif /* HOTINLINE_GCC_COMPAT_H */
