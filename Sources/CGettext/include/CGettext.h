#ifndef PARLANCE_CGETTEXT_H
#define PARLANCE_CGETTEXT_H

#include <stddef.h>

/// Binds a gettext text domain to a folder of compiled catalogs and selects the
/// language for `LC_MESSAGES` lookups. Returns 0 on success.
int parlance_gettext_setup(const char *domain, const char *directory, const char *language);

/// `bindtextdomain(domain, directory)` and its codeset UTF-8, without touching the locale
/// or `LANGUAGE` (set once by `parlance_gettext_setup`). Returns 0 on success.
int parlance_bindtextdomain(const char *domain, const char *directory);

/// `bind_textdomain_codeset(domain, codeset)`: the codeset gettext converts `domain`'s
/// texts to. Returns 0 on success.
int parlance_bind_codeset(const char *domain, const char *codeset);

/// `dgettext(domain, msgid)`.
const char *parlance_dgettext(const char *domain, const char *msgid);

/// Bytes malloc has handed out and not got back, in every arena plus mmapped chunks
/// (`mallinfo2`: `uordblks + hblkhd`). Here beside gettext because the benchmarks' memory
/// figures need it and Swift's Glibc module does not expose `<malloc.h>` either.
size_t parlance_heap_in_use(void);

#endif
