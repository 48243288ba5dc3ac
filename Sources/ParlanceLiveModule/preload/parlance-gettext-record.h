#ifndef PARLANCE_GETTEXT_RECORD_H
#define PARLANCE_GETTEXT_RECORD_H

// What libparlance-gettext.so (gettext-record.c), preloaded into the program `parlance
// run` starts, gives the GTK module: the messages the program asked gettext for.

#include <stddef.h>
#include <stdint.h>

/// The variable naming the started program's pid (the module's
/// PARLANCE_LIVE_PID_VARIABLE): its children, which inherit it, record nothing.
#define PARLANCE_LIVE_PID_VARIABLE_NAME "PARLANCE_LIVE_PID"

/// The name the module looks the record up by (dlsym).
#define PARLANCE_GETTEXT_RECORD_SYMBOL "parlance_gettext_record"

/// The messages asked, each "domain\0key" (key: "context\004msgid", or a plural's
/// singular), in the order they were first asked, from the `from`th on (the record only
/// grows: a reader that has the first `from` asks for the rest), NULL-terminated,
/// `length` of them: the array is the caller's to free, the names are the record's and
/// live as long as the process. `total` is how many there are in all; `complete` is 0
/// when the record missed messages (its bound, memory) or records nothing (not the
/// started program); `identity` tells this process's record from another's (a reader
/// that kept one of a process whose pid was reused). NULL when memory ran out.
typedef char **(*ParlanceGettextRecord)(size_t from, size_t *length, size_t *total,
                                        int *complete, uint64_t *identity);

#endif
