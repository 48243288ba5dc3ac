// Never imported from Swift (see Package.swift); present so that SwiftPM resolves
// `pkg-config icu-uc icu-i18n` for the C target that includes ICU.
#include <unicode/utypes.h>
