extension HTMLPage {
  /// The page's script. The page works without it: sections still open and close, and
  /// table of contents links still lead to their section.
  ///
  /// It opens a linked section and its ancestors (on load, on `hashchange`, and on a
  /// click of any `#id` link, which covers following the same link twice), finds an id
  /// from the document's raw HTML under its `user-content-` prefix, shows the
  /// expand and collapse all buttons and runs them, and opens every section for printing,
  /// closing again after the ones it opened.
  static let script = """
    (function () {
      "use strict";
      function idFrom(fragment) {
        try {
          return decodeURIComponent(fragment);
        } catch (error) {
          return fragment;
        }
      }
      function reveal(id, scroll) {
        var target = id && (document.getElementById(id) || document.getElementById("user-content-" + id));
        if (!target) return;
        for (var node = target; node; node = node.parentElement) {
          if (node.tagName === "DETAILS") node.open = true;
        }
        if (scroll) target.scrollIntoView();
      }
      function revealHash() {
        reveal(idFrom(location.hash.slice(1)), true);
      }
      document.addEventListener("click", function (event) {
        var link = event.target.closest && event.target.closest("a[href^='#']");
        if (link) reveal(idFrom(link.getAttribute("href").slice(1)), false);
      });
      window.addEventListener("hashchange", revealHash);

      var controls = document.querySelector(".controls");
      if (controls) {
        controls.hidden = false;
        controls.addEventListener("click", function (event) {
          var button = event.target.closest("button[data-open]");
          if (!button) return;
          var open = button.getAttribute("data-open") === "true";
          document.querySelectorAll("main details").forEach(function (section) {
            section.open = open;
          });
        });
      }

      var openedForPrint = [];
      window.addEventListener("beforeprint", function () {
        document.querySelectorAll("details:not([open])").forEach(function (section) {
          section.open = true;
          openedForPrint.push(section);
        });
      });
      window.addEventListener("afterprint", function () {
        openedForPrint.forEach(function (section) {
          section.open = false;
        });
        openedForPrint = [];
      });

      revealHash();
    })();

    """
}
