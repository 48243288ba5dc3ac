# The commands the README promises. `make test` is what CI runs (.ci/run).
SWIFT ?= swift
# A virtual display for the GTK tests and for `make run` on a headless machine.
XVFB := xvfb-run -a -s "-screen 0 1280x1024x24"

.PHONY: all run test bench lint format deps screenshots

all: run

deps:
	@scripts/install-deps all

# Opens the window; without a display, photographs it in every language instead.
run: deps
	$(SWIFT) build --product parlance
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	  .build/debug/parlance; \
	else \
	  echo "No display: running the window under Xvfb and writing ./screenshots/"; \
	  $(XVFB) .build/debug/parlance screenshot --out screenshots; \
	fi

screenshots: deps
	$(SWIFT) build --product parlance
	$(XVFB) .build/debug/parlance screenshot --out screenshots

# GTK tests get a display (Xvfb) and a session bus (AT-SPI), whatever the machine has.
test: deps
	$(SWIFT) build --build-tests
	$(XVFB) dbus-run-session -- $(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product parlance-bench
	$(XVFB) .build/release/parlance-bench all --markdown

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests
