# The commands the README promises. `make test` is what CI runs (.ci/run).
SWIFT ?= swift

.PHONY: all run test bench lint format deps

all: run

deps:
	@scripts/install-deps core

run: deps
	$(SWIFT) build --product parlance
	.build/debug/parlance

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product parlance-bench
	.build/release/parlance-bench all --markdown

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests
