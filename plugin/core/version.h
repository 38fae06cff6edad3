/* hotinline's version, for the plugin and its tools.  */
#ifndef HOTINLINE_VERSION_H
#define HOTINLINE_VERSION_H

#define HOTINLINE_VERSION "0.1.0"

#endif /* HOTINLINE_VERSION_H */
