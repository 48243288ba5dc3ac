#ifndef PARLANCE_TRANSLATION_H
#define PARLANCE_TRANSLATION_H

// gettext answered by Parlance while GtkBuilder builds a .ui file on this thread, so that
// the file's texts are made in the interface's language as a C program's gettext makes
// them: GtkBuilder asks GLib (g_dgettext, g_dpgettext2), GLib asks libc's dcgettext, and
// this library defines dcgettext and dgettext in front of libc's. Outside a scope, and
// for any other domain, category or thread, they are libc's own.

/// Answers `key` (a msgid, or "context\004msgid" as g_dpgettext2 asks) of the scope's
/// domain: a string that stays valid until the scope is left, or NULL to leave the
/// msgid as it is.
typedef const char *(*parlance_translate_fn)(void *context, const char *key);

typedef struct parlance_translation_scope {
  /// The text domain answered; every other domain goes to libc.
  const char *domain;
  parlance_translate_fn translate;
  void *context;
} parlance_translation_scope;

/// Answers `scope`'s domain on this thread until `parlance_translation_scope_leave`.
void parlance_translation_scope_enter(const parlance_translation_scope *scope);

/// Gives this thread's gettext back to libc.
void parlance_translation_scope_leave(void);

#endif
