#ifndef PARLANCE_MODULE_PARTS_H
#define PARLANCE_MODULE_PARTS_H

// What the module's files share: module.c (the bus, the calls, Describe), switching.c
// (Collect, Apply, Switch), process.c (gettext and the direction), remembered.c (what a
// place remembers), photograph.c (Photograph, Act), python.c (Python's gettext), asked.c
// (the messages the program asked gettext for) and trace.c (parlance-bench's trace).
// All on the GTK thread.

#include <gio/gio.h>
#include <gtk/gtk.h>

#include "CParlanceLive.h"

/// What a place remembers: the message (as the controller wrote it), the recipe that
/// makes its text in any language (`parlance_render_recipe`, NULL for none) and the text
/// set with them, so that a text the program set since is taken for neither.
typedef struct {
  char *message;
  char *recipe;
  char *shown;
} Remembered;

/// What a place remembers (`text->object`'s data, a model cell's on its model), or NULL.
Remembered *live_remembered_at(ParlanceShownText *text);
/// The recipe of `text` while it shows what was set with it, else NULL.
const char *live_recipe_of(ParlanceShownText *text);
/// Remembers at `text` (which shows `text->text` now) its message and recipe, when it
/// has either.
void live_remember(ParlanceShownText *text, const char *message, const char *recipe);

/// Collect: reads every window's texts (the ids of the next Apply).
GVariant *live_collect(void);
/// Apply: gettext, the direction and the texts the controller decided.
GVariant *live_apply(GVariant *parameters);
/// Switch: every text made from its recipe, or the texts to decide; `switched` says
/// which.
GVariant *live_switch_language(GVariant *parameters, gboolean *switched);
/// The texts of the last Collect, an array per window, or NULL before the first.
GPtrArray *live_collected(void);
/// The text of the last Collect with id `id`, or NULL.
ParlanceShownText *live_collected_text(guint32 id);

/// Photograph: answered once the frames it waits for are drawn.
void live_photograph_begin(GVariant *parameters, GDBusMethodInvocation *invocation);
/// Whether a Photograph waits for its frames: a call that comes meanwhile is taken
/// after it answers (`live_calls_resume`), so that what it draws is what was asked
/// before it.
gboolean live_photograph_waiting(void);
/// Takes the calls that came while a Photograph waited, in order, until one waits
/// again. photograph.c calls it once a Photograph has answered.
void live_calls_resume(void);
/// Act: answered once the main loop has run what the step set going.
void live_act(GVariant *parameters, GDBusMethodInvocation *invocation);

/// What follows gettext once it answers in `languages`: GTK's modifier names and
/// Python's own gettext (process.c).
void live_follow_gettext(const char *languages);
/// gettext (unless `languages` is empty), what follows it and the default direction
/// switched (process.c).
void live_switch_process(const char *languages, gboolean right_to_left);

/// Switches Python's own gettext to `languages` (a LANGUAGE value) when the program
/// runs Python: the translations it holds and `os.environ` (python.c).
void live_follow_python(const char *languages);

/// The text domains whose catalogs Python's own gettext has read in this process (its
/// `translation()` cache): what the program makes in Python of those domains is asked of
/// no gettext the record sees. Empty without an interpreter; NULL when Python holds a
/// translation read from a file the cache does not name (python.c).
GPtrArray *live_python_domains(void);

/// Adds to `paths` each `.mo` file Python's `gettext` has read in this process (its
/// `translation()` cache), which glibc does not map: the catalogs of a PyGObject
/// program's own domain (python.c).
void live_python_catalogs(GPtrArray *paths);

/// Asked: the messages the program asked gettext for, as its preloaded record keeps them,
/// from the one a caller has on (asked.c).
GVariant *live_asked(GVariant *parameters);
/// Takes the record's library out of LD_PRELOAD, for the program's children (asked.c).
void live_unpreload(void);

/// Turns the trace on (PARLANCE_LIVE_TRACE=1): the first frame painted is traced.
void live_trace_begin(void);
/// Now, when tracing; 0 otherwise.
gint64 live_trace_now(void);
/// CLOCK_MONOTONIC now, in nanoseconds.
gint64 live_trace_instant(void);
/// With tracing, awaits the next paint of every window shown after texts were set
/// from `set_start` until now.
void live_trace_applied(gint64 set_start);

#endif
