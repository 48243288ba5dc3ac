"""Counts and prints the checks of the AT-SPI test: one line per check."""

passed = 0
failed = 0


def check(name, ok, details=None):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL {name}", flush=True)
        if details:
            for line in str(details).splitlines():
                print(f"     {line}", flush=True)
    return ok
