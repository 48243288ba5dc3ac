#ifndef PARLANCE_GETTEXT_RECORD_H
#define PARLANCE_GETTEXT_RECORD_H

// What libparlance-gettext.so (gettext-record.c), preloaded into the program `parlance
// run` starts, gives the GTK module: the messages the program asked gettext for.

#include <stddef.h>

/// The variable naming the started program's pid (the module's
/// PARLANCE_LIVE_PID_VARIABLE): its children, which inherit it, record nothing.
#define PARLANCE_LIVE_PID_VARIABLE_NAME "PARLANCE_LIVE_PID"

/// The name the module looks the record up by (dlsym).
#define PARLANCE_GETTEXT_RECORD_SYMBOL "parlance_gettext_record"

/// Every message asked so far, each "domain\0key" (key: "context\004msgid", or a
/// plural's singular), in no order, NULL-terminated, `length` of them: the array is the
/// caller's to free, the names are the record's and live as long as the process.
/// `complete` is 0 when the record missed messages (its bound, memory) or records
/// nothing (not the started program). NULL when memory ran out.
typedef char **(*ParlanceGettextRecord)(size_t *length, int *complete);

#endif
