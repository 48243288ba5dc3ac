// Never imported from Swift (see Package.swift): the target that gives CParlanceICU ICU's
// headers. ICU's libraries are opened on first use by CParlanceICU (icu.c), not linked.
#include <unicode/utypes.h>
