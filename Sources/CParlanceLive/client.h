#ifndef PARLANCE_CLIENT_H
#define PARLANCE_CLIENT_H

// What the controller's calls (client.c, client-calls.c) and waits (watch.c) share, not
// part of CParlanceLive's interface.

#include <gio/gio.h>

#include "CParlanceLive.h"

/// What Switch, Collect and Photograph answer.
#define SWITCH_REPLY "(uuasa(uuuuuuu))"
#define COLLECT_REPLY "(asa(uuuuuuu))"
#define PHOTOGRAPH_REPLY "(a(suuss)asa(uuiiiiu))"

/// The session bus, referenced (the caller unrefs it), or NULL with `error` set; one
/// connection kept for the process's life (client.c says why).
GDBusConnection *parlance_session_bus(GError **error);

/// The collection of `reply`'s children `first` (the strings) and `first + 1` (the
/// texts), every index checked (the caller keeps `reply`); NULL with `error` set when one
/// names no string.
ParlanceLiveCollection *parlance_collection_of(GVariant *reply, gsize first,
                                               const char *bus_name, const char *method,
                                               GError **error);

/// The Photograph answer `reply` read (the caller keeps `reply`), or NULL with `error`
/// set when a place names a window it does not list.
ParlanceLivePhotograph *parlance_photograph_of(GVariant *reply, const char *bus_name,
                                               GError **error);

#endif
