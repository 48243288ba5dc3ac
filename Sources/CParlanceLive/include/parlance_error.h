#ifndef PARLANCE_ERROR_H
#define PARLANCE_ERROR_H

/// The sentence for the system error number `code` (`errno`) in English, as every
/// message of Parlance gives it: `strerror` follows `LANGUAGE`, which Parlance switches
/// for GTK's own texts (and the live module for a program's), so a failure after a
/// switch to German would read "Ist ein Verzeichnis". Static text, valid for the
/// process's life; safe on any thread.
const char *parlance_error_text(int code);

#endif
