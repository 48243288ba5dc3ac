#ifndef PARLANCE_FUZZER_DRIVER_H
#define PARLANCE_FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs that own `main`. SwiftPM on Linux renames an
// executable's `main` to `<Module>_main` and links with `--defsym main=<Module>_main`,
// so libFuzzer's own `main` is never used: each fuzzer calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
