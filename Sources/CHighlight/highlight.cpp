#include "collapse_highlight.h"

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/langmap.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

/* GitHub's class for each of Source-highlight's elements that GitHub colours; the
   others (symbols, brackets, plain text) have none. */
const std::pair<const char *, const char *> githubClasses[] = {
    {"keyword", "pl-k"},     {"type", "pl-k"},          {"preproc", "pl-k"},
    {"string", "pl-s"},      {"value", "pl-s"},         {"valquote", "pl-s"},
    {"comment", "pl-c"},     {"todo", "pl-c"},          {"number", "pl-c1"},
    {"atom", "pl-c1"},       {"property", "pl-c1"},     {"function", "pl-en"},
    {"usertype", "pl-en"},   {"classname", "pl-en"},    {"predef_func", "pl-en"},
    {"variable", "pl-smi"},  {"predef_var", "pl-smi"},  {"label", "pl-smi"},
    {"regexp", "pl-sr"},     {"specialchar", "pl-cce"}, {"attribute", "pl-e"},
    {"key", "pl-ent"},       {"keyquote", "pl-ent"},    {"oldfile", "pl-md"},
    {"newfile", "pl-mi1"},   {"difflines", "pl-mdr"},
};

/* Names GitHub gives fenced code (Linguist's names and aliases) that Source-highlight's
   lang.map does not list, for languages it has a definition of; and `pl`, which GitHub
   and highlight.js read as Perl where lang.map has Prolog. */
const std::pair<const char *, const char *> moreNames[] = {
    {"rust", "rust.lang"},       {"c++", "cpp.lang"},          {"c#", "csharp.lang"},
    {"golang", "go.lang"},       {"ocaml", "caml.lang"},       {"elisp", "lisp.lang"},
    {"emacs-lisp", "lisp.lang"}, {"make", "makefile.lang"},    {"mk", "makefile.lang"},
    {"python3", "python.lang"},  {"mjs", "javascript.lang"},   {"cjs", "javascript.lang"},
    {"svg", "xml.lang"},         {"dosbatch", "bat.lang"},     {"batchfile", "bat.lang"},
    {"shell-script", "sh.lang"}, {"pl", "perl.lang"},
};

/* `runs` with no boundary inside a character: Source-highlight matches bytes, and a rule
   such as `\\.` takes the first byte of `é` after a backslash. A run that ends inside a
   character takes the rest of it from the runs after it. */
void keepCharactersWhole(std::vector<collapse_code_run> &runs, const char *code) {
  std::vector<collapse_code_run> whole;
  size_t position = 0;
  size_t owed = 0;  // bytes the runs so far took from the one at hand
  for (const auto &run : runs) {
    if (run.length <= owed) {
      owed -= run.length;
      continue;
    }
    size_t length = run.length - owed;
    owed = 0;
    size_t end = position + length;
    while ((static_cast<unsigned char>(code[end]) & 0xC0) == 0x80) {
      end += 1;
      owed += 1;
    }
    whole.push_back({end - position, run.class_name});
    position = end;
  }
  runs.swap(whole);
}

/* Collects the runs Source-highlight formats, each with its class. */
struct RunCollector : srchilite::Formatter {
  const char *className;
  std::vector<collapse_code_run> *runs;

  RunCollector(const char *className, std::vector<collapse_code_run> *runs)
      : className(className), runs(runs) {}

  void format(const std::string &text, const srchilite::FormatterParams *) override {
    add(*runs, text.size(), className);
  }

  /* Adds a run, joined to the one before when they have the same class. */
  static void add(std::vector<collapse_code_run> &runs, size_t length, const char *className) {
    if (length == 0) return;
    if (!runs.empty() && runs.back().class_name == className) {
      runs.back().length += length;
    } else {
      runs.push_back({length, className});
    }
  }
};

/* What every highlight shares: the definitions read so far, by file, and what each name
   was found to be. Kept for the life of the process, and used under `lock`; the time
   highlighting takes is counted in each command's own budget. */
struct Highlighter {
  std::mutex lock;
  std::string dataDir = srchilite::Settings::retrieveDataDir();
  srchilite::LangMap names{dataDir, "lang.map"};
  srchilite::RegexRuleFactory factory;
  srchilite::LangDefManager definitions{&factory};
  /* Each language's definition by the name it was asked for, and by its file: several
     names share a file, which is read once. */
  std::map<std::string, srchilite::HighlightStatePtr> states;
  std::map<std::string, srchilite::HighlightStatePtr> files;
  std::vector<collapse_code_run> runs;
  srchilite::FormatterManager formatters{
      srchilite::FormatterPtr(new RunCollector(nullptr, &runs))};

  Highlighter() {
    for (const auto &pair : githubClasses) {
      formatters.addFormatter(pair.first,
                              srchilite::FormatterPtr(new RunCollector(pair.second, &runs)));
    }
  }

  /* The definition of the language named `name`, read once; null when there is none. */
  srchilite::HighlightStatePtr state(const std::string &written) {
    std::string name;
    for (char c : written) name += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    auto found = states.find(name);
    if (found != states.end()) return found->second;
    srchilite::HighlightStatePtr state;
    try {
      std::string file;
      for (const auto &pair : moreNames) {
        if (name == pair.first) file = pair.second;
      }
      if (file.empty()) file = names.getMappedFileName(name);
      if (!file.empty()) {
        auto read = files.find(file);
        if (read != files.end()) {
          state = read->second;
        } else {
          files[file] = srchilite::HighlightStatePtr();
          state = definitions.getHighlightState(dataDir, file);
          files[file] = state;
        }
      }
    } catch (...) {
      /* No lang.map, no such file, or a definition that does not parse. */
      state.reset();
    }
    states[name] = state;
    return state;
  }
};

Highlighter &shared() {
  static Highlighter *highlighter = new Highlighter();
  return *highlighter;
}

}  // namespace

struct collapse_highlight_budget {
  std::chrono::steady_clock::duration limit;
  /* The time the blocks highlighted with it have taken, in all. */
  std::atomic<std::chrono::steady_clock::rep> spent{0};

  /* A budget of more than a million seconds has none. */
  explicit collapse_highlight_budget(double seconds)
      : limit(seconds > 1e6 ? std::chrono::steady_clock::duration::max()
                            : std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(seconds))) {}

  bool isSpent() const { return std::chrono::steady_clock::duration(spent.load()) > limit; }
};

namespace {

int knows(void *, const char *language, size_t language_length) {
  try {
    Highlighter &highlighter = shared();
    std::lock_guard<std::mutex> held(highlighter.lock);
    return highlighter.state(std::string(language, language_length)) ? 1 : 0;
  } catch (...) {
    /* Memory that ran out: nothing crosses into C. */
    return 0;
  }
}

long highlightRuns(void *context, const char *language, size_t language_length, const char *code,
                   size_t length, collapse_code_run **runs) {
  auto *budget = static_cast<collapse_highlight_budget *>(context);
  *runs = nullptr;
  if (length > COLLAPSE_HIGHLIGHT_LIMIT) return -1;
  try {
    Highlighter &highlighter = shared();
    std::lock_guard<std::mutex> held(highlighter.lock);
    auto started = std::chrono::steady_clock::now();
    if (budget->isSpent()) return -1;
    srchilite::HighlightStatePtr state =
        highlighter.state(std::string(language, language_length));
    if (!state) return -1;
    highlighter.runs.clear();
    srchilite::SourceHighlighter source(state);
    source.setFormatterManager(&highlighter.formatters);
    srchilite::FormatterParams params;
    source.setFormatterParams(&params);
    /* Line by line, as Source-highlight reads a file: the state a line ends in (inside a
       block comment, say) carries over to the next. */
    size_t start = 0;
    while (start < length) {
      const char *end = static_cast<const char *>(memchr(code + start, '\n', length - start));
      size_t lineEnd = end ? size_t(end - code) : length;
      // A line too long to read in good time is left plain, and so is the rest of a block
      // that has taken its time.
      auto now = std::chrono::steady_clock::now();
      if (lineEnd - start > COLLAPSE_HIGHLIGHT_LINE_LIMIT ||
          now - started > std::chrono::milliseconds(COLLAPSE_HIGHLIGHT_BLOCK_MILLISECONDS)) {
        RunCollector::add(highlighter.runs, lineEnd - start, nullptr);
      } else {
        params.start = 0;
        source.highlightParagraph(std::string(code + start, lineEnd - start));
      }
      if (end) RunCollector::add(highlighter.runs, 1, nullptr);
      start = lineEnd + 1;
    }
    budget->spent += (std::chrono::steady_clock::now() - started).count();
    size_t covered = 0;
    for (const auto &run : highlighter.runs) covered += run.length;
    if (covered != length) return -1;
    keepCharactersWhole(highlighter.runs, code);
    size_t bytes = highlighter.runs.size() * sizeof(collapse_code_run);
    *runs = static_cast<collapse_code_run *>(malloc(bytes > 0 ? bytes : 1));
    if (!*runs) return -1;
    if (bytes > 0) memcpy(*runs, highlighter.runs.data(), bytes);
    return long(highlighter.runs.size());
  } catch (...) {
    /* A regular expression too complex to match in good time (Boost.Regex throws), or
       memory that ran out. */
    return -1;
  }
}

}  // namespace

extern "C" collapse_highlight_budget *collapse_highlight_budget_new(double seconds) {
  try {
    return new collapse_highlight_budget(seconds);
  } catch (...) {
    return nullptr;
  }
}

extern "C" void collapse_highlight_budget_free(collapse_highlight_budget *budget) {
  delete budget;
}

extern "C" double collapse_highlight_budget_spent(const collapse_highlight_budget *budget) {
  return std::chrono::duration<double>(std::chrono::steady_clock::duration(budget->spent.load()))
      .count();
}

extern "C" collapse_code_highlighter collapse_source_highlighter(
    collapse_highlight_budget *budget) {
  return collapse_code_highlighter{budget, knows, highlightRuns};
}
