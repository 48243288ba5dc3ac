#ifndef PARLANCE_LIVE_MODULE_H
#define PARLANCE_LIVE_MODULE_H

// The entry points GTK 3 calls in a module named in GTK3_MODULES (gtk/gtkmodules.c).
#include <gtk/gtk.h>

/// Called at the end of gtk_init: owns the program's name on the session bus (when
/// this is the process `parlance run` started).
G_MODULE_EXPORT void gtk_module_init(gint *argc, char ***argv);

/// Called when GLib opens the module: keeps it resident.
G_MODULE_EXPORT const char *g_module_check_init(GModule *module);

#endif
