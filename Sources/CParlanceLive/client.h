#ifndef PARLANCE_CLIENT_H
#define PARLANCE_CLIENT_H

// What the controller's calls (client.c) and waits (watch.c) share, not part of
// CParlanceLive's interface.

#include <gio/gio.h>

/// The session bus, referenced (the caller unrefs it), or NULL with `error` set; one
/// connection kept for the process's life (client.c says why).
GDBusConnection *parlance_session_bus(GError **error);

#endif
