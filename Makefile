# The commands the README promises. `make test` is what CI runs (.ci/run).
SWIFT ?= swift
# A virtual display and session bus for the GTK tests and for `make run` on a headless
# machine (see the script for why not plain `xvfb-run -a`).
XVFB := scripts/with-display

.PHONY: all run test bench lint format deps test-deps screenshots fuzz sanitize build install \
  uninstall install-list docs deb module

all: run

deps:
	@scripts/install-deps core gui

test-deps:
	@scripts/install-deps all deb

# Opens the window; without a display, photographs it in every language instead.
run: deps
	@$(SWIFT) build --product parlance
	@$(MAKE) --no-print-directory module
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	  .build/debug/parlance; \
	else \
	  echo "No display: running the window under Xvfb and writing $(SCREENSHOTS)/"; \
	  $(XVFB) .build/debug/parlance screenshot --out $(SCREENSHOTS); \
	fi
SCREENSHOTS ?= ./screenshots

screenshots: deps
	$(SWIFT) build --product parlance
	$(XVFB) .build/debug/parlance screenshot --out screenshots

# Every suite, each kept in $(TEST_LOGS)/NAME.log by scripts/test-step, then one summary
# of them all (scripts/test-summary), ending with "make test: N passed, M failed".
# GTK tests get a display (Xvfb) and a session bus (AT-SPI), whatever the machine has.
TEST_LOGS ?= .build/test-logs
STEP = scripts/test-step $(TEST_LOGS)
test: test-deps lint
	@rm -rf $(TEST_LOGS)
	@$(STEP) build --required sh -c '$(SWIFT) build --build-tests && $(MAKE) --no-print-directory module'
	@$(STEP) swift-test $(XVFB) $(SWIFT) test --skip-build
	@# The window driven from outside over AT-SPI, as a screen reader would. The script
	@# starts its own Xvfb (-noreset, a display no other server answers on) and session
	@# bus, so nothing of the developer's desktop is used.
	@$(STEP) atspi env -u DISPLAY -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS \
	  Tests/atspi/run .build/debug/parlance
	@# Real GTK 3 programs (mousepad, transmission-gtk, pavucontrol, meld, geany) started with
	@# `parlance run`, switched by `parlance switch`, compared with fresh starts.
	@$(STEP) live env -u DISPLAY -u WAYLAND_DISPLAY -u DBUS_SESSION_BUS_ADDRESS \
	  Tests/live/run .build/debug/parlance
	@# What a newcomer sees: swift build without warnings, make run without chatter.
	@$(STEP) newcomer Tests/newcomer/run
	@# make install of the debug build into a temporary DESTDIR, used from /.
	@$(STEP) install Tests/install/run INSTALL_BUILD= INSTALL_BIN=.build/debug/parlance
	@# The example packages, built as dependents of Parlance and driven over AT-SPI.
	@$(STEP) examples Tests/examples/run
	@$(STEP) sanitize $(MAKE) --no-print-directory sanitize
	@# The API documentation (a DocC warning fails it) and the Debian package, built and
	@# checked with lintian, then run from its extracted tree.
	@$(STEP) docs $(MAKE) --no-print-directory docs
	@$(STEP) deb $(MAKE) --no-print-directory deb
	@scripts/test-summary $(TEST_LOGS)

# The core's concurrency and memory claims, proven: ThreadSanitizer on the suites that
# switch, reload and look up from several threads at once (the core locks with pthread
# mutexes, which TSan understands), on the screenshots' PNG files written on threads
# of their own (joined) and on `screenshot --run` of mousepad (its pictures developed on
# a thread beside the switches), AddressSanitizer on every core test. Separate build
# folders, so the plain debug build is not rebuilt. Leak detection is off: Foundation's
# own caches (CFError, Data buffers) are reported as leaks; these runs are about memory
# errors (use after free, overflows) and races.
TSAN_TESTS ?= MOTableThreadTests|LockTests|SnapshotLifetimeTests|LocalizerTests|ReloadTests|ReportingTests|XCStringsCatalogTests|PluralMessageTests|PNGWriterTests|DesktopEntryNamesTests
SANITIZED_GTK_TESTS ?= AsWrittenTests|FirstGlanceTests|CorpusDialogTests
ASAN_TESTS ?= ParlanceTests
sanitize:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread \
	  --scratch-path .build/tsan --filter '$(TSAN_TESTS)'
	@# .ui files built by GtkBuilder while another thread reads them, under a display.
	$(XVFB) env TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread \
	  --scratch-path .build/tsan --filter '$(SANITIZED_GTK_TESTS)'
	@# A running program's screenshot matrix: pictures developed beside the switches.
	@scripts/install-deps live
	@$(MAKE) --no-print-directory module
	Tests/live/tsan-screenshots .build/tsan/debug/parlance $(CURDIR)/.build/debug/libparlance-live.so
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address \
	  --scratch-path .build/asan --filter '$(ASAN_TESTS)'
	$(XVFB) env ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address \
	  --scratch-path .build/asan --filter '$(SANITIZED_GTK_TESTS)'

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the release `parlance` (the Swift runtime
# linked in, so that it needs only the system's libraries; no runpath; bound at load time,
# as Debian's hardening wants), its translations in
# share/parlance/Resources, the desktop entry, the AppStream metainfo, the icon in hicolor
# (scalable and PNG sizes), the man page and the bash, zsh and fish completions, which the
# program writes from its declared options (`parlance __completions SHELL`). The file list
# is scripts/install-files; `make uninstall` with the same PREFIX and DESTDIR removes it.
# `make test` installs the debug build instead (INSTALL_BUILD=, INSTALL_BIN=…/debug/…):
# the same files, without a second, release build.
PREFIX ?= /usr/local
DESTDIR ?=
# The release build users get, for `make install`, `make deb` and `make bench` (whose
# start-up benchmark times this program).
RELEASE_BUILD = -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
INSTALL_BUILD ?= $(RELEASE_BUILD)
INSTALL_BIN ?= .build/release/parlance
INSTALL_STAGE ?= .build/install-stage
INSTALL_FILES = PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install-files

build:
	@scripts/install-deps core gui install
	$(SWIFT) build $(INSTALL_BUILD) --product parlance
	@$(MAKE) --no-print-directory module MODULE_DIR=$(INSTALL_STAGE)
	@scripts/install-files prepare $(INSTALL_BIN) $(INSTALL_STAGE)

install: build
	@$(INSTALL_FILES) install $(INSTALL_BIN) $(INSTALL_STAGE)

uninstall:
	@$(INSTALL_FILES) uninstall $(INSTALL_BIN) $(INSTALL_STAGE)

# The files install puts, relative to PREFIX.
install-list:
	@$(INSTALL_FILES) list $(INSTALL_BIN) $(INSTALL_STAGE)

# `make deb`: a Debian package of the release build (scripts/build-deb), checked with
# lintian (an error fails it) and by Tests/deb/run, which runs the program from the
# extracted package. lintian is installed for this target only (install-deps deb).
DEB_DIR ?= .build/deb
deb:
	@scripts/install-deps core gui install deb
	@rm -rf $(DEB_DIR)
	@$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_DIR)/root PREFIX=/usr
	@scripts/build-deb $(DEB_DIR)/root $(DEB_DIR)

# The GTK 3 module `parlance run` loads into other programs (docs/LIVE.md): C with
# GTK and GLib only, compiled with cc beside the `parlance` it belongs to (MODULE_DIR),
# where `parlance run` finds it. SwiftPM would link the Swift runtime into it. Beside it
# libparlance-gettext.so, which `parlance run` preloads: libc only, it records which
# messages the program asks gettext for.
MODULE_DIR ?= .build/debug
MODULE_SOURCES = Sources/ParlanceLiveModule/module.c Sources/ParlanceLiveModule/switching.c \
  Sources/ParlanceLiveModule/process.c \
  Sources/ParlanceLiveModule/remembered.c Sources/ParlanceLiveModule/photograph.c \
  Sources/ParlanceLiveModule/trace.c Sources/ParlanceLiveModule/python.c \
  Sources/CParlanceLive/walk.c \
  Sources/CParlanceLive/place.c Sources/CParlanceLive/act.c Sources/CParlanceLive/gettext.c \
  Sources/CParlanceLive/recipe.c Sources/CParlanceLive/set.c Sources/CParlanceLive/refresh.c \
  Sources/CParlanceLive/walk-models.c Sources/CParlanceLive/walk-stock.c \
  Sources/CParlanceLive/picture.c \
  Sources/CParlanceLive/layout.c Sources/CParlanceLive/error.c \
  Sources/ParlanceLiveModule/asked.c
# Hardened as Debian builds libraries (fortified, stack protector, bound at load time).
# The interface's introspection is docs/io.github.parlance.Live1.xml, made a C string.
module:
	@mkdir -p $(MODULE_DIR)/module-include
	@awk '{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); print "\"" $$0 "\\n\"" }' \
	  docs/io.github.parlance.Live1.xml >$(MODULE_DIR)/module-include/introspection.inc
	@$(CC) -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
	  -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wl,-z,relro,-z,now -Wl,--as-needed \
	  -ISources/CParlanceLive/include -ISources/ParlanceLiveModule/include \
	  -I$(MODULE_DIR)/module-include \
	  -ISources/ParlanceLiveModule/preload \
	  -o $(MODULE_DIR)/libparlance-live.so $(MODULE_SOURCES) $$(pkg-config --cflags --libs gtk+-3.0)
	@$(CC) -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden \
	  -D_FORTIFY_SOURCE=2 -fstack-protector-strong -Wl,-z,relro,-z,now -Wl,--as-needed \
	  -ISources/ParlanceLiveModule/preload \
	  -o $(MODULE_DIR)/libparlance-gettext.so Sources/ParlanceLiveModule/preload/gettext-record.c

# The start-up benchmark also times the window written in C against GTK alone (its floor),
# compiled here with cc: SwiftPM would link the Swift runtime into it.
CC ?= cc
BASELINE_SOURCE = Sources/ParlanceBenchmarks/StartupBaseline/startup-baseline.c
bench: deps
	@scripts/install-deps live
	$(SWIFT) build $(RELEASE_BUILD) --product parlance-bench
	$(SWIFT) build $(RELEASE_BUILD) --product parlance
	$(CC) -O2 -Wall -Wextra -o .build/release/parlance-startup-baseline $(BASELINE_SOURCE) \
	  $$(pkg-config --cflags --libs gtk+-3.0)
	@$(MAKE) --no-print-directory module MODULE_DIR=.build/release
	$(XVFB) .build/release/parlance-bench all --markdown

# DocC for Parlance, ParlanceGtk, ParlanceUI and ParlanceInterface into .build/docs/, with the
# toolchain's compiler (symbol graphs) and docc: no plugin, no network. A documentation
# warning fails it. While writing: docc preview Sources/Parlance/Parlance.docc
# --additional-symbol-graph-dir .build/docs-build/module-graphs/Parlance (after a make docs).
docs: deps
	@SWIFT=$(SWIFT) scripts/build-docs

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples

# libFuzzer on each parser for FUZZ_SECONDS, one after another (docs/RELIABILITY.md).
# Seeds: Fuzz/corpus/<name> and $(FUZZ_SEEDS)/<name>; inputs found go to
# .build/fuzz-corpus/<name>, crashes and hangs to .build/fuzz-artifacts/<name>/. The Swift
# backtracer is off so that libFuzzer sees the crash and saves the input.
FUZZ_SECONDS ?= 600
FUZZ_SEEDS ?= ../shared/corpus
FUZZERS ?= strings stringsdict xcstrings po message-template plural-forms mo translation-index \
  interface desktop-entry
FUZZ_BUILD ?= .build/fuzz
# The .mo seeds are compiled here from the test fixtures (both byte orders, with and
# without a hash table), beside a few of the machine's own catalogs; the .ui seeds are
# the test fixtures' and the corpus's dialogs.
MO_SEEDS = .build/fuzz-seeds/mo
UI_SEEDS = .build/fuzz-seeds/interface
fuzz:
	$(SWIFT) build --package-path Fuzz --scratch-path $(FUZZ_BUILD) -c release \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
	@mkdir -p $(MO_SEEDS)
	@for po in Tests/ParlanceTests/Fixtures/mo/*.po; do \
	  name=$$(basename $$po .po); \
	  msgfmt -o $(MO_SEEDS)/$$name.mo $$po; \
	  msgfmt --endianness=big -o $(MO_SEEDS)/$$name-big.mo $$po; \
	  msgfmt --no-hash -o $(MO_SEEDS)/$$name-no-hash.mo $$po; \
	done
	@mkdir -p $(UI_SEEDS)
	@find Tests $(FUZZ_SEEDS)/ui -name '*.ui' 2>/dev/null | while read -r ui; do \
	  cp "$$ui" $(UI_SEEDS)/$$(echo "$$ui" | tr / _); done
	@for domain in glib20 gtk30; do \
	  if [ -f /usr/share/locale/ar/LC_MESSAGES/$$domain.mo ]; then \
	    cp /usr/share/locale/ar/LC_MESSAGES/$$domain.mo $(MO_SEEDS)/$$domain-ar.mo; fi; \
	done
	@status=0; for name in $(FUZZERS); do \
	  case $$name in \
	    strings) target=FuzzStrings; max=65536 ;; \
	    stringsdict) target=FuzzStringsdict; max=65536 ;; \
	    xcstrings) target=FuzzXCStrings; max=65536 ;; \
	    po) target=FuzzPo; max=65536 ;; \
	    message-template) target=FuzzMessageTemplate; max=4096 ;; \
	    plural-forms) target=FuzzPluralForms; max=2048 ;; \
	    mo) target=FuzzMo; max=65536 ;; \
	    translation-index) target=FuzzTranslationIndex; max=4096 ;; \
	    interface) target=FuzzInterface; max=131072 ;; \
	    desktop-entry) target=FuzzDesktopEntry; max=65536 ;; \
	    *) echo "unknown fuzzer '$$name'"; exit 2 ;; \
	  esac; \
	  seeds=; for dir in Fuzz/corpus/$$name $(FUZZ_SEEDS)/$$name .build/fuzz-seeds/$$name; do \
	    if [ -d $$dir ]; then seeds="$$seeds $$dir"; fi; \
	  done; \
	  mkdir -p .build/fuzz-corpus/$$name .build/fuzz-artifacts/$$name; \
	  echo "== $$target for $(FUZZ_SECONDS) s (log: .build/fuzz-artifacts/$$name/fuzz.log)"; \
	  SWIFT_BACKTRACE=enable=no $(FUZZ_BUILD)/release/$$target .build/fuzz-corpus/$$name $$seeds \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=$$max -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=.build/fuzz-artifacts/$$name/ -print_final_stats=1 \
	    > .build/fuzz-artifacts/$$name/fuzz.log 2>&1 \
	    || { status=1; echo "   finding: see .build/fuzz-artifacts/$$name/"; }; \
	  grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|SUMMARY)' \
	    .build/fuzz-artifacts/$$name/fuzz.log | sed 's/^/   /'; \
	done; exit $$status
