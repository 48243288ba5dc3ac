#ifndef PARLANCE_CGTK_SHIM_H
#define PARLANCE_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
