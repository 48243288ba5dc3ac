// The declaration in CFuzzerDriver.h is all this target provides; libFuzzer defines it.
