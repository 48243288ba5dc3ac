#ifndef PARLANCE_CPARLANCELIVECLIENT_H
#define PARLANCE_CPARLANCELIVECLIENT_H

#include "CParlanceLive.h"

// The controller's side: the programs with the module on the session bus, and calls to one.

/// A program with the live module, as it describes itself.
typedef struct {
  /// Its name on the session bus.
  char *_Nonnull busName;
  guint32 pid;
  char *_Nonnull program;
  /// Its `LANGUAGE`: the gettext language list it answers in now.
  char *_Nonnull languages;
  /// The `.mo` files it has open.
  GPtrArray *_Nonnull catalogs;
  /// Its default text domain and the folder bound to it.
  char *_Nonnull textDomain;
  char *_Nonnull textDomainDirectory;
  /// The `LANGUAGE` lists it has shown, oldest first: the one it started in, then each
  /// switch's.
  GPtrArray *_Nonnull history;
} ParlanceLiveProgram;

/// One text a program's windows show, as Collect gives it: its strings are indices
/// into the collection's `strings`, where each string is once (a menu shows one text in
/// many places, and every text its class and property).
typedef struct {
  guint32 id;
  guint32 className;
  /// The property, or `stock` for a stock button (its label is GTK's to translate).
  guint32 property;
  guint32 text;
  /// The message a switch set here and the program has not changed since, or empty.
  guint32 message;
  /// The texts of one model column share a group (0: none), switched all or none.
  guint32 group;
  /// The GtkBuilder id of the object showing it (for an accessible, its widget's), or
  /// empty: with the program's `.ui` files, the message it was built with.
  guint32 builderID;
} ParlanceLiveText;

/// What Collect gives: each string once, and the texts (`ParlanceLiveText`), whose
/// indices are all below `strings->len`.
typedef struct {
  GPtrArray *_Nonnull strings;
  GArray *_Nonnull texts;
} ParlanceLiveCollection;

/// One change of Apply: a text of the last Collect, its new text, the message to
/// remember and the recipe that makes the text in any language (`parlance_render_recipe`,
/// empty for none), all indices into the strings Apply is given.
typedef struct {
  guint32 id;
  guint32 text;
  guint32 message;
  guint32 recipe;
} ParlanceLiveChange;

/// Every program with the module on the session bus, described (one that does not
/// answer within the timeout is left out). NULL with `error` set when there is no bus.
GPtrArray *_Nullable parlance_live_programs(int timeoutMilliseconds, GError *_Nullable *_Nullable error);

/// The program at `busName`, described, as the one element of the array; NULL with
/// `error` set when there is no bus or it does not answer (it has ended).
GPtrArray *_Nullable parlance_live_describe(const char *_Nonnull busName, int timeoutMilliseconds,
                                            GError *_Nullable *_Nullable error);

/// The texts the program at `busName` shows now; NULL with `error` set when it does not
/// answer or its answer is malformed. Free with `parlance_live_collection_free`.
ParlanceLiveCollection *_Nullable parlance_live_collect(const char *_Nonnull busName,
                                                       int timeoutMilliseconds,
                                                       GError *_Nullable *_Nullable error);

void parlance_live_collection_free(ParlanceLiveCollection *_Nonnull collection);

/// A GtkBuilder file a program has in its GResources: its resource path and contents.
typedef struct {
  char *_Nonnull path;
  GBytes *_Nonnull contents;
} ParlanceLiveInterface;

/// The GtkBuilder files (`.ui`, `.glade`) registered in the GResources of the program at
/// `busName` (its own and its libraries', GTK's included), as `ParlanceLiveInterface`s;
/// NULL with `error` set when it does not answer.
GPtrArray *_Nullable parlance_live_interfaces(const char *_Nonnull busName,
                                              int timeoutMilliseconds,
                                              GError *_Nullable *_Nullable error);

/// The messages the program at `busName` asked gettext for, from the `from`th on (in
/// the order it first asked), each "domain", U+001F and the catalog key (g_free'd
/// strings); `total` how many it asked for in all and `identity` its record's, or
/// `complete` false, and none, when its record misses some or it has none. NULL with
/// `error` set when it does not answer.
GPtrArray *_Nullable parlance_live_asked(const char *_Nonnull busName, guint32 from,
                                         guint64 *_Nonnull identity,
                                         gboolean *_Nonnull complete, guint32 *_Nonnull total,
                                         int timeoutMilliseconds,
                                         GError *_Nullable *_Nullable error);

/// Switches the program at `busName`: gettext to `languages`, the direction, then each
/// of `count` `changes` to texts of its last Collect, whose strings are `strings`
/// (`stringCount` of them), and every other text of that Collect from the recipe an
/// earlier Apply gave it. Returns the number set, or -1 with `error` set.
int parlance_live_apply(const char *_Nonnull busName, const char *_Nonnull languages,
                        gboolean rightToLeft, const char *_Nonnull const *_Nullable strings,
                        guint stringCount, const ParlanceLiveChange *_Nullable changes,
                        guint count, int timeoutMilliseconds, GError *_Nullable *_Nullable error);

/// Has the program at `busName` switch to `languages` by itself: it reads its windows
/// again and, when it knows how to make every text in the new language (each has a
/// recipe from an earlier Apply and still shows what was set), switches gettext, the
/// direction and those texts at once. Returns the texts it set (`*applied`) and those
/// no catalog has that it kept as they are (`*kept`), with `*pending` NULL; else it
/// changes nothing and `*pending` holds the texts it cannot make, as Collect gives
/// them (their ids valid for an Apply, which makes the others from their recipes).
/// FALSE with `error` set when it does not answer.
gboolean parlance_live_switch(const char *_Nonnull busName, const char *_Nonnull languages,
                              gboolean rightToLeft, int timeoutMilliseconds,
                              guint32 *_Nonnull applied, guint32 *_Nonnull kept,
                              ParlanceLiveCollection *_Nullable *_Nonnull pending,
                              GError *_Nullable *_Nullable error);
/// One step of a walk through the program at `busName` (its module's Act): `click` the
/// text `id` of its last Collect, `key` or `type` `argument`, `close`. 0, or -1 with
/// `error` set (the module's reason when the step could not be made).
int parlance_live_act(const char *_Nonnull busName, const char *_Nonnull step, guint32 id,
                      const char *_Nonnull argument, int timeoutMilliseconds,
                      GError *_Nullable *_Nullable error);

/// Waits until the process `pid` (one `parlance run` started) takes its name on the
/// session bus: 0, or -1 with `error` set when it ends first or the timeout passes.
int parlance_live_await(guint32 pid, int timeoutMilliseconds, GError *_Nullable *_Nullable error);

/// A window Photograph drew: the PNG written (empty when none was asked for), its size
/// in pixels, its title and its name (GtkBuilder id or class).
typedef struct {
  char *_Nonnull file;
  guint32 width;
  guint32 height;
  char *_Nonnull title;
  char *_Nonnull name;
} ParlanceLiveWindow;

/// Where a text of the last Collect is drawn: in window `window` of the Photograph,
/// the rectangle `x`, `y`, `width`, `height` in its pixels; `neededWidth` the width it
/// needs whole when it is cut short with an ellipsis there, else 0.
typedef struct {
  guint32 id;
  guint32 window;
  gint32 x;
  gint32 y;
  gint32 width;
  gint32 height;
  guint32 neededWidth;
} ParlanceLivePlace;

/// What Photograph answers: `windows` (`ParlanceLiveWindow`), `names` (one string for
/// each text of the last Collect, in its order) and `places` (`ParlanceLivePlace`,
/// every window index below `windows->len`).
typedef struct {
  GPtrArray *_Nonnull windows;
  GPtrArray *_Nonnull names;
  GArray *_Nonnull places;
} ParlanceLivePhotograph;

/// Waits until every window of the program at `busName` has drawn a frame, and has it
/// write them into `directory` (`""`: no files) in `format` ("png", or "pam": the pixels
/// uncompressed) and say where each text of its last Collect is drawn. NULL with `error`
/// set when it does not answer, shows no window, or cannot write. Free with
/// `parlance_live_photograph_free`.
ParlanceLivePhotograph *_Nullable parlance_live_photograph(const char *_Nonnull busName,
                                                           const char *_Nonnull directory,
                                                           const char *_Nonnull format,
                                                           int timeoutMilliseconds,
                                                           GError *_Nullable *_Nullable error);

/// Collect and Photograph (as `parlance_live_collect` and `parlance_live_photograph`)
/// sent together, the second without waiting for the first's answer: `*collection` and
/// `*photograph`, or FALSE with `error` set (both NULL) when either fails.
gboolean parlance_live_read(const char *_Nonnull busName, const char *_Nonnull directory,
                            const char *_Nonnull format, int timeoutMilliseconds,
                            ParlanceLiveCollection *_Nullable *_Nonnull collection,
                            ParlanceLivePhotograph *_Nullable *_Nonnull photograph,
                            GError *_Nullable *_Nullable error);

/// Switch (as `parlance_live_switch`), Collect and Photograph sent together, and their
/// answers: the program reads all three before the frame that lays out the switch,
/// which Photograph then answers after. A burst sent while the program's last
/// Photograph waits is taken after that one answers (the module keeps the order of the
/// calls), so a controller may send the next language's before it reads the last.
typedef struct ParlanceLiveBurst ParlanceLiveBurst;

/// Sends the three calls and returns at once; NULL with `error` set when there is no
/// bus. Free with `parlance_live_burst_free`.
ParlanceLiveBurst *_Nullable parlance_live_burst_send(
    const char *_Nonnull busName, const char *_Nonnull languages, gboolean rightToLeft,
    const char *_Nonnull directory, const char *_Nonnull format, int timeoutMilliseconds,
    GError *_Nullable *_Nullable error);

/// Waits for the Switch answer: as `parlance_live_switch`, `*pending` NULL when the
/// program switched by itself, else the texts it cannot make (it changed nothing). FALSE
/// with `error` set when it failed.
gboolean parlance_live_burst_switched(ParlanceLiveBurst *_Nonnull burst,
                                      guint32 *_Nonnull applied, guint32 *_Nonnull kept,
                                      ParlanceLiveCollection *_Nullable *_Nonnull pending,
                                      GError *_Nullable *_Nullable error);

/// After a Switch that switched: waits for Collect and Photograph, what the program
/// shows in the new language. FALSE with `error` set (both NULL) when either failed.
gboolean parlance_live_burst_read(ParlanceLiveBurst *_Nonnull burst,
                                  ParlanceLiveCollection *_Nullable *_Nonnull collection,
                                  ParlanceLivePhotograph *_Nullable *_Nonnull photograph,
                                  GError *_Nullable *_Nullable error);

/// Waits for any answer still to come, then frees the burst.
void parlance_live_burst_free(ParlanceLiveBurst *_Nonnull burst);

void parlance_live_photograph_free(ParlanceLivePhotograph *_Nonnull photograph);

/// The signal a program's module emits after each Apply, with its new `LANGUAGE`.
#define PARLANCE_LIVE_CHANGED_SIGNAL "LanguageChanged"
/// Before a remembered message in Collect: the program has set the text again itself.
#define PARLANCE_LIVE_REPLACED_MARK "~"

/// A watch of the programs with the module on the session bus.
typedef struct ParlanceLiveWatch ParlanceLiveWatch;

/// Calls `changed(data)` whenever a program with the module takes or loses its bus
/// name (starts or ends) or emits LanguageChanged, in the main context that is the
/// calling thread's default (the GTK thread's, called there), until
/// `parlance_live_unwatch`. NULL with `error` set when there is no session bus.
ParlanceLiveWatch *_Nullable parlance_live_watch(void (*_Nonnull changed)(void *_Nullable),
                                                 void *_Nullable data,
                                                 GError *_Nullable *_Nullable error);

/// Ends `watch`: `changed` is not called again once this returns (on the thread that
/// made the watch).
void parlance_live_unwatch(ParlanceLiveWatch *_Nonnull watch);

#endif
